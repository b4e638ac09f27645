package dev.vtlab.compare.analyse;

import dev.vtlab.compare.raw.Jtl;
import dev.vtlab.compare.settings.Catalogue;
import dev.vtlab.compare.settings.CpuPlan;
import dev.vtlab.compare.settings.JitRule;
import dev.vtlab.compare.settings.Metric;
import dev.vtlab.compare.settings.TestSpec;
import dev.vtlab.compare.stats.Stats;
import dev.vtlab.dispatch.DispatchMode;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Whether a run's figures can be trusted, and the physical bound each level's rate must stay under. Each check
 * adds a warning the report shows beside the run and sets a flag: the run's own (errors, the load side, the machine,
 * the warm-up), which counts against all its figures, or a level's (its window), which counts against that level's.
 */
final class Validity {

    /** Mean steal (% of one CPU) above which a neighbour VM is taking this machine's CPUs. */
    static final double STEAL_PCT = 5;
    /** How far a run's CPU calibration may be from the comparison's before the run is flagged. */
    static final double CALIBRATION_SHARE = 0.10;
    /** Mean CPU of everything else on the machine above which a run is marked as taken on a busy machine. */
    static final double BUSY_OTHER_CPU_PCT = 15;
    /** The load side's CPU use, as a share of its CPUs, above which it is suspected of limiting the test. */
    static final double LOAD_BOUND_SHARE = 0.90;
    /**
     * How far under its pace a paced level may be answered before it counts as not kept. JMeter's per-user timer never
     * catches up: a user whose answer came after its next slot loses that slot, so a mode with a longer latency tail
     * is answered a little under the pace (docs/compare.md, "the paced rate not kept"); a server that cannot keep the
     * pace falls far further.
     */
    static final double PACE_SHORTFALL = 0.10;
    /** The label the open-model plans give an arrival they refused to send (more than MAX_THREADS alive). */
    static final String DROPPED = "dropped";

    private final List<String> warnings;
    /** The test the run ran: whether its load is sudden (a cold server on purpose), paced, or open. */
    private final TestSpec spec;
    /** The run's own doubts (errors, the load side, the machine, the warm-up), which count against every figure. */
    private final Set<Flag> flags = EnumSet.noneOf(Flag.class);
    /**
     * Where a sudden load's peak flag is kept: apart from the levels, so that it counts against the run's time to peak
     * (a figure of the whole run, which every flag counts against) and not against a level's own rate or latency.
     */
    static final String TIME_TO_PEAK = "time to peak";
    /** Where a memory test's flag is kept, so that it counts against the run's peak RSS as TIME_TO_PEAK does. */
    static final String PEAK_RSS = "peak RSS";
    /**
     * How fast a memory test's RSS may rise in its window (least squares, per minute, as a share of its mean) before
     * its peak counts as a lower bound: the equivalence margin, per minute so that a shorter window does not hide it.
     * What it caught: docs/compare.md, "A footprint once the memory has settled".
     */
    static final double MEMORY_RISE_PER_MINUTE = 0.05;
    /** A level's doubts (its window), which count against that level's figures only. */
    private final Map<String, Set<Flag>> levelFlags = new LinkedHashMap<>();

    Validity(List<String> warnings, TestSpec spec) {
        this.warnings = warnings;
        this.spec = spec;
    }

    /** The run's own flags (see {@link RunResult#flagsFor}). */
    Set<Flag> runFlags() {
        return EnumSet.copyOf(flags);
    }

    /** Each level's flags, by level name. */
    Map<String, Set<Flag>> levelFlags() {
        Map<String, Set<Flag>> copy = new LinkedHashMap<>();
        levelFlags.forEach((level, f) -> copy.put(level, Set.copyOf(f)));
        return copy;
    }

    private void levelFlag(Levels.Span span, Flag flag) {
        flag(span.name(), flag);
    }

