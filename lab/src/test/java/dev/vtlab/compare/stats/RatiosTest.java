package dev.vtlab.compare.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.stats.LogRatio.Pairing;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The log-scale ratio on inputs whose answers are known without this code. */
class RatiosTest {

    @Test
    void unpairedIsWelchsIntervalOnTheLogsExponentiated() {
        // logs of the mode: ln 100 + {0.01, 0.02, 0.03}; of the baseline: ln 100 + {0, 0.01, 0.02}.
        // Difference of mean logs 0.01; each sample variance 0.01², so se = 0.01 * sqrt(1/3 + 1/3) = 0.0081650.
        // Welch df = (2/3)² / ((1/3)² / 2 + (1/3)² / 2) = 4 (in units of 0.01⁴); t(0.975, 4) = 2.776445 (t table):
        // half-width 0.0226696, interval exp(0.01 ∓ 0.0226696) = 0.987410 … 1.033209.
        // p: t = 0.01 / 0.0081650 = 1.224745; with 4 df, F(t) = 1/2 + 3/4 · t/√(4+t²) · (1 − t²/(3(4+t²))) = 0.856068,
        // p = 2 (1 − F) = 0.287864.
        double[] mode = {100 * Math.exp(0.01), 100 * Math.exp(0.02), 100 * Math.exp(0.03)};
        double[] base = {100, 100 * Math.exp(0.01), 100 * Math.exp(0.02)};
        LogRatio r = Ratios.unpaired(mode, base, 0);
        assertTrue(r.determined(), r.why());
        assertEquals(Math.exp(0.01), r.estimate(), 1e-12);
        assertEquals(0.987410, r.low(), 1e-6);
        assertEquals(1.033209, r.high(), 1e-6);
        assertEquals(0.287864, r.pValue(), 1e-6);
        assertEquals(3, r.n1());
        assertEquals(3, r.n2());
        assertEquals(Pairing.UNPAIRED, r.pairing());
        // the 90 % interval: t(0.95, 4) = 2.131847 (t table)
        LogRatio.Bounds ninety = r.interval(0.90);
        assertEquals(Math.exp(0.01 - 2.131847 * 0.01 * Math.sqrt(2.0 / 3)), ninety.low(), 1e-6);
        assertEquals(Math.exp(0.01 + 2.131847 * 0.01 * Math.sqrt(2.0 / 3)), ninety.high(), 1e-6);
    }

    @Test
    void swappingTheModesInvertsTheInterval() {
        double[] a = {812, 845, 790, 860}, b = {700, 760, 731};
        LogRatio ab = Ratios.unpaired(a, b, 0), ba = Ratios.unpaired(b, a, 0);
        assertEquals(1 / ab.estimate(), ba.estimate(), 1e-12);
        assertEquals(1 / ab.high(), ba.low(), 1e-12);
        assertEquals(1 / ab.low(), ba.high(), 1e-12);
        assertEquals(ab.pValue(), ba.pValue(), 1e-12);
    }

    @Test
    void whereFiellersIntervalGoesBelowZeroTheLogIntervalStaysPositiveOrSaysItCannotBound() {
        // three runs that vary a lot: the kind that printed "−162 % … +374 %"
        double[] mode = {40, 260, 95}, base = {120, 30, 70};
        // Fieller's interval for a ratio of arithmetic means (what the comparison used before) goes below zero here
        LogRatio unbounded = Ratios.unpaired(mode, base, 0, Double.POSITIVE_INFINITY);
        assertTrue(unbounded.low() > 0 && unbounded.high() > unbounded.low(), unbounded.toString());
        LogRatio r = Ratios.unpaired(mode, base, 0);
        assertFalse(r.determined());
        assertTrue(Double.isNaN(r.low()) && Double.isNaN(r.high()) && Double.isNaN(r.pValue()));
        assertTrue(r.why().contains("factor of 4"), r.why());
        // the estimate is still the ratio of geometric means: (40·260·95 / (120·30·70))^(1/3)
        assertEquals(Math.cbrt(40.0 * 260 * 95 / (120.0 * 30 * 70)), r.estimate(), 1e-12);
    }

