package dev.vtlab.compare.judge;

import dev.vtlab.compare.analyse.Headline;
import dev.vtlab.compare.analyse.RunResult;
import dev.vtlab.compare.raw.TwoStageRecord;
import dev.vtlab.compare.settings.Metric;
import dev.vtlab.compare.settings.Precision;
import dev.vtlab.compare.settings.Setting;
import dev.vtlab.compare.settings.TestSpec;
import dev.vtlab.compare.stats.LogRatio;
import dev.vtlab.compare.stats.TwoStage;
import dev.vtlab.dispatch.DispatchMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A comparison to a fixed precision, judged: after the first stage, each test's second stage from its primary
 * figure's runs ({@link TwoStage#plan}, the budget shared by {@link Precision#affordable}); at the end, the primary
 * row's fixed-width interval ({@link TwoStage#interval}). The runs are those the judge counts (valid ones, unless
 * flagged runs are kept).
 */
public final class TwoStagePlans {

    private TwoStagePlans() {}

    /**
     * The second stage of every test after the first stage's {@code runs}: {@code secondsPerRun} per test (measured),
     * {@code elapsedSeconds} of the budget already spent.
     */
    public static TwoStageRecord plan(
            List<String> tests,
            List<DispatchMode> modes,
            List<RunResult> runs,
            boolean keepFlagged,
            String userTest,
            Precision precision,
            Map<String, Double> secondsPerRun,
            double elapsedSeconds) {
        List<Primary> firsts = tests.stream()
                .map(t -> primary(t, modes, runs, keepFlagged, userTest))
                .toList();
        // what each test would need for the target, then what compare.maxRepeats and the remaining budget afford of it
        int[] needed = new int[tests.size()];
        int[] wanted = new int[tests.size()];
        double[] cost = new double[tests.size()];
        for (int t = 0; t < tests.size(); t++) {
            Primary p = firsts.get(t);
            List<TwoStage.Plan> plans =
                    p.why().isEmpty() ? plans(p, modes, precision.target(), TestSpec.MAX_REPEATS) : List.of();
            needed[t] = plans.stream()
                    .mapToInt(x -> Math.max(x.modeRuns(), x.baselineRuns()))
                    .max()
                    .orElse(p.firstRuns());
            wanted[t] = Math.max(0, Math.min(needed[t], precision.maxRuns()) - p.firstRuns());
            cost[t] = secondsPerRun.getOrDefault(tests.get(t), Double.NaN);
        }
        int[] added = Precision.affordable(wanted, cost, modes.size(), precision.budgetSeconds() - elapsedSeconds);
        List<TwoStageRecord.TestPlan> planned = new ArrayList<>();
        for (int t = 0; t < tests.size(); t++) {
            Primary p = firsts.get(t);
            List<TwoStageRecord.ModePlan> modePlans = new ArrayList<>();
            if (p.why().isEmpty()) {
                List<TwoStage.Plan> plans = plans(p, modes, precision.target(), p.firstRuns() + added[t]);
                for (int m = 0; m < plans.size(); m++) {
                    modePlans.add(new TwoStageRecord.ModePlan(modes.get(m + 1), plans.get(m)));
                }
            }
            planned.add(new TwoStageRecord.TestPlan(
                    tests.get(t), p.firstRuns(), added[t], needed[t], cost[t], modePlans, p.why()));
        }
        return new TwoStageRecord(
                precision.target(),
                precision.budgetSeconds(),
                precision.maxRuns(),
                keepFlagged,
                elapsedSeconds,
                List.copyOf(planned));
    }

    /**
     * A planned primary row's interval, or null when {@code twoStage} planned nothing for this test and mode. {@code
     * ratio} is null when the plan cannot be used (a re-analysis counting flagged runs otherwise than the plan did):
     * the row keeps its ordinary interval and the notes say why.
     */
    public record Planned(LogRatio ratio, List<String> notes) {

