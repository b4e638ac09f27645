package dev.vtlab.compare.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.stats.BetweenComparisons.Component;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The between-comparisons component and the linearised ratio series, worked by hand. */
class BetweenComparisonsTest {

    /**
     * Two comparisons of three runs: {1, 2, 3} and {4, 5, 6}. Means 2 and 5, each with s² = 1. MSW = (2 + 2) / 4 = 1;
     * the comparisons' means vary by (2 − 3.5)² + (5 − 3.5)² = 4.5 (1 df), where the runs predict MSW / 3 = 1/3. MSB =
     * 3 · 4.5 = 13.5, n₀ = 3: τ² = (13.5 − 1) / 3 = 4.1667. F = 13.5 on (1, 4) df is t² with t = √13.5 = 3.674235 on 4
     * df, whose two-sided p is 1 − t (t² + 6) / (t² + 4)^{3/2} = 1 − 71.64758 / 73.20776 = 0.021312.
     */
    @Test
    void twoComparisonsOfThreeRunsEach() {
        Component c = BetweenComparisons.estimate(List.of(new double[] {1, 2, 3}, new double[] {4, 5, 6}));
        assertEquals("", c.why());
        assertEquals(2, c.comparisons());
        assertEquals(6, c.runs());
        assertEquals(4.5, c.observed(), 1e-12);
        assertEquals(1.0 / 3, c.predicted(), 1e-12);
        assertEquals(12.5 / 3, c.betweenComparisons(), 1e-12);
        assertEquals(0.021312, c.pValue(), 1e-6);
    }

    /**
     * Unequal runs: {10, 12} and {9, 10, 11, 14}. Means 11 and 11: nothing between the comparisons. MSW = (2 + 14) /
     * 4 = 4 (deviations ±1, and −2, −1, 0, 3), MSB = 0, τ² = 0 (negative, clamped), F = 0 so p = 1; predicted = (4/2 +
     * 4/4) / 2 = 1.5, observed 0.
     */
    @Test
    void comparisonsThatAgreeHaveNoComponent() {
        Component c = BetweenComparisons.estimate(List.of(new double[] {10, 12}, new double[] {9, 10, 11, 14}));
        assertEquals(0, c.observed(), 1e-12);
        assertEquals(1.5, c.predicted(), 1e-12);
        assertEquals(0, c.betweenComparisons(), 1e-12);
        assertEquals(1, c.pValue(), 1e-12);
    }

    @Test
    void oneComparisonOrOneRunEachGivesNone() {
        assertTrue(
                BetweenComparisons.estimate(List.of(new double[] {1, 2})).why().contains("fewer than 2"));
        assertTrue(BetweenComparisons.estimate(List.of(new double[] {1}, new double[] {2, Double.NaN}))
                .why()
                .contains("one run per comparison"));
    }

    /**
     * Requests 10, 20, 30 over CPU-seconds 0.5, 1, 1.5 (a constant 20 per CPU-second): R = 60 / 3 = 20, ȳ = 1, z = 20 +
     * (x − 20 y) = 20 every second. Requests 10, 30 over 1, 1 (and a second with no CPU sample, skipped): R = 20, z =
     * 20 + (10 − 20) / 1 = 10 and 30, mean 20.
     */
    @Test
    void theRatioSeriesMeanIsTheRunsRatio() {
        double[] z = VarianceComponents.ratioSeries(new double[] {10, 20, 30}, new double[] {0.5, 1, 1.5});
        assertEquals(3, z.length);
        for (double v : z) {
            assertEquals(20, v, 1e-12);
        }
        double[] gap = VarianceComponents.ratioSeries(new double[] {10, 99, 30}, new double[] {1, Double.NaN, 1});
        assertEquals(2, gap.length);
        assertEquals(10, gap[0], 1e-12);
        assertEquals(30, gap[1], 1e-12);
        assertEquals(0, VarianceComponents.ratioSeries(new double[] {1}, new double[] {0}).length);
    }
}
