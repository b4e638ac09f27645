package dev.vtlab.compare.report;

import static dev.vtlab.compare.raw.JsonNumbers.num;

import dev.vtlab.compare.analyse.Headline;
import dev.vtlab.compare.judge.Comparison;
import dev.vtlab.compare.settings.Contrast;
import dev.vtlab.compare.settings.Metric;
import dev.vtlab.compare.stats.Contrasts;
import dev.vtlab.compare.stats.Stats;
import dev.vtlab.measurement.SvgChart;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The contrasts (compare.contrasts: modes against each other, not only against the baseline) and the CPU µs per
 * request differences, in every format: a folded table per test in index.html, {@code contrasts} and {@code
 * cpu_per_request} in summary.json, contrasts.csv, and lines on the console.
 */
final class ContrastsReport {

    /** The figures the console prints a contrast line for, as for the baseline's. */
    private static final Set<Metric> CONSOLE = Set.of(Metric.STEADY_RPS, Metric.P95_MS, Metric.TIME_TO_90PCT_S);

    private ContrastsReport() {}

    /** A test's CPU µs per request against the baseline, then its contrasts, each folded. */
    static void html(StringBuilder h, Comparison c, String test) {
        List<Comparison.CpuDifference> baseline = c.cpuDifferences().stream()
                .filter(d -> d.test().equals(test) && d.reference() == c.baseline())
                .toList();
        if (!baseline.isEmpty()) {
            h.append("<details class=\"cpu-per-request\" data-test=\"")
                    .append(test)
                    .append("\"><summary>CPU µs per request, each mode − ")
                    .append(c.baseline().label())
                    .append(" (")
                    .append(baseline.size())
                    .append(")</summary>\n<p>Each run's 10⁶ ÷ its requests per CPU-second; the difference of the")
                    .append(" modes' means with Welch's ")
                    .append(Math.round(100 * Stats.CONFIDENCE))
                    .append(" % interval, which carries both modes' spread.</p>\n");
            cpuTable(h, baseline);
            h.append("</details>\n");
        }
        if (c.contrasts().isEmpty()) {
            return;
        }
        long rows = c.contrastRows().stream().filter(r -> r.test().equals(test)).count();
        h.append("<details class=\"contrasts\" data-test=\"")
                .append(test)
                .append("\"><summary>Contrasts (")
                .append(rows)
                .append(")</summary>\n<p>Each pair of compare.contrasts: every figure's ratio mode ÷ reference with")
                .append(" its interval and verdict (secondary figures: Holm's adjustment is across the comparison's")
                .append(" secondary rows, these included).</p>\n<table class=\"contrasts\" data-test=\"")
                .append(test)
                .append("\"><tr><th>contrast</th><th>figure</th><th>mode</th><th>reference</th>")
                .append("<th>ratio [CI]</th><th>verdict</th></tr>\n");
        for (Contrast k : c.contrasts()) {
            for (Comparison.RatioRow r : c.contrastRows(test, k)) {
                h.append("<tr data-contrast=\"")
                        .append(k.label())
                        .append("\"><td class=\"l\">")
                        .append(k.label())
                        .append("</td><td class=\"l\">")
                        .append(SvgChart.escape(Labels.label(r.headline())))
                        .append("</td><td>")
                        .append(interval(c.interval(test, k.mode(), r.headline())))
                        .append("</td><td>")
                        .append(interval(c.interval(test, k.reference(), r.headline())))
                        .append("</td><td>")
                        .append(ratio(r))
                        .append("</td><td class=\"l ")
                        .append(r.judgement())
                        .append("\">")
                        .append(SvgChart.escape(r.text()))
                        .append(r.judgement().isEmpty() ? "" : " — " + r.judgement())
                        .append("</td></tr>\n");
            }
        }
        h.append("</table>\n");
        List<Comparison.CpuDifference> contrasts = c.cpuDifferences().stream()
                .filter(d -> d.test().equals(test) && d.reference() != c.baseline())
                .toList();
        if (!contrasts.isEmpty()) {
            h.append("<p>CPU µs per request, mode − reference:</p>\n");
            cpuTable(h, contrasts);
        }
        h.append("</details>\n");
    }

    private static void cpuTable(StringBuilder h, List<Comparison.CpuDifference> rows) {
        h.append("<table class=\"cpu-per-request\"><tr><th>mode − reference</th><th>figure</th><th>mode µs</th>")
                .append("<th>reference µs</th><th>difference µs [CI]</th></tr>\n");
        for (Comparison.CpuDifference d : rows) {
            h.append("<tr><td class=\"l\">")
                    .append(d.mode().label())
                    .append(" − ")
                    .append(d.reference().label())
                    .append("</td><td class=\"l\">")
                    .append(SvgChart.escape(level(d.headline())))
                    .append("</td><td>")
                    .append(fmt(d.modeMicros()))
                    .append("</td><td>")
                    .append(fmt(d.referenceMicros()))
                    .append("</td><td class=\"l\">")
                    .append(SvgChart.escape(difference(d.difference())))
                    .append("</td></tr>\n");
        }
        h.append("</table>\n");
    }

