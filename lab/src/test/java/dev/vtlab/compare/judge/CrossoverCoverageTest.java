package dev.vtlab.compare.judge;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.run.CrossoverRunner;
import dev.vtlab.compare.settings.Crossover;
import dev.vtlab.compare.stats.LogRatio;
import dev.vtlab.compare.stats.Ratios;
import dev.vtlab.dispatch.DispatchMode;
import dev.vtlab.metrics.ProcessStatus;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The crossover design's interval simulated against a known truth: slices whose CPU per request is each mode's true
 * cost times the host's drift (a random walk from slice to slice, and a trend) times noise, read in whole CPU ticks as
 * the runner reads them, with a carry-over from the mode before. The 95 % interval of each block-paired ratio must
 * cover the true ratio about 95 % of the time without carry-over, whatever the drift.
 */
class CrossoverCoverageTest {

    private static final List<DispatchMode> MODES = List.of(
            DispatchMode.THREADPOOL,
            DispatchMode.THREADPOOL_ASYNC,
            DispatchMode.MANAGED_VIRTUAL,
            DispatchMode.MANAGED_PLATFORM);
    /** True CPU µs per request of each mode: the lab's own figures' scale, with differences of 3 to 12 %. */
    private static final double[] COST_US = {300, 309, 282, 267};

    private static final int TRIALS = 2000;

    /** Coverage of managed-virtual ÷ threadpool's 95 % interval over the trials, and its mean log bias. */
    static double[] simulate(int blocks, double noise, double walk, double trendPerSlice, double carry, long seed) {
        Random random = new Random(seed);
        Crossover design = new Crossover(MODES, 20, 5, blocks, 300);
        double truth = COST_US[0] / COST_US[2];
        int covered = 0;
        double bias = 0;
        for (int t = 0; t < TRIALS; t++) {
            List<CrossoverRunner.Slice> slices = slices(design, random, noise, walk, trendPerSlice, carry);
            double[][] v = CrossoverJudge.perBlock(design, slices, MODES.get(2), MODES.get(0), false);
            LogRatio r = Ratios.paired(v[0], v[1], 0);
            if (r.low() <= truth && truth <= r.high()) {
                covered++;
            }
            bias += Math.log(r.estimate() / truth);
        }
        return new double[] {covered / (double) TRIALS, bias / TRIALS};
    }

    private static List<CrossoverRunner.Slice> slices(
            Crossover design, Random random, double noise, double walk, double trendPerSlice, double carry) {
        List<CrossoverRunner.Slice> slices = new ArrayList<>();
        double drift = 0;
        long ticks = 0, ms = 0;
        long[] answered = new long[MODES.size()];
        int before = -1, n = 0;
        for (List<DispatchMode> block : design.order()) {
            for (int pos = 0; pos < block.size(); pos++) {
                int m = MODES.indexOf(block.get(pos));
                drift += walk * random.nextGaussian();
                double log = Math.log(COST_US[m]) + drift + trendPerSlice * n++ + noise * random.nextGaussian();
                if (before >= 0) {
                    log += carry * (Math.log(COST_US[before]) - Math.log(COST_US[m]));
                }
                long requests = 15 * 1200 + random.nextInt(600);
                long cpuTicks = Math.round(requests * Math.exp(log) / 1e6 * ProcessStatus.TICKS_PER_SECOND);
                CrossoverRunner.Reading start = reading(ms, ticks, answered);
                answered[m] += requests;
                ticks += cpuTicks;
                ms += 15_000;
                slices.add(new CrossoverRunner.Slice(
                        slices.size() / MODES.size() + 1,
                        pos + 1,
                        MODES.get(m),
                        start,
                        reading(ms, ticks, answered),
                        start.epochMs() - 5_000));
                before = m;
            }
        }
        return slices;
    }

    private static CrossoverRunner.Reading reading(long ms, long ticks, long[] answered) {
        Map<DispatchMode, Long> counts = new EnumMap<>(DispatchMode.class);
        for (int i = 0; i < MODES.size(); i++) {
            counts.put(MODES.get(i), answered[i]);
        }
        return new CrossoverRunner.Reading(ms, ticks, 0, ticks, 0, counts);
    }

    @Test
    void coversTheTrueRatioWithNoiseAndASteadyHost() {
        double[] r = simulate(8, 0.02, 0, 0, 0, 1);
        report("noise 2 %, quiet host", r);
        // 2 000 trials: the coverage's standard error is 0.5 %, so ±3 of them
        assertTrue(r[0] > 0.935 && r[0] < 0.965, "coverage " + r[0]);
    }

    @Test
    void coversTheTrueRatioWhileTheHostDriftsAsFreshJvmsDiffer() {
        // a random walk of 2 % a slice: over a run of 32 slices about 11 %, the spread fresh JVMs show here
        double[] r = simulate(8, 0.02, 0.02, 0.002, 0, 2);
        report("noise 2 %, walk 2 % a slice, trend 0.2 % a slice", r);
        assertTrue(r[0] > 0.935 && r[0] < 0.965, "coverage " + r[0]);
        assertTrue(Math.abs(r[1]) < 0.003, "bias " + r[1]);
    }

    @Test
    void aCarryOverTheDiscardLeftBehindBiasesTheRatioByAShareOfTheDifference() {
        // a tenth of the mode before's difference still in the measured part of a slice
        double[] r = simulate(8, 0.02, 0.01, 0, 0.10, 3);
        report("noise 2 %, walk 1 %, carry-over 10 %", r);
        // the model's own expectation, slice by slice along the design's order: each slice carries a tenth of the log
        // difference from the mode before it (the first slice of the run none), averaged over the blocks
        Crossover design = new Crossover(MODES, 20, 5, 8, 300);
        double expected = 0;
        int before = -1;
        for (List<DispatchMode> block : design.order()) {
            for (DispatchMode mode : block) {
                int m = MODES.indexOf(mode);
                double carried = before < 0 ? 0 : 0.10 * (Math.log(COST_US[before]) - Math.log(COST_US[m]));
                // requests per CPU-second: the carried cost enters with its sign reversed
                expected += m == 2 ? -carried : m == 0 ? carried : 0;
                before = m;
            }
        }
        expected /= design.blocks();
        report("expected bias " + expected, r);
        assertTrue(Math.abs(r[1] - expected) < 0.001, "bias " + r[1] + " against " + expected);
    }

    private static void report(String what, double[] r) {
        System.out.printf(
                Locale.ROOT, "crossover simulation, %s: coverage %.3f, mean log bias %.4f%n", what, r[0], r[1]);
    }
}
