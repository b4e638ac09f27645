package dev.vtlab.compare.analyse;

import dev.vtlab.compare.stats.Stats;
import java.util.Arrays;
import java.util.Locale;

/**
 * The rule that finds a level's steady window in its per-second answers, and says when there is none.
 *
 * <ol>
 *   <li>The level ends with the last second in which its requests were still being sent: what is answered after
 *       that is the drain, never part of a window.
 *   <li>Its start is cut by MSER (White's marginal standard error rule): the per-second series is grouped in batches
 *       of {@value #BATCH_S} s (of 1 s for levels shorter than {@value #LONG_LEVEL_S} s), and the truncation d,
 *       at most half the batches, that minimises Σ(Y_j − Ȳ_d)² / (n − d)² over the batches left is taken. A burst,
 *       a climb or a JIT warm-up at the start is cut off so.
 *   <li>What is left must be steady: at least {@value #MIN_WINDOW_S} s long, with answers in it, and with no trend
 *       over it: the per-second rate regressed on time must not change by more than {@value #TREND_LIMIT_PCT} %
 *       of the mean across the window at 95 % significance (a level still climbing when it ends).
 * </ol>
 *
 * A level that fails is not steady: a flag about the outcome, so its figures are shown with the reason and still
 * count in the verdicts, which say what they would read without them.
 */
final class SteadyWindow {

    static final int BATCH_S = 5;
    static final int LONG_LEVEL_S = 30;
    static final int MIN_WINDOW_S = 5;
    static final double TREND_LIMIT_PCT = 10;

    /**
     * [from, to) in seconds since the run's time 0; {@code why} says why it is not steady, null when it is; {@code
     * change} is the trend across it in % of its mean where one was tested (NaN where the window was too short or
     * empty to test).
     */
    record Window(int from, int to, String why, double change) {

        Window(int from, int to, String why) {
            this(from, to, why, Double.NaN);
        }

        boolean steady() {
            return why == null;
        }

        /** Whether the series had stopped rising by the level's end: steady, or falling. */
        boolean stoppedRising() {
            return steady() || change < 0;
        }
    }

    private SteadyWindow() {}

    /** The steady window of a level whose requests were sent in [from, to), from the run's answers per second. */
    static Window find(double[] perSecond, int from, int to) {
        return find(perSecond, "rate", from, to);
    }

    /**
     * The same rule on another per-second series of the run, named {@code what} in the reason: for a paced level the
     * server's CPU, since JMeter holds its rate flat whether the server has settled or not.
     */
    static Window find(double[] perSecond, String what, int from, int to) {
        int end = Math.min(to, perSecond.length);
        if (end - from < MIN_WINDOW_S) {
            return new Window(
                    from,
                    Math.max(end, from),
                    "its requests were sent for " + Math.max(0, end - from) + " s, fewer than " + MIN_WINDOW_S);
        }
        int batch = end - from >= LONG_LEVEL_S ? BATCH_S : 1;
        int n = (end - from) / batch;
        int first = end - n * batch; // a remainder is dropped at the start, so the window always ends with the level
        double[] means = new double[n];
        for (int j = 0; j < n; j++) {
            means[j] = Arrays.stream(perSecond, first + j * batch, first + (j + 1) * batch)
                            .sum()
                    / batch;
        }
        int start = first + mser(means) * batch;
        double[] window = Arrays.copyOfRange(perSecond, start, end);
        double mean = Arrays.stream(window).average().orElse(0);
        if (window.length < MIN_WINDOW_S) {
            return new Window(start, end, "its steady part is " + window.length + " s, fewer than " + MIN_WINDOW_S);
        }
        if (mean == 0) {
            return new Window(start, end, "nothing was answered in its window");
        }
        Stats.Trend trend = Stats.trend(window);
        double change = 100 * trend.sharePerSecond() * (window.length - 1);
        if (Math.abs(change) > TREND_LIMIT_PCT && trend.significance() < 1 - Stats.CONFIDENCE) {
            return new Window(
                    start,
                    end,
                    String.format(
                            Locale.ROOT,
                            "its %s was still %s: %+.0f %% across its window",
                            what,
                            change > 0 ? "rising" : "falling",
                            change),
                    change);
        }
        return new Window(start, end, null, change);
    }

    /** MSER's truncation, in batches: the d in [0, n/2] that minimises the marginal standard error of what is left. */
    static int mser(double[] batches) {
        int n = batches.length, best = 0;
        double bestScore = Double.POSITIVE_INFINITY;
        for (int d = 0; d <= n / 2; d++) {
            double mean = Arrays.stream(batches, d, n).average().orElse(0);
            double squares = 0;
            for (int j = d; j < n; j++) {
                squares += (batches[j] - mean) * (batches[j] - mean);
            }
            double score = squares / ((double) (n - d) * (n - d));
            if (score < bestScore) {
                bestScore = score;
                best = d;
            }
        }
        return best;
    }

    /** The first second in [from, to) whose 3-second moving average reaches 90 % of {@code rate}. */
    static int settledAt(double[] perSecond, int from, int to, double rate) {
        double[] smooth = Stats.movingAverage(Arrays.copyOfRange(perSecond, from, Math.max(from, to)), 3);
        for (int i = 0; i < smooth.length; i++) {
            if (rate > 0 && smooth[i] >= 0.9 * rate) {
                return from + i;
            }
        }
        return from;
    }

    /**
     * Seconds from the first request until throughput (3-second moving average) first reaches 90 % of
     * its peak: how fast a mode takes a sudden load.
     */
    static Double secondsTo90PctOfPeak(double[] perSecond) {
        double peak = Arrays.stream(Stats.movingAverage(perSecond, 3)).max().orElse(0);
        return peak == 0 ? null : (double) settledAt(perSecond, 0, perSecond.length, peak) + 1;
    }
}
