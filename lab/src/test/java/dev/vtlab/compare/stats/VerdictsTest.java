package dev.vtlab.compare.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.stats.Verdicts.Judgement;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Verdicts on constructed runs whose intervals are derived by hand. Three runs per mode whose logs are ln 100 + δ +
 * s·{−1, 0, 1} (mode) and ln 100 + s·{−1, 0, 1} (baseline): the log ratio is δ, both sample SDs are s, se = s·√(2/3),
 * Welch's df = 4; t(0.975, 4) = 2.776445 and t(0.95, 4) = 2.131847 (t table). So the 95 % interval is exp(δ ±
 * 2.266958 s) and the 90 % one exp(δ ± 1.740646 s). The ±5 % margin is [1/1.05, 1.05] = [0.952381, 1.05], on the log
 * scale ±0.048790.
 */
class VerdictsTest {

    @Test
    void withinTheMarginAndNotDifferentIsEquivalent() {
        // δ = 0.01, s = 0.01: 95 % exp(−0.012670 … 0.032670) contains 1; 90 % exp(−0.007406 … 0.027406)
        // = 0.99262 … 1.02779, inside the margin: −0.7 % … +2.8 %
        Judgement j = Verdicts.judge(runs(0.01, 0.01));
        assertEquals(Verdict.EQUIVALENT, j.verdict());
        assertFalse(j.differs());
        assertEquals(0.99262, j.equivalence().low(), 1e-5);
        assertEquals(1.02779, j.equivalence().high(), 1e-5);
        assertEquals("equivalent within ±5 % (90 % CI -0.7 % … +2.8 %)", j.text());
    }

    @Test
    void aSignificantDifferenceInsideTheMarginIsEquivalentAndSaysSo() {
        // δ = −0.02, s = 0.005: 95 % exp(−0.031335 … −0.008665) excludes 1; 90 % 0.97170 … 0.98877 inside the margin.
        // Estimate exp(−0.02) − 1 = −1.98 %; 90 % ends 1.12 % and 2.83 % below 1.
        Judgement j = Verdicts.judge(runs(-0.02, 0.005));
        assertEquals(Verdict.EQUIVALENT, j.verdict());
        assertTrue(j.differs());
        assertEquals("equivalent within ±5 %: lower by 2.0 % (90 % CI 1.1–2.8 %)", j.text());
    }

    @Test
    void aDifferenceBeyondTheMarginIsHigherOrLowerBeyondIt() {
        // δ = 0.10, s = 0.01: 95 % exp(0.077330 … 0.122670) = +8.04 % … +13.05 %, estimate +10.52 %; its low end
        // 1.0804 lies past 1.05
        Judgement j = Verdicts.judge(runs(0.10, 0.01));
        assertEquals(Verdict.HIGHER_BEYOND_MARGIN, j.verdict());
        assertEquals("higher beyond the margin: 10.5 % (CI 8.0–13.1 %)", j.text());
        // the same runs the other way round: high end exp(−0.077330) = 0.9256, below 1/1.05
        Judgement inverse = Verdicts.judge(Ratios.unpaired(base(0.01), mode(0.10, 0.01), 0));
        assertEquals(Verdict.LOWER_BEYOND_MARGIN, inverse.verdict());
        assertTrue(inverse.text().startsWith("lower beyond the margin: 9.5 %"), inverse.text()); // 1 − e^−0.1 = 9.52 %
    }

    @Test
    void aDifferenceThatMayBeSmallerThanTheMarginIsStillADifferenceWithinIt() {
        // δ = 0.04, s = 0.01: 95 % +1.75 % … +6.47 % excludes 1, but its low end is inside 1.05; 90 % up to
        // exp(0.057406) = 1.05909 > 1.05, so not equivalent
        Judgement j = Verdicts.judge(runs(0.04, 0.01));
        assertEquals(Verdict.HIGHER_WITHIN_MARGIN, j.verdict());
        assertEquals("higher, within the margin: 4.1 % (CI 1.7–6.5 %)", j.text());
    }

