package dev.vtlab.compare.analyse;

import dev.vtlab.compare.stats.Stats;
import java.util.Arrays;

/**
 * The rule that finds a level's steady window in its per-second answers: from the moment the rate has settled
 * (the 3-second moving average first reaches 90 % of the median rate of the level's second half, plus {@value
 * #SETTLE_MARGIN_S} s) to the last second in which the level's requests were still being sent.
 */
final class SteadyWindow {

    static final int SETTLE_MARGIN_S = 1;
    /** A window shorter than this says nothing steady; the level is then measured whole and flagged. */
    static final int MIN_WINDOW_S = 2;

    private SteadyWindow() {}

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
     * The rate a level settles at: the median answers per second of its second half. A median, not the
     * peak, so that one burst (a noisy mode, a pool releasing a queue) does not push the settling point
     * to the burst.
     */
    static double levelRate(double[] perSecond, int from, int to) {
        int end = Math.min(to, perSecond.length);
        int mid = from + (end - from) / 2;
        if (end - mid < 1) {
            return 0;
        }
        return Stats.median(Arrays.copyOfRange(perSecond, mid, end));
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