    /** A flag kept under a level's name, or under the name of the whole-run figure it counts against. */
    private void flag(String key, Flag flag) {
        levelFlags.computeIfAbsent(key, k -> EnumSet.noneOf(Flag.class)).add(flag);
    }

    void errors(boolean tooMany) {
        if (tooMany) {
            flags.add(Flag.ERRORS);
        }
    }

    /**
     * The level's physical bound: an open model cannot answer more than arrives; a closed IO-bound one
     * no more than users / wait (Little's law), nor, where requests hold a pool thread for the wait,
     * more than maxThreads / wait. Null when the CPU, not a wait, is the limit.
     */
    static Double bound(TestSpec spec, DispatchMode mode, Integer poolMaxThreads, Levels.Span span) {
        if (spec.test().shape().openModel()) {
            return (double) span.offered() * spec.test().arrival().requests();
        }
        if (spec.pacedRate() != null) {
            return (double) spec.pacedRate();
        }
        if (spec.ioWaitMs() == null) {
            return null;
        }
        int concurrency = span.offered();
        if (poolMaxThreads != null && mode.poolThreadPerRequest()) {
            concurrency = Math.min(concurrency, poolMaxThreads);
        }
        return concurrency / (spec.ioWaitMs() / 1000);
    }

    /**
     * A level with no steady window, or one too short for its start. Flagged, except in a sudden-load test, whose
     * primary figure is the time to reach the peak over the whole run: a cold server that never settles within the plan
     * is what it measures (the level's rate is then shown with the reason and is no steady rate).
     */
    void steady(Levels.Span span, SteadyWindow.Window window) {
        if (window.steady()) {
            return;
        }
        if (!spec.test().sudden()) {
            levelFlag(span, window.flag());
        }
        warnings.add("level " + span.name() + ": "
                + (window.flag() == Flag.TOO_SHORT
                        ? "too short: " + window.why() + " (lengthen " + Catalogue.levelKey(spec.test()) + ")"
                        : "not steady: " + window.why()));
    }

    /**
     * Little's law for a closed level: its users cannot be answered more often than users ÷ the fastest response
     * sent in the window (think time only lowers that). Null when a response took under JMeter's 1 ms.
     */
    static Double littlesLaw(Levels.Span span, List<Jtl.Sample> sent) {
        long fastest = sent.stream()
                .filter(Jtl.Sample::success)
                .mapToLong(Jtl.Sample::elapsed)
                .min()
                .orElse(0);
        return fastest <= 0 || span.offered() <= 0 ? null : span.offered() / (fastest / 1000.0);
    }

    /** The lower of two bounds, either of which may be absent. */
    static Double tighter(Double a, Double b) {
        return a == null ? b : b == null ? a : Double.valueOf(Math.min(a, b));
    }

    /** The server cannot use more than its CPUs: a window that says so is not a measurement. */
    void withinCpus(Levels.Span span, double cpuPct, int serverCpus) {
        if (cpuPct > 100.0 * serverCpus * 1.05) {
            levelFlag(span, Flag.ABOVE_BOUND);
            warnings.add(String.format(
                    Locale.ROOT,
                    "level %s: server CPU %.0f %% is above its %d CPU(s): the sampling is wrong",
                    span.name(),
                    cpuPct,
                    serverCpus));
        }
    }

    /**
     * Null when the server publishes no pool size; else whether it had settled in the window ({@link
     * Stats#poolSettled}: no drift, however wide the controller's tries). Flagged only where the pool runs the
     * requests ({@code poolRuns}): elsewhere its size does not bound them.
     */
    Boolean poolConverged(Levels.Span span, double[] sizes, boolean poolRuns) {
        Boolean settled = Stats.poolSettled(sizes);
        if (Boolean.FALSE.equals(settled) && poolRuns) {
            levelFlag(span, Flag.POOL_NOT_CONVERGED);
            warnings.add(String.format(
                    Locale.ROOT,
                    "level %s: Liberty's pool had not converged (it drifted by %+.0f threads across the window)",
                    span.name(),
                    Stats.drift(sizes)));
        }
        return settled;
    }

