package dev.vtlab.compare.stats;

import java.util.Arrays;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;

/**
 * Confidence intervals over repetitions. Each repetition (a fresh server and JMeter run) gives one
 * value per metric; the interval is over those values, never over the samples of one run, which are
 * not independent. Quantiles come from Apache Commons Math.
 *
 * <p>Ratios between modes are on the log scale ({@link Ratios}), their verdicts against an equivalence margin
 * ({@link Verdicts}); this class holds the mean's interval and the descriptive statistics the analysis uses.
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

    /**
     * The lag-1 autocorrelation a trend's test allows for. A level's per-second rates are correlated from one second to
     * the next (lag-1 0.5-0.8 in steady levels), which the ordinary least-squares t test takes for a trend; estimating
     * the correlation from a window of 15-60 s, or Newey-West's standard error, corrects too little there. So the test
     * allows for the top of that range, exactly: it holds its 5 % where the lag-1 is 0.8 and finds fewer trends where it
     * is less (docs/compare.md, "Steady state", has the figures).
     */
    public static final double TREND_LAG1 = 0.8;

    /**
     * A per-second series' least-squares trend: its slope per second as a share of the series' mean, and the
     * significance of the slope (the two-sided p-value of its t test, NaN under 3 values) where the noise may be AR(1)
     * with lag-1 {@link #TREND_LAG1}.
     */
    public record Trend(double sharePerSecond, double significance) {}

    public static Trend trend(double[] perSecond) {
        int n = perSecond.length;
        double mean = Arrays.stream(perSecond).average().orElse(Double.NaN);
        double[] one = new double[n], time = new double[n];
        double sxx = 0, sxy = 0;
        for (int i = 0; i < n; i++) {
            one[i] = 1;
            time[i] = i - (n - 1) / 2.0; // centred, so the intercept's and the slope's columns are apart
            sxx += time[i] * time[i];
            sxy += time[i] * perSecond[i];
        }
        double slope = sxy / sxx;
        if (n < 3) {
            return new Trend(slope / mean, Double.NaN);
        }
        double squares = 0;
        for (int i = 0; i < n; i++) {
            squares += Math.pow(perSecond[i] - mean - slope * time[i], 2);
        }
        // Noise with correlations R (φ^|i-j|) and variance σ²: the slope varies by σ² time'R time / sxx², and the
        // residuals' squares (M the residual maker of the line) add up to σ² tr(MR) on average, whose spread gives
        // Satterthwaite's degrees of freedom tr(MR)² / tr(MRMR). By the columns' symmetry 1'R time = 0, so (X'X)⁻¹X'RX
        // is diagonal and each trace is a sum over the two columns.
        double[] r1 = correlated(one), rTime = correlated(time);
        double intercept = dot(one, r1) / n, trend = dot(time, rTime) / sxx;
        double trMR = n - intercept - trend;
        double trMRMR = squaredCorrelations(n)
                - 2 * (dot(r1, r1) / n + dot(rTime, rTime) / sxx)
                + intercept * intercept
                + trend * trend;
        double variance = squares / trMR * trend / sxx;
        double significance = variance > 0
                ? 2
                        * new TDistribution(trMR * trMR / trMRMR)
                                .cumulativeProbability(-Math.abs(slope) / Math.sqrt(variance))
                : slope == 0 ? 1 : 0; // a straight line: its slope is no chance
        return new Trend(slope / mean, significance);
    }

    /** R v: each value's Σ φ^|i-j| v_j, in one pass each way. */
    private static double[] correlated(double[] v) {
        double[] out = new double[v.length];
        double behind = 0, ahead = 0;
        for (int i = 0; i < v.length; i++) {
            behind = v[i] + TREND_LAG1 * behind;
            out[i] = behind;
        }
        for (int i = v.length - 1; i >= 0; i--) {
            ahead = v[i] + TREND_LAG1 * ahead;
            out[i] += ahead - v[i];
        }
        return out;
    }

    /** tr(R²) = Σ_ij φ^2|i-j| for n seconds. */
    private static double squaredCorrelations(int n) {
        double sum = n, power = 1;
        for (int lag = 1; lag < n; lag++) {
            power *= TREND_LAG1 * TREND_LAG1;
            sum += 2 * (n - lag) * power;
        }
        return sum;
    }

    private static double dot(double[] a, double[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += a[i] * b[i];
        }
        return sum;
    }

    /**
     * The drift of a series: the mean of its second half less the mean of its first (the middle value of an odd
     * count in neither), NaN ones left out; NaN with fewer than two values. A controller that explores around a
     * settled value (Liberty's pool, which tries sizes either side of its best) drifts little however wide it swings;
     * one still growing drifts by about half its growth.
     */
    public static double drift(double[] values) {
        double[] v = Arrays.stream(values).filter(x -> !Double.isNaN(x)).toArray();
        int half = v.length / 2;
        if (half == 0) {
            return Double.NaN;
        }
        double first = Arrays.stream(v, 0, half).average().orElseThrow();
        double second = Arrays.stream(v, v.length - half, v.length).average().orElseThrow();
        return second - first;
    }

    /**
     * Liberty's pool counts as settled when its size drifts by at most this share of its mean (or 2 threads). Its
     * controller moves the size in steps — 2 to 8 threads at a time around 25 on this lab's banking test — so a 10-s
     * window of a settled pool drifts by up to half a step, 4 threads (16 %); a pool still growing, as from 8 to 33
     * threads over a minute, drifts by more.
     */
    public static final double POOL_DRIFT_SHARE = 0.20;

    public static final double POOL_DRIFT_THREADS = 2;

    /**
     * Whether Liberty's pool had settled over these per-second sizes: its {@link #drift} within {@link
     * #POOL_DRIFT_SHARE} of its mean or {@link #POOL_DRIFT_THREADS}, whichever is larger. Its controller keeps trying
     * sizes either side of its best, so the sizes' range says nothing; a drift does. Null without two sizes.
     */
    public static Boolean poolSettled(double[] sizes) {
        double drift = drift(sizes);
        if (Double.isNaN(drift)) {
            return null;
        }
        double mean =
                Arrays.stream(sizes).filter(x -> !Double.isNaN(x)).average().orElseThrow();
        return Math.abs(drift) <= Math.max(POOL_DRIFT_THREADS, POOL_DRIFT_SHARE * mean);
    }

    /** The values' summary, NaN ones (figures a run did not have) left out. */
    static SummaryStatistics summary(double[] values) {
        SummaryStatistics s = new SummaryStatistics();
        for (double v : values) {
            if (!Double.isNaN(v)) {
                s.addValue(v);
            }
        }
        return s;
    }
}
