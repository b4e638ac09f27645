package dev.vtlab.compare.stats;

import dev.vtlab.compare.stats.LogRatio.Pairing;
import java.util.Arrays;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;

/**
 * Ratios of positive figures (rates, latencies, CPU, memory) between two modes, on the log scale: Welch's t interval
 * for the difference of the mean logs, exponentiated, is an interval for the ratio of geometric means.
 *
 * <p>Why the log scale and not Fieller's interval for the ratio of arithmetic means: Fieller's ends are not bound to
 * be positive (with three noisy runs a report printed −162 % … +374 %), and it breaks down when the baseline's mean
 * is not clearly above 0. Performance figures vary in proportion to their size (a CV, not a fixed spread), so their
 * logs have about the same spread in every mode and are close to normal, which is where Welch's interval is near
 * exact (the simulated coverage in RatiosTest). The interval's ends are exponentials, so always positive and
 * symmetric in the sense that matters: swapping the modes inverts the interval exactly. For the small CVs of
 * performance runs the ratio of geometric means and of arithmetic means differ by about (CV₁² − CV₂²) / 2, under 2 %
 * even for 20 % against 5 %.
 *
 * <p>Where the data cannot bound a ratio (fewer than 2 values in a mode, a value of 0 or below, or an interval wider
 * than {@link #MAX_FACTOR}) the answer is undetermined with its reason, never a number. NaN values (runs left out)
 * are skipped.
 */
public final class Ratios {

    /** An interval whose ends are further apart than this (half to double) is reported as no answer. */
    public static final double MAX_FACTOR = 4;

    private Ratios() {}

    /** mode / baseline from independent runs, with the default {@link #MAX_FACTOR}. */
    public static LogRatio unpaired(double[] mode, double[] baseline, double resolution) {
        return unpaired(mode, baseline, resolution, MAX_FACTOR);
    }

    /**
     * mode / baseline from independent runs: Welch's interval on the logs, widened by half the {@code resolution} the
     * values were read to. Also the ratio of any two modes, each with its own runs: both spreads are in it.
     */
    public static LogRatio unpaired(double[] mode, double[] baseline, double resolution, double maxFactor) {
        double[] x = present(mode), b = present(baseline);
        int n1 = x.length, n2 = b.length;
        String unusable = unusable(x, b, resolution);
        if (unusable != null) {
            return LogRatio.undetermined(geometricRatio(x, b), n1, n2, Pairing.UNPAIRED, unusable);
        }
        SummaryStatistics lx = logs(x), lb = logs(b);
        double v1 = lx.getVariance() / n1, v2 = lb.getVariance() / n2;
        double se = Math.sqrt(v1 + v2);
        // Welch–Satterthwaite; with no spread at all only the resolution is left and the df do not matter
        double df = se == 0 ? n1 + n2 - 2 : (v1 + v2) * (v1 + v2) / (v1 * v1 / (n1 - 1) + v2 * v2 / (n2 - 1));
        Shift shift = Shift.of(x, b, resolution);
        return LogRatio.of(
                lx.getMean() - lb.getMean(),
                se,
                new Pivot.StudentT(df),
                shift.down(),
                shift.up(),
                n1,
                n2,
                Pairing.UNPAIRED,
                maxFactor);
    }

    /** Why these values give no ratio, or null when they do. */
    static String unusable(double[] x, double[] b, double resolution) {
        if (x.length < 2 || b.length < 2) {
            return "fewer than 2 runs in a mode (" + x.length + " and " + b.length + "): no interval";
        }
        double min = Math.min(
                Arrays.stream(x).min().orElseThrow(), Arrays.stream(b).min().orElseThrow());
        if (min <= 0) {
            return "a value of 0 or below: a ratio of positive figures needs positive values";
        }
        if (min <= resolution / 2) {
            return "a value within half the figure's resolution of 0: no ratio";
        }
        return null;
    }

    /**
     * How far the resolution moves the ends of the log interval: down by what the mode's geometric mean loses and the
     * baseline's gains when every value is read half the resolution off, up by the reverse.
     */
    record Shift(double down, double up) {
        static Shift of(double[] x, double[] b, double resolution) {
            if (resolution == 0) {
                return new Shift(0, 0);
            }
            double h = resolution / 2;
            return new Shift(
                    meanLog(x, 0) - meanLog(x, -h) + meanLog(b, h) - meanLog(b, 0),
                    meanLog(x, h) - meanLog(x, 0) + meanLog(b, 0) - meanLog(b, -h));
        }
    }

    /** The ratio of geometric means where both exist (NaN otherwise): the estimate shown beside a reason. */
    static double geometricRatio(double[] x, double[] b) {
        boolean positive = x.length > 0
                && b.length > 0
                && Arrays.stream(x).allMatch(v -> v > 0)
                && Arrays.stream(b).allMatch(v -> v > 0);
        return positive ? Math.exp(meanLog(x, 0) - meanLog(b, 0)) : Double.NaN;
    }

    static double[] present(double[] values) {
        return Arrays.stream(values).filter(v -> !Double.isNaN(v)).toArray();
    }

    private static SummaryStatistics logs(double[] values) {
        SummaryStatistics s = new SummaryStatistics();
        Arrays.stream(values).forEach(v -> s.addValue(Math.log(v)));
        return s;
    }

    private static double meanLog(double[] values, double offset) {
        return Arrays.stream(values).map(v -> Math.log(v + offset)).average().orElse(Double.NaN);
    }
}
