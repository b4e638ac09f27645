package dev.vtlab.compare.report;

import static dev.vtlab.compare.raw.JsonNumbers.num;

import dev.vtlab.compare.judge.Comparison;
import dev.vtlab.compare.judge.History;
import dev.vtlab.compare.judge.Variability;
import dev.vtlab.compare.stats.BetweenComparisons;
import dev.vtlab.compare.stats.VarianceComponents;
import dev.vtlab.measurement.SvgChart;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * Where the variance is, in every format: per test and mode the within-run and between-run components of the primary
 * rate, the cheapest design for the margin, and, once the configuration has been compared before, the
 * between-comparisons component and the past ratios beside today's.
 */
final class VariabilityReport {

    private VariabilityReport() {}

    /** A test's variance components and its history, each folded. */
    static void html(StringBuilder h, Comparison c, String test) {
        List<Variability.Row> rows =
                c.variability().stream().filter(r -> r.test().equals(test)).toList();
        if (!rows.isEmpty()) {
            components(h, c, test, rows);
        }
        List<History.Row> history =
                c.history().stream().filter(r -> r.test().equals(test)).toList();
        if (!history.isEmpty()) {
            history(h, c, test, history);
        }
    }

    /** Where the variance is: what λ, σ² and the design mean, then a row per figure and mode. */
    private static void components(StringBuilder h, Comparison c, String test, List<Variability.Row> rows) {
        h.append("<details class=\"variance\" data-test=\"")
                .append(test)
                .append("\"><summary>Where the variance is (")
                .append(rows.size())
                .append(")</summary>\n<p>From each valid run's per-second values over its top level's steady")
                .append(" window (Kalibera and Jones): <b>λ</b>, the within-run variance per second (from")
                .append(" batch means of the batch length shown, so that correlated seconds do not count as")
                .append(" independent): a window of L s has a mean whose variance within its run is λ / L;")
                .append(" <b>σ²</b>, the variance of a run's own mean from one fresh JVM to the next. The shares")
                .append(" split a run mean's variance, σ² + λ / L. The <b>design</b> is the fewest runs × window")
                .append(" per mode reaching ±")
                .append(pct(c.margin() / Math.sqrt(2)))
                .append(" on the mode's mean (the margin ÷ √2, so ±")
                .append(pct(c.margin()))
                .append(" on a ratio of two alike modes) at least cost, with each run's measured overhead")
                .append(" (its wall time less its windows).</p>\n<table class=\"variance\" data-test=\"")
                .append(test)
                .append("\"><tr><th>figure</th><th>mode</th><th>runs</th><th>mean</th><th>window s</th>")
                .append("<th>batch s</th><th>λ (per s)</th><th>σ² (between runs)</th><th>within / between")
                .append(" share</th><th>overhead per run s</th><th>design</th><th>per-second values</th></tr>\n");
        for (Variability.Row r : rows) {
            VarianceComponents.Components v = r.components();
            h.append("<tr data-mode=\"")
                    .append(r.mode().label())
                    .append("\"><td class=\"l\">")
                    .append(SvgChart.escape(Labels.label(r.headline())))
                    .append("</td><td class=\"l\">")
                    .append(r.mode().label())
                    .append("</td><td>")
                    .append(v.runs())
                    .append("</td><td>")
                    .append(shown(v.mean()))
                    .append("</td><td>")
                    .append(shown(v.windowSeconds()))
                    .append("</td><td>")
                    .append(v.batchSeconds() == 0 ? "" : String.valueOf(v.batchSeconds()))
                    .append("</td><td>")
                    .append(shown(v.withinPerSecond()))
                    .append("</td><td>")
                    .append(shown(v.betweenRuns()))
                    .append("</td><td>")
                    .append(shares(r))
                    .append("</td><td>")
                    .append(shown(r.overheadS()))
                    .append("</td><td class=\"l\">")
                    .append(SvgChart.escape(design(r.design())))
                    .append("</td><td class=\"l\">")
                    .append(SvgChart.escape(r.series() + (v.why().isEmpty() ? "" : "; " + v.why())))
                    .append("</td></tr>\n");
        }
        h.append("</table>\n</details>\n");
    }