    @Test
    void dataThatCannotBoundARatioGiveAReasonNotANumber() {
        LogRatio one = Ratios.unpaired(new double[] {7}, new double[] {5, 6}, 0);
        assertFalse(one.determined());
        assertTrue(one.why().contains("fewer than 2"), one.why());
        assertEquals(7 / Math.sqrt(30), one.estimate(), 1e-12);
        // a NaN is a run left out: two values left are still enough, one is not
        assertTrue(Ratios.unpaired(new double[] {7, Double.NaN, 8}, new double[] {5, 6}, 0)
                .determined());
        assertFalse(Ratios.unpaired(new double[] {7, Double.NaN}, new double[] {5, 6}, 0)
                .determined());
        LogRatio zero = Ratios.unpaired(new double[] {0, 3, 4}, new double[] {5, 6}, 0);
        assertTrue(zero.why().contains("positive"), zero.why());
        assertTrue(Double.isNaN(zero.estimate()));
        assertTrue(Ratios.unpaired(new double[] {3, 4}, new double[] {-5, 6}, 0)
                .why()
                .contains("positive"));
        assertTrue(Ratios.unpaired(new double[] {3, 4}, new double[] {0.4, 6}, 1)
                .why()
                .contains("resolution"));
    }

    @Test
    void aFigureReadInWholeMillisecondsMovesTheEndsByHalfItsResolution() {
        // every run read 31 ms in one mode and 32 ms in the other: both could be 31.5 ms
        LogRatio r = Ratios.unpaired(new double[] {31, 31, 31}, new double[] {32, 32, 32}, 1);
        assertEquals(31.0 / 32, r.estimate(), 1e-12);
        assertEquals(30.5 / 32.5, r.low(), 1e-12);
        assertEquals(1.0, r.high(), 1e-12);
        assertEquals(1.0, r.pValue(), 1e-12); // 1 is in the interval: nothing to reject
        LogRatio apart = Ratios.unpaired(new double[] {30, 30, 30}, new double[] {32, 32, 32}, 1);
        assertEquals(29.5 / 32.5, apart.low(), 1e-12);
        assertEquals(30.5 / 31.5, apart.high(), 1e-12);
        assertEquals(0.0, apart.pValue(), 1e-12);
        // with spread the resolution only widens the interval, and the p-value rises with it
        double[] mode = {40, 42, 41}, base = {45, 44, 46};
        LogRatio plain = Ratios.unpaired(mode, base, 0), read = Ratios.unpaired(mode, base, 1);
        assertEquals(plain.estimate(), read.estimate(), 1e-12);
        assertTrue(read.low() < plain.low() && read.high() > plain.high(), read.toString());
        assertTrue(read.pValue() > plain.pValue(), read.toString());
    }

    @Test
    void the95PercentIntervalCoversTheTrueRatioOf3And5RunsFromLogNormalData() {
        // 4000 simulated comparisons per size, true ratio of medians 0.8, each mode's CV drawn from 5–20 %
        for (int n : new int[] {3, 5}) {
            Coverage c = simulate(new Random(20240 + n), n, 4000);
            assertTrue(c.covered >= 0.94 && c.covered <= 0.97, n + " runs: coverage " + c.covered);
            // the interval and the test agree: p < 0.05 exactly when 1 is outside the interval
            assertEquals(0, c.disagreements, n + " runs");
            // measured 0.9578 (3 runs) and 0.9505 (5 runs); the factor-4 rule left 3.6 % of the 3-run comparisons
            // without an answer and none of the 5-run ones
            assertTrue(c.undetermined <= (n == 3 ? 0.05 : 0), n + " runs: undetermined " + c.undetermined);
        }
    }

    private record Coverage(double covered, double undetermined, int disagreements) {}

    private static Coverage simulate(Random random, int n, int trials) {
        double truth = 0.8;
        int covered = 0, undetermined = 0, disagreements = 0;
        for (int i = 0; i < trials; i++) {
            double[] mode = logNormal(random, n, 800, 0.05 + 0.15 * random.nextDouble());
            double[] base = logNormal(random, n, 1000, 0.05 + 0.15 * random.nextDouble());
            LogRatio r = Ratios.unpaired(mode, base, 0, Double.POSITIVE_INFINITY);
            if (r.low() <= truth && truth <= r.high()) {
                covered++;
            }
            if ((r.pValue() < 0.05) != (r.low() > 1 || r.high() < 1)) {
                disagreements++;
            }
            if (!Ratios.unpaired(mode, base, 0).determined()) {
                undetermined++;
            }
        }
        return new Coverage(covered / (double) trials, undetermined / (double) trials, disagreements);
    }

    /** n log-normal values with this median and coefficient of variation. */
    static double[] logNormal(Random random, int n, double median, double cv) {
        double sigma = Math.sqrt(Math.log(1 + cv * cv));
        double[] v = new double[n];
        for (int k = 0; k < n; k++) {
            v[k] = median * Math.exp(sigma * random.nextGaussian());
        }
        return v;
    }
}
