package dev.vtlab.compare.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** The intervals on inputs whose answers are known without this code. */
class StatsTest {

    @Test
    void meanIntervalIsTheTextbookTInterval() {
        // 1..5: mean 3, s = sqrt(2.5), t(0.975, 4) = 2.776445 (any t table) -> 3 ± 1.963243
        Stats.Interval i = Stats.mean(new double[] {1, 2, 3, 4, 5}, 0);
        assertEquals(5, i.n());
        assertEquals(3, i.mean(), 1e-12);
        assertEquals(3 - 1.963243, i.low(), 1e-5);
        assertEquals(3 + 1.963243, i.high(), 1e-5);
        assertEquals(12.706205, Stats.t(1), 1e-5);
    }

    @Test
    void oneValueHasNoInterval() {
        Stats.Interval i = Stats.mean(new double[] {7}, 0);
        assertEquals(7, i.mean());
        assertTrue(Double.isNaN(i.low()) && Double.isNaN(i.high()));
        Stats.Ratio r = Stats.ratio(new double[] {7}, new double[] {5}, 0);
        assertEquals(Stats.Verdict.UNDETERMINED, r.verdict());
        assertEquals(1.4, r.estimate(), 1e-12);
        assertTrue(r.text().contains("compare.repeats"), r.text());
    }

    @Test
    void identicalModesShowNoSignificantDifference() {
        double[] runs = {1012, 987, 1003, 995, 1020};
        Stats.Ratio r = Stats.ratio(runs.clone(), runs.clone(), 0);
        assertEquals(1, r.estimate(), 1e-12);
        assertEquals(Stats.Verdict.NO_SIGNIFICANT_DIFFERENCE, r.verdict());
        assertTrue(r.low() < 1 && r.high() > 1);
        assertTrue(r.text().startsWith("no significant difference"), r.text());
    }

    @Test
    void aFigureReadInWholeMillisecondsIsNotCalledDifferentByLessThanItsResolution() {
        // every run read 31 ms in one mode and 32 ms in the other: both could be 31.5 ms
        Stats.Ratio r = Stats.ratio(new double[] {31, 31, 31}, new double[] {32, 32, 32}, 1);
        assertEquals(31.0 / 32, r.estimate(), 1e-12);
        assertEquals(30.5 / 32.5, r.low(), 1e-12);
        assertEquals(1.0, r.high(), 1e-12);
        assertEquals(Stats.Verdict.NO_SIGNIFICANT_DIFFERENCE, r.verdict(), r.text());
        Stats.Ratio apart = Stats.ratio(new double[] {30, 30, 30}, new double[] {32, 32, 32}, 1);
        assertEquals(Stats.Verdict.LOWER, apart.verdict());
        assertEquals(29.5 / 32.5, apart.low(), 1e-12);
        assertEquals(30.5 / 31.5, apart.high(), 1e-12);
        // with spread, the resolution only widens Fieller's interval
        double[] mode = {40, 42, 41}, base = {45, 44, 46};
        Stats.Ratio plain = Stats.ratio(mode, base, 0), read = Stats.ratio(mode, base, 1);
        assertEquals(plain.estimate(), read.estimate(), 1e-12);
        assertTrue(read.low() < plain.low() && read.high() > plain.high(), read.text());
        Stats.Interval i = Stats.mean(new double[] {25, 25, 25}, 1);
        assertEquals(24.5, i.low(), 1e-12);
        assertEquals(25.5, i.high(), 1e-12);
        assertEquals(
                Stats.Verdict.UNDETERMINED,
                Stats.ratio(new double[] {1, 1}, new double[] {0.4, 0.4}, 1).verdict());
    }

    @Test
    void withAConstantBaselineTheRatioIntervalIsTheMeanIntervalScaled() {
        // Fieller with no spread in the baseline reduces to the t interval of the mode divided by the baseline
        double[] mode = {1, 2, 3, 4, 5};
        Stats.Ratio r = Stats.ratio(mode, new double[] {2, 2, 2}, 0);
        assertEquals(1.5, r.estimate(), 1e-12);
        assertEquals((3 - 1.963243) / 2, r.low(), 1e-5);
        assertEquals((3 + 1.963243) / 2, r.high(), 1e-5);
    }

    @Test
    void clearlySeparatedModesGetADirectionAndItsRange() {
        Stats.Ratio slower =
                Stats.ratio(new double[] {700, 720, 710, 690, 705}, new double[] {1000, 1010, 990, 1005, 995}, 0);
        assertEquals(Stats.Verdict.LOWER, slower.verdict());
        assertTrue(slower.high() < 1 && slower.low() > 0.65, slower.toString());
        assertTrue(slower.text().startsWith("lower by 29."), slower.text());
        Stats.Ratio faster =
                Stats.ratio(new double[] {1000, 1010, 990, 1005, 995}, new double[] {700, 720, 710, 690, 705}, 0);
        assertEquals(Stats.Verdict.HIGHER, faster.verdict());
    }

    @Test
    void aNoisyBaselineNearZeroGivesNoBoundedInterval() {
        Stats.Ratio r = Stats.ratio(new double[] {10, 11}, new double[] {0.1, 5}, 0);
        assertEquals(Stats.Verdict.UNDETERMINED, r.verdict());
    }

    @Test
    void fiellersIntervalCoversTheTrueRatioAboutNinetyFivePercentOfTheTime() {
        // 4000 simulated comparisons of 5 runs each, true ratio 0.8, unequal spreads (fixed seed)
        Random random = new Random(42);
        int covered = 0, trials = 4000;
        for (int i = 0; i < trials; i++) {
            double[] mode = new double[5], base = new double[5];
            for (int k = 0; k < 5; k++) {
                mode[k] = 800 + 40 * random.nextGaussian();
                base[k] = 1000 + 20 * random.nextGaussian();
            }
            Stats.Ratio r = Stats.ratio(mode, base, 0);
            if (r.low() <= 0.8 && 0.8 <= r.high()) {
                covered++;
            }
        }
        double coverage = covered / (double) trials;
        assertTrue(coverage > 0.93 && coverage < 0.97, "coverage " + coverage);
    }

    @Test
    void percentilesAreNearestRank() {
        long[] oneToHundred = LongStream.rangeClosed(1, 100).toArray();
        assertEquals(50, Stats.percentile(oneToHundred, 50));
        assertEquals(95, Stats.percentile(oneToHundred, 95));
        assertEquals(99, Stats.percentile(oneToHundred, 99));
        assertEquals(20, Stats.percentile(new long[] {10, 20, 30, 40}, 50)); // rank ceil(0.5 * 4) = 2
        assertEquals(40, Stats.percentile(new long[] {10, 20, 30, 40}, 95)); // rank ceil(3.8) = 4
        assertTrue(Double.isNaN(Stats.percentile(new long[0], 50)));
    }
}
