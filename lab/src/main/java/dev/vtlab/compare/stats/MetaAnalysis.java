package dev.vtlab.compare.stats;

import java.util.Arrays;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Several comparisons of the same question, on other days or hosts, joined into one ratio: a random-effects
 * meta-analysis of their log ratios. Each comparison brings its log ratio yᵢ and its standard error sᵢ; the ratio
 * itself may move between comparisons by τ (on the log scale) beyond what their runs predict, and that τ, not the
 * runs' spread, is what says whether a figure holds on another day.
 *
 * <p>τ² by DerSimonian and Laird's moment estimator (1986): Q = Σ wᵢ (yᵢ − ȳ)² with wᵢ = 1/sᵢ², τ² = max(0, (Q − (k −
 * 1)) / (Σw − Σw² / Σw)). The pooled log ratio μ = Σ wᵢ* yᵢ / Σ wᵢ* with wᵢ* = 1/(sᵢ² + τ²), and its interval by
 * Hartung and Knapp (2001) and Sidik and Jonkman (2002): variance q / Σw* with q = Σ wᵢ* (yᵢ − μ)² / (k − 1), Student's
 * t on k − 1 degrees of freedom — with few comparisons the normal interval of DerSimonian and Laird covers far less than
 * it says, which is why. q is not let below 1 (Röver, Knapp and Friede 2015): with k = 2 or 3 comparisons that agree
 * by chance the plain Hartung–Knapp interval can be narrower than the fixed-effect one. The prediction interval for
 * the next comparison's ratio (Higgins, Thompson and Spiegelhalter 2009): μ ± t(k − 2) √(τ² + SE²), which needs k ≥
 * 3. Commons Math has no meta-analysis; these few sums are the whole method.
 */
public final class MetaAnalysis {

    /**
     * The joined ratio.
     *
     * @param comparisons k
     * @param ratio exp(μ)
     * @param low the {@link Stats#CONFIDENCE} interval's low end (ratio scale)
     * @param high its high end
     * @param tau τ, the between-comparisons spread of the log ratio (0.04 is about 4 %)
     * @param q Cochran's Q
     * @param heterogeneityP P(χ²(k − 1) ≥ Q): whether the comparisons differ beyond their runs
     * @param predictionLow the prediction interval's low end for another comparison (NaN for k < 3)
     * @param predictionHigh its high end
     */
    public record Joined(
            int comparisons,
            double ratio,
            double low,
            double high,
            double tau,
            double q,
            double heterogeneityP,
            double predictionLow,
            double predictionHigh) {}

    private MetaAnalysis() {}

    /**
     * Joins k ≥ 2 comparisons' log ratios {@code logRatios} with their standard errors {@code standardErrors} (each
     * above 0).
     */
    public static Joined join(double[] logRatios, double[] standardErrors) {
        int k = logRatios.length;
        if (k < 2 || standardErrors.length != k) {
            throw new IllegalArgumentException(
                    "a meta-analysis needs at least 2 comparisons, each with a standard error: " + k + " and "
                            + standardErrors.length);
        }
        if (Arrays.stream(standardErrors).anyMatch(s -> !(s > 0) || Double.isInfinite(s))
                || Arrays.stream(logRatios).anyMatch(y -> !Double.isFinite(y))) {
            throw new IllegalArgumentException(
                    "every comparison needs a finite log ratio and a standard error above 0");
        }
        double[] w = new double[k];
        double sw = 0, sw2 = 0, swy = 0;
        for (int i = 0; i < k; i++) {
            w[i] = 1 / (standardErrors[i] * standardErrors[i]);
            sw += w[i];
            sw2 += w[i] * w[i];
            swy += w[i] * logRatios[i];
        }
        double fixed = swy / sw;
        double q = 0;
        for (int i = 0; i < k; i++) {
            q += w[i] * (logRatios[i] - fixed) * (logRatios[i] - fixed);
        }
        double tau2 = Math.max(0, (q - (k - 1)) / (sw - sw2 / sw));
        double swStar = 0, swyStar = 0;
        double[] wStar = new double[k];
        for (int i = 0; i < k; i++) {
            wStar[i] = 1 / (standardErrors[i] * standardErrors[i] + tau2);
            swStar += wStar[i];
            swyStar += wStar[i] * logRatios[i];
        }
        double mu = swyStar / swStar;
        double spread = 0;
        for (int i = 0; i < k; i++) {
            spread += wStar[i] * (logRatios[i] - mu) * (logRatios[i] - mu);
        }
        double hk = Math.max(1, spread / (k - 1));
        double se = Math.sqrt(hk / swStar);
        double level = 1 - (1 - Stats.CONFIDENCE) / 2;
        double t = new TDistribution(null, k - 1).inverseCumulativeProbability(level);
        double predLow = Double.NaN, predHigh = Double.NaN;
        if (k >= 3) {
            double tp = new TDistribution(null, k - 2).inverseCumulativeProbability(level);
            double half = tp * Math.sqrt(tau2 + se * se);
            predLow = Math.exp(mu - half);
            predHigh = Math.exp(mu + half);
        }
        double p = 1 - new ChiSquaredDistribution(null, k - 1).cumulativeProbability(q);
        return new Joined(
                k,
                Math.exp(mu),
                Math.exp(mu - t * se),
                Math.exp(mu + t * se),
                Math.sqrt(tau2),
                q,
                p,
                predLow,
                predHigh);
    }
}
