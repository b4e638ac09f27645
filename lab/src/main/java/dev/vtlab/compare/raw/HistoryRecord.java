package dev.vtlab.compare.raw;

import dev.vtlab.dispatch.DispatchMode;
import java.time.Instant;
import java.util.List;

/**
 * One past comparison of a configuration, as its history keeps it: when it ran, how fast the host's CPUs were, on
 * what kernel and JDK, and per test and mode the run means of the primary figure and the ratio to the baseline.
 *
 * @param configuration what makes comparisons comparable ({@link HistoryFiles#configuration}); records of another are
 *     never read together
 * @param calibration the comparison's calibration of the server CPUs (work units per second)
 */
public record HistoryRecord(
        String configuration, Instant at, double calibration, String kernel, String jdk, List<Figure> figures) {

    /**
     * A test's primary figure in one mode.
     *
     * @param metric the headline's key ("tps_per_cpu_s@100 users")
     * @param runMeans the valid runs' values, in the order they ran
     * @param baseline the mode the ratio is against, null for the baseline itself (then ratio, low, high are NaN)
     * @param verdict the ratio's verdict in the glossary's words ("lower beyond the margin", …), empty for the baseline
     */
    public record Figure(
            String test,
            String metric,
            DispatchMode mode,
            double[] runMeans,
            DispatchMode baseline,
            double ratio,
            double low,
            double high,
            String verdict) {}
}