    void withinBound(Levels.Span span, double rps, Double bound) {
        if (bound != null && rps > bound * 1.05) {
            levelFlag(span, Flag.ABOVE_BOUND);
            warnings.add(String.format(
                    Locale.ROOT,
                    "level %s: %.1f req/s exceeds its bound of %.1f: the window holds a burst"
                            + " or a backlog being cleared, not a steady rate (lengthen the level)",
                    span.name(),
                    rps,
                    bound));
        }
    }

    /**
     * A sudden load's time to 90 % of its peak counts only where the rate had stopped rising while the load lasted:
     * else the highest rate seen is where the plan ended, not the mode's peak (docs/compare.md, "time to 90 % of
     * peak").
     */
    void peakReached(Levels.Span span, SteadyWindow.Window window) {
        if (spec.test().sudden() && !window.stoppedRising()) {
            flag(TIME_TO_PEAK, Flag.PEAK_BEYOND_PLAN);
            warnings.add("level " + span.name() + ": the rate had not stopped rising when the load ended ("
                    + (window.why() == null ? "" : window.why())
                    + "): its peak, and the time to 90 % of it, lie beyond the plan (lengthen DURATION)");
        }
    }

    /**
     * A memory test's peak RSS counts only where the RSS had stopped rising in the window: else the peak is where the
     * level ended, a lower bound that a longer level would raise, as the rate's peak is for a sudden load.
     *
     * @param rssBytes the server's RSS each second of the level's window
     */
    void memorySettled(Levels.Span span, double[] rssBytes) {
        if (spec.test().primary() != Metric.RSS_MAX_MIB || rssBytes.length < 10) {
            return;
        }
        double rise = 60 * Stats.trend(rssBytes).sharePerSecond();
        if (rise > MEMORY_RISE_PER_MINUTE) {
            flag(PEAK_RSS, Flag.MEMORY_RISING);
            warnings.add(String.format(
                    Locale.ROOT,
                    "level %s: the server's RSS was still rising, %+.1f %% a minute in its window, so its peak is a"
                            + " lower bound (lengthen DURATION)",
                    span.name(),
                    100 * rise));
        }
    }

    /**
     * A paced level must be answered at its pace: short of it, the server (or JMeter) could not keep up, and its CPU per
     * request is no longer the cost at the rate the modes are compared at.
     */
    void keptPace(Levels.Span span, double rps) {
        Integer pace = spec.pacedRate();
        if (pace != null && rps < pace * (1 - PACE_SHORTFALL)) {
            levelFlag(span, Flag.RATE_NOT_KEPT);
            warnings.add(String.format(
                    Locale.ROOT,
                    "level %s: answered %.0f req/s of the %d/s paced: the server or JMeter could not keep the pace"
                            + " (lower RATE)",
                    span.name(),
                    rps,
                    pace));
        }
    }

    /** Whether the load side's CPU use says JMeter (or the remote system) may have limited the test. */
    boolean loadGeneratorBound(CpuPlan cpus, double server, double jmeter, double remote, double other) {
        boolean bound = cpus.shared()
                ? server + jmeter + remote + other >= 100 * cpus.server().size() * LOAD_BOUND_SHARE
                        && jmeter >= server / 2
                : jmeter + remote >= 100 * cpus.load().size() * LOAD_BOUND_SHARE;
        if (bound) {
            flags.add(Flag.LOAD_GENERATOR_BOUND);
            warnings.add(String.format(
                    Locale.ROOT,
                    "load-generator bound: JMeter %.0f %% + remote %.0f %% of CPUs %s",
                    jmeter,
                    remote,
                    CpuPlan.list(cpus.load())));
        }
        return bound;
    }