        /** The row's notes: the plan's in place of the ordinary interval's, or added to them when it is kept. */
        public List<String> notes(List<String> ordinary) {
            if (ratio != null) {
                return notes;
            }
            List<String> all = new ArrayList<>(ordinary);
            all.addAll(notes);
            return List.copyOf(all);
        }
    }

    static Planned interval(
            TwoStageRecord twoStage,
            boolean keepFlagged,
            String test,
            DispatchMode mode,
            double[] values,
            double[] baseline,
            Metric metric) {
        TwoStageRecord.TestPlan testPlan = twoStage == null ? null : twoStage.test(test);
        TwoStage.Plan plan = testPlan == null
                ? null
                : testPlan.modes().stream()
                        .filter(m -> m.mode() == mode)
                        .map(TwoStageRecord.ModePlan::plan)
                        .findFirst()
                        .orElse(null);
        if (plan == null) {
            return null;
        }
        if (twoStage.keepFlagged() != keepFlagged) {
            return new Planned(
                    null,
                    List.of(
                            "the two-stage plan counted " + (twoStage.keepFlagged() ? "" : "no ")
                                    + "flagged runs: this re-analysis, which counts them otherwise, gives the ordinary interval"));
        }
        return new Planned(
                TwoStage.interval(plan, values, baseline, metric.resolution),
                List.of(note(plan, twoStage.cappedByMaxRuns(testPlan))));
    }

    /** The row's note: where the interval's fixed half-width came from. */
    static String note(TwoStage.Plan p, boolean capped) {
        return String.format(
                Locale.ROOT,
                "two-stage: half-width fixed at ±%.1f %% by the first stage (%d + %d runs, c %.2f), %s; %d + %d runs planned",
                100 * p.halfWidth(),
                p.firstMode(),
                p.firstBaseline(),
                p.c(),
                p.reachesTarget()
                        ? "the target"
                        : String.format(
                                Locale.ROOT,
                                "what %s reaches, not the target ±%.1f %%",
                                capped ? Setting.MAX_REPEATS.key() : "the budget",
                                100 * p.target()),
                p.modeRuns(),
                p.baselineRuns());
    }

    /** One test's primary figure over the first stage's counted runs, per mode (the baseline first). */
    private record Primary(String test, List<double[]> values, int firstRuns, String why) {}

    private static Primary primary(
            String test, List<DispatchMode> modes, List<RunResult> runs, boolean keepFlagged, String userTest) {
        List<RunResult> mine = runs.stream().filter(r -> r.test().equals(test)).toList();
        Headline primary = Comparison.primaryOf(test, mine, userTest);
        List<double[]> values = new ArrayList<>();
        int fewest = Integer.MAX_VALUE;
        for (DispatchMode mode : modes) {
            List<RunResult> valid =
                    Comparison.valid(mine.stream().filter(r -> r.mode() == mode).toList(), keepFlagged, primary);
            fewest = Math.min(fewest, valid.size());
            values.add(valid.stream()
                    .mapToDouble(
                            r -> primary == null ? Double.NaN : r.headlines().getOrDefault(primary, Double.NaN))
                    .toArray());
        }
        String why = primary == null
                ? "no run measured its primary figure"
                : modes.size() < 2
                        ? "one mode: no ratio to plan for"
                        : fewest < Precision.MIN_FIRST_STAGE
                                ? "the first stage left " + fewest + " valid run" + (fewest == 1 ? "" : "s")
                                        + " of a mode (fewer than " + Precision.MIN_FIRST_STAGE
                                        + "); the verdict says why"
                                : "";
        return new Primary(test, values, fewest == Integer.MAX_VALUE ? 0 : fewest, why);
    }

    /** Each mode's plan against the baseline, at most {@code maxRuns} runs per mode. */
    private static List<TwoStage.Plan> plans(Primary p, List<DispatchMode> modes, double target, int maxRuns) {
        List<TwoStage.Plan> plans = new ArrayList<>();
        for (int m = 1; m < modes.size(); m++) {
            plans.add(TwoStage.plan(p.values().get(m), p.values().get(0), target, maxRuns));
        }
        return plans;
    }
}
