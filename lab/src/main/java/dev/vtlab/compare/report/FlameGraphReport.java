package dev.vtlab.compare.report;

import dev.vtlab.compare.analyse.RunProfile;
import dev.vtlab.compare.judge.Comparison;
import dev.vtlab.compare.raw.RawFiles;
import dev.vtlab.dispatch.DispatchMode;
import dev.vtlab.profile.FlameGraphs;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The profiled runs' flame graphs, drawn from their raw recordings by async-profiler's converter ({@link
 * FlameGraphs}) over each run's profiled window: one per run, and for a mode other than the baseline a differential
 * one against the baseline's profiled run of the same number. Self-contained HTML files in the run's {@code
 * profile/} directory, linked (relatively) from the report; {@code -Dcompare.reanalyse} draws them again.
 */
public final class FlameGraphReport {

    private FlameGraphReport() {}

    /** A profiled run's flame graph, relative to the report directory. */
    public static String flame(RunProfile p) {
        return p.run().dir() + "/profile/flame.html";
    }

    /** A profiled run's differential flame graph against the baseline, relative to the report directory. */
    public static String diff(RunProfile p, DispatchMode baseline) {
        return p.run().dir() + "/profile/diff-vs-" + baseline.label() + ".html";
    }

    /** The baseline's profiled run a run is drawn against: the same test and number, else its first; none for the baseline. */
    public static Optional<RunProfile> baselineOf(Comparison c, RunProfile p) {
        if (p.run().mode() == c.baseline()) {
            return Optional.empty();
        }
        List<RunProfile> base = c.profiles().runs().stream()
                .filter(b -> b.analysed()
                        && b.run().mode() == c.baseline()
                        && b.run().test().equals(p.run().test()))
                .sorted(Comparator.comparingInt((RunProfile b) ->
                                b.run().repetition() == p.run().repetition() ? 0 : 1)
                        .thenComparingInt(b -> b.run().repetition()))
                .toList();
        return base.stream().findFirst();
    }

    public static void write(Comparison c, Path out) {
        for (RunProfile p : c.profiles().runs()) {
            if (!p.analysed()) {
                continue;
            }
            Path recording = RawFiles.recording(out.resolve(p.run().dir()));
            String title = p.run().test() + " · " + p.run().mode().label() + " · profiled run "
                    + p.run().repetition();
            try {
                FlameGraphs.write(recording, p.window(), title, out.resolve(flame(p)));
                Optional<RunProfile> base = baselineOf(c, p);
                if (base.isPresent()) {
                    FlameGraphs.diff(
                            RawFiles.recording(out.resolve(base.get().run().dir())),
                            base.get().window(),
                            recording,
                            p.window(),
                            title + " vs " + c.baseline().label() + " (reversed: the CPU's method at the root)",
                            out.resolve(diff(p, c.baseline())));
                }
            } catch (IOException | RuntimeException e) {
                // a report without one graph beats no report: the line says which and why
                System.out.println("[compare] " + p.run().dir() + ": no flame graph: " + e);
            }
        }
    }
}
