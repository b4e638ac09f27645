package dev.vtlab.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vtlab.compare.Fixtures;
import dev.vtlab.compare.analyse.Flag;
import dev.vtlab.compare.analyse.RunProfile;
import dev.vtlab.compare.analyse.RunResult;
import dev.vtlab.compare.judge.Comparison;
import dev.vtlab.compare.judge.ComparisonInput;
import dev.vtlab.compare.judge.CpuProfiles;
import dev.vtlab.compare.raw.Environment;
import dev.vtlab.compare.raw.HistoryRecord;
import dev.vtlab.compare.raw.RunRecord;
import dev.vtlab.dispatch.DispatchMode;
import dev.vtlab.profile.Bucket;
import dev.vtlab.profile.Profile;
import dev.vtlab.profile.ThreadCpu;
import dev.vtlab.profile.Window;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The writers' formats against golden files, as JMH tests its result formats: one fixed comparison (four ping runs
 * a mode, one of them flagged for its outcome, one for its setup) written as summary.json, runs.csv, ratios.csv and
 * index.html, byte for byte; and the page's sections that comparison leaves out (the profiled runs', the history's)
 * from the same runs profiled and compared before. Nothing in them varies from run to run (no clock, no path), so
 * nothing is normalised. A change to a format shows here as a diff to review; {@code -Dvtlab.golden.update=true}
 * writes the files anew (lab/src/test/resources/golden) when the change is meant.
 */
class GoldenFilesTest {

    private static final Path GOLDEN = Path.of("src/test/resources/golden");
    private static final List<DispatchMode> MODES = List.of(DispatchMode.THREADPOOL, DispatchMode.EXECUTOR_VIRTUAL);
    /** Stacks of the profiled runs: one with a frame of the application, one without. */
    private static final List<String> APP = List.of("com.example.ping.Ping.get:12", "java.lang.Object.wait");

    private static final List<String> LIBRARY = List.of("org.lib.Pool.take:1", "java.util.concurrent.locks.park");
    private static final List<String> BUFFER = List.of(
            "java.nio.ByteBuffer.allocateDirect:1", "java.nio.DirectByteBuffer.<init>:3", "com.ibm.ws.Channel.read:5");

    /** Identical runs for any JDK and machine: the fixtures' figures only. */
    static Comparison comparison() {
        return Fixtures.pingComparison(runs(), false);
    }

    private static List<RunResult> runs() {
        List<RunResult> runs = new ArrayList<>();
        double[] pool = {1000, 1020, 985, 1010};
        double[] virtual = {810, 835, 790, 820};
        for (int rep = 1; rep <= pool.length; rep++) {
            runs.add(Fixtures.pingRun(DispatchMode.THREADPOOL, rep, pool[rep - 1], rep == 2 ? Flag.NOT_STEADY : null));
            runs.add(Fixtures.pingRun(
                    DispatchMode.EXECUTOR_VIRTUAL, rep, virtual[rep - 1], rep == 3 ? Flag.MACHINE_BUSY : null));
        }
        return runs;
    }

    @ParameterizedTest
    @ValueSource(strings = {"summary.json", "runs.csv", "ratios.csv", "index.html"})
    void eachFormatIsItsGoldenFile(String file, @TempDir Path tmp) throws IOException {
        Comparison c = comparison();
        JsonReport.write(c, tmp.resolve("summary.json"));
        CsvReport.write(c, tmp);
        HtmlReport.write(c, tmp);
        assertGolden(file, Files.readString(tmp.resolve(file)));
    }

    @Test
    void theProfiledRunsAndTheHistoryAreTheirGoldenPage(@TempDir Path tmp) throws IOException {
        HtmlReport.write(profiledWithHistory(), tmp);
        assertGolden("profiled/index.html", Files.readString(tmp.resolve("index.html")));
    }

    private static void assertGolden(String file, String written) throws IOException {
        Path golden = GOLDEN.resolve(file);
        if (Boolean.getBoolean("vtlab.golden.update")) {
            Files.createDirectories(golden.getParent());
            Files.writeString(golden, written);
        }
        assertEquals(Files.readString(golden), written, file + " differs from " + golden);
    }