    /** An open model is only as open as JMeter's one scheduling thread keeps it: whether it kept the rate. */
    boolean keptSchedule(List<Jtl.Sample> all, List<RunResult.Level> levels, long t0) {
        Catalogue.Arrival arrival = spec.test().arrival();
        if (arrival == null) {
            return true;
        }
        boolean kept = true;
        for (RunResult.Level l : levels) {
            long sent = all.stream()
                    .filter(x ->
                            x.label().equals(arrival.firstLabel()) || x.label().equals(DROPPED))
                    .filter(x -> x.start() >= t0 + l.fromS() * 1000 && x.start() < t0 + l.toS() * 1000)
                    .count();
            double sentPerSecond = sent / Math.max(1, l.toS() - l.fromS());
            if (sentPerSecond < 0.9 * l.offered()) {
                kept = false;
                flags.add(Flag.LOAD_GENERATOR_BOUND);
                warnings.add(String.format(
                        Locale.ROOT,
                        "level %s: JMeter sent %.1f arrivals/s of the %d/s planned: load-generator bound",
                        l.name(),
                        sentPerSecond,
                        l.offered()));
            }
        }
        long late = all.stream()
                .filter(x ->
                        x.label().equals(arrival.firstLabel()) && x.start() > t0 + spec.loadSeconds() * 1000L + 1000)
                .count();
        if (late > 0) {
            kept = false;
            flags.add(Flag.LOAD_GENERATOR_BOUND);
            warnings.add(late + " arrivals were sent more than 1 s after the schedule ended: JMeter fell behind");
        }
        return kept;
    }

    /** A neighbour VM that took CPU from this one (steal) makes the run's machine a busy one. */
    boolean stolen(double steal) {
        boolean stolen = steal > STEAL_PCT;
        if (stolen) {
            flags.add(Flag.MACHINE_BUSY);
            warnings.add(String.format(
                    Locale.ROOT,
                    "noisy neighbour: the hypervisor took %.1f %% of a CPU (steal) during the run",
                    steal));
        }
        return stolen;
    }

    /** The server CPUs ran the calibration at a speed more than 10 % off the comparison's reference. */
    void calibration(double run, double reference) {
        if (reference > 0 && Math.abs(run / reference - 1) > CALIBRATION_SHARE) {
            flags.add(Flag.CPU_SPEED);
            warnings.add(String.format(
                    Locale.ROOT,
                    "the server CPUs ran the calibration at %.0f %% of the comparison's start: a slower host or a"
                            + " neighbour",
                    100 * run / reference));
        }
    }

    /** A warm-up that reached its cap before the server was warm. */
    void warmedUp(Boolean warm, double seconds) {
        if (Boolean.FALSE.equals(warm)) {
            flags.add(Flag.NOT_WARM);
            warnings.add(String.format(
                    Locale.ROOT,
                    "not warm: the JIT was still compiling or the rate still moving after the warm-up's cap of %.0f s",
                    seconds));
        }
    }

    /** Compilation in a window means the code measured there was still changing under the load. */
    void warm(Levels.Span span, double jitSeconds, double windowSeconds) {
        if (!Double.isNaN(jitSeconds) && windowSeconds > 0 && jitSeconds / windowSeconds > JitRule.WINDOW_CPU_SHARE) {
            // a sudden load meets a cold server on purpose: its JIT compiling is part of what is measured
            boolean sudden = spec.test().sudden();
            if (!sudden) {
                levelFlag(span, Flag.NOT_WARM);
            }
            warnings.add(String.format(
                    Locale.ROOT,
                    "level %s: the JIT compiled for %.1f s (CPU) of its %.0f s window: %s",
                    span.name(),
                    jitSeconds,
                    windowSeconds,
                    sudden ? "a cold server, as a sudden load means (not a flag)" : "not warm"));
        }
    }

    boolean machineBusy(double other) {
        boolean busy = other > BUSY_OTHER_CPU_PCT;
        if (busy) {
            flags.add(Flag.MACHINE_BUSY);
            warnings.add(String.format(
                    Locale.ROOT, "busy machine: other processes used %.0f %% of a CPU during the run", other));
        }
        return busy;
    }
}