    /** The comparisons of this configuration: the between-comparisons components, then the past ratios. */
    private static void history(StringBuilder h, Comparison c, String test, List<History.Row> history) {
        h.append("<details class=\"history\" data-test=\"")
                .append(test)
                .append("\"><summary>History: ")
                .append(history.get(0).component().comparisons())
                .append(" comparisons of this configuration, today's included</summary>\n")
                .append("<p>The primary figure's run means over separate invocations of the comparison: the variance")
                .append(" of the comparisons' means against what the runs' own variance predicts for it; τ² is what")
                .append(" comes on top (one-way analysis of variance, its F test's p-value beside it). Rates on this")
                .append(" host type move between days: the calibration column shows the host's speed.</p>\n")
                .append("<table class=\"history-components\" data-test=\"")
                .append(test)
                .append("\"><tr><th>figure</th><th>mode</th><th>comparisons</th><th>runs</th>")
                .append("<th>variance of comparison means</th><th>predicted by the runs</th><th>τ² between")
                .append(" comparisons</th><th>p (τ² = 0)</th></tr>\n");
        for (History.Row r : history) {
            BetweenComparisons.Component k = r.component();
            h.append("<tr><td class=\"l\">")
                    .append(SvgChart.escape(r.metric()))
                    .append("</td><td class=\"l\">")
                    .append(r.mode().label())
                    .append("</td><td>")
                    .append(k.comparisons())
                    .append("</td><td>")
                    .append(k.runs())
                    .append("</td><td>")
                    .append(shown(k.observed()))
                    .append("</td><td>")
                    .append(shown(k.predicted()))
                    .append("</td><td>")
                    // an estimate of 0 is a spread not detected, not shown to be none
                    .append(k.betweenComparisons() == 0 ? "not detected" : shown(k.betweenComparisons()))
                    .append("</td><td class=\"l\">")
                    .append(k.why().isEmpty() ? String.format(Locale.ROOT, "%.3f", k.pValue()) : k.why())
                    .append("</td></tr>\n");
        }
        h.append("</table>\n");
        pastRatios(h, c, test, history);
        h.append("</details>\n");
    }

    /** Per mode against the baseline, each past comparison's ratio and whether it overlaps today's, then today's. */
    private static void pastRatios(StringBuilder h, Comparison c, String test, List<History.Row> history) {
        h.append("<table class=\"history\" data-test=\"")
                .append(test)
                .append("\"><tr><th>mode</th><th>date</th><th>calibration units/s</th><th>ratio [CI]</th>")
                .append("<th>verdict</th><th>overlaps today's</th></tr>\n");
        for (History.Row r : history) {
            if (r.today() == null) {
                continue;
            }
            for (History.Past p : r.past()) {
                h.append("<tr><td class=\"l\">")
                        .append(r.mode().label())
                        .append("</td><td class=\"l\">")
                        .append(p.at())
                        .append("</td><td>")
                        .append(shown(p.calibration()))
                        .append("</td><td>")
                        .append(ratio(p.ratio(), p.low(), p.high()))
                        .append("</td><td class=\"l\">")
                        .append(p.verdict())
                        .append("</td><td>")
                        .append(p.overlapsToday() == null ? "—" : p.overlapsToday() ? "yes" : "no")
                        .append("</td></tr>\n");
            }
            h.append("<tr><td class=\"l\">")
                    .append(r.mode().label())
                    .append("</td><td class=\"l\"><b>today</b></td><td>")
                    .append(shown(History.calibration(c)))
                    .append("</td><td>")
                    .append(ratio(
                            r.today().ratio().estimate(),
                            r.today().ratio().low(),
                            r.today().ratio().high()))
                    .append("</td><td class=\"l\">")
                    .append(r.today().verdict().verdict().words())
                    .append("</td><td></td></tr>\n");
        }
        h.append("</table>\n");
    }

