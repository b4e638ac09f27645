package dev.vtlab.compare.report;

import static dev.vtlab.compare.raw.JsonNumbers.num;

import dev.vtlab.compare.judge.Comparison;
import dev.vtlab.compare.raw.RawFiles;
import dev.vtlab.compare.raw.TwoStageRecord;
import dev.vtlab.compare.settings.Precision;
import dev.vtlab.compare.settings.Setting;
import dev.vtlab.compare.settings.TestSpec;
import dev.vtlab.compare.stats.TwoStage;
import dev.vtlab.dispatch.DispatchMode;
import dev.vtlab.measurement.SvgChart;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A comparison to a fixed precision, told: each test's plan after the first stage (console), and with the result
 * (the method section of index.html, summary.json's {@code two_stage}, a console line per test).
 */
public final class TwoStageReport {

    private TwoStageReport() {}

    /** The plan of one test, as the first stage ends: what it gave, what the second stage adds, what it reaches. */
    public static String planned(TwoStageRecord plan, TwoStageRecord.TestPlan t, DispatchMode baseline) {
        if (!t.why().isEmpty()) {
            return "two-stage " + t.test() + ": no second stage: " + t.why();
        }
        String first = t.modes().stream()
                .map(m -> m.plan().why() != null && !m.plan().why().isEmpty()
                        ? m.mode().label() + ": " + m.plan().why()
                        : String.format(
                                Locale.ROOT,
                                "%s log s² %.2g vs %s %.2g, c %.2f",
                                m.mode().label(),
                                m.plan().modeLogVariance(),
                                baseline.label(),
                                m.plan().baselineLogVariance(),
                                m.plan().c()))
                .collect(Collectors.joining("; "));
        return String.format(
                Locale.ROOT,
                "two-stage %s: the first stage gave %d valid runs per mode (%s); %s; it reaches ±%.1f %%, %s",
                t.test(),
                t.firstRuns(),
                first,
                t.addedRuns() == 0
                        ? "no second stage"
                        : String.format(
                                Locale.ROOT,
                                "the second adds %d per mode (%d in all, about %s)",
                                t.addedRuns(),
                                t.firstRuns() + t.addedRuns(),
                                Precision.duration(t.addedRuns()
                                        * t.secondsPerRun()
                                        * (t.modes().size() + 1))),
                100 * t.halfWidth(),
                t.reachesTarget()
                        ? "the target"
                        : String.format(
                                Locale.ROOT,
                                "what %s allows (±%.1f %% needs %d runs per mode%s)",
                                plan.cappedByMaxRuns(t)
                                        ? Setting.MAX_REPEATS.key() + "=" + plan.maxRuns()
                                        : "the budget",
                                100 * plan.target(),
                                t.neededRuns(),
                                t.neededRuns() >= TestSpec.MAX_REPEATS ? " or more" : ""));
    }

    /** The console's line per test once the comparison is judged (nothing without a two-stage design). */
    public static List<String> lines(Comparison c) {
        TwoStageRecord t = c.twoStage();
        if (t == null) {
            return List.of();
        }
        return c.ratios().stream()
                .filter(r -> r.primary()
                        && t.test(r.test()) != null
                        && t.test(r.test()).why().isEmpty())
                .map(r -> String.format(
                        Locale.ROOT,
                        "two-stage %s %s vs %s: %s and %s, %s (target ±%.1f %%)",
                        r.test(),
                        r.mode().label(),
                        r.baseline().label(),
                        r.modeRuns().text(),
                        r.baselineRuns().text(),
                        r.ratio().determined()
                                ? String.format(
                                        Locale.ROOT,
                                        "interval ±%.1f %%",
                                        100 * r.ratio().relativeHalfWidth())
                                : "no interval: " + r.ratio().why(),
                        100 * t.target()))
                .toList();
    }

    /** summary.json's {@code two_stage}: the design and each test's plan; null without one. */
    public static JsonObjectBuilder json(Comparison c) {
        TwoStageRecord t = c.twoStage();
        if (t == null) {
            return null;
        }
        JsonArrayBuilder tests = Json.createArrayBuilder();
        for (TwoStageRecord.TestPlan test : t.tests()) {
            JsonArrayBuilder modes = Json.createArrayBuilder();
            for (TwoStageRecord.ModePlan m : test.modes()) {
                TwoStage.Plan p = m.plan();
                modes.add(RawFiles.twoStageJson(m)
                        .add("baseline", c.baseline().label())
                        .add("c", num(p.c()))
                        .add("planned_mode_runs", p.modeRuns())
                        .add("planned_baseline_runs", p.baselineRuns())
                        .add("half_width", num(p.halfWidth()))
                        .add("reaches_target", p.reachesTarget())
                        .add("why", p.why()));
            }
            tests.add(RawFiles.twoStageJson(test)
                    .add("half_width", num(test.halfWidth()))
                    .add("reaches_target", test.reachesTarget())
                    .add("why", test.why())
                    .add("modes", modes));
        }
        return Json.createObjectBuilder()
                .add("target", t.target())
                .add("budget_s", t.budgetSeconds())
                .add("max_runs", t.maxRuns())
                .add("first_stage_s", num(t.firstStageSeconds()))
                .add("keep_flagged", t.keepFlagged())
                .add("tests", tests);
    }

    /** The method section's account of the design (empty without one). */
    public static String html(Comparison c) {
        TwoStageRecord t = c.twoStage();
        if (t == null) {
            return "";
        }
        StringBuilder h = new StringBuilder();
        h.append(String.format(
                Locale.ROOT,
                "<p id=\"two-stage\">To a fixed precision: ±%.1f %% on each test's primary ratio within %s (Stein's"
                        + " two-stage design, Chapman's form for two modes, on the log scale). The profile's repetitions"
                        + " were the first stage (done after %s); from its variances each test got as many more runs per"
                        + " mode as the target needs and the budget%s allows, and its primary interval is the mean log"
                        + " ratio of all runs ± the half-width the first stage fixed: its width is decided before the"
                        + " second stage's runs are seen, so they cannot narrow it by chance, and its coverage holds."
                        + "</p>\n",
                100 * t.target(),
                Precision.duration(t.budgetSeconds()),
                Precision.duration(t.firstStageSeconds()),
                t.maxRuns() < TestSpec.MAX_REPEATS
                        ? " (and at most " + t.maxRuns() + " runs per mode, " + Setting.MAX_REPEATS.key() + ")"
                        : ""));
        h.append("<table id=\"two-stage-plans\"><tr><th>test</th><th>mode</th><th>first stage runs</th>")
                .append("<th>log s² mode / ")
                .append(c.baseline().label())
                .append("</th><th>c</th><th>runs added per mode</th><th>planned runs</th><th>half-width</th>")
                .append("<th>why</th></tr>\n");
        for (TwoStageRecord.TestPlan test : t.tests()) {
            if (test.modes().isEmpty()) {
                h.append("<tr><td class=\"l\">")
                        .append(test.test())
                        .append("</td><td colspan=\"7\"></td><td class=\"l\">")
                        .append(SvgChart.escape(test.why()))
                        .append("</td></tr>\n");
            }
            for (TwoStageRecord.ModePlan m : test.modes()) {
                TwoStage.Plan p = m.plan();
                h.append(String.format(
                        Locale.ROOT,
                        "<tr><td class=\"l\">%s</td><td class=\"l\">%s</td><td>%d + %d</td><td>%.3g / %.3g</td>"
                                + "<td>%.2f</td><td>%d</td><td>%d + %d</td><td>±%.1f %%</td><td class=\"l\">%s</td></tr>%n",
                        test.test(),
                        m.mode().label(),
                        p.firstMode(),
                        p.firstBaseline(),
                        p.modeLogVariance(),
                        p.baselineLogVariance(),
                        p.c(),
                        test.addedRuns(),
                        p.modeRuns(),
                        p.baselineRuns(),
                        100 * p.halfWidth(),
                        SvgChart.escape(p.reachesTarget() ? "the target" : "the budget's reach: " + p.why())));
            }
        }
        return h.append("</table>\n").toString();
    }
}