    @Test
    void neitherADifferenceNorWithinTheMarginIsInconclusive() {
        // δ = 0.02, s = 0.03: 95 % exp(−0.048009 … 0.088009) = −4.69 % … +9.20 % contains 1;
        // 90 % exp(−0.032219 … 0.072219) reaches past 1.05
        Judgement j = Verdicts.judge(runs(0.02, 0.03));
        assertEquals(Verdict.INCONCLUSIVE, j.verdict());
        assertEquals("inconclusive (-4.7 % … +9.2 %): neither a difference nor within ±5 %", j.text());
        // within ±10 % (log ±0.095310) the same runs are equivalent
        Judgement wide = Verdicts.judge(runs(0.02, 0.03), 0.10);
        assertEquals(Verdict.EQUIVALENT, wide.verdict());
        assertTrue(wide.text().startsWith("equivalent within ±10 % "), wide.text());
        assertTrue(Verdicts.judge(runs(0.02, 0.03), 0.025).text().endsWith("within ±2.5 %"));
        assertThrows(IllegalArgumentException.class, () -> Verdicts.judge(runs(0.02, 0.03), 0));
    }

    @Test
    void theMarginIsAFactorEitherWaySoSwappingTheModesKeepsTheVerdict() {
        // δ = −0.030, s = 0.01: 90 % low exp(−0.047406) = 0.95370 >= 0.952381: equivalent
        assertEquals(Verdict.EQUIVALENT, Verdicts.judge(runs(-0.030, 0.01)).verdict());
        // δ = −0.032: 90 % low exp(−0.049406) = 0.95179, inside [0.95, 1.05] but below 1/1.05: not equivalent;
        // its 95 % interval exp(−0.054670 … −0.009330) = 0.94679 … 0.99071 excludes 1, not wholly past the margin
        assertEquals(
                Verdict.LOWER_WITHIN_MARGIN, Verdicts.judge(runs(-0.032, 0.01)).verdict());
        // swapped, its 90 % interval is 1.01470 … 1.05065, past 1.05 alike
        assertEquals(
                Verdict.HIGHER_WITHIN_MARGIN,
                Verdicts.judge(Ratios.unpaired(base(0.01), mode(-0.032, 0.01), 0))
                        .verdict());
    }

    @Test
    void noIntervalGivesTheReason() {
        LogRatio none = Ratios.unpaired(new double[] {7}, new double[] {5, 6}, 0);
        Judgement j = Verdicts.judge(none);
        assertEquals(Verdict.UNDETERMINED, j.verdict());
        assertEquals("undetermined: " + none.why(), j.text());
    }

    @Test
    void atTheMarginTheEquivalenceTestErrsAtMostFivePercentOfTheTime() {
        // the true ratio is 1.05, the margin's edge: declaring equivalence is the error TOST bounds at 5 %.
        // 4000 comparisons of 5 runs per mode, CV 5 % in both (fixed seed); Monte Carlo SE ≈ 0.35 %. Measured 1.85 %:
        // with so few runs the two one-sided tests are conservative.
        Random random = new Random(7);
        int equivalent = 0, trials = 4000;
        for (int i = 0; i < trials; i++) {
            double[] mode = RatiosTest.logNormal(random, 5, 1050, 0.05);
            double[] base = RatiosTest.logNormal(random, 5, 1000, 0.05);
            if (Verdicts.judge(Ratios.unpaired(mode, base, 0)).verdict() == Verdict.EQUIVALENT) {
                equivalent++;
            }
        }
        assertTrue(equivalent / (double) trials <= 0.06, "equivalent " + equivalent / (double) trials);
    }

    private static LogRatio runs(double delta, double s) {
        return Ratios.unpaired(mode(delta, s), base(s), 0);
    }

    private static double[] mode(double delta, double s) {
        return new double[] {100 * Math.exp(delta - s), 100 * Math.exp(delta), 100 * Math.exp(delta + s)};
    }

    private static double[] base(double s) {
        return mode(0, s);
    }
}
