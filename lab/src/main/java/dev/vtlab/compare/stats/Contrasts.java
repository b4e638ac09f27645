package dev.vtlab.compare.stats;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;

/**
 * Differences between two modes that each have their own runs, for figures whose difference is what is asked (the
 * CPU µs a request costs in one mode more than in another): Welch's interval for a difference of means, which keeps
 * both modes' spreads and lets them differ. The ratio of any two modes, neither of them the baseline, is {@link
 * Ratios#unpaired}, which likewise carries both modes' uncertainty.
 */
public final class Contrasts {

    /**
     * a − b with its {@link Stats#CONFIDENCE} interval and the p-value of H0 "no difference"; low, high and pValue are
     * NaN, and {@code why} says why, when a mode has fewer than 2 values.
     */
    public record Difference(
            double estimate,
            double low,
            double high,
            double pValue,
            double degreesOfFreedom,
            int n1,
            int n2,
            String why) {

        public boolean determined() {
            return why.isEmpty();
        }
    }

    private Contrasts() {}

    /**
     * mean(a) − mean(b) with Welch's t interval (Welch–Satterthwaite degrees of freedom), widened by the {@code
     * resolution} the values were read to: each mean may be off by half of it, the two in opposite directions. NaN
     * values (runs left out) are skipped.
     */
    public static Difference difference(double[] a, double[] b, double resolution) {
        SummaryStatistics x = Stats.summary(a), y = Stats.summary(b);
        int n1 = (int) x.getN(), n2 = (int) y.getN();
        double d = x.getMean() - y.getMean();
        if (n1 < 2 || n2 < 2) {
            return new Difference(
                    n1 > 0 && n2 > 0 ? d : Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    n1,
                    n2,
                    "fewer than 2 runs in a mode (" + n1 + " and " + n2 + "): no interval");
        }
        double v1 = x.getVariance() / n1, v2 = y.getVariance() / n2;
        double se = Math.sqrt(v1 + v2);
        // with no spread at all only the resolution is left and the df do not matter
        double df = se == 0 ? n1 + n2 - 2 : (v1 + v2) * (v1 + v2) / (v1 * v1 / (n1 - 1) + v2 * v2 / (n2 - 1));
        TDistribution t = new TDistribution(null, df);
        double half = t.inverseCumulativeProbability(1 - (1 - Stats.CONFIDENCE) / 2) * se + resolution;
        // the test the interval inverts: the distance from 0 less what the reading error may account for
        double distance = Math.max(0, Math.abs(d) - resolution);
        double p = se == 0 ? (distance > 0 ? 0 : 1) : 2 * (1 - t.cumulativeProbability(distance / se));
        return new Difference(d, d - half, d + half, p, df, n1, n2, "");
    }
}
