package dev.vtlab.compare.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.stats.VarianceComponents.Components;
import dev.vtlab.compare.stats.VarianceComponents.Design;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The two-level variance components on simulated runs with known components, and a design worked by hand. */
class VarianceComponentsTest {

    @Test
    void autocorrelatedSecondsAndVaryingRunsAreSeparated() {
        // 1000 runs of 400 s. Within a run: AR(1) with φ = 0.5 and innovations of SD 1, so the long-run variance per
        // second is λ = 1 / (1 − φ)² = 4 (the marginal variance is only 1 / (1 − φ²) = 1.33: treating the seconds as
        // independent would take λ for 1.33). Between runs: each run's own mean is 100 + N(0, 0.2²), σ² = 0.04.
        // The batch means' lag-1 autocorrelation is about φ / (k (1 − φ²)) = 0.67 / k: 16-s batches are the first
        // doubling under 0.05, where λ comes out about 2σ²φ / (k (1 − φ)²) = 0.33 low (8 %). The run means' variance,
        // σ² + λ/L = 0.05, has a sampling SE of √(2 / 999) · 0.05 = 0.0022 with 1000 runs: 6 % of σ².
        // Measured: λ 3.66 (−8.5 %, the batches' bias), σ² 0.0412 (+2.9 %).
        Components c = VarianceComponents.estimate(runs(new Random(1), 1000, 400, 0.5, 1, 0.2));
        assertEquals("", c.why());
        assertEquals(16, c.batchSeconds());
        assertEquals(4, c.withinPerSecond(), 0.15 * 4);
        assertEquals(0.04, c.betweenRuns(), 0.20 * 0.04);
        assertEquals(100, c.mean(), 0.05);
        assertEquals(1000, c.runs());
        assertEquals(400, c.windowSeconds(), 1e-9); // 25 whole batches of 16 s
    }

    @Test
    void independentSecondsNeedNoBatches() {
        // φ = 0: λ is the variance of one second, 1; σ² = 0.1² = 0.01
        Components c = VarianceComponents.estimate(runs(new Random(2), 400, 300, 0, 1, 0.1));
        assertEquals(1, c.batchSeconds());
        assertEquals(1, c.withinPerSecond(), 0.05);
        assertEquals(0.01, c.betweenRuns(), 0.20 * 0.01);
    }

    @Test
    void runsTooFewOrTooShortGiveNoComponents() {
        Random random = new Random(3);
        assertTrue(Double.isNaN(
                VarianceComponents.estimate(runs(random, 1, 100, 0, 1, 0.1)).betweenRuns()));
        Components shortRuns = VarianceComponents.estimate(runs(random, 5, 9, 0, 1, 0.1));
        assertTrue(shortRuns.why().contains("too short"), shortRuns.why());
        // strongly correlated seconds in short runs: the longest batches allowed are still correlated, and it says so
        Components correlated = VarianceComponents.estimate(runs(random, 50, 40, 0.95, 1, 0.1));
        assertTrue(correlated.why().contains("still autocorrelated"), correlated.why());
        assertFalse(Double.isNaN(correlated.withinPerSecond()));
    }

    @Test
    void theCheapestDesignWorkedByHand() {
        // λ = 4, σ² = 0.01, mean 10; a second of window costs 1 s, a run's overhead 100 s.
        // L* = √(100 · 4 / (1 · 0.01)) = 200 s (cost per unit of precision (c₂ + c₁L)(σ² + λ/L): 9.17 at 150 s, 9.0
        // at 200 s, 9.1 at 250 s). Per run σ² + λ/L = 0.03. Target ±2 %, 0.2: t(0.975, n−1) · √(0.03 / n) is 0.215 at
        // n = 5 (t = 2.776445) and 0.1818 at n = 6 (t = 2.570582): 6 runs, 6 · (100 + 200) = 1800 s, ±1.818 %.
        Components c = new Components(10, 5, 300, 4, 0, 4, 0.01, "");
        Design d = VarianceComponents.design(c, 1, 100, 0.02, 100, 3600);
        assertEquals(200, d.windowSeconds());
        assertEquals(6, d.runs());
        assertEquals(1800, d.seconds(), 1e-9);
        assertEquals(0.018177, d.halfWidth(), 1e-6);
        assertTrue(d.reachesTarget());
        // a budget of 5 runs reaches ±2.15 %
        Design capped = VarianceComponents.design(c, 1, 100, 0.02, 5, 3600);
        assertEquals(5, capped.runs());
        assertEquals(0.021506, capped.halfWidth(), 1e-6);
        assertFalse(capped.reachesTarget());
        assertEquals("5 runs of 200 s reach ±2.2 %, not ±2.0 %", capped.why());
        // no between-run variance: as long a window as allowed (in whole 4-s batches), and 2 runs for an interval:
        // t(0.975, 1) = 12.706205, 12.706205 · √(4 / 1000 / 2) / 10 = 5.68 % for 1000 s
        Design longest = VarianceComponents.design(new Components(10, 5, 300, 4, 0, 4, 0, ""), 1, 100, 0.10, 100, 1002);
        assertEquals(1000, longest.windowSeconds());
        assertEquals(2, longest.runs());
        assertEquals(12.706205 * Math.sqrt(0.004 / 2) / 10, longest.halfWidth(), 1e-6);
    }

    /** n runs of the given length: 100 + N(0, between²) + AR(1)(φ, innovations of SD innovation), stationary. */
    private static List<double[]> runs(
            Random random, int n, int seconds, double phi, double innovation, double between) {
        List<double[]> runs = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            double mean = 100 + between * random.nextGaussian();
            double e = innovation / Math.sqrt(1 - phi * phi) * random.nextGaussian();
            double[] run = new double[seconds];
            for (int s = 0; s < seconds; s++) {
                e = phi * e + innovation * random.nextGaussian();
                run[s] = mean + e;
            }
            runs.add(run);
        }
        return runs;
    }
}
