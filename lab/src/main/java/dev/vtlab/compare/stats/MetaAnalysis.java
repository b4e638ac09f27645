package dev.vtlab.compare.stats;

import java.util.Arrays;
import java.util.Random;
import org.apache.commons.math3.analysis.solvers.BrentSolver;
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
 * by chance the plain Hartung–Knapp interval can be narrower than the fixed-effect one.
 *
 * <p>τ's own interval by the Q-profile method (Viechtbauer 2007, Stat Med 26:37–52): the generalised Q(τ²) = Σ wᵢ(τ²)
 * (yᵢ − μ(τ²))², with wᵢ(τ²) = 1/(sᵢ² + τ²), is χ² on k − 1 degrees of freedom at the true τ² and falls as τ² grows;
 * the interval's ends are the τ² where it equals the upper and the lower 2.5 % quantiles. Where Q(0) is already below
 * the upper quantile the low end is 0, and below the lower quantile the high end is 0 too. An estimate of 0 with a
 * high end above 0 is a spread not detected, not a spread shown to be absent.
 *
 * <p>Two prediction intervals, from k ≥ 3 (Higgins, Thompson and Spiegelhalter 2009): the next comparison's true
 * ratio, μ ± t(k − 2) √(τ² + SE²); and its observed ratio, which carries its own standard error as well, μ ± t(k − 2)
 * √(τ² + SE² + s²) with s the median of the joined comparisons' standard errors, a typical one of this design. Commons
 * Math has no meta-analysis; these few sums, its χ² and t quantiles and its root finder are the whole method.
 */
public final class MetaAnalysis {

    /** The level of the heterogeneity test whose power {@link #detection} simulates: P(χ²(k − 1) ≥ Q) below it. */
    public static final double HETEROGENEITY_LEVEL = 0.05;

    /**
     * The joined ratio.
     *
     * @param comparisons k
     * @param ratio exp(μ)
     * @param low the {@link Stats#CONFIDENCE} interval's low end (ratio scale)
     * @param high its high end
     * @param tau τ, the between-comparisons spread of the log ratio (0.04 is about 4 %); 0 is "not detected"
     * @param tauLow τ's Q-profile {@link Stats#CONFIDENCE} interval, its low end
     * @param tauHigh its high end
     * @param q Cochran's Q
     * @param heterogeneityP P(χ²(k − 1) ≥ Q): whether the comparisons differ beyond their runs
     * @param predictionLow the prediction interval's low end for the next comparison's true ratio (NaN for k < 3)
     * @param predictionHigh its high end
     * @param nextStandardError the standard error of the log ratio given to the next comparison: the median of the
     *     joined comparisons' ones
     * @param observedLow the prediction interval's low end for the next comparison's observed ratio (NaN for k < 3)
     * @param observedHigh its high end
     */
    public record Joined(
            int comparisons,
            double ratio,
            double low,
            double high,
            double tau,
            double tauLow,
            double tauHigh,
            double q,
            double heterogeneityP,
            double predictionLow,
            double predictionHigh,
            double nextStandardError,
            double observedLow,
            double observedHigh) {

        /** Whether the estimate of τ is above 0; where it is not, the spread was not detected. */
        public boolean spreadEstimated() {
            return tau > 0;
        }

        /** The joined log ratio's standard error, Hartung and Knapp's, as its interval was made from it. */
        public double logStandardError() {
            double t = new TDistribution(null, comparisons - 1)
                    .inverseCumulativeProbability(1 - (1 - Stats.CONFIDENCE) / 2);
            return Math.log(high / low) / (2 * t);
        }
    }

    /**
     * The test that groups of comparisons differ: Q between groups, Σ wᵍ (yᵍ − ȳ)² with wᵍ = 1/sᵍ², on g − 1
     * degrees of freedom (Borenstein et al., Introduction to Meta-Analysis, 2009, ch. 19), each group's own spread in
     * its standard error.
     *
     * @param q Q between the groups
     * @param degreesOfFreedom g − 1
     * @param p P(χ²(g − 1) ≥ q)
     */
    public record Difference(double q, int degreesOfFreedom, double p) {}

    /** An interval on the log scale's spread τ (not τ²). */
    public record Interval(double low, double high) {}

