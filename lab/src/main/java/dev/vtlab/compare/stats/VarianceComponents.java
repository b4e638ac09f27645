package dev.vtlab.compare.stats;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Where a mode's variation comes from, and the cheapest experiment that pins its mean down: the two-level model of
 * Kalibera and Jones ("Rigorous Benchmarking in Reasonable Time", ISMM 2013). A figure's per-second values within a
 * run vary around that run's own mean (level 1), and the run means vary from one fresh JVM to the next (level 2).
 * Longer windows shrink only the first; only more runs shrink the second.
 *
 * <p>Per-second values are autocorrelated (a GC pause, a JIT burst span seconds), so they are not level-1
 * repetitions themselves: they are grouped into non-overlapping batches of k seconds, k doubled from 1 until the
 * batch means' lag-1 autocorrelation, pooled over the runs, is at most {@link #MAX_BATCH_AUTOCORRELATION}, with at least
 * {@link #MIN_BATCHES} batches in every run. For an AR(1) series the variance of a batch mean then falls short of the
 * long-run variance by about twice that autocorrelation, under 10 %. k times the batch means' variance estimates λ,
 * the long-run variance per second: a window of L seconds has a mean whose variance within its run is λ/L. The
 * between-run component is the run means' variance less that share, σ² = S² − mean(λ/L_i) (Kalibera and Jones's T₂² =
 * S₂² − S₁²/n₁), 0 when sampling makes it negative.
 *
 * <p>The design: with c₁ the cost of one second of window and c₂ a run's overhead (fresh JVMs, warm-up), the window
 * that reaches a given precision at least cost is L* = √(c₂ λ / (c₁ σ²)), whatever the precision (Kalibera and
 * Jones's r₁ = ⌈√(c₂ T₁² / (c₁ T₂²))⌉ in seconds); then the fewest runs whose t interval of the mean meets it.
 */
public final class VarianceComponents {

    /** Batch means this little correlated count as independent (the bias of λ is then under 10 %). */
    public static final double MAX_BATCH_AUTOCORRELATION = 0.05;

    /** Batches per run, at least, for their variance and autocorrelation to mean something. */
    public static final int MIN_BATCHES = 10;

    /**
     * The two components of a figure's variation in one mode.
     *
     * @param mean the mean of the run means
     * @param runs the runs
     * @param windowSeconds the mean length of the runs' windows, in whole batches
     * @param batchSeconds k, the batch length chosen
     * @param batchAutocorrelation the batch means' pooled lag-1 autocorrelation, corrected for its bias of −1/b
     * @param withinPerSecond λ: a window of L seconds has a mean whose variance within its run is λ / L
     * @param betweenRuns σ²: the variance of a run's own mean from one run to the next
     * @param why empty when the estimates stand; otherwise why they are missing (NaN) or doubtful (batches still
     *     correlated at the longest length the runs allow)
     */
    public record Components(
            double mean,
            int runs,
            double windowSeconds,
            int batchSeconds,
            double batchAutocorrelation,
            double withinPerSecond,
            double betweenRuns,
            String why) {}

    /**
     * An experiment for one mode: {@code runs} runs with {@code windowSeconds} of window each reach a 95 % interval
     * of the mean of ± {@code halfWidth} (relative to the mean) in {@code seconds} (overheads included). For a ratio of
     * two modes with similar components, ask each for the ratio's target / √2.
     */
    public record Design(
            int runs, int windowSeconds, double halfWidth, double seconds, boolean reachesTarget, String why) {}

    private VarianceComponents() {}

    /** The components from each run's per-second values over its steady window, one array per run. */
    public static Components estimate(List<double[]> perSecond) {
        int n = perSecond.size();
        int shortest = perSecond.stream().mapToInt(r -> r.length).min().orElse(0);
        if (n < 2 || shortest < MIN_BATCHES) {
            return new Components(
                    Double.NaN,
                    n,
                    Double.NaN,
                    0,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    n < 2
                            ? "fewer than 2 runs: no between-run variance"
                            : "a run's window is under " + MIN_BATCHES + " s: too short for batch means");
        }
        Batches batches = Batches.of(perSecond, 1);
        for (int k = 2; batches.autocorrelation() > MAX_BATCH_AUTOCORRELATION && shortest / k >= MIN_BATCHES; k *= 2) {
            batches = Batches.of(perSecond, k);
        }
        double lambda = batches.k * batches.pooledVariance();
        double[] means = batches.runMeans();
        double within =
                Arrays.stream(batches.lengths()).map(l -> lambda / l).average().orElseThrow();
        double between = Math.max(0, variance(means) - within);
        String why = batches.autocorrelation() <= MAX_BATCH_AUTOCORRELATION
                ? ""
                : String.format(
                        Locale.ROOT,
                        "the %d-s batch means are still autocorrelated (%.2f): the within-run variance is underestimated;"
                                + " longer windows would tell",
                        batches.k,
                        batches.autocorrelation());
        return new Components(
                Arrays.stream(means).average().orElseThrow(),
                n,
                Arrays.stream(batches.lengths()).average().orElseThrow(),
                batches.k,
                batches.autocorrelation(),
                lambda,
                between,
                why);
    }

    /**
     * The runs and window length (in whole batches) that reach a 95 % interval of the mean of ± {@code target} (0.02:
     * 2 % of the mean) at least cost, at most {@code maxRuns} runs and {@code maxWindowSeconds} per window.
     *
     * @param costPerWindowSecond seconds of experiment one second of window costs (1, or more where a run measures
     *     several levels)
     * @param overheadPerRun seconds a run costs beyond its window (starting the JVMs, warm-up, stopping)
     */
    public static Design design(
            Components c,
            double costPerWindowSecond,
            double overheadPerRun,
            double target,
            int maxRuns,
            int maxWindowSeconds) {
        if (!Double.isFinite(c.withinPerSecond()) || !Double.isFinite(c.betweenRuns())) {
            return new Design(0, 0, Double.NaN, Double.NaN, false, c.why());
        }
        int k = c.batchSeconds();
        double optimal = c.betweenRuns() == 0
                ? Double.POSITIVE_INFINITY
                : Math.sqrt(overheadPerRun * c.withinPerSecond() / (costPerWindowSecond * c.betweenRuns()));
        // whole batches: the optimum rounded up (Kalibera and Jones's ceiling), the cap rounded down
        int window =
                (int) Math.max(k, Math.min(k * Math.floor(maxWindowSeconds / (double) k), k * Math.ceil(optimal / k)));
        double perRun = c.betweenRuns() + c.withinPerSecond() / window;
        int runs = 2;
        while (runs < maxRuns && halfWidth(perRun, runs, c.mean()) > target) {
            runs++;
        }
        runs = Math.max(2, Math.min(runs, maxRuns));
        double reached = halfWidth(perRun, runs, c.mean());
        boolean reaches = reached <= target;
        return new Design(
                runs,
                window,
                reached,
                runs * (overheadPerRun + costPerWindowSecond * window),
                reaches,
                reaches
                        ? ""
                        : String.format(
                                Locale.ROOT,
                                "%d runs of %d s reach ±%.1f %%, not ±%.1f %%",
                                runs,
                                window,
                                100 * reached,
                                100 * target));
    }

    /**
     * A run's per-second series for a ratio of means, such as requests per CPU-second (Σ answers ÷ Σ CPU-seconds over
     * the window), linearised (the delta method): z_s = R + (x_s − R·y_s) / ȳ, with R = Σx / Σy and ȳ the mean of y,
     * over the seconds where both are present. The series' mean is R, the run's ratio, and its batch means vary as R
     * does, to first order; the per-second quotients x_s / y_s would not (their mean is not R, and a second of little
     * CPU would weigh as much as a busy one). Empty when no second has both or the y sum to 0 or less.
     */
    public static double[] ratioSeries(double[] numerator, double[] denominator) {
        int n = Math.min(numerator.length, denominator.length);
        double sx = 0, sy = 0;
        int m = 0;
        for (int i = 0; i < n; i++) {
            if (Double.isFinite(numerator[i]) && Double.isFinite(denominator[i])) {
                sx += numerator[i];
                sy += denominator[i];
                m++;
            }
        }
        if (m == 0 || sy <= 0) {
            return new double[0];
        }
        double r = sx / sy, meanY = sy / m;
        double[] z = new double[m];
        int j = 0;
        for (int i = 0; i < n; i++) {
            if (Double.isFinite(numerator[i]) && Double.isFinite(denominator[i])) {
                z[j++] = r + (numerator[i] - r * denominator[i]) / meanY;
            }
        }
        return z;
    }

    /** The relative half-width of the 95 % t interval of a mean over n runs whose means vary by perRun. */
    private static double halfWidth(double perRun, int n, double mean) {
        return Stats.t(n - 1) * Math.sqrt(perRun / n) / Math.abs(mean);
    }

    private static double variance(double[] values) {
        double mean = Arrays.stream(values).average().orElseThrow();
        return Arrays.stream(values).map(v -> (v - mean) * (v - mean)).sum() / (values.length - 1);
    }

    /** Each run's last whole batches of k seconds (a run's first seconds are the likeliest to be still settling). */
    private record Batches(int k, double[][] means) {

        static Batches of(List<double[]> perSecond, int k) {
            double[][] means = new double[perSecond.size()][];
            for (int r = 0; r < means.length; r++) {
                double[] run = perSecond.get(r);
                int b = run.length / k, skip = run.length - b * k;
                means[r] = new double[b];
                for (int j = 0; j < b; j++) {
                    double sum = 0;
                    for (int s = skip + j * k; s < skip + (j + 1) * k; s++) {
                        sum += run[s];
                    }
                    means[r][j] = sum / k;
                }
            }
            return new Batches(k, means);
        }

        double[] runMeans() {
            return Arrays.stream(means)
                    .mapToDouble(m -> Arrays.stream(m).average().orElseThrow())
                    .toArray();
        }

        double[] lengths() {
            return Arrays.stream(means).mapToDouble(m -> (double) m.length * k).toArray();
        }

        /** The batch means' variance within runs, pooled over the runs. */
        double pooledVariance() {
            double sum = 0;
            int df = 0;
            for (double[] m : means) {
                double mean = Arrays.stream(m).average().orElseThrow();
                sum += Arrays.stream(m).map(v -> (v - mean) * (v - mean)).sum();
                df += m.length - 1;
            }
            return sum / df;
        }

        /**
         * Lag-1 autocorrelation of the batch means about their run's mean, pooled over the runs, plus runs / batches:
         * about −1/b is what b uncorrelated values show once their own mean is taken out.
         */
        double autocorrelation() {
            double lagged = 0, squares = 0;
            int total = 0;
            for (double[] m : means) {
                double mean = Arrays.stream(m).average().orElseThrow();
                for (int j = 0; j < m.length; j++) {
                    squares += (m[j] - mean) * (m[j] - mean);
                    if (j > 0) {
                        lagged += (m[j] - mean) * (m[j - 1] - mean);
                    }
                }
                total += m.length;
            }
            return squares == 0 ? 0 : lagged / squares + (double) means.length / total;
        }
    }
}
