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
 *       a climb or a JIT warm-up at the start is cut off so. In batches of {@value #BATCH_S} s the first is always
 *       cut: a start 5 % low that settles over 15 s is within a 5-s mean's noise, which MSER alone let through in
 *       a fifth of 30-s levels.
 *   <li>What is left must be steady: at least {@value #MIN_WINDOW_S} s long, with answers in it, and with no trend
 *       over it: the per-second rate regressed on time must not change by more than {@value #TREND_LIMIT_PCT} %
 *       of the mean across the window at 95 % significance ({@link Stats#trend}, which allows for seconds correlated
 *       as the lab's are), else the level is not steady (still climbing when it ends).
 *   <li>A cut at MSER's limit, half the level, where the whole level's rate trends at 95 % significance, says that
 *       its start may last longer than MSER could look: the level is too short for its start, and one twice as long
 *       would show where the start ends.
 * </ol>
 *
 * A level that fails is not steady or too short: a flag about the outcome, so its figures are shown with the reason
 * and still count in the verdicts, which say what they would read without them.
 */
final class SteadyWindow {

    static final int BATCH_S = 5;
    static final int LONG_LEVEL_S = 30;
    static final int MIN_WINDOW_S = 5;
    static final double TREND_LIMIT_PCT = 10;

    /**
     * [from, to) in seconds since the run's time 0; {@code flag} is why it is not steady ({@link Flag#NOT_STEADY} or
     * {@link Flag#TOO_SHORT}), null when it is, and {@code why} says so in words; {@code change} is the trend across
     * it in % of its mean where one was tested (NaN where the window was too short or empty to test).
     */
    record Window(int from, int to, Flag flag, String why, double change) {

        Window(int from, int to, String why) {
            this(from, to, Flag.NOT_STEADY, why, Double.NaN);
        }

        boolean steady() {
            return flag == null;
        }

        /** Whether the series had stopped rising by the level's end: no rising trend across a window long enough. */
        boolean stoppedRising() {
            return steady() || flag == Flag.TOO_SHORT || change < 0;
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
        int cut = mser(means, batch == BATCH_S ? 1 : 0);
        int start = first + cut * batch;
        double[] window = Arrays.copyOfRange(perSecond, start, end);
        double mean = Arrays.stream(window).average().orElse(0);
        if (window.length < MIN_WINDOW_S) {
            return new Window(start, end, "its steady part is " + window.length + " s, fewer than " + MIN_WINDOW_S);
        }
        if (mean == 0) {
            return new Window(start, end, "nothing was answered in its window");
        }
        Stats.Trend trend = Stats.trend(window);
        double change = percentAcross(trend, window.length);
        if (Math.abs(change) > TREND_LIMIT_PCT && trend.significance() < 1 - Stats.CONFIDENCE) {
            return new Window(
                    start,
                    end,
                    Flag.NOT_STEADY,
                    String.format(
                            Locale.ROOT,
                            "its %s was still %s: %+.0f %% across its window",
                            what,
                            change > 0 ? "rising" : "falling",
                            change),
                    change);
        }
        if (cut == n / 2) {
            Stats.Trend whole = Stats.trend(Arrays.copyOfRange(perSecond, first, end));
            if (whole.significance() < 1 - Stats.CONFIDENCE) {
                double across = percentAcross(whole, end - first);
                return new Window(
                        start,
                        end,
                        Flag.TOO_SHORT,
                        String.format(
                                Locale.ROOT,
                                "MSER cut as much as it may, %d s of its %d, and its %s %s %+.0f %% across the level:"
                                        + " its start may last longer, and a level of at least %d s would show where it"
                                        + " ends",
                                start - from,
                                end - from,
                                what,
                                across > 0 ? "rose" : "fell",
                                across,
                                2 * (end - from)),
                        change);
            }
        }
        return new Window(start, end, null, null, change);
    }

    /** A trend's change across a series of that many seconds, in % of its mean. */
    private static double percentAcross(Stats.Trend trend, int seconds) {
        return 100 * trend.sharePerSecond() * (seconds - 1);
    }

    /**
     * MSER's truncation, in batches: the d in [least, n/2] that minimises the marginal standard error of what is
     * left.
     */
    static int mser(double[] batches, int least) {
        int n = batches.length, best = least;
        double bestScore = Double.POSITIVE_INFINITY;
        for (int d = least; d <= n / 2; d++) {
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
