package dev.vtlab.compare.stats;

import java.util.Locale;

/**
 * mode / baseline on the log scale: the ratio of geometric means with its {@link Stats#CONFIDENCE} interval and the
 * p-value of H0 "ratio = 1". Both ends are positive by construction. When the data cannot bound the ratio, {@code
 * why} says why and low, high and pValue are NaN (the estimate stays when there is one).
 *
 * <p>(log estimate − log truth) / {@code logScale} follows {@code pivot}; the resolution moves the low end down by
 * {@code logShiftDown} and the high end up by {@code logShiftUp} (each mean may be off by half the resolution in every
 * run alike, which no repetition averages away).
 *
 * @param n1 the mode's values used (pairs, when paired)
 * @param n2 the baseline's values used (pairs, when paired)
 */
public record LogRatio(
        double estimate,
        double low,
        double high,
        double pValue,
        int n1,
        int n2,
        Pairing pairing,
        double logScale,
        Pivot pivot,
        double logShiftDown,
        double logShiftUp,
        String why) {

    /** Independent runs per mode, or the i-th runs of the two modes taken as a pair. */
    public enum Pairing {
        UNPAIRED,
        PAIRED
    }

    /** Two ends of an interval on the ratio scale. */
    public record Bounds(double low, double high) {}

    /**
     * The ratio exp(logEstimate) with its interval; undetermined when its ends are more than {@code maxFactor} apart,
     * a width that says only that the runs vary too much.
     */
    static LogRatio of(
            double logEstimate,
            double logScale,
            Pivot pivot,
            double logShiftDown,
            double logShiftUp,
            int n1,
            int n2,
            Pairing pairing,
            double maxFactor) {
        double q = pivot.quantile(1 - (1 - Stats.CONFIDENCE) / 2);
        double low = end(logEstimate - q * logScale - logShiftDown);
        double high = end(logEstimate + q * logScale + logShiftUp);
        if (high / low > maxFactor) {
            return undetermined(
                    Math.exp(logEstimate),
                    n1,
                    n2,
                    pairing,
                    String.format(
                            Locale.ROOT,
                            "the runs vary too much: the %d %% interval (%.3g … %.3g) spans more than a factor of %.3g;"
                                    + " run more repetitions",
                            Math.round(100 * Stats.CONFIDENCE),
                            low,
                            high,
                            maxFactor));
        }
        // the test the interval inverts: the estimate's distance from 0 less the resolution's shift toward it
        double shift = logEstimate > 0 ? logShiftDown : logShiftUp;
        double distance = Math.max(0, Math.abs(logEstimate) - shift);
        // with no spread the interval is the resolution's alone: it either excludes 1 or not (no rounding at its edge)
        double p = logScale == 0 ? (low > 1 || high < 1 ? 0 : 1) : 2 * (1 - pivot.cdf(distance / logScale));
        return new LogRatio(
                Math.exp(logEstimate), low, high, p, n1, n2, pairing, logScale, pivot, logShiftDown, logShiftUp, "");
    }

    public static LogRatio undetermined(double estimate, int n1, int n2, Pairing pairing, String why) {
        return new LogRatio(estimate, Double.NaN, Double.NaN, Double.NaN, n1, n2, pairing, Double.NaN, null, 0, 0, why);
    }

    /** Whether there is an interval (otherwise {@link #why()} says why not). */
    public boolean determined() {
        return why.isEmpty();
    }

    /** The two-sided interval at {@code confidence} (0.90 for an equivalence test at 5 %); NaN when undetermined. */
    public Bounds interval(double confidence) {
        if (!determined()) {
            return new Bounds(Double.NaN, Double.NaN);
        }
        double q = pivot.quantile(1 - (1 - confidence) / 2), log = Math.log(estimate);
        return new Bounds(end(log - q * logScale - logShiftDown), end(log + q * logScale + logShiftUp));
    }

    /**
     * An end of the interval from its log; an end that rounding alone keeps off 1 is 1, so that 31 ms against 32 ms
     * read to the millisecond touches 1 rather than excludes it by 2e-16.
     */
    private static double end(double log) {
        return Math.abs(log) < 1e-12 ? 1 : Math.exp(log);
    }

    /** Half the interval's width on the log scale as a fraction: 0.05 when it spans a factor 1.05 either side. */
    public double relativeHalfWidth() {
        return Math.sqrt(high / low) - 1;
    }
}
