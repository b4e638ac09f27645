package dev.vtlab.compare.stats;

import dev.vtlab.compare.stats.LogRatio.Pairing;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.correlation.PearsonsCorrelation;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;
import org.apache.commons.math3.stat.regression.SimpleRegression;

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
 *
 * <p>Runs interleaved in ABBA order can also be taken as pairs, the i-th run of each mode ({@link #paired}); {@link
 * #analyse} gives both intervals, picks one, and checks the runs for drift.
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

    /** mode / baseline from the i-th runs of the two modes taken as pairs, with the default {@link #MAX_FACTOR}. */
    public static LogRatio paired(double[] mode, double[] baseline, double resolution) {
        return paired(mode, baseline, resolution, MAX_FACTOR);
    }

    /**
     * mode / baseline from pairs: the i-th run of each mode, run side by side in ABBA order, so what the machine did
     * at that time is in both and cancels in their log ratio. The t interval of the mean of the pairs' log ratios
     * (n − 1 degrees of freedom), exponentiated, widened by half the resolution. A pair with a NaN (a run left out) is
     * dropped; runs beyond the shorter mode's count have no pair.
     */
    public static LogRatio paired(double[] mode, double[] baseline, double resolution, double maxFactor) {
        Pairs p = Pairs.of(mode, baseline);
        int n = p.order.length;
        String unusable = unusable(p.mode, p.baseline, resolution);
        if (unusable != null) {
            return LogRatio.undetermined(geometricRatio(p.mode, p.baseline), n, n, Pairing.PAIRED, unusable);
        }
        SummaryStatistics d = new SummaryStatistics();
        for (int i = 0; i < n; i++) {
            d.addValue(Math.log(p.mode[i]) - Math.log(p.baseline[i]));
        }
        Shift shift = Shift.of(p.mode, p.baseline, resolution);
        return LogRatio.of(
                d.getMean(),
                d.getStandardDeviation() / Math.sqrt(n),
                new Pivot.StudentT(n - 1),
                shift.down(),
                shift.up(),
                n,
                n,
                Pairing.PAIRED,
                maxFactor);
    }

    /**
     * A trend over the runs: the relative change per pair of runs (exp of the least-squares slope of a log on the
     * pair's position, less 1) and the slope's two-sided p-value (NaN with fewer than 3 pairs: no test).
     */
    public record Drift(double perRun, double pValue, int pairs) {

        public boolean significant() {
            return pValue < Multiplicity.ALPHA;
        }

        private String text() {
            return String.format(Locale.ROOT, "%+.1f %% per pair of runs (p = %.3f)", 100 * perRun, pValue);
        }
    }

    /**
     * A ratio from interleaved runs both ways, and whether the runs drifted.
     *
     * @param correlation Pearson's correlation of the pairs' logs: how much of the machine's state a pair's two runs
     *     shared
     * @param correlationPValue its one-sided p-value (H0: no positive correlation; NaN under 3 pairs)
     * @param machine the trend of each pair's mean log: what both modes went through alike (a warming room, a filling
     *     disk), which the pairs take out
     * @param ratio the trend of the pairs' log ratios: one mode changing against the other over the comparison, which
     *     nothing takes out; the ratio then depends on when it was measured
     */
    public record PairedAnalysis(
            LogRatio unpaired,
            LogRatio paired,
            double correlation,
            double correlationPValue,
            Drift machine,
            Drift ratio) {

        /**
         * What the report should say about drift, one sentence each; none when the runs did not drift. Exploratory:
         * each is a test at 5 % on its own, uncorrected across the comparison's figures, and the verdict does not use
         * the pairs (Welch's interval does not assume them).
         */
        public List<String> notes() {
            List<String> notes = new ArrayList<>();
            if (machine.significant()) {
                notes.add("exploratory: the machine drifted by " + machine.text()
                        + ", which widens the interval (the pairs would take it out)");
            }
            if (ratio.significant()) {
                notes.add("exploratory: the ratio drifted by " + ratio.text()
                        + ": one mode changed against the other over the comparison, so the ratio depends on when it"
                        + " was measured");
            }
            return notes;
        }
    }

    /**
     * Both intervals of mode / baseline from runs given in the order they ran (the i-th value of each mode from the
     * i-th pair, NaN for a run left out), and the drift checks.
     */
    public static PairedAnalysis analyse(double[] mode, double[] baseline, double resolution) {
        Pairs p = Pairs.of(mode, baseline);
        int n = p.order.length;
        LogRatio unpaired = unpaired(mode, baseline, resolution), paired = paired(mode, baseline, resolution);
        Drift none = new Drift(Double.NaN, Double.NaN, n);
        if (!paired.determined() || n < 3) {
            return new PairedAnalysis(unpaired, paired, Double.NaN, Double.NaN, none, none);
        }
        double[] logMode = Arrays.stream(p.mode).map(Math::log).toArray();
        double[] logBase = Arrays.stream(p.baseline).map(Math::log).toArray();
        double[] mean = new double[n], ratio = new double[n];
        for (int i = 0; i < n; i++) {
            mean[i] = (logMode[i] + logBase[i]) / 2;
            ratio[i] = logMode[i] - logBase[i];
        }
        // NaN when a mode did not vary at all: nothing shared to show
        double r = new PearsonsCorrelation().correlation(logMode, logBase);
        double t = r * Math.sqrt(n - 2) / Math.sqrt(1 - r * r);
        double p1 = Double.isNaN(r) ? Double.NaN : 1 - new TDistribution(null, n - 2).cumulativeProbability(t);
        return new PairedAnalysis(unpaired, paired, r, p1, drift(p.order, mean), drift(p.order, ratio));
    }

    private static Drift drift(int[] order, double[] logs) {
        SimpleRegression r = new SimpleRegression();
        for (int i = 0; i < order.length; i++) {
            r.addData(order[i], logs[i]);
        }
        // no scatter about the line and no slope: nothing to test (0/0)
        double p = Double.isNaN(r.getSignificance()) ? 1 : r.getSignificance();
        return new Drift(Math.exp(r.getSlope()) - 1, p, order.length);
    }

    /** The complete pairs: their positions in the run order and their two values. */
    private record Pairs(int[] order, double[] mode, double[] baseline) {
        static Pairs of(double[] mode, double[] baseline) {
            int[] order = IntStream.range(0, Math.min(mode.length, baseline.length))
                    .filter(i -> !Double.isNaN(mode[i]) && !Double.isNaN(baseline[i]))
                    .toArray();
            return new Pairs(
                    order,
                    Arrays.stream(order).mapToDouble(i -> mode[i]).toArray(),
                    Arrays.stream(order).mapToDouble(i -> baseline[i]).toArray());
        }
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
