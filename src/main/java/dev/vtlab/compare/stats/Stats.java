package dev.vtlab.compare.stats;

import java.util.Arrays;
import java.util.Locale;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;

/**
 * Confidence intervals over repetitions. Each repetition (a fresh server and JMeter run) gives one
 * value per metric; the interval is over those values, never over the samples of one run, which are
 * not independent. Quantiles come from Apache Commons Math.
 *
 * <p>Ratios use Fieller's interval for the ratio of two independent means, the effect-size method of
 * Kalibera and Jones ("Rigorous Benchmarking in Reasonable Time", ISMM 2013), with Welch's degrees of
 * freedom so the two modes may vary by different amounts.
 *
 * <p>A figure read to a resolution (JMeter gives latencies in whole milliseconds) may be off by half
 * of it in every run alike, an error no repetition averages away: intervals are widened by it, so two
 * modes that always read 31 and 32 ms are not called 3.1 % apart with an interval of zero width.
 */
public final class Stats {

    public static final double CONFIDENCE = 0.95;

    /** Mean of a metric over repetitions with its two-sided t interval; low/high are NaN with one value. */
    public record Interval(int n, double mean, double low, double high) {
        public double halfWidth() {
            return (high - low) / 2;
        }
    }

    /** What a ratio says: the mode's metric is higher, lower, or not distinguishable from the baseline's. */
    public enum Verdict {
        HIGHER,
        LOWER,
        NO_SIGNIFICANT_DIFFERENCE,
        UNDETERMINED
    }

    /** mode / baseline with its interval; low/high are NaN when the interval cannot be formed. */
    public record Ratio(double estimate, double low, double high, Verdict verdict, String why) {

        /** "12 % higher (CI 5–19 %)", "no significant difference (−3 % … +8 %)", or why there is no answer. */
        public String text() {
            return switch (verdict) {
                case HIGHER, LOWER ->
                    String.format(
                            Locale.ROOT,
                            "%s by %s (CI %s–%s)",
                            verdict == Verdict.HIGHER ? "higher" : "lower",
                            pct(Math.abs(estimate - 1)),
                            pct(Math.min(Math.abs(low - 1), Math.abs(high - 1))),
                            pct(Math.max(Math.abs(low - 1), Math.abs(high - 1))));
                case NO_SIGNIFICANT_DIFFERENCE ->
                    String.format(
                            Locale.ROOT,
                            "no significant difference (%s … %s)",
                            signedPct(low - 1),
                            signedPct(high - 1));
                case UNDETERMINED -> why;
            };
        }

        /** No interval, and why: the estimate (NaN when there is none) is shown beside the reason. */
        public static Ratio undetermined(double estimate, String why) {
            return new Ratio(estimate, Double.NaN, Double.NaN, Verdict.UNDETERMINED, why);
        }

        private static String pct(double fraction) {
            return String.format(Locale.ROOT, "%.1f %%", 100 * fraction);
        }

        private static String signedPct(double fraction) {
            return String.format(Locale.ROOT, "%+.1f %%", 100 * fraction);
        }
    }

    private Stats() {}

    /**
     * The mean of {@code values} (NaN ones left out) with its two-sided t interval, widened by half the {@code
     * resolution} the values were read to.
     */
    public static Interval mean(double[] values, double resolution) {
        SummaryStatistics s = summary(values);
        int n = (int) s.getN();
        if (n < 2) {
            return new Interval(n, n == 0 ? Double.NaN : s.getMean(), Double.NaN, Double.NaN);
        }
        double half = t(n - 1) * s.getStandardDeviation() / Math.sqrt(n) + resolution / 2;
        return new Interval(n, s.getMean(), s.getMean() - half, s.getMean() + half);
    }

    /**
     * The ratio of the mean of {@code mode} to the mean of {@code baseline}, with Fieller's interval:
     * the set of ratios r for which mean(mode) - r * mean(baseline) is not significantly different
     * from zero. It exists only when the baseline's mean is itself significantly above zero. With a
     * {@code resolution}, each mean may also be off by half of it: the interval's ends move out by that.
     */
    public static Ratio ratio(double[] mode, double[] baseline, double resolution) {
        SummaryStatistics x = summary(mode), b = summary(baseline);
        if (x.getN() < 2 || b.getN() < 2) {
            return undetermined(x, b, "one run per mode: no interval (run with compare.repeats of 2 or more)");
        }
        double mx = x.getMean(), mb = b.getMean();
        if (mb <= 0) {
            return undetermined(x, b, "the baseline's mean is 0: no ratio");
        }
        double r = mx / mb;
        double h = resolution / 2;
        if (mb - h <= 0) {
            return undetermined(x, b, "the baseline's mean is within the figure's resolution of 0: no ratio");
        }
        double se2x = x.getVariance() / x.getN(), se2b = b.getVariance() / b.getN();
        double spread = se2x + r * r * se2b;
        if (spread == 0) {
            // both modes gave the same value every time: only the resolution is left
            return bounded(r, (mx - h) / (mb + h), (mx + h) / (mb - h));
        }
        double df = spread * spread / (se2x * se2x / (x.getN() - 1) + Math.pow(r * r * se2b, 2) / (b.getN() - 1));
        double t = t(df);
        double g = t * t * se2b / (mb * mb);
        if (g >= 1) {
            return new Ratio(
                    r,
                    Double.NaN,
                    Double.NaN,
                    Verdict.UNDETERMINED,
                    "the baseline varies too much between runs for a bounded interval; run more repetitions");
        }
        double half = t / mb * Math.sqrt(se2x * (1 - g) + r * r * se2b);
        double low = (r - half) / (1 - g), high = (r + half) / (1 - g);
        // the lowest mode mean the interval allows over the baseline's mean, each moved by the reading error, and the
        // highest
        return bounded(r, (low * mb - h) / (mb + h), (high * mb + h) / (mb - h));
    }

    private static Ratio bounded(double r, double low, double high) {
        Verdict verdict = low > 1 ? Verdict.HIGHER : high < 1 ? Verdict.LOWER : Verdict.NO_SIGNIFICANT_DIFFERENCE;
        return new Ratio(r, low, high, verdict, "");
    }

    /** The two-sided {@link #CONFIDENCE} quantile of Student's t. */
    public static double t(double degreesOfFreedom) {
        return new TDistribution(degreesOfFreedom).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2);
    }

    /** Nearest-rank percentile of sorted values (NaN for none). */
    public static double percentile(long[] sorted, double p) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    /** The median: the middle value, or the mean of the two middle ones (NaN for none). */
    public static double median(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** The trailing moving average over {@code window} values (fewer at the start). */
    public static double[] movingAverage(double[] values, int window) {
        double[] out = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            int from = Math.max(0, i - window + 1);
            double sum = 0;
            for (int j = from; j <= i; j++) {
                sum += values[j];
            }
            out[i] = sum / (i - from + 1);
        }
        return out;
    }

    private static Ratio undetermined(SummaryStatistics x, SummaryStatistics b, String why) {
        double r = b.getN() > 0 && b.getMean() > 0 ? x.getMean() / b.getMean() : Double.NaN;
        return new Ratio(r, Double.NaN, Double.NaN, Verdict.UNDETERMINED, why);
    }

    private static SummaryStatistics summary(double[] values) {
        SummaryStatistics s = new SummaryStatistics();
        for (double v : values) {
            if (!Double.isNaN(v)) {
                s.addValue(v);
            }
        }
        return s;
    }
}
