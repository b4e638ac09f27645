package dev.vtlab.compare;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.analyse.Flag;
import dev.vtlab.compare.analyse.RunResult;
import dev.vtlab.compare.judge.Comparison;
import dev.vtlab.compare.judge.ComparisonInput;
import dev.vtlab.compare.raw.Environment;
import dev.vtlab.compare.raw.RunRecord;
import dev.vtlab.compare.raw.ServerSample;
import dev.vtlab.dispatch.DispatchMode;
import dev.vtlab.measurement.MachineState;
import dev.vtlab.measurement.MemoryLatency;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.function.Executable;

/**
 * What the comparison's unit tests of several stages share: a minimal war, the one-line refusal check, and the record
 * of a measured run on a quiet machine, and a measured run of one level.
 */
public final class Fixtures {

    private Fixtures() {}

    /** A .war with nothing but a web.xml, at {@code file}. */
    public static Path war(Path file) throws IOException {
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(file))) {
            zip.putNextEntry(new ZipEntry("WEB-INF/web.xml"));
            zip.write("<web-app/>".getBytes());
        }
        return file;
    }

    /** The project's root (the parent pom's directory): its docs, plans, samples and the app's server-config. */
    public static final Path ROOT =
            Path.of(System.getProperty("vtlab.root", "..")).toAbsolutePath().normalize();

    /** A user's home directory for settings parsed in tests: only a path, nothing is read or written there. */
    public static final String HOME = "/home/vtlab-test";

    /** A machine with a low load and no other JVM, before and after a run. */
    public static final MachineState QUIET = new MachineState(0.1, List.of());

    /** The latency of every request in a fixture's levels and of its one label, unless a test gives its own. */
    /** What the memory probe read before a run: about what it reads here. */
    public static final MemoryLatency MEMORY = new MemoryLatency(18.25, 251.5);

    public static final RunResult.Percentiles LATENCY = new RunResult.Percentiles(1000, 2, 5, 9);

    /**
     * A measured run's record on a {@link #QUIET} machine, with no warm-up and its wall time not recorded (as a plan
     * without a warm-up phase leaves it), and the memory probe's {@link #MEMORY}.
     */
    public static RunRecord runRecord(
            String test, DispatchMode mode, int repetition, int order, double calibration, Map<String, String> props) {
        return new RunRecord(
                test,
                mode,
                repetition,
                order,
                calibration,
                MEMORY,
                Double.NaN,
                null,
                props,
                QUIET,
                QUIET,
                Double.NaN,
                List.of(),
                null);
    }

    /**
     * A measured run of one level ("50 users", seconds [{@code from}, {@code to}), steady) at {@code rps} with the
     * server at {@code cpuPct} % of a CPU and {@code tpsPerCpu} requests per CPU-second: 1 000 requests, all
     * answered, p50/p95/p99 at 2/5/9 ms, no flag; {@code ok} its answers per second and {@code samples} the server's
     * seconds from {@code t0} (epoch ms).
     */
    public static RunResult oneLevelRun(
            String test,
            DispatchMode mode,
            int repetition,
            int from,
            int to,
            double rps,
            double cpuPct,
            double tpsPerCpu,
            double[] ok,
            List<ServerSample> samples,
            long t0) {
        return run(
                test,
                mode,
                repetition,
                List.of(level("50 users", 50, from, to, rps, cpuPct, tpsPerCpu)),
                ok,
                samples,
                t0,
                Map.of());
    }

    /** A steady level's window [{@code from}, {@code to}) s: p50/p95/p99 at 2/5/9 ms, no pool, no JIT or GC in it. */
    public static RunResult.Level level(
            String name, int offered, int from, int to, double rps, double cpuPct, double tpsPerCpu) {
        return level(name, offered, from, to, rps, cpuPct, tpsPerCpu, LATENCY);
    }

    /** The same steady level with its own {@code latency}. */
    public static RunResult.Level level(
            String name,
            int offered,
            int from,
            int to,
            double rps,
            double cpuPct,
            double tpsPerCpu,
            RunResult.Percentiles latency) {
        return new RunResult.Level(
                name,
                offered,
                from,
                to,
                true,
                rps,
                cpuPct,
                tpsPerCpu,
                latency,
                null,
                Double.NaN,
                Double.NaN,
                null,
                null,
                0,
                0);
    }

    /**
     * A measured run of {@code levels} on a {@link #QUIET} machine: 1 000 requests, all answered, p50/p95/p99 at 2/5/9
     * ms, no flag of its own; {@code levelFlags} the flags of its levels' windows, by level name.
     */
    public static RunResult run(
            String test,
            DispatchMode mode,
            int repetition,
            List<RunResult.Level> levels,
            double[] ok,
            List<ServerSample> samples,
            long t0,
            Map<String, Set<Flag>> levelFlags) {
        return new Run(runRecord(test, mode, repetition, repetition, 1000, Map.of()), levels)
                .perSecondOk(ok)
                .samples(samples, t0)
                .levelFlags(levelFlags)
                .result();
    }

    /**
     * A measured run of {@code levels} as {@link #run} makes it (1 000 requests, all answered, the ping label at
     * p50/p95/p99 2/5/9 ms, 100 MB of RSS, 50 OS threads, JMeter and the remote at 10 % of a CPU, others at 1 %, no
     * flag, no per-second series, no samples), with what a test sets otherwise; {@link #result()} builds it.
     */
    public static final class Run {
        private final RunRecord record;
        private final List<RunResult.Level> levels;
        private long requests = 1000;
        private double[] perSecondOk = new double[0];
        private Map<String, RunResult.Percentiles> byLabel = Map.of("ping", LATENCY);
        private double rssMaxBytes = 1e8;
        private double osThreadsMax = 50;
        private Double secondsTo90PctOfPeak;
        private double remoteCpuPct = 10;
        private double otherCpuPct = 1;
        private List<ServerSample> samples = List.of();
        private long t0EpochMs;
        private Set<Flag> runFlags = Set.of();
        private Map<String, Set<Flag>> levelFlags = Map.of();

        public Run(RunRecord record, List<RunResult.Level> levels) {
            this.record = record;
            this.levels = levels;
        }

        /** Requests sent, every one answered. */
        public Run requests(long requests) {
            this.requests = requests;
            return this;
        }

        public Run perSecondOk(double[] perSecondOk) {
            this.perSecondOk = perSecondOk;
            return this;
        }

        public Run byLabel(Map<String, RunResult.Percentiles> byLabel) {
            this.byLabel = byLabel;
            return this;
        }

        public Run rssMaxBytes(double rssMaxBytes) {
            this.rssMaxBytes = rssMaxBytes;
            return this;
        }

        public Run osThreadsMax(double osThreadsMax) {
            this.osThreadsMax = osThreadsMax;
            return this;
        }

        public Run secondsTo90PctOfPeak(Double secondsTo90PctOfPeak) {
            this.secondsTo90PctOfPeak = secondsTo90PctOfPeak;
            return this;
        }

        public Run remoteCpuPct(double remoteCpuPct) {
            this.remoteCpuPct = remoteCpuPct;
            return this;
        }

        public Run otherCpuPct(double otherCpuPct) {
            this.otherCpuPct = otherCpuPct;
            return this;
        }

        /** The server's seconds from {@code t0EpochMs}. */
        public Run samples(List<ServerSample> samples, long t0EpochMs) {
            this.samples = samples;
            this.t0EpochMs = t0EpochMs;
            return this;
        }

        public Run runFlags(Set<Flag> runFlags) {
            this.runFlags = runFlags;
            return this;
        }

        public Run levelFlags(Map<String, Set<Flag>> levelFlags) {
            this.levelFlags = levelFlags;
            return this;
        }

        public RunResult result() {
            return new RunResult(
                    record,
                    requests,
                    requests,
                    Map.of(),
                    perSecondOk,
                    levels,
                    byLabel,
                    rssMaxBytes,
                    osThreadsMax,
                    Map.of(),
                    secondsTo90PctOfPeak,
                    10,
                    remoteCpuPct,
                    otherCpuPct,
                    0.024, // steal: a quiet host's few ticks, which the summary keeps (JsonReport)
                    false,
                    false,
                    samples,
                    t0EpochMs,
                    List.of(),
                    runFlags,
                    levelFlags);
        }
    }

    /**
     * A ping run of one steady level at {@code tpsPerCpu} requests per CPU-second; with {@code flagged} it ran on a busy
     * machine (a flag about its setup, which leaves it out).
     */
    public static RunResult pingRun(DispatchMode mode, int rep, double tpsPerCpu, boolean flagged) {
        return pingRun(mode, rep, tpsPerCpu, flagged ? Flag.MACHINE_BUSY : null);
    }

    /**
     * The same with {@code flag} (none when null): a setup flag the run's own, an outcome flag its level's (a level not
     * steady, a pool not converged…).
     */
    public static RunResult pingRun(DispatchMode mode, int rep, double tpsPerCpu, Flag flag) {
        return new Run(
                        runRecord("ping", mode, rep, rep, 1000, Map.of()),
                        List.of(level("50 users", 50, 5, 25, tpsPerCpu * 0.9, 90, tpsPerCpu)))
                .perSecondOk(new double[30])
                .samples(List.of(), 0)
                .runFlags(flag != null && flag.leavesOut() ? Set.of(flag) : Set.of())
                .levelFlags(flag != null && !flag.leavesOut() ? Map.of("50 users", Set.of(flag)) : Map.of())
                .result();
    }

    /** Ping runs judged threadpool against executor-virtual, with the default margin and nothing else. */
    public static Comparison pingComparison(List<RunResult> runs, boolean keepFlagged) {
        return pingComparison(runs, keepFlagged, false);
    }

    /** The same, {@code sequential}: the runs came in the sequential design's blocks. */
    public static Comparison pingComparison(List<RunResult> runs, boolean keepFlagged, boolean sequential) {
        return Comparison.of(ComparisonInput.of(
                        // in one order whatever the JVM (Map.of's is not), for the golden files
                        new Environment(new TreeMap<>(
                                Map.of("kernel", "test", "server_cpus", "0", "cpu_model", "test CPU", "jdk", "25"))),
                        List.of("ping"),
                        List.of(DispatchMode.THREADPOOL, DispatchMode.EXECUTOR_VIRTUAL),
                        runs)
                .wallS(60)
                .keepFlagged(keepFlagged)
                .sequential(sequential)
                .build());
    }

    /** {@code call} is refused with one line that starts with {@code start} and contains {@code contains}. */
    public static void assertMessage(String start, String contains, Executable call) {
        Exception e = assertThrows(Exception.class, call);
        assertTrue(e.getMessage().startsWith(start) && e.getMessage().contains(contains), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
    }
}
