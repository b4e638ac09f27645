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
     * Measured, read against simulated: n 3, σ 3 %: 0.203 and 0.160; n 5, σ 3 %: 0.526 and 0.492; n 6, σ 5 %: 0.095 and 0.089; n 10, σ 3 %: 0.936
     * and 0.938. The reading runs a few points high where the runs are few, as Welch's degrees of freedom fall under
     * 2n − 2 when the two samples' spreads differ.
     */
    @Test
    void agreesWithSimulatedComparisons() {
        double[][] designs = {{3, 0.03}, {5, 0.03}, {6, 0.05}, {10, 0.03}};
        for (double[] d : designs) {
            int n = (int) d[0];
            double sigma = d[1];
            double simulated = simulatedEquivalent(n, sigma, 4000, new Random(5));
            LogRatio truth = logNormalRuns(sigma, n);
            double read = Verdicts.equivalenceChance(truth, 0.05);
            System.out.printf(
                    "equivalence chance, n %d, σ %.2f: read %.3f, simulated %.3f%n", n, sigma, read, simulated);
            assertTrue(
                    Math.abs(read - simulated) < 0.05,
                    "n " + n + ", σ " + sigma + ": read " + read + ", simulated " + simulated);
        }
    }

    /** The share of {@code trials} simulated comparisons of n log-normal runs per mode (ratio 1) judged equivalent. */
    private static double simulatedEquivalent(int n, double sigma, int trials, Random random) {
        int equivalent = 0;
        for (int t = 0; t < trials; t++) {
            LogRatio r = Ratios.unpaired(
                    RatiosTest.logNormal(random, n, 1000, sigma), RatiosTest.logNormal(random, n, 1000, sigma), 0);
            if (Verdicts.judge(r, 0.05).verdict() == Verdict.EQUIVALENT) {
                equivalent++;
            }
        }
        return equivalent / (double) trials;
    }

    @Test
    void theRunsADesignNeedsForEightyPercentMatchANormalApproximationAndSimulatedComparisons() {
        // By hand, with the normal in place of t: identical modes are equivalent when |estimate| ≤ ln 1.05 − 1.645·s,
        // with probability 2Φ(ln 1.05 / s − 1.645) − 1; 80 % needs ln 1.05 / s ≥ 1.645 + z(0.90) = 1.645 + 1.282 =
        // 2.926, s = σ·√(2/n), so n ≥ 2·(2.926·σ / 0.04879)²: 6.5 at σ 3 %, 18.0 at σ 5 %. t's heavier tails and a
        // random ŝ add a few runs where the runs are few. And whatever ratio measured the spread, with 3 runs or 10,
        // the answer is the same.
        double d = Math.log(1.05);
        for (double sigma : new double[] {0.03, 0.05}) {
            double normal = 2 * Math.pow(2.926 * sigma / d, 2);
            int fromThree = need(sigma, 3), fromTen = need(sigma, 10);
            System.out.printf(
                    "runs for equivalence at 80 %%, σ %.2f: %d (normal approximation %.1f)%n",
                    sigma, fromThree, normal);
            assertEquals(fromThree, fromTen);
            assertTrue(fromThree >= Math.ceil(normal) && fromThree <= Math.ceil(normal) + 3, sigma + ": " + fromThree);
            // and simulated: n runs per mode find identical modes equivalent at least about 80 % of the time, n − 1 not
            Random random = new Random(11);
            double atN = simulatedEquivalent(fromThree, sigma, 4000, random);
            double below = simulatedEquivalent(fromThree - 1, sigma, 4000, random);
            System.out.printf("  simulated: %d runs %.3f, %d runs %.3f%n", fromThree, atN, fromThree - 1, below);
            assertTrue(atN >= 0.77 && below < 0.83, sigma + ": " + atN + ", " + below);
        }
        // a spread too wide for the bound: none
        LogRatio wide = LogRatio.of(0, 0.15, new Pivot.StudentT(4), 0, 0, 3, 3, LogRatio.Pairing.UNPAIRED, 4);
        assertEquals(null, Verdicts.runsForEquivalence(wide, 0.05, 0.80, 50));
    }

    /** The runs per mode {@link Verdicts#runsForEquivalence} asks for, read from a ratio of {@code n} runs per mode. */
    private static int need(double sigma, int n) {
        return Verdicts.runsForEquivalence(logNormalRuns(sigma, n), 0.05, 0.80, 50);
    }

    /**
     * The log ratio of n log-normal runs per mode of spread {@code sigma}, at its true scale: s = σ·√(2/n) on the logs,
     * 2n − 2 degrees of freedom.
     */
    private static LogRatio logNormalRuns(double sigma, int n) {
        double logSigma = Math.sqrt(Math.log(1 + sigma * sigma));
        return LogRatio.of(
                0,
                logSigma * Math.sqrt(2.0 / n),
                new Pivot.StudentT(2 * n - 2),
                0,
                0,
                n,
                n,
                LogRatio.Pairing.UNPAIRED,
                4);
    }

    @Test
    void whatThreeRunsPerModeBuyAtAThreePercentSpread() {
        // by hand: t(0.975, 4) = 2.776 (a t table), s = 0.03·√(2/3) = 0.02449, exp(2.776 · 0.02449) − 1 = 0.0704
        Verdicts.Design three = Verdicts.design(3, 0.03, 0.05);
        assertEquals(0.0704, three.halfWidth(), 5e-4);
        // and its chance is the one a ratio of that scale reads
        LogRatio same = LogRatio.of(
                0, 0.03 * Math.sqrt(2.0 / 3), new Pivot.StudentT(4), 0, 0, 3, 3, LogRatio.Pairing.UNPAIRED, 4);
        assertEquals(Verdicts.equivalenceChance(same, 0.05), three.equivalenceChance(), 1e-12);
    }
}
