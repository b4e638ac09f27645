package dev.vtlab.compare.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.Fixtures;
import dev.vtlab.compare.analyse.Flag;
import dev.vtlab.compare.analyse.Headline;
import dev.vtlab.compare.analyse.RunResult;
import dev.vtlab.compare.raw.Environment;
import dev.vtlab.compare.raw.TwoStageRecord;
import dev.vtlab.compare.settings.Metric;
import dev.vtlab.compare.settings.Precision;
import dev.vtlab.compare.stats.Verdict;
import dev.vtlab.dispatch.DispatchMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The two-stage design in the judge: the plan from the first stage's counted runs within the budget left, and the
 * primary row's fixed-width interval, on runs whose answer is worked out by hand.
 */
class TwoStagePlansTest {

    private static final DispatchMode BASE = DispatchMode.THREADPOOL, MODE = DispatchMode.EXECUTOR_VIRTUAL;
    private static final List<DispatchMode> MODES = List.of(BASE, MODE);
    private static final double C = 6.539266; // the 97.5 % quantile of T₁ − T₂, 2 + 2 df (TwoStageTest)

    /**
     * First stage, 3 runs per mode of ping (primary: requests per CPU-second): the baseline's logs ln 100 + 0.1·(−1,
     * 0, 1), s² = 0.01; the mode's ln 90 + 0.05·(−1, 0, 1), s² = 0.0025. For ±5 % (w = ln 1.05, w² = 0.00238048) the
     * baseline needs 0.01 · C² / w² = 179.6 → 180 runs, more than the 50 per mode a plan may have (TestSpec.MAX_REPEATS):
     * 47 more per mode, at 10 s a run in 2 modes 940 s. The budget is 100 s and 60 s are spent: 40 s affords 47 · 40 /
     * 940 = 2 more runs per mode, 5 in all, which reach
     * w' = C · max(√(0.0025 / 5), √(0.01 / 5)) = 6.539266 · 0.0447214 = 0.2924449, ±33.97 %.
     */
    private static List<RunResult> firstStage() {
        List<RunResult> runs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            runs.add(run(BASE, i + 1, 100 * Math.exp(0.1 * (i - 1))));
            runs.add(run(MODE, i + 1, 90 * Math.exp(0.05 * (i - 1))));
        }
        return runs;
    }

    private static TwoStageRecord plan(List<RunResult> first) {
        return plan(first, new Precision(0.05, 100));
    }

    /** The plan at 10 s a run with 60 s of the budget spent. */
    private static TwoStageRecord plan(List<RunResult> first, Precision precision) {
        return TwoStagePlans.plan(List.of("ping"), MODES, first, false, null, precision, Map.of("ping", 10.0), 60);
    }

    @Test
    void theSecondStageIsWhatTheBudgetLeftAffordsOfWhatTheFirstStagesVarianceAsks() {
        TwoStageRecord record = plan(firstStage());
        TwoStageRecord.TestPlan ping = record.test("ping");
        assertEquals("", ping.why());
        assertEquals(3, ping.firstRuns());
        assertEquals(2, ping.addedRuns());
        assertEquals(50, ping.neededRuns());
        assertEquals(10.0, ping.secondsPerRun());
        var plan = ping.modes().get(0).plan();
        assertEquals(MODE, ping.modes().get(0).mode());
        assertEquals(0.0025, plan.modeLogVariance(), 1e-12);
        assertEquals(0.01, plan.baselineLogVariance(), 1e-12);
        assertEquals(C, plan.c(), 1e-4);
        assertEquals(5, plan.modeRuns());
        assertEquals(5, plan.baselineRuns());
        assertEquals(Math.expm1(0.2924449), plan.halfWidth(), 1e-5);
        assertTrue(!ping.reachesTarget() && plan.why().contains("not ±5.0 %"), plan.why());
        // a budget with room for all of it: as many as a plan may have
        TwoStageRecord roomy = plan(firstStage(), new Precision(0.05, 86_400));
        assertEquals(47, roomy.test("ping").addedRuns());
    }

    /**
     * The same first stage with room for all 47 but compare.maxRepeats=4: one run more per mode, 4 in all, which reach
     * w' = C · √(0.01 / 4) = 6.539266 · 0.05 = 0.3269633, ±38.68 %; the target still needs 50 runs per mode, and the
     * plan says it was the cap, not the budget, that stopped it.
     */
    @Test
    void compareMaxRepeatsCapsTheSecondStageWhateverTheBudgetLeaves() {
        TwoStageRecord capped = plan(firstStage(), new Precision(0.05, 86_400, 4));
        TwoStageRecord.TestPlan ping = capped.test("ping");
        assertEquals(1, ping.addedRuns());
        assertEquals(50, ping.neededRuns());
        assertEquals(4, capped.maxRuns());
        assertEquals(Math.expm1(0.3269633), ping.halfWidth(), 1e-6);
        assertTrue(capped.cappedByMaxRuns(ping));
        assertTrue(TwoStagePlans.note(ping.modes().get(0).plan(), true)
                .contains("what compare.maxRepeats reaches, not the target ±5.0 %"));
        assertTrue(!plan(firstStage()).cappedByMaxRuns(plan(firstStage()).test("ping")), "the budget stopped it");
        // a cap the first stage already reaches: no second stage
        assertEquals(
                0,
                plan(firstStage(), new Precision(0.05, 86_400, 3)).test("ping").addedRuns());
    }

    @Test
    void aFirstStageWithFewerThanThreeValidRunsOfAModeGetsNoSecondStage() {
        List<RunResult> first = new ArrayList<>(firstStage());
        first.set(0, flagged(first.get(0)));
        TwoStageRecord.TestPlan ping = plan(first).test("ping");
        assertEquals(0, ping.addedRuns());
        assertTrue(ping.modes().isEmpty());
        assertTrue(ping.why().startsWith("the first stage left 2 valid runs of a mode"), ping.why());
    }

    /**
     * The second stage's runs: the mode's logs ln 90 + (0.02, −0.04), the baseline's ln 100 + (0.05, −0.15). Over all
     * 5 runs the mean logs are ln 90 − 0.004 and ln 100 − 0.02, the mean log ratio ln 0.9 + 0.016; the interval is
     * exp(ln 0.9 + 0.016 ± 0.2924449): 0.914516 (0.682628 … 1.225176), whatever these 5 runs' own spread.
     */
    @Test
    void thePrimaryRowsIntervalIsTheMeanLogRatioPlusOrMinusThePlansHalfWidth() {
        List<RunResult> runs = new ArrayList<>(firstStage());
        TwoStageRecord record = plan(runs);
        runs.add(run(MODE, 4, 90 * Math.exp(0.02)));
        runs.add(run(BASE, 4, 100 * Math.exp(0.05)));
        runs.add(run(BASE, 5, 100 * Math.exp(-0.15)));
        runs.add(run(MODE, 5, 90 * Math.exp(-0.04)));
        Comparison c = judged(runs, false, record);
        Comparison.RatioRow primary = c.ratio("ping", MODE, Headline.of(Metric.TPS_PER_CPU_S));
        assertTrue(primary.primary());
        assertEquals(0.914516, primary.ratio().estimate(), 1e-6);
        assertEquals(0.682628, primary.ratio().low(), 1e-6);
        assertEquals(1.225176, primary.ratio().high(), 1e-6);
        assertEquals(record.test("ping").halfWidth(), primary.ratio().relativeHalfWidth(), 1e-9);
        assertEquals(Verdict.INCONCLUSIVE, primary.verdict().verdict(), "the verdict logic is unchanged");
        assertTrue(primary.text().contains("two-stage: half-width fixed at ±34.0 %"), primary.text());
        assertEquals(record, c.twoStage());
        // a secondary figure keeps the ordinary interval
        Comparison.RatioRow secondary = c.ratio("ping", MODE, Headline.of(Metric.STEADY_RPS));
        assertNotEquals(record.test("ping").halfWidth(), secondary.ratio().relativeHalfWidth(), 1e-3);
        // without the plan the same runs get the ordinary (here paired) interval
        Comparison plain = judged(runs, false, null);
        assertNotEquals(
                primary.ratio().low(),
                plain.ratio("ping", MODE, Headline.of(Metric.TPS_PER_CPU_S))
                        .ratio()
                        .low(),
                1e-3);
        // judged counting flagged runs, which the plan did not: the ordinary interval, and why
        Comparison other = judged(runs, true, record);
        Comparison.RatioRow kept = other.ratio("ping", MODE, Headline.of(Metric.TPS_PER_CPU_S));
        assertTrue(kept.text().contains("the two-stage plan counted no flagged runs"), kept.text());
        assertEquals(
                plain.ratio("ping", MODE, Headline.of(Metric.TPS_PER_CPU_S))
                        .ratio()
                        .low(),
                kept.ratio().low(),
                1e-12);
    }

    /** A second-stage run that is flagged counts as not having happened: 4 runs of the mode, the interval widens. */
    @Test
    void aFlaggedSecondStageRunCountsAsNotHappened() {
        List<RunResult> runs = new ArrayList<>(firstStage());
        TwoStageRecord record = plan(runs);
        runs.add(flagged(run(MODE, 4, 90 * Math.exp(0.02))));
        runs.add(run(BASE, 4, 100 * Math.exp(0.05)));
        runs.add(run(BASE, 5, 100 * Math.exp(-0.15)));
        runs.add(run(MODE, 5, 90 * Math.exp(-0.04)));
        Comparison.RatioRow primary =
                judged(runs, false, record).ratio("ping", MODE, Headline.of(Metric.TPS_PER_CPU_S));
        // C · max(√(0.0025/4), √(0.01/5)): the baseline's term still binds, the same ±33.97 %
        assertEquals(Math.expm1(0.2924449), primary.ratio().relativeHalfWidth(), 1e-5);
        assertEquals(4, primary.ratio().n1());
        // the mode's mean log over its 4 valid runs: ln 90 + (−0.05 + 0 + 0.05 − 0.04)/4 = ln 90 − 0.01
        assertEquals(0.9 * Math.exp(-0.01 + 0.02), primary.ratio().estimate(), 1e-9);
    }

    /** {@code runs} of ping judged at ±5 %, with the two-stage {@code plan} (null: none). */
    private static Comparison judged(List<RunResult> runs, boolean keepFlagged, TwoStageRecord plan) {
        return Comparison.of(ComparisonInput.of(new Environment(Map.of()), List.of("ping"), MODES, runs)
                .wallS(100)
                .keepFlagged(keepFlagged)
                .twoStage(plan)
                .build());
    }

    private static RunResult flagged(RunResult r) {
        return new RunResult(
                r.record(),
                r.requests(),
                r.successes(),
                r.errorsByCode(),
                r.perSecondOk(),
                r.levels(),
                r.byLabel(),
                r.rssMaxBytes(),
                r.osThreadsMax(),
                r.metricsMax(),
                r.secondsTo90PctOfPeak(),
                r.jmeterCpuPct(),
                r.remoteCpuPct(),
                r.otherCpuPct(),
                r.stealPct(),
                r.loadGeneratorBound(),
                true,
                r.samples(),
                r.t0EpochMs(),
                List.of("busy machine"),
                Set.of(Flag.MACHINE_BUSY),
                Map.of());
    }

    /** A ping run of one level whose requests per CPU-second are {@code tpsPerCpu} (its rate is 10 % off it). */
    static RunResult run(DispatchMode mode, int repetition, double tpsPerCpu) {
        return Fixtures.oneLevelRun(
                "ping",
                mode,
                repetition,
                10,
                40,
                tpsPerCpu * (1 + 0.1 * repetition * repetition),
                100,
                tpsPerCpu,
                new double[0],
                List.of(),
                0);
    }
}