    /** summary.json's {@code variance_components} and {@code history}. */
    static void json(JsonObjectBuilder root, Comparison c) {
        JsonArrayBuilder components = Json.createArrayBuilder();
        for (Variability.Row r : c.variability()) {
            VarianceComponents.Components v = r.components();
            VarianceComponents.Design d = r.design();
            components.add(Json.createObjectBuilder()
                    .add("test", r.test())
                    .add("mode", r.mode().label())
                    .add("metric", r.headline().key())
                    .add("per_second_values", r.series())
                    .add("runs", v.runs())
                    .add("mean", num(v.mean()))
                    .add("window_s", num(v.windowSeconds()))
                    .add("batch_s", v.batchSeconds())
                    .add("batch_autocorrelation", num(v.batchAutocorrelation()))
                    .add("within_run_variance_per_s", num(v.withinPerSecond()))
                    .add("between_runs_variance", num(v.betweenRuns()))
                    .add("within_share_of_run_mean_variance", num(r.withinShare()))
                    .add("why", v.why())
                    .add("levels_per_run", r.levels())
                    .add("overhead_per_run_s", num(r.overheadS()))
                    .add(
                            "design",
                            Json.createObjectBuilder()
                                    .add("target_half_width", num(c.margin() / Math.sqrt(2)))
                                    .add("runs", d.runs())
                                    .add("window_s", d.windowSeconds())
                                    .add("half_width", num(d.halfWidth()))
                                    .add("seconds", num(d.seconds()))
                                    .add("reaches_target", d.reachesTarget())
                                    .add("why", d.why())));
        }
        JsonArrayBuilder history = Json.createArrayBuilder();
        for (History.Row r : c.history()) {
            BetweenComparisons.Component k = r.component();
            JsonArrayBuilder past = Json.createArrayBuilder();
            for (History.Past p : r.past()) {
                past.add(Json.createObjectBuilder()
                        .add("at", p.at().toString())
                        .add("calibration_units_per_s", num(p.calibration()))
                        .add("ratio", num(p.ratio()))
                        .add("ci_low", num(p.low()))
                        .add("ci_high", num(p.high()))
                        .add("verdict", p.verdict())
                        .add(
                                "overlaps_today",
                                p.overlapsToday() == null
                                        ? JsonValue.NULL
                                        : p.overlapsToday() ? JsonValue.TRUE : JsonValue.FALSE));
            }
            history.add(Json.createObjectBuilder()
                    .add("test", r.test())
                    .add("mode", r.mode().label())
                    .add("metric", r.metric())
                    .add("comparisons", k.comparisons())
                    .add("runs", k.runs())
                    .add("variance_of_comparison_means", num(k.observed()))
                    .add("predicted_by_runs", num(k.predicted()))
                    .add("between_comparisons_variance", num(k.betweenComparisons()))
                    .add("p_value", num(k.pValue()))
                    .add("why", k.why())
                    .add("past", past));
        }
        root.add("variance_components", components).add("history", history);
    }

    /** Per test and mode, the primary rate's shares and the design, a line each. */
    static void console(Comparison c, PrintStream out) {
        for (Variability.Row r : c.variability()) {
            out.printf(
                    Locale.ROOT,
                    "[compare] %-16s %-22s %s: %s; design: %s%n",
                    r.test(),
                    Labels.label(r.headline()),
                    r.mode().label(),
                    r.components().why().isEmpty()
                            ? "within / between runs " + shares(r)
                            : r.components().why(),
                    // a design without components would say the same reason again
                    r.design().runs() == 0
                                    && r.design().why().equals(r.components().why())
                            ? "none"
                            : design(r.design()));
        }
        for (History.Row r : c.history()) {
            BetweenComparisons.Component k = r.component();
            out.printf(
                    Locale.ROOT,
                    "[compare] %-16s history of %s, %s: %d comparisons, %s%n",
                    r.test(),
                    r.metric(),
                    r.mode().label(),
                    k.comparisons(),
                    k.why().isEmpty()
                            ? String.format(
                                    Locale.ROOT,
                                    "variance of their means %s against %s predicted by the runs (p %.3f)",
                                    shown(k.observed()),
                                    shown(k.predicted()),
                                    k.pValue())
                            : k.why());
        }
    }

    /** "12 runs × 60 s: ±3.4 % in 24 min", or why there is none. */
    private static String design(VarianceComponents.Design d) {
        if (d.runs() == 0) {
            return d.why();
        }
        return String.format(
                        Locale.ROOT,
                        "%d runs × %d s: ±%.1f %% in %.0f min",
                        d.runs(),
                        d.windowSeconds(),
                        100 * d.halfWidth(),
                        d.seconds() / 60)
                + (d.reachesTarget() ? "" : " (" + d.why() + ")");
    }

    private static String shares(Variability.Row r) {
        double within = r.withinShare();
        return Double.isNaN(within)
                ? ""
                : String.format(Locale.ROOT, "%.0f %% / %.0f %%", 100 * within, 100 * (1 - within));
    }

    private static String ratio(double estimate, double low, double high) {
        if (Double.isNaN(estimate)) {
            return "";
        }
        return Double.isNaN(low)
                ? String.format(Locale.ROOT, "%.3f", estimate)
                : String.format(Locale.ROOT, "%.3f [%.3f, %.3f]", estimate, low, high);
    }

    private static String pct(double fraction) {
        return String.format(Locale.ROOT, "%.1f %%", 100 * fraction);
    }

    private static String shown(double v) {
        if (Double.isNaN(v)) {
            return "";
        }
        double a = Math.abs(v);
        return a >= 100 || a == 0
                ? String.format(Locale.ROOT, "%.0f", v)
                : a >= 0.01 ? String.format(Locale.ROOT, "%.3g", v) : String.format(Locale.ROOT, "%.2e", v);
    }
}
