package dev.vtlab.compare;

import dev.vtlab.dispatch.DispatchMode;
import dev.vtlab.measurement.MachineState;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything one run measured, derived once from its JTL and samples by {@link RunAnalysis}; the
 * report writers only format it.
 *
 * @param order       position of the run in the comparison (1-based), which the interleaving decided
 * @param perSecondOk successful answers in each second since the first request was sent
 * @param levels      the steady window of each load level (one for a constant-load test)
 * @param byLabel     latency percentiles per request type over the steady windows, successes only
 */
public record RunResult(
        String test,
        DispatchMode mode,
        int repetition,
        int order,
        Map<String, String> props,
        long requests,
        long successes,
        Map<String, Long> errorsByCode,
        double[] perSecondOk,
        List<Level> levels,
        Map<String, Percentiles> byLabel,
        double rssMaxBytes,
        double osThreadsMax,
        Map<String, Double> metricsMax,
        Double secondsTo90PctOfPeak,
        double jmeterCpuPct,
        double remoteCpuPct,
        double otherCpuPct,
        boolean loadGeneratorBound,
        boolean machineBusy,
        MachineState before,
        MachineState after,
        List<ProcessSampler.Sample> samples,
        long t0EpochMs,
        List<String> warnings) {

    /** A run whose errors pass this share is marked in every table. */
    public static final double ERROR_LIMIT_PCT = 1.0;

    public record Percentiles(long count, double p50, double p95, double p99) {}

    /**
     * One load level's steady window [fromS, toS) in seconds since the first request: throughput and
     * latency of successful requests, server CPU, whether Liberty's pool size held still in it, and how
     * evenly its users were served (null when they were too few or sent too little to tell).
     */
    public record Level(
            String name,
            int offered,
            double fromS,
            double toS,
            boolean settled,
            double rps,
            double cpuPct,
            double tpsPerCpuSecond,
            Percentiles latency,
            Double boundRps,
            double poolMin,
            double poolMax,
            Boolean poolConverged,
            PerUser perUser) {}

    /**
     * Successful answers each user (JMeter thread) got in a level's window: the fewest, the median, the
     * most. A scheduler that starves some users shows here while the mean rate looks fine.
     */
    public record PerUser(int users, long min, double median, long max) {
        public double leastServedShare() {
            return min / median;
        }
    }

    public long errors() {
        return requests - successes;
    }

    public double errorPct() {
        return requests == 0 ? 0 : 100.0 * errors() / requests;
    }

    public boolean tooManyErrors() {
        return errorPct() > ERROR_LIMIT_PCT;
    }

    public String dir() {
        return "runs/" + test + "-" + mode.label() + "-" + repetition;
    }

    /**
     * The headline figures, keyed by metric and, for stepped tests, level ("steady_rps@50 users"); these
     * are what repetitions are aggregated over.
     */
    public Map<String, Double> headlines() {
        Map<String, Double> h = new LinkedHashMap<>();
        for (Level level : levels) {
            String at = levels.size() == 1 ? "" : "@" + level.name();
            h.put(Metric.STEADY_RPS.key + at, level.rps());
            h.put(Metric.TPS_PER_CPU_S.key + at, level.tpsPerCpuSecond());
            h.put(Metric.P50_MS.key + at, level.latency().p50());
            h.put(Metric.P95_MS.key + at, level.latency().p95());
            h.put(Metric.P99_MS.key + at, level.latency().p99());
            h.put(Metric.CPU_PCT.key + at, level.cpuPct());
            if (level.perUser() != null) {
                h.put(Metric.LEAST_SERVED.key + at, level.perUser().leastServedShare());
            }
        }
        h.put(Metric.RSS_MAX_MIB.key, rssMaxBytes / 1048576);
        if (secondsTo90PctOfPeak != null) {
            h.put(Metric.TIME_TO_90PCT_S.key, secondsTo90PctOfPeak);
        }
        if (byLabel.size() > 1) {
            // each request type (the plan's sampler label) on its own: "p95_ms#transfer"
            byLabel.forEach((label, p) -> {
                h.put(Metric.P50_MS.key + REQUEST_TYPE + label, p.p50());
                h.put(Metric.P95_MS.key + REQUEST_TYPE + label, p.p95());
                h.put(Metric.P99_MS.key + REQUEST_TYPE + label, p.p99());
            });
        }
        return h;
    }

    /** Separates a headline's metric from a request type ("p95_ms#transfer"), as '@' does from a level. */
    static final char REQUEST_TYPE = '#';

    /** The metric a headline key names ("p95_ms@50 users" and "p95_ms#transfer" are P95_MS). */
    static Metric metricOf(String headline) {
        String key = headline.substring(0, qualifierAt(headline));
        for (Metric m : Metric.values()) {
            if (m.key.equals(key)) {
                return m;
            }
        }
        throw new IllegalArgumentException(headline);
    }

    /** The request type a headline is about, or null for a figure of the whole test (or of a level). */
    static String requestTypeOf(String headline) {
        int at = qualifierAt(headline);
        return at < headline.length() && headline.charAt(at) == REQUEST_TYPE ? headline.substring(at + 1) : null;
    }

    /** Where the metric key ends: metric keys hold neither '@' nor '#', a label may hold both. */
    private static int qualifierAt(String headline) {
        for (int i = 0; i < headline.length(); i++) {
            if (headline.charAt(i) == '@' || headline.charAt(i) == REQUEST_TYPE) {
                return i;
            }
        }
        return headline.length();
    }
}
