package dev.vtlab.profile;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import one.convert.Arguments;
import one.convert.FlameGraph;
import one.convert.JfrToFlame;

/**
 * CPU flame graphs of a recording's window, as async-profiler's converter (jfr-converter) draws them: one
 * self-contained HTML file each (its script and styles inline, nothing loaded from elsewhere), frames in
 * dotted class names, lambdas' generated names normalised so that two runs' graphs line up.
 */
public final class FlameGraphs {

    private FlameGraphs() {}

    /** The CPU-time samples (jdk.CPUTimeSample) of {@code window}, as a flame graph. */
    public static void write(Path recording, Window window, String title, Path html) throws IOException {
        dump(parse(recording, window, title), html);
    }

    /**
     * A differential flame graph: the shape of {@code recording}'s window, each frame coloured by how its
     * share of the samples changed against {@code baseline}'s window (red: more, blue: less); a frame the
     * baseline does not have at all has a colour of its own. The converter normalises the two by their
     * totals, so the colours compare shares, not CPU time.
     */
    public static void diff(
            Path baseline, Window baselineWindow, Path recording, Window window, String title, Path html)
            throws IOException {
        FlameGraph graph = parse(recording, window, title);
        graph.diff(parse(baseline, baselineWindow, title));
        dump(graph, html);
    }

    private static FlameGraph parse(Path recording, Window window, String title) throws IOException {
        Arguments args = new Arguments(
                "--cpu-time",
                "--dot",
                "--norm",
                "--from",
                String.valueOf(window.startEpochMs()),
                "--to",
                String.valueOf(window.endEpochMs()),
                "--title",
                title);
        return JfrToFlame.parse(recording.toString(), args);
    }

    private static void dump(FlameGraph graph, Path html) throws IOException {
        Files.createDirectories(html.toAbsolutePath().getParent());
        try (OutputStream out = Files.newOutputStream(html)) {
            graph.dump(out);
        }
    }
}
