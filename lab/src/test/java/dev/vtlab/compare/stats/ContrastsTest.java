package dev.vtlab.compare.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.stats.Contrasts.Difference;
import org.junit.jupiter.api.Test;

/** Welch's interval for a difference of means, on samples worked by hand. */
class ContrastsTest {

    /**
     * a = 7, 10, 13: mean 10, s² = 9, s²/n = 3. b = 12, 18, 20, 24, 26: mean 20, deviations −8, −2, 0, 4, 6, s² = 120 /
     * 4 = 30, s²/n = 6. se² = 3 + 6 = 9, se = 3. Welch's df = 9² / (3²/2 + 6²/4) = 81 / 13.5 = 6. t(0.975, 6) = 2.446912
     * (t table): −10 ± 7.340736 = −17.340736 … −2.659264. t = −10/3; with 6 df, x = t/√(6 + t²), u = 1 − x²,
     * F(|t|) = 1/2 + x/2 · (1 + u/2 + 3u²/8) = 0.992129, p = 2 (1 − F) = 0.015741.
     */
    @Test
    void welchsIntervalForTwoSamplesOfUnequalSizeAndSpread() {
        Difference d = Contrasts.difference(new double[] {7, 10, 13}, new double[] {12, 18, 20, 24, 26}, 0);
        assertTrue(d.determined());
        assertEquals(-10, d.estimate(), 1e-12);
        assertEquals(6, d.degreesOfFreedom(), 1e-12);
        assertEquals(-17.340736, d.low(), 1e-6);
        assertEquals(-2.659264, d.high(), 1e-6);
        assertEquals(0.015741, d.pValue(), 1e-6);
        assertEquals(3, d.n1());
        assertEquals(5, d.n2());
    }

    @Test
    void theRatioOfTwoModesCarriesBothSpreads() {
        // the same numbers as logs: mode A's logs ln 100 + 0.001·(7, 10, 13), mode B's ln 100 + 0.001·(12, 18, 20,
        // 24, 26): log ratio −0.010, se 0.003, 6 df, interval exp(−0.010 ∓ 2.446912 · 0.003) = 0.982809 … 0.997344
        double[] a = {7, 10, 13}, b = {12, 18, 20, 24, 26};
        LogRatio r = Ratios.unpaired(scaled(a), scaled(b), 0);
        assertEquals(Math.exp(-0.010), r.estimate(), 1e-12);
        assertEquals(0.982809, r.low(), 1e-6);
        assertEquals(0.997344, r.high(), 1e-6);
        assertEquals(0.015741, r.pValue(), 1e-6);
    }

    @Test
    void aFigureReadToAResolutionMayBeOffByItInTheDifference() {
        // 5 against 3 every run, read to 1: the means may be 4.5 and 3.5, or 5.5 and 2.5
        Difference d = Contrasts.difference(new double[] {5, 5, 5}, new double[] {3, 3, 3}, 1);
        assertEquals(1, d.low(), 1e-12);
        assertEquals(3, d.high(), 1e-12);
        assertEquals(0, d.pValue(), 1e-12);
        Difference touching = Contrasts.difference(new double[] {4, 4, 4}, new double[] {3, 3, 3}, 1);
        assertEquals(0, touching.low(), 1e-12);
        assertEquals(1, touching.pValue(), 1e-12);
        // with spread the resolution only widens Welch's interval
        double[] a = {7, 10, 13}, b = {12, 18, 20, 24, 26};
        Difference plain = Contrasts.difference(a, b, 0), read = Contrasts.difference(a, b, 1);
        assertEquals(plain.low() - 1, read.low(), 1e-9);
        assertEquals(plain.high() + 1, read.high(), 1e-9);
    }

    @Test
    void oneRunInAModeGivesNoInterval() {
        Difference d = Contrasts.difference(new double[] {4, Double.NaN}, new double[] {3, 2}, 0);
        assertFalse(d.determined());
        assertEquals(1.5, d.estimate(), 1e-12);
        assertTrue(Double.isNaN(d.low()) && Double.isNaN(d.pValue()));
        assertTrue(d.why().contains("fewer than 2"), d.why());
    }

    private static double[] scaled(double[] v) {
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = 100 * Math.exp(0.001 * v[i]);
        }
        return out;
    }
}