    /**
     * The same runs with two profiled runs a mode (executor-virtual's pinned and allocating direct buffers, a third of
     * the pool's without a window) and two past comparisons of the configuration, the later one without an interval.
     */
    static Comparison profiledWithHistory() {
        List<RunResult> runs = runs();
        String primary = comparison().primary("ping").key();
        List<HistoryRecord> past = List.of(
                past("2026-11-27T10:00:00Z", 990, primary, new double[] {995, 1008, 1012}, 0.80, 0.77, 0.83, "lower"),
                past(
                        "2026-11-28T10:00:00Z",
                        1010,
                        primary,
                        new double[] {1003, 992},
                        0.83,
                        Double.NaN,
                        Double.NaN,
                        ""));
        Profile.PinnedStack app = new Profile.PinnedStack("Native frame", "Object.wait", APP, 3, 3_000_000);
        Profile.PinnedStack library = new Profile.PinnedStack("", "", LIBRARY, 1, 400_000);
        List<RunProfile> profiled = List.of(
                profiled(DispatchMode.THREADPOOL, 1, 700, 300, List.of(), List.of()),
                profiled(DispatchMode.EXECUTOR_VIRTUAL, 1, 820, 330, List.of(app), List.of()),
                profiled(DispatchMode.THREADPOOL, 2, 720, 290, List.of(), List.of()),
                profiled(
                        DispatchMode.EXECUTOR_VIRTUAL,
                        2,
                        860,
                        310,
                        List.of(app, library),
                        List.of(new Profile.AllocationSite(BUFFER, 4, 6_000))),
                new RunProfile(
                        profiledRun(DispatchMode.THREADPOOL, 3),
                        "",
                        null,
                        0,
                        Double.NaN,
                        null,
                        Map.of(),
                        Double.NaN,
                        "the steady window of 50 users lies outside the recording"));
        return Comparison.of(ComparisonInput.of(
                        new Environment(new TreeMap<>(
                                Map.of("kernel", "test", "server_cpus", "0", "cpu_model", "test CPU", "jdk", "25"))),
                        List.of("ping"),
                        MODES,
                        runs)
                .wallS(60)
                .past(past)
                .profiles(CpuProfiles.of(List.of("ping"), MODES, profiled, runs))
                .build());
    }

    /** A past comparison of ping: the pool's run means at 1 000 and executor-virtual's at {@code ratio} of them. */
    private static HistoryRecord past(
            String at,
            double calibration,
            String metric,
            double[] pool,
            double ratio,
            double low,
            double high,
            String verdict) {
        double[] virtual = new double[pool.length];
        for (int i = 0; i < pool.length; i++) {
            virtual[i] = pool[i] * ratio;
        }
        return new HistoryRecord(
                "ping",
                Instant.parse(at),
                calibration,
                "test",
                "25",
                List.of(
                        new HistoryRecord.Figure(
                                "ping",
                                metric,
                                DispatchMode.THREADPOOL,
                                pool,
                                null,
                                Double.NaN,
                                Double.NaN,
                                Double.NaN,
                                ""),
                        new HistoryRecord.Figure(
                                "ping",
                                metric,
                                DispatchMode.EXECUTOR_VIRTUAL,
                                virtual,
                                DispatchMode.THREADPOOL,
                                ratio,
                                low,
                                high,
                                verdict)));
    }

    /** A profiled run of 1 000 requests over 20 s: {@code app} and {@code http} µs each, 95 % of it sampled. */
    private static RunProfile profiled(
            DispatchMode mode,
            int rep,
            double app,
            double http,
            List<Profile.PinnedStack> pins,
            List<Profile.AllocationSite> buffers) {
        Map<Bucket, Double> us = new EnumMap<>(Bucket.class);
        for (Bucket b : Bucket.values()) {
            us.put(b, 0.0);
        }
        us.put(Bucket.APPLICATION, app);
        us.put(Bucket.HTTP, http);
        double total = app + http;
        Window window = new Window(5_000, 25_000);
        Profile profile = new Profile(
                window,
                Map.of(Bucket.APPLICATION, 70L, Bucket.HTTP, 30L),
                Map.of(Bucket.APPLICATION, 700_000_000L, Bucket.HTTP, 300_000_000L),
                mode.virtualThreadPerTask() ? 60 : 0,
                40_000_000,
                rep,
                ThreadCpu.NONE,
                new Profile.Gc(2 + rep, 1_500_000L * rep),
                new Profile.Allocation(400_000L * rep, mode.virtualThreadPerTask() ? 20_000 : 0, buffers),
                new Profile.Jit(5, 2_000_000),
                new Profile.Pinning(
                        pins.stream().mapToLong(Profile.PinnedStack::count).sum(),
                        pins.stream().mapToLong(Profile.PinnedStack::nanos).sum(),
                        pins),
                0,
                1500 + 100 * rep,
                Map.of());
        return new RunProfile(
                profiledRun(mode, rep), "50 users", window, 1000, total * 1000 / 1e6, profile, us, 0.95 * total, null);
    }

    /** A profiled run of ping, after the four measured runs of each mode. */
    private static RunResult profiledRun(DispatchMode mode, int rep) {
        RunRecord record = new RunRecord(
                "ping",
                mode,
                rep,
                8 + 2 * rep + (mode == DispatchMode.THREADPOOL ? -1 : 0),
                1000,
                Fixtures.MEMORY,
                Double.NaN,
                null,
                Map.of(),
                Fixtures.QUIET,
                Fixtures.QUIET,
                Double.NaN,
                List.of(),
                new RunRecord.Profiling(10, Set.of("com.example.ping."), 0, 30_000));
        return new Fixtures.Run(record, List.of(Fixtures.level("50 users", 50, 5, 25, 900, 90, 1000)))
                .perSecondOk(new double[30])
                .result();
    }
}