    /** A ratio and its {@link Stats#CONFIDENCE} interval, on the ratio scale. */
    public record Estimate(double ratio, double low, double high) {}

    /**
     * How well a join of these standard errors detects a spread τ, by simulation.
     *
     * @param tau the spread simulated (log scale)
     * @param trials the joins simulated
     * @param power the share in which Cochran's Q test rejects τ = 0 at {@link #HETEROGENEITY_LEVEL}
     * @param estimateZero the share in which DerSimonian and Laird's τ is 0, Q ≤ k − 1
     */
    public record Detection(double tau, int trials, double power, double estimateZero) {}

    private MetaAnalysis() {}

    /**
     * Joins k ≥ 2 comparisons' log ratios {@code logRatios} with their standard errors {@code standardErrors} (each
     * above 0).
     */
    public static Joined join(double[] logRatios, double[] standardErrors) {
        check(logRatios, standardErrors);
        int k = logRatios.length;
        double[] w = new double[k];
        double sw = 0, sw2 = 0;
        for (int i = 0; i < k; i++) {
            w[i] = 1 / (standardErrors[i] * standardErrors[i]);
            sw += w[i];
            sw2 += w[i] * w[i];
        }
        double q = generalisedQ(logRatios, standardErrors, 0);
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
        double next = median(standardErrors);
        double predLow = Double.NaN, predHigh = Double.NaN, obsLow = Double.NaN, obsHigh = Double.NaN;
        if (k >= 3) {
            double tp = new TDistribution(null, k - 2).inverseCumulativeProbability(level);
            double half = tp * Math.sqrt(tau2 + se * se);
            predLow = Math.exp(mu - half);
            predHigh = Math.exp(mu + half);
            double observedHalf = tp * Math.sqrt(tau2 + se * se + next * next);
            obsLow = Math.exp(mu - observedHalf);
            obsHigh = Math.exp(mu + observedHalf);
        }
        double p = 1 - new ChiSquaredDistribution(null, k - 1).cumulativeProbability(q);
        Interval tauCi = tauInterval(logRatios, standardErrors);
        return new Joined(
                k,
                Math.exp(mu),
                Math.exp(mu - t * se),
                Math.exp(mu + t * se),
                Math.sqrt(tau2),
                tauCi.low(),
                tauCi.high(),
                q,
                p,
                predLow,
                predHigh,
                next,
                obsLow,
                obsHigh);
    }

    /**
     * The comparisons' log ratios averaged with equal weights, with Student's t interval on k − 1 degrees of freedom:
     * the join as if every comparison were as precise as any other. Beside the weighted join it shows how much the
     * weights, which follow each comparison's own standard error, move the answer.
     */
    public static Estimate unweighted(double[] logRatios) {
        int k = logRatios.length;
        if (k < 2 || Arrays.stream(logRatios).anyMatch(y -> !Double.isFinite(y))) {
            throw new IllegalArgumentException("an unweighted mean needs at least 2 finite log ratios: " + k);
        }
        double mean = Arrays.stream(logRatios).average().orElseThrow();
        double ss = 0;
        for (double y : logRatios) {
            ss += (y - mean) * (y - mean);
        }
        double se = Math.sqrt(ss / (k - 1) / k);
        double t = new TDistribution(null, k - 1).inverseCumulativeProbability(1 - (1 - Stats.CONFIDENCE) / 2);
        return new Estimate(Math.exp(mean), Math.exp(mean - t * se), Math.exp(mean + t * se));
    }

    /** Groups' log ratios {@code logRatios} with their standard errors: whether they differ ({@link Difference}). */
    public static Difference difference(double[] logRatios, double[] standardErrors) {
        check(logRatios, standardErrors);
        double q = generalisedQ(logRatios, standardErrors, 0);
        int df = logRatios.length - 1;
        return new Difference(q, df, 1 - new ChiSquaredDistribution(null, df).cumulativeProbability(q));
    }

