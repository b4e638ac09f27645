package dev.vtlab.compare.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The chance a design finds identical modes equivalent, against comparisons simulated with Welch's interval. */
class EquivalenceChanceTest {

    @Test
    void aScaleSoSmallOrSoWideThatTheAnswerIsKnown() {
        // ln 1.05 = 0.0488: at a scale of 0.001 the 90 % interval is about ±0.002, always inside
        LogRatio narrow = LogRatio.of(0, 0.001, new Pivot.StudentT(20), 0, 0, 11, 11, LogRatio.Pairing.UNPAIRED, 4);
        assertEquals(1, Verdicts.equivalenceChance(narrow, 0.05), 1e-6);
        // at a scale of 0.15 it is about ±0.28, inside only if ŝ came out under a sixth of s: P(χ²₈ / 8 < 0.03) ≈ 10⁻⁶
        LogRatio wide = LogRatio.of(0, 0.15, new Pivot.StudentT(8), 0, 0, 5, 5, LogRatio.Pairing.UNPAIRED, 4);
        assertEquals(0, Verdicts.equivalenceChance(wide, 0.05), 1e-4);
    }

    @Test
    void anIntervalAsWideAsTheMarginFindsEquivalenceAQuarterOfTheTimeHalfAsWideAlmostAlways() {
        // many degrees of freedom: q = 1.645, the 95 % half-width 1.960·s. Half-width = ln 1.05 gives
        // 2Φ(1.960 − 1.645) − 1 = 2Φ(0.315) − 1 = 0.247; half that half-width 2Φ(3.920 − 1.645) − 1 = 2Φ(2.275) − 1
        // = 0.977 (normal table): why the sizing pilot designs for half the margin
        double d = Math.log(1.05);
        LogRatio atMargin =
                LogRatio.of(0, d / 1.96, new Pivot.StudentT(1e6), 0, 0, 50, 50, LogRatio.Pairing.UNPAIRED, 4);
        LogRatio atHalf = LogRatio.of(0, d / 3.92, new Pivot.StudentT(1e6), 0, 0, 50, 50, LogRatio.Pairing.UNPAIRED, 4);
        assertEquals(0.247, Verdicts.equivalenceChance(atMargin, 0.05), 0.002);
        assertEquals(0.977, Verdicts.equivalenceChance(atHalf, 0.05), 0.002);
    }

    /**
     * 4 000 simulated comparisons per design, both modes alike (ratio 1), log-normal runs: how often Welch's 90 %
     * interval lies within ±5 %, against the chance read at the true scale (s = σ·√(2/n), 2n − 2 degrees of freedom).
     * Measured, read against simulated: n 5, σ 3 %: 0.526 and 0.492; n 6, σ 5 %: 0.095 and 0.089; n 10, σ 3 %: 0.936
     * and 0.938. The reading runs a few points high where the runs are few, as Welch's degrees of freedom fall under
     * 2n − 2 when the two samples' spreads differ.
     */
    @Test
    void agreesWithSimulatedComparisons() {
        double[][] designs = {{5, 0.03}, {6, 0.05}, {10, 0.03}};
        for (double[] d : designs) {
            int n = (int) d[0];
            double sigma = d[1];
            Random random = new Random(5);
            int equivalent = 0, trials = 4000;
            for (int t = 0; t < trials; t++) {
                LogRatio r = Ratios.unpaired(
                        RatiosTest.logNormal(random, n, 1000, sigma), RatiosTest.logNormal(random, n, 1000, sigma), 0);
                if (Verdicts.judge(r, 0.05).verdict() == Verdicts.Verdict.EQUIVALENT) {
                    equivalent++;
                }
            }
            double simulated = equivalent / (double) trials;
            double logSigma = Math.sqrt(Math.log(1 + sigma * sigma));
            LogRatio truth = LogRatio.of(
                    0,
                    logSigma * Math.sqrt(2.0 / n),
                    new Pivot.StudentT(2 * n - 2),
                    0,
                    0,
                    n,
                    n,
                    LogRatio.Pairing.UNPAIRED,
                    4);
            double read = Verdicts.equivalenceChance(truth, 0.05);
            System.out.printf(
                    "equivalence chance, n %d, σ %.2f: read %.3f, simulated %.3f%n", n, sigma, read, simulated);
            assertTrue(
                    Math.abs(read - simulated) < 0.05,
                    "n " + n + ", σ " + sigma + ": read " + read + ", simulated " + simulated);
        }
    }
}
