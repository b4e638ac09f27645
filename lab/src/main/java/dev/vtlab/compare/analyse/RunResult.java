package dev.vtlab.compare.analyse;

import dev.vtlab.compare.raw.RunRecord;
import dev.vtlab.compare.raw.ServerSample;
import dev.vtlab.compare.settings.Metric;
import dev.vtlab.dispatch.DispatchMode;
import dev.vtlab.measurement.MachineState;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Everything one run measured, derived once from its raw files by {@link RunAnalysis}; the judge aggregates it
 * and the report writers only format it.
 *
 * @param perSecondOk successful answers in each second since the run's time 0
 * @param levels the steady window of each load level (one for a constant-load test)
 * @param byLabel latency percentiles per request type over the steady windows, successes only
 * @param warnings what makes the run doubtful, in words, a line each
 * @param runFlags the same, as the kinds of doubt a verdict can count: the run's own (errors, the load side, the
 *     machine, the calibration, the warm-up), which count against all its figures
 * @param levelFlags those of each level's window, by level name, which count against that level's figures
 */
public record RunResult(
        RunRecord record,
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
        double stealPct,
        boolean loadGeneratorBound,
        boolean machineBusy,
        List<ServerSample> samples,
        long t0EpochMs,
        List<String> warnings,
        Set<Flag> runFlags,
        Map<String, Set<Flag>> levelFlags) {

    /** A run whose errors pass this share is marked in every table. */
    public static final double ERROR_LIMIT_PCT = 1.0;

    public record Percentiles(long count, double p50, double p95, double p99) {}

    /**
     * One load level's steady window [fromS, toS) in seconds since the run's time 0: throughput and latency of
     * successful requests, server CPU, whether Liberty's pool size held still in it, and how evenly its users
     * were served (null when they were too few or sent too little to tell), and the JIT's and the collectors' seconds
     * in the window (NaN where the server does not publish them).
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
            PerUser perUser,
            double jitSeconds,
            double gcSeconds) {

        /** The steady rate as a share of the level's physical bound, or null when it has none. */
        public Double fractionOfBound() {
            return boundRps == null ? null : rps / boundRps;
        }
    }

    /**
     * Successful answers each user (JMeter thread) got in a level's window: the fewest, the median, the
     * most. A scheduler that starves some users shows here while the mean rate looks fine.
     */
    public record PerUser(int users, long min, double median, long max) {
        public double leastServedShare() {
            return min / median;
        }
    }

    /** Every flag of the run: its own and every level's. */
    public Set<Flag> flags() {
        Set<Flag> all = EnumSet.noneOf(Flag.class);
        all.addAll(runFlags);
        levelFlags.values().forEach(all::addAll);
        return all;
    }

    /**
     * The flags that count against a figure: the run's own and those of the figure's level; a figure of the whole
     * run ({@code headline} or its level null) has them all. A level that did not settle leaves its own figures out
     * of the verdicts, not those of the level after it.
     */
    public Set<Flag> flagsFor(Headline headline) {
        if (headline == null || headline.level() == null) {
            return flags();
        }
        Set<Flag> out = EnumSet.noneOf(Flag.class);
        out.addAll(runFlags);
        out.addAll(levelFlags.getOrDefault(headline.level(), Set.of()));
        return out;
    }

    public String test() {
        return record.test();
    }

    public DispatchMode mode() {
        return record.mode();
    }

    public int repetition() {
        return record.repetition();
    }

    public int order() {
        return record.order();
    }

    public Map<String, String> props() {
        return record.props();
    }

    public MachineState after() {
        return record.after();
    }

    public MachineState before() {
        return record.before();
    }

    public String dir() {
        return record.dir();
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

    /** The headline figures, per level for stepped tests and per request type where a plan has several. */
    public Map<Headline, Double> headlines() {
        Map<Headline, Double> h = new LinkedHashMap<>();
        for (Level level : levels) {
            String at = levels.size() == 1 ? null : level.name();
            h.put(new Headline(Metric.STEADY_RPS, at, null), level.rps());
            h.put(new Headline(Metric.TPS_PER_CPU_S, at, null), level.tpsPerCpuSecond());
            h.put(new Headline(Metric.P50_MS, at, null), level.latency().p50());
            h.put(new Headline(Metric.P95_MS, at, null), level.latency().p95());
            h.put(new Headline(Metric.P99_MS, at, null), level.latency().p99());
            h.put(new Headline(Metric.CPU_PCT, at, null), level.cpuPct());
            if (level.perUser() != null) {
                h.put(
                        new Headline(Metric.LEAST_SERVED, at, null),
                        level.perUser().leastServedShare());
            }
        }
        h.put(Headline.of(Metric.RSS_MAX_MIB), rssMaxBytes / 1048576);
        if (secondsTo90PctOfPeak != null) {
            h.put(Headline.of(Metric.TIME_TO_90PCT_S), secondsTo90PctOfPeak);
        }
        if (Boolean.TRUE.equals(record.warm()) && !Double.isNaN(record.warmupSeconds())) {
            h.put(Headline.of(Metric.WARMUP_S), record.warmupSeconds());
        }
        if (byLabel.size() > 1) {
            // each request type (the plan's sampler label) on its own
            byLabel.forEach((label, p) -> {
                h.put(new Headline(Metric.P50_MS, null, label), p.p50());
                h.put(new Headline(Metric.P95_MS, null, label), p.p95());
                h.put(new Headline(Metric.P99_MS, null, label), p.p99());
            });
        }
        return h;
    }
}