    /** Each comparison's share of the random-effects weight, 1/(sᵢ² + τ²) over their sum, at the spread {@code tau}. */
    public static double[] weightShares(double[] standardErrors, double tau) {
        double[] w = new double[standardErrors.length];
        double sum = 0;
        for (int i = 0; i < w.length; i++) {
            w[i] = 1 / (standardErrors[i] * standardErrors[i] + tau * tau);
            sum += w[i];
        }
        for (int i = 0; i < w.length; i++) {
            w[i] /= sum;
        }
        return w;
    }

    /** τ's {@link Stats#CONFIDENCE} interval by the Q-profile method (the class comment says how). */
    public static Interval tauInterval(double[] logRatios, double[] standardErrors) {
        check(logRatios, standardErrors);
        ChiSquaredDistribution chi2 = new ChiSquaredDistribution(null, logRatios.length - 1);
        double alpha = 1 - Stats.CONFIDENCE;
        double upper = chi2.inverseCumulativeProbability(1 - alpha / 2);
        double lower = chi2.inverseCumulativeProbability(alpha / 2);
        double q0 = generalisedQ(logRatios, standardErrors, 0);
        double low = q0 <= upper ? 0 : root(logRatios, standardErrors, upper);
        double high = q0 <= lower ? 0 : root(logRatios, standardErrors, lower);
        return new Interval(Math.sqrt(low), Math.sqrt(high));
    }

    /** Q(τ²) = Σ wᵢ (yᵢ − μ)² with wᵢ = 1/(sᵢ² + τ²) and μ their weighted mean; Cochran's Q at τ² = 0. */
    static double generalisedQ(double[] y, double[] s, double tau2) {
        double sw = 0, swy = 0;
        double[] w = new double[y.length];
        for (int i = 0; i < y.length; i++) {
            w[i] = 1 / (s[i] * s[i] + tau2);
            sw += w[i];
            swy += w[i] * y[i];
        }
        double mu = swy / sw, q = 0;
        for (int i = 0; i < y.length; i++) {
            q += w[i] * (y[i] - mu) * (y[i] - mu);
        }
        return q;
    }

    /** The τ² at which Q(τ²) = {@code target}, given Q(0) above it: Q falls towards 0 as τ² grows. */
    private static double root(double[] y, double[] s, double target) {
        double hi = Arrays.stream(s).map(v -> v * v).max().orElseThrow();
        for (int i = 0; generalisedQ(y, s, hi) > target; i++) {
            if (i > 200) {
                throw new IllegalStateException("Q(τ²) stays above " + target + " up to τ² = " + hi);
            }
            hi *= 2;
        }
        // absolute accuracy on τ²: far below the third decimal of τ that the reports print
        return new BrentSolver(1e-14).solve(1000, t2 -> generalisedQ(y, s, t2) - target, 0, hi);
    }

    /**
     * How often a join of comparisons with these standard errors detects a spread {@code tau} between them, by
     * {@code trials} simulated joins from {@code seed}: each comparison's log ratio drawn from N(μ, sᵢ² + τ²) (Q does
     * not depend on μ), then Cochran's Q against its χ²(k − 1) quantile at {@link #HETEROGENEITY_LEVEL}.
     */
    public static Detection detection(double[] standardErrors, double tau, int trials, long seed) {
        int k = standardErrors.length;
        if (k < 2 || trials < 1 || !(tau >= 0)) {
            throw new IllegalArgumentException(
                    "detection needs 2 or more comparisons, a trial and τ ≥ 0: " + k + ", " + trials + ", " + tau);
        }
        double critical = new ChiSquaredDistribution(null, k - 1).inverseCumulativeProbability(1 - HETEROGENEITY_LEVEL);
        Random random = new Random(seed);
        double[] y = new double[k];
        int rejected = 0, zero = 0;
        for (int trial = 0; trial < trials; trial++) {
            for (int i = 0; i < k; i++) {
                y[i] = Math.sqrt(standardErrors[i] * standardErrors[i] + tau * tau) * random.nextGaussian();
            }
            double q = generalisedQ(y, standardErrors, 0);
            rejected += q > critical ? 1 : 0;
            zero += q <= k - 1 ? 1 : 0;
        }
        return new Detection(tau, trials, (double) rejected / trials, (double) zero / trials);
    }

    private static double median(double[] v) {
        double[] sorted = v.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static void check(double[] logRatios, double[] standardErrors) {
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
    }
}