    /** summary.json's {@code contrasts} (ratio rows) and {@code cpu_per_request} (differences). */
    static void json(JsonObjectBuilder root, Comparison c) {
        JsonArrayBuilder contrasts = Json.createArrayBuilder();
        for (Comparison.RatioRow r : c.contrastRows()) {
            contrasts.add(JsonReport.ratio(
                    Json.createObjectBuilder()
                            .add("test", r.test())
                            .add(
                                    "contrast",
                                    r.mode().label() + "/" + r.baseline().label())
                            .add("mode", r.mode().label())
                            .add("reference", r.baseline().label()),
                    r));
        }
        JsonArrayBuilder cpu = Json.createArrayBuilder();
        for (Comparison.CpuDifference d : c.cpuDifferences()) {
            cpu.add(Json.createObjectBuilder()
                    .add("test", d.test())
                    .add("metric", d.headline().key())
                    .add("mode", d.mode().label())
                    .add("reference", d.reference().label())
                    .add("mode_us_per_request", num(d.modeMicros()))
                    .add("reference_us_per_request", num(d.referenceMicros()))
                    .add("difference_us", num(d.difference().estimate()))
                    .add("ci_low", num(d.difference().low()))
                    .add("ci_high", num(d.difference().high()))
                    .add("p_value", num(d.difference().pValue()))
                    .add("welch_df", num(d.difference().degreesOfFreedom()))
                    .add("why", d.difference().why()));
        }
        root.add(
                        "contrast_pairs",
                        Json.createArrayBuilder(
                                c.contrasts().stream().map(Contrast::label).toList()))
                .add("contrasts", contrasts)
                .add("cpu_per_request", cpu);
    }

    /** contrasts.csv: one row per contrast, test and headline, then the CPU µs per request differences. */
    static void csv(Comparison c, Path dir) throws IOException {
        List<String> lines = new ArrayList<>(
                List.of("kind,test,mode,reference,metric,estimate,ci_low,ci_high,verdict,holm_adjusted_p"));
        for (Comparison.RatioRow r : c.contrastRows()) {
            lines.add(String.join(
                    ",",
                    "ratio",
                    r.test(),
                    r.mode().label(),
                    r.baseline().label(),
                    quote(r.headline().key()),
                    csv(r.ratio().estimate()),
                    csv(r.ratio().low()),
                    csv(r.ratio().high()),
                    quote(r.verdict().verdict().words()),
                    r.holm() == null ? "" : csv(r.holm().adjusted())));
        }
        for (Comparison.CpuDifference d : c.cpuDifferences()) {
            lines.add(String.join(
                    ",",
                    "cpu_us_per_request_difference",
                    d.test(),
                    d.mode().label(),
                    d.reference().label(),
                    quote(d.headline().key()),
                    csv(d.difference().estimate()),
                    csv(d.difference().low()),
                    csv(d.difference().high()),
                    "",
                    ""));
        }
        Files.write(dir.resolve("contrasts.csv"), lines);
    }

    /** The contrasts' headline verdicts and every CPU µs per request difference, a line each. */
    static void console(Comparison c, PrintStream out) {
        ConsoleReport.verdicts(c.contrastRows(), CONSOLE, out);
        for (Comparison.CpuDifference d : c.cpuDifferences()) {
            out.printf(
                    Locale.ROOT,
                    "[compare] %-16s %-22s %s − %s: %s%n",
                    d.test(),
                    level(d.headline()),
                    d.mode().label(),
                    d.reference().label(),
                    difference(d.difference()));
        }
    }

    /** "CPU µs per request @ 100 users". */
    private static String level(Headline h) {
        return "CPU µs per request" + (h.level() == null ? "" : " @ " + h.level());
    }

    /** "+51.0 µs (CI 38.2–64.9 µs)", or the estimate and why there is no interval. */
    static String difference(Contrasts.Difference d) {
        if (!d.determined()) {
            return (Double.isNaN(d.estimate()) ? "" : String.format(Locale.ROOT, "%+.1f µs: ", d.estimate())) + d.why();
        }
        return String.format(
                Locale.ROOT,
                "%+.1f µs (%d %% CI %+.1f … %+.1f µs)%s",
                d.estimate(),
                Math.round(100 * Stats.CONFIDENCE),
                d.low(),
                d.high(),
                d.low() > 0 || d.high() < 0 ? "" : ": no significant difference");
    }

    private static String ratio(Comparison.RatioRow r) {
        return Double.isNaN(r.ratio().low())
                ? (Double.isNaN(r.ratio().estimate())
                        ? ""
                        : String.format(Locale.ROOT, "%.3f", r.ratio().estimate()))
                : String.format(
                        Locale.ROOT,
                        "%.3f [%.3f, %.3f]",
                        r.ratio().estimate(),
                        r.ratio().low(),
                        r.ratio().high());
    }

    private static String interval(Stats.Interval i) {
        if (i == null || Double.isNaN(i.mean())) {
            return "";
        }
        return Double.isNaN(i.low()) ? fmt(i.mean()) : fmt(i.mean()) + " ± " + fmt(i.halfWidth());
    }

    private static String fmt(double v) {
        if (Double.isNaN(v)) {
            return "";
        }
        return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.2f", v);
    }

    private static String csv(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.4f", v);
    }

    private static String quote(String s) {
        return s.contains(",") || s.contains(" ") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }
}
