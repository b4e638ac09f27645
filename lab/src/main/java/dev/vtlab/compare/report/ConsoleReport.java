package dev.vtlab.compare.report;

import dev.vtlab.compare.judge.Comparison;
import dev.vtlab.compare.judge.CpuProfiles;
import dev.vtlab.compare.settings.Metric;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/** The headline verdicts on the console, after the reports are written. */
public final class ConsoleReport {

    private static final Set<Metric> HEADLINES =
            Set.of(Metric.STEADY_RPS, Metric.P95_MS, Metric.TIME_TO_90PCT_S, Metric.WARMUP_S);

    /** The buckets a console line names. */
    private static final int TOP_BUCKETS = 4;

    private ConsoleReport() {}

    public static void write(Comparison comparison, PrintStream out) {
        verdicts(comparison.ratios(), HEADLINES, out);
        TwoStageReport.lines(comparison).forEach(line -> out.println("[compare] " + line));
        ContrastsReport.console(comparison, out);
        VariabilityReport.console(comparison, out);
        SequentialReport.console(comparison, out);
        cpuProfiles(comparison, out);
        // the answer last, as the report opens with it
        for (Answers.Answer a : Answers.of(comparison)) {
            out.println("[compare] answer: " + a.text());
        }
        out.println("[compare] " + Answers.flags(comparison));
    }

    /** A verdict line per row of {@code metrics} (all requests, not one request type's). */
    static void verdicts(List<Comparison.RatioRow> rows, Set<Metric> metrics, PrintStream out) {
        for (Comparison.RatioRow r : rows) {
            if (metrics.contains(r.headline().metric()) && r.headline().requestType() == null) {
                out.printf(
                        Locale.ROOT,
                        "[compare] %-16s %-22s %s vs %s: %s%n",
                        r.test(),
                        Labels.label(r.headline()),
                        r.mode().label(),
                        r.baseline().label(),
                        r.text());
            }
        }
    }

    /** Per test and mode with profiled runs: its CPU per request and the largest buckets, the coverage check. */
    private static void cpuProfiles(Comparison comparison, PrintStream out) {
        for (CpuProfiles.ModeProfile m : comparison.profiles().modes()) {
            out.printf(
                    Locale.ROOT,
                    "[compare] %-16s cpu profile %-18s %.1f µs/request: %s; sampled CPU covers %.0f %% of measured%n",
                    m.test(),
                    m.mode().label(),
                    m.total().interval().mean(),
                    m.largest().stream()
                            .limit(TOP_BUCKETS)
                            .map(b -> String.format(
                                    Locale.ROOT,
                                    "%s %.1f",
                                    b.label(),
                                    m.buckets().get(b).interval().mean()))
                            .collect(Collectors.joining(", ")),
                    m.coveragePct().mean());
        }
    }
}
