package dev.vtlab.compare.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.Fixtures;
import dev.vtlab.compare.analyse.Flag;
import dev.vtlab.compare.analyse.Headline;
import dev.vtlab.compare.analyse.RunResult;
import dev.vtlab.compare.settings.Metric;
import dev.vtlab.dispatch.DispatchMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Which runs count is fixed before the data: a flag about the setup leaves a run out, a flag about the outcome never
 * does. Checked by simulation through {@link Comparison#of}, against the true ratio the runs were drawn from.
 */
class ExclusionTest {

    private static final Headline PRIMARY = new Headline(Metric.TPS_PER_CPU_S, null, null);
    private static final DispatchMode POOL = DispatchMode.THREADPOOL, VIRTUAL = DispatchMode.EXECUTOR_VIRTUAL;
    private static final double RATIO = 0.95, SPREAD = 0.05, BUSY_COST = 0.15;

    /**
     * 2 000 comparisons of 6 runs per mode, the mode at 0.95 of the baseline, a 5 % spread between runs. A busy machine
     * (another process on the server's CPU, flagged from the machine's own counters) takes 15 % off a run's figure; it
     * falls on 35 % of the mode's runs and 5 % of the baseline's, so the mode's runs are left out seven times as often.
     * Left out, they cost no bias (measured: +0.03 %, the simulation's standard error about 0.07 %); counted, as the
     * reading on every run that finished counts them, the ratio reads 4.1 % low. A comparison left with fewer than 3
     * runs of a mode gives no figure (250 of the 2 000) and is not counted.
     */
    @Test
    void runsLeftOutForTheirSetupMoreOftenInOneModeCostNoBias() {
        Random random = new Random(47);
        int trials = 2000;
        double kept = 0, every = 0;
        int determined = 0;
        for (int t = 0; t < trials; t++) {
            List<RunResult> runs = new ArrayList<>();
            for (int rep = 1; rep <= 6; rep++) {
                runs.add(run(random, POOL, rep, 1000, 0.05));
                runs.add(run(random, VIRTUAL, rep, 1000 * RATIO, 0.35));
            }
            Comparison.RatioRow r = Fixtures.pingComparison(runs, false).ratio("ping", VIRTUAL, PRIMARY);
            if (!r.ratio().determined()) {
                continue; // fewer than 3 runs of a mode kept: no figure, as the comparison would give none
            }
            determined++;
            kept += Math.log(r.ratio().estimate() / RATIO);
            every += Math.log(
                    (r.allRuns() == null ? r.verdict() : r.allRuns()).ratio().estimate() / RATIO);
        }
        double bias = Math.expm1(kept / determined), ittBias = Math.expm1(every / determined);
        System.out.printf(
                "exclusion: %d of %d determined, bias kept %+.3f %%, counted %+.3f %%%n",
                determined, trials, 100 * bias, 100 * ittBias);
        assertTrue(Math.abs(bias) < 0.005, "bias with the runs left out: " + bias);
        assertTrue(ittBias < -0.03, "bias with them counted: " + ittBias);
    }

    @Test
    void aRunFlaggedForItsOutcomeCountsAndTheVerdictSaysWhatItWouldReadWithoutIt() {
        List<RunResult> runs = new ArrayList<>();
        for (int rep = 1; rep <= 6; rep++) {
            runs.add(Fixtures.pingRun(POOL, rep, 1000 * (1 + 0.01 * rep), null));
            // the mode's slowest run is the one whose level was not steady
            runs.add(Fixtures.pingRun(
                    VIRTUAL, rep, rep == 1 ? 880 : 1000 * (1 + 0.01 * rep), rep == 1 ? Flag.NOT_STEADY : null));
        }
        Comparison.RatioRow r = Fixtures.pingComparison(runs, false).ratio("ping", VIRTUAL, PRIMARY);
        assertEquals(new Comparison.Runs(6, 0, Map.of(), 1, Map.of(Flag.NOT_STEADY, 1L)), r.modeRuns());
        assertNull(r.allRuns(), "no run was left out");
        assertEquals(5, r.unflagged().ratio().n1());
        assertNull(r.noResult(), "one flagged run of six is still a result");
        assertTrue(r.text().startsWith(r.verdict().text()), r.text());
    }

    @Test
    void aFigureMostOfWhoseRunsAreFlaggedForTheirOutcomeIsNoResult() {
        List<RunResult> runs = new ArrayList<>();
        for (int rep = 1; rep <= 4; rep++) {
            runs.add(Fixtures.pingRun(POOL, rep, 1000 * (1 + 0.01 * rep), null));
            runs.add(Fixtures.pingRun(VIRTUAL, rep, 700 * (1 + 0.01 * rep), rep <= 3 ? Flag.NOT_WARM : null));
        }
        Comparison.RatioRow r = Fixtures.pingComparison(runs, false).ratio("ping", VIRTUAL, PRIMARY);
        assertTrue(r.verdict().verdict().lower(), "the figure is still computed: " + r.text());
        assertEquals("", r.judgement(), "but never judged");
        assertTrue(
                r.noResult().startsWith("3 of its 4 runs were flagged (the JIT still compiling in a window)"),
                r.noResult());
        assertTrue(r.text().contains("; not a result: 3 of its 4 runs"), r.text());
    }

    private static RunResult run(Random random, DispatchMode mode, int rep, double median, double busy) {
        boolean isBusy = random.nextDouble() < busy;
        double figure = median * Math.exp(SPREAD * random.nextGaussian()) * (isBusy ? 1 - BUSY_COST : 1);
        return Fixtures.pingRun(mode, rep, figure, isBusy ? Flag.MACHINE_BUSY : null);
    }
}
