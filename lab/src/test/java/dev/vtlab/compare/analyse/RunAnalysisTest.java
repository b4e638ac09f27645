package dev.vtlab.compare.analyse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.Fixtures;
import dev.vtlab.compare.raw.Jtl;
import dev.vtlab.compare.raw.RawRun;
import dev.vtlab.compare.raw.RunRecord;
import dev.vtlab.compare.raw.ServerMetric;
import dev.vtlab.compare.raw.ServerSample;
import dev.vtlab.compare.settings.Catalogue;
import dev.vtlab.compare.settings.CpuPlan;
import dev.vtlab.compare.settings.Metric;
import dev.vtlab.compare.settings.TestSpec;
import dev.vtlab.dispatch.DispatchMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run's derived numbers, on inputs whose answers are known. */
class RunAnalysisTest {

    private static final long T0 = 1_700_000_000_000L;
    private static final CpuPlan SPLIT = new CpuPlan(new TreeSet<>(List.of(0)), new TreeSet<>(List.of(1)), false);

    @Test
    void onlySuccessesCountTowardThroughputAndLatencyAndErrorsAreCountedPerCode() {
        // 10 s at 100 requests/s; every 10th fails fast with a 502
        List<Jtl.Sample> samples = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            boolean ok = i % 10 != 0;
            samples.add(sample(T0 + i * 10L, ok ? 40 : 1, "account", ok ? "200" : "502", ok, 50));
        }
        RunResult r = analyse("ping", Map.of("DURATION", "10", "THREADS", "50"), samples, List.of());
        assertEquals(1000, r.requests());
        assertEquals(100, r.errors());
        assertEquals(10.0, r.errorPct(), 1e-9);
        assertTrue(r.tooManyErrors());
        assertEquals(Map.of("502", 100L), r.errorsByCode());
        RunResult.Level level = r.levels().get(0);
        assertEquals(90, level.rps(), 1e-9, "900 successes in 10 s, not 1000");
        assertEquals(40, level.latency().p50(), "the fast failures do not pull latency down");
        assertEquals(40, r.byLabel().get("account").p99());
    }

    @Test
    void eachRequestTypeIsAHeadlineOfItsOwnWhenThePlanHasSeveral() {
        // two sampler labels, one holding the characters that qualify a headline: 20 ms and 60 ms answers
        List<Jtl.Sample> samples = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            samples.add(sample(T0 + i * 10L, i % 2 == 0 ? 20 : 60, i % 2 == 0 ? "cart" : "pay@eu #2", "200", true, 50));
        }
        Map<Headline, Double> h = analyse("ping", Map.of("DURATION", "10", "THREADS", "50"), samples, List.of())
                .headlines();
        assertEquals(20.0, h.get(new Headline(Metric.P95_MS, null, "cart")));
        Headline pay = new Headline(Metric.P99_MS, null, "pay@eu #2");
        assertEquals(60.0, h.get(pay));
        assertEquals("p99_ms#pay@eu #2", pay.key(), "the key summary.json and runs.csv use");
        List<Jtl.Sample> one =
                samples.stream().filter(x -> x.label().equals("cart")).toList();
        assertTrue(
                analyse("ping", Map.of("DURATION", "10", "THREADS", "50"), one, List.of()).headlines().keySet().stream()
                        .noneMatch(k -> k.requestType() != null),
                "one request type is the test's own figures");
    }

    @Test
    void perUserAnswersShowAUserTheServerStarvedEvenWhenTheMeanLooksFine() {
        // 10 s of 4 users: three answered every 10 ms, the fourth once per second, and a fifth whose one request
        // hung across the whole window (sent before it, answered after it): it got 0 answers in the window
        List<Jtl.Sample> samples = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            for (int u = 1; u <= 3; u++) {
                samples.add(new Jtl.Sample(T0 + i * 10L, 10, "ping", "200", true, 5, 0, 5, "users 1-" + u));
            }
            if (i % 100 == 0) {
                samples.add(new Jtl.Sample(T0 + i * 10L, 990, "ping", "200", true, 5, 0, 5, "users 1-4"));
            }
        }
        samples.add(new Jtl.Sample(T0, 10_500, "ping", "200", true, 5, 0, 5, "users 1-5"));
        RunResult.PerUser users = RunAnalysis.perUser(samples, T0 + 1000, T0 + 9000);
        assertEquals(5, users.users());
        assertEquals(0, users.min(), "the hung user counts, with no answer");
        assertEquals(800, users.median());
        assertEquals(800, users.max());
        assertEquals(0.0, users.leastServedShare());
        RunResult r = analyse("ping", Map.of("DURATION", "10", "THREADS", "5"), samples, List.of());
        assertTrue(
                r.headlines().containsKey(Headline.of(Metric.LEAST_SERVED)),
                r.headlines().toString());
        assertNull(
                RunAnalysis.perUser(
                        samples.stream()
                                .filter(s -> s.thread().equals("users 1-1"))
                                .toList(),
                        T0,
                        T0 + 10_000),
                "one user: nobody to compare with");
        assertNull(
                RunAnalysis.perUser(
                        samples.stream()
                                .filter(s -> s.thread().equals("users 1-4")
                                        || s.thread().equals("users 1-5"))
                                .toList(),
                        T0,
                        T0 + 10_000),
                "a median of a few answers: one more or less would decide it");
    }

    @Test
    void theSteadyWindowStartsOnceTheRateHasSettledAndEndsWithTheLastRequestSent() {
        // answers per second 10, 50, 100 x 8, the last request sent in second 9: MSER (1-s batches, the level being
        // shorter than 30 s) cuts the two seconds that differ, and the window ends where the sending did
        List<Jtl.Sample> samples = perSecond(10, 50, 100, 100, 100, 100, 100, 100, 100, 100);
        RunResult r = analyse("ping", Map.of("DURATION", "10", "THREADS", "50"), samples, List.of());
        RunResult.Level level = r.levels().get(0);
        assertEquals(2, level.fromS());
        assertEquals(9, level.toS());
        assertEquals(100, level.rps(), 1e-9);
        assertTrue(level.settled());
    }

    @Test
    void aLevelAnsweredOnlyInTheDrainIsNotSteadyAndReadsNoRate() {
        // 1000 requests all sent in the first second, each answered 30 s later, after JMeter stopped sending: the
        // old rule measured it whole, to the last answer, as 1000 / 31 s = 32 req/s
        List<Jtl.Sample> samples = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            samples.add(sample(T0 + i / 2, 30_000, "account", "200", true, 1000));
        }
        RunResult r = analyse("ping", Map.of("DURATION", "1", "THREADS", "1000"), samples, List.of());
        RunResult.Level level = r.levels().get(0);
        assertFalse(level.settled());
        assertEquals(0, level.rps(), 1e-9, "nothing was answered while the level sent");
        assertTrue(r.flags().contains(Flag.NOT_STEADY), r.warnings().toString());
    }

    @Test
    void aWindowAboveLittlesLawIsFlagged() {
        // 10 users, every answer 100 ms: at most 100 req/s; a window holding 200 per second holds a backlog
        List<Jtl.Sample> samples = new ArrayList<>();
        for (int second = 0; second < 20; second++) {
            for (int n = 0; n < 200; n++) {
                samples.add(sample(T0 + second * 1000L + n * 5L - 100, 100, "ping", "200", true, 10));
            }
        }
        RunResult r = analyse("ping", Map.of("DURATION", "20", "THREADS", "10"), samples, List.of());
        assertEquals(100.0, r.levels().get(0).boundRps(), 1e-9, "10 users / 0.1 s");
        assertTrue(r.flags().contains(Flag.ABOVE_BOUND), r.warnings().toString());
    }

    @Test
    void aFailedRequestCountsAsSlowAsTheSlowestAnswerInTheLatency() {
        // 90 answers of 10 ms and 10 failures that came back in 1 ms: the failures rank above every answer
        List<Jtl.Sample> sent = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            sent.add(sample(T0 + i, i < 90 ? 10 : 1, "ping", i < 90 ? "200" : "502", i < 90, 5));
        }
        sent.set(0, sample(T0, 40, "ping", "200", true, 5)); // the slowest answer
        RunResult.Percentiles p = RunAnalysis.latency(sent);
        assertEquals(100, p.count());
        assertEquals(10, p.p50());
        assertEquals(40, p.p95(), "rank 95 of 100 is a failure: as slow as the slowest answer, not 1 ms");
    }

    @Test
    void suddenLoadReportsTheTimeToNinetyPercentOfPeak() {
        assertEquals(5.0, SteadyWindow.secondsTo90PctOfPeak(new double[] {10, 50, 100, 100, 100, 100, 100, 100}));
        assertEquals(1.0, SteadyWindow.secondsTo90PctOfPeak(new double[] {100, 100, 100, 100}));
        // a slow climb 20, 40, ... 200: the 3-s average reaches 90 % of its peak (190) at 180, in second 10
        assertEquals(10.0, SteadyWindow.secondsTo90PctOfPeak(new double[] {
            20, 40, 60, 80, 100, 120, 140, 160, 180, 200, 200, 200
        }));
        assertNull(SteadyWindow.secondsTo90PctOfPeak(new double[0]));
    }

    @Test
    void userStepsAreCutByActiveThreadsAndAStragglerDoesNotStretchItsLevel() {
        List<Jtl.Sample> samples = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            samples.add(sample(T0 + i * 10L, 5, "account", "200", true, 100)); // 10 s at 100 req/s
            samples.add(sample(T0 + 10_000 + i * 5L, 5, "account", "200", true, 200)); // then 5 s at 200 req/s
        }
        samples.add(sample(T0 + 14_990, 5, "account", "200", true, 100)); // a level-100 thread's last request
        samples.add(sample(T0 + 12_000, 5, "account", "200", true, 150)); // between levels: not a level
        RunResult r =
                analyse("throughput", Map.of("THREADS", "200", "STEPS", "2", "STEP_DURATION", "5"), samples, List.of());
        assertEquals(
                List.of("100 users", "200 users"),
                r.levels().stream().map(RunResult.Level::name).toList());
        assertEquals(100, r.levels().get(0).rps(), 1.0);
        assertEquals(200, r.levels().get(1).rps(), 2.0);
        assertTrue(r.headlines().containsKey(new Headline(Metric.STEADY_RPS, "200 users", null)));
    }

    @Test
    void levelsRunDownAreCutByActiveThreadsAndNamedByUsersAsLevelsRunUp() {
        List<Jtl.Sample> samples = new ArrayList<>();
        // the group's threads start within a few ms: the first requests see 1..200 threads, some at 100
        for (int i = 0; i < 3; i++) {
            samples.add(sample(T0 + i, 5, "account", "200", true, 100));
        }
        for (int i = 0; i < 1000; i++) {
            samples.add(sample(T0 + 10 + i * 5L, 5, "account", "200", true, 200)); // 5 s at 200 req/s
            samples.add(sample(T0 + 5_010 + i * 10L, 5, "account", "200", true, 100)); // then 10 s at 100 req/s
        }
        RunResult r = analyse(
                "throughput",
                Map.of("THREADS", "200", "STEPS", "2", "STEP_DURATION", "5", "LEVELS", "down"),
                samples,
                List.of());
        assertEquals(
                List.of("100 users", "200 users"),
                r.levels().stream().map(RunResult.Level::name).toList());
        assertEquals(100, r.levels().get(0).rps(), 1.0, "the three starting requests do not stretch the level");
        assertEquals(200, r.levels().get(1).rps(), 2.0);
    }

    @Test
    void rateStepsAreCutFromTheSchedulesStartAndBoundedByTheArrivalRate() {
        // sessions of 3 requests at 50/s for 10 s then 100/s; JMeter's test start 2 s (START_PAUSE) before time 0,
        // the first arrival 400 ms late as JMeter warms up
        RunResult r = analyse(
                "throughput-open",
                Map.of("RATE", "100", "STEPS", "2", "STEP_DURATION", "10", "START_PAUSE", "2", "DRAIN", "0"),
                sessions(1.0),
                List.of());
        assertEquals(
                List.of("50/s", "100/s"),
                r.levels().stream().map(RunResult.Level::name).toList());
        assertEquals(
                10,
                r.levels().get(1).fromS(),
                1,
                "step 2 starts 10 s after the schedule's start, not after the first sample");
        assertEquals(150, r.levels().get(0).rps(), 3);
        assertEquals(150.0, r.levels().get(0).boundRps(), "3 requests per arrival");
        assertEquals(300, r.levels().get(1).rps(), 6);
        assertFalse(r.loadGeneratorBound(), r.warnings().toString());
        assertTrue(r.warnings().isEmpty(), r.warnings().toString());
    }

    @Test
    void anOpenModelWhoseJMeterFellBehindIsLoadGeneratorBound() {
        RunResult r = analyse(
                "throughput-open",
                Map.of("RATE", "100", "STEPS", "2", "STEP_DURATION", "10", "START_PAUSE", "2", "DRAIN", "0"),
                sessions(0.5),
                List.of());
        assertTrue(r.loadGeneratorBound());
        assertTrue(
                r.warnings().stream().anyMatch(w -> w.contains("arrivals/s of the 50/s planned")),
                r.warnings().toString());
    }

    /** Arrivals at {@code share} of 50/s then 100/s, each a session of account, transfer, statement (1 ms apart). */
    private static List<Jtl.Sample> sessions(double share) {
        long testStart = T0 - 2000;
        List<Jtl.Sample> samples = new ArrayList<>();
        for (int s = 0; s < 20; s++) {
            int rate = (int) ((s < 10 ? 50 : 100) * share);
            for (int i = 0; i < rate; i++) {
                long at = T0 + 400 + s * 1000L + i * (1000L / rate) / 2;
                for (String label : List.of("account", "transfer", "statement")) {
                    samples.add(sample(at, 1, label, "200", true, 3, testStart));
                    at += 1;
                }
            }
        }
        return samples;
    }

    @Test
    void aPoolStillGrowingInTheWindowIsFlaggedAndCpuGivesRequestsPerCpuSecond() {
        List<Jtl.Sample> samples = perSecond(100, 100, 100, 100, 100, 100, 100, 100, 100, 100);
        List<ServerSample> growing = new ArrayList<>();
        for (int s = 1; s <= 10; s++) {
            growing.add(new ServerSample(
                    T0 + s * 1000L, 50, 30, 5, 0, 0, 4e8, 80, Map.of(ServerMetric.THREADPOOL_SIZE, 10.0 * s)));
        }
        RunResult r = analyse("ping", Map.of("DURATION", "10", "THREADS", "50"), samples, growing);
        RunResult.Level level = r.levels().get(0);
        assertEquals(Boolean.FALSE, level.poolConverged());
        assertTrue(
                r.warnings().stream().anyMatch(w -> w.contains("had not converged")),
                r.warnings().toString());
        assertEquals(50, level.cpuPct(), 1e-9);
        assertEquals(200, level.tpsPerCpuSecond(), 1e-9, "100 req/s on half a CPU");
        assertFalse(r.loadGeneratorBound());
        assertFalse(r.machineBusy());
    }

    @Test
    void compilationInTheWindowStealAndASlowerCpuAreFlagged() {
        // the JIT's total grows by 0.2 s every second: 20 % of the window compiling; 8 % of a CPU stolen
        List<ServerSample> compiling = new ArrayList<>();
        for (int s = 1; s <= 10; s++) {
            compiling.add(new ServerSample(
                    T0 + s * 1000L, 90, 30, 5, 0, 8, 4e8, 80, Map.of(ServerMetric.JIT_COMPILATION_SECONDS, 0.2 * s)));
        }
        RunResult r = analyse("ping", Map.of("DURATION", "10", "THREADS", "50"), perSecond(repeat(100, 10)), compiling);
        assertEquals(
                0.2 * (r.levels().get(0).toS() - r.levels().get(0).fromS() - 1),
                r.levels().get(0).jitSeconds(),
                0.21);
        assertTrue(r.flags().contains(Flag.NOT_WARM), r.warnings().toString());
        assertTrue(r.flags().contains(Flag.MACHINE_BUSY), r.warnings().toString());
        TestSpec spec = TestSpec.of(Catalogue.get("ping"), Catalogue.Profile.QUICK, new Properties(), 1);
        RunRecord slow = Fixtures.runRecord("ping", DispatchMode.THREADPOOL, 1, 1, 850, spec.props());
        RunResult off =
                RunAnalysis.analyse(spec, new RawRun(slow, perSecond(repeat(100, 10)), List.of()), SPLIT, null, 1000);
        assertTrue(off.flags().contains(Flag.CPU_SPEED), "85 % of the reference: " + off.warnings());
    }

    @Test
    void compilationInASuddenLoadsWindowIsShownNotFlagged() {
        // 5.7 s of JIT CPU in a 95-s window: 6 %, over the 5 % a warm window may have
        List<String> sudden = new ArrayList<>();
        Validity rampUp = new Validity(
                sudden, TestSpec.of(Catalogue.get("ramp-up"), Catalogue.Profile.QUICK, new Properties(), 1));
        rampUp.warm(new Levels.Span("1000 users", 1000, 0, 95), 5.7, 95);
        assertTrue(rampUp.levelFlags().isEmpty(), "a cold server is what a sudden load measures");
        assertEquals(
                List.of("level 1000 users: the JIT compiled for 5.7 s (CPU) of its 95 s window: a cold server, as a"
                        + " sudden load means (not a flag)"),
                sudden);
        List<String> warmed = new ArrayList<>();
        Validity ping =
                new Validity(warmed, TestSpec.of(Catalogue.get("ping"), Catalogue.Profile.QUICK, new Properties(), 1));
        ping.warm(new Levels.Span("50 users", 50, 0, 95), 5.7, 95);
        assertEquals(Set.of(Flag.NOT_WARM), ping.levelFlags().get("50 users"));
        assertTrue(warmed.get(0).endsWith("window: not warm"), warmed.toString());
    }

    @Test
    void aMemoryTestsPeakRssCountsOnlyOnceTheRssHasStoppedRising() {
        TestSpec footprint = TestSpec.of(Catalogue.get("footprint"), Catalogue.Profile.QUICK, new Properties(), 1);
        Levels.Span span = new Levels.Span("500 users", 500, 10, 70);
        // 60 s climbing 650 -> 709 MiB by 1 MiB/s: 60 MiB a minute on a mean of 679.5, +8.8 % a minute
        double[] climbing = new double[60];
        // 60 s climbing 630 -> 632.95 MiB by 0.05 MiB/s: 3 MiB a minute on 631.475, +0.5 %, under the 5 % margin
        double[] slow = new double[60];
        for (int i = 0; i < 60; i++) {
            climbing[i] = (650 + i) * 1048576.0;
            slow[i] = (630 + 0.05 * i) * 1048576.0;
        }
        List<String> risen = new ArrayList<>();
        Validity rising = new Validity(risen, footprint);
        rising.memorySettled(span, climbing);
        assertEquals(Map.of(Validity.PEAK_RSS, Set.of(Flag.MEMORY_RISING)), rising.levelFlags());
        assertEquals(
                List.of("level 500 users: the server's RSS was still rising, +8.8 % a minute in its window, so its peak"
                        + " is a lower bound (lengthen DURATION)"),
                risen);
        Validity settled = new Validity(new ArrayList<>(), footprint);
        settled.memorySettled(span, slow);
        assertTrue(settled.levelFlags().isEmpty(), "0.5 % a minute is within the margin");
        Validity ping = new Validity(
                new ArrayList<>(), TestSpec.of(Catalogue.get("ping"), Catalogue.Profile.QUICK, new Properties(), 1));
        ping.memorySettled(span, climbing);
        assertTrue(ping.levelFlags().isEmpty(), "a test that does not answer with its RSS is not judged by it");
    }

    private static int[] repeat(int value, int times) {
        int[] out = new int[times];
        Arrays.fill(out, value);
        return out;
    }

    /**
     * A stepped run of {@code seconds} s, 100 users for the first {@code split} and 200 after, each second's {@code
     * rate} of answers spread evenly across it.
     */
    private static List<Jtl.Sample> twoLevels(int seconds, int split, IntUnaryOperator rate) {
        List<Jtl.Sample> samples = new ArrayList<>();
        for (int second = 0; second < seconds; second++) {
            int perSecond = rate.applyAsInt(second);
            for (int n = 0; n < perSecond; n++) {
                samples.add(sample(
                        T0 + second * 1000L + n * (1000L / perSecond),
                        5,
                        "account",
                        "200",
                        true,
                        second < split ? 100 : 200));
            }
        }
        return samples;
    }

    @Test
    void aLevelThatNeverSettledCountsAgainstItsOwnFiguresOnly() {
        // 20 s at 100 users climbing 60 -> 100 req/s (never steady), then 20 s at 200 users, a steady 200 req/s
        List<Jtl.Sample> samples =
                twoLevels(40, 20, second -> second < 20 ? (int) Math.round(60 + 40.0 * second / 19) : 200);
        RunResult r = analyse(
                "throughput", Map.of("THREADS", "200", "STEPS", "2", "STEP_DURATION", "20"), samples, List.of());
        assertEquals(
                List.of("100 users", "200 users"),
                r.levels().stream().map(RunResult.Level::name).toList());
        Headline low = new Headline(Metric.TPS_PER_CPU_S, "100 users", null);
        Headline top = new Headline(Metric.TPS_PER_CPU_S, "200 users", null);
        assertEquals(Set.of(Flag.NOT_STEADY), r.flagsFor(low), r.warnings().toString());
        assertEquals(Set.of(), r.flagsFor(top), "the steady level's figures keep the run");
        assertEquals(Set.of(Flag.NOT_STEADY), r.flagsFor(Headline.of(Metric.RSS_MAX_MIB)), "a whole-run figure");
        assertEquals(Set.of(Flag.NOT_STEADY), r.flags(), "the runs table shows every flag");
    }

    @Test
    void aLevelWhoseStartOutlastsMsersSearchIsTooShortAndSaysWhichKnobLengthensIt() {
        // 30 s at 100 users climbing 60 -> 100 req/s over 20 s and then holding it, then 30 s at 200 users, a steady
        // 200 req/s. The first level is 29 s of sending: MSER, on 1-s batches, cuts to its limit, 14 s, and the window
        // it leaves trends under 10 %
        List<Jtl.Sample> samples = twoLevels(60, 30, second -> second < 30 ? Math.min(100, 60 + 2 * second) : 200);
        RunResult r = analyse(
                "throughput", Map.of("THREADS", "200", "STEPS", "2", "STEP_DURATION", "30"), samples, List.of());
        assertEquals(
                Set.of(Flag.TOO_SHORT),
                r.flagsFor(new Headline(Metric.TPS_PER_CPU_S, "100 users", null)),
                r.warnings().toString());
        assertEquals(Set.of(), r.flagsFor(new Headline(Metric.TPS_PER_CPU_S, "200 users", null)));
        assertFalse(Flag.TOO_SHORT.leavesOut(), "a flag about the outcome: the level's figures still count");
        assertTrue(
                r.warnings().stream()
                        .anyMatch(
                                w -> w.startsWith(
                                                "level 100 users: too short: MSER cut as much as it may, 14 s of its 29")
                                        && w.endsWith(
                                                "a level of at least 58 s would show where it ends (lengthen STEP_DURATION)")),
                r.warnings().toString());
    }

    @Test
    void theLoadSideIsJudgedInTheMeasuredWindowNotOverTheRun() {
        // JMeter at 99 % of its CPU while the level is measured (seconds 0-10), 20 % at the start and in the drain:
        // 33.2 % over the whole run, which would hide that JMeter paced the server
        RunResult paced = analyse(
                "ping", Map.of("DURATION", "10", "THREADS", "50"), perSecond(repeat(100, 10)), jmeterCpu(20, 99, 20));
        assertTrue(paced.loadGeneratorBound(), paced.warnings().toString());
        assertEquals(99, paced.jmeterCpuPct(), 1e-9, "the window's JMeter CPU is the one reported");
        // the converse: JMeter busy only outside the window (90 % over the run), 40 % while measured
        RunResult free = analyse(
                "ping", Map.of("DURATION", "10", "THREADS", "50"), perSecond(repeat(100, 10)), jmeterCpu(100, 40, 100));
        assertFalse(free.loadGeneratorBound(), free.warnings().toString());
    }

    /** Per-second samples: JMeter at {@code before}% for 20 s (30 s after), {@code during}% in seconds 0-10. */
    private static List<ServerSample> jmeterCpu(double before, double during, double after) {
        List<ServerSample> out = new ArrayList<>();
        for (int s = -19; s <= 40; s++) {
            double jmeter = s < 1 ? before : s <= 10 ? during : after;
            out.add(new ServerSample(T0 + s * 1000L, 50, jmeter, 0, 0, 0, 4e8, 80, Map.of()));
        }
        return out;
    }

    @Test
    void aSaturatedLoadSideAndABusyMachineAreFlagged() {
        List<ServerSample> busy = new ArrayList<>();
        for (int s = 1; s <= 10; s++) {
            busy.add(new ServerSample(T0 + s * 1000L, 90, 85, 10, 40, 0, 4e8, 80, Map.of()));
        }
        RunResult r = analyse("ping", Map.of("DURATION", "10", "THREADS", "50"), perSecond(100, 100, 100, 100), busy);
        assertTrue(r.loadGeneratorBound());
        assertTrue(r.machineBusy());
    }

    @Test
    void aColdServerThatNeverSettlesUnderASuddenLoadIsWhatTheTestMeasuresNotAFlaggedRun() {
        // the same drain-only level as above, in the sudden-load test: shown as not steady, with no rate, but the
        // run stays in the verdicts but for its time to 90 % of peak, flagged as nothing was answered while the load
        // lasted (every answer came 30 s in, after a 1-s plan): the peak lies beyond the plan
        List<Jtl.Sample> samples = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            samples.add(sample(T0 + i / 2, 30_000, "account", "200", true, 1000));
        }
        RunResult r =
                analyse("ramp-up", Map.of("DURATION", "1", "THREADS", "1000", "DELAY_MS", "1000"), samples, List.of());
        assertFalse(r.levels().get(0).settled());
        assertTrue(
                r.warnings().stream().anyMatch(w -> w.contains("not steady")),
                r.warnings().toString());
        assertFalse(r.flags().contains(Flag.NOT_STEADY), r.flags().toString());
        assertEquals(30, r.secondsTo90PctOfPeak(), 1.0, "every answer came 30 s in, after the load");
        assertEquals(
                Set.of(Flag.PEAK_BEYOND_PLAN),
                r.flagsFor(Headline.of(Metric.TIME_TO_90PCT_S)),
                "so the time to peak is left out of the verdicts");
        assertTrue(
                r.warnings().stream().anyMatch(w -> w.contains("lie beyond the plan")),
                r.warnings().toString());
    }

    @Test
    void aSuddenLoadsTimeToPeakCountsOnlyOnceItsRateStoppedRisingWithinThePlan() {
        // 30 s of 1 000 users: answers climb 10 % a second for 10 s, then hold at 1 000/s: the 3-s average reaches
        // 900 (90 % of the 1 000 peak) in second 9 counted from 0 (seconds 7-9: (800 + 900 + 1000) / 3), 10 s in
        int[] plateau = new int[30];
        for (int s = 0; s < 30; s++) {
            plateau[s] = Math.min(1000, 100 * (s + 1));
        }
        RunResult reached = analyse(
                "ramp-up",
                Map.of("DURATION", "30", "THREADS", "1000", "DELAY_MS", "1000"),
                perSecond(plateau),
                List.of());
        assertEquals(10.0, reached.secondsTo90PctOfPeak(), reached.warnings().toString());
        assertEquals(
                Set.of(),
                reached.flagsFor(Headline.of(Metric.TIME_TO_90PCT_S)),
                reached.warnings().toString());
        // the same climb for the whole plan (34 a second, as the pool grows): the rate still rising as the load ends
        int[] climbing = new int[30];
        for (int s = 0; s < 30; s++) {
            climbing[s] = 34 * (s + 1);
        }
        RunResult censored = analyse(
                "ramp-up",
                Map.of("DURATION", "30", "THREADS", "1000", "DELAY_MS", "1000"),
                perSecond(climbing),
                List.of());
        assertEquals(
                Set.of(Flag.PEAK_BEYOND_PLAN),
                censored.flagsFor(Headline.of(Metric.TIME_TO_90PCT_S)),
                "its highest rate is where the plan ended, not its peak");
        assertEquals(
                Set.of(),
                censored.flagsFor(new Headline(Metric.P95_MS, "1000 users", null)),
                "the level's own latency still counts");
        assertTrue(
                censored.warnings().stream().anyMatch(w -> w.contains("had not stopped rising")),
                censored.warnings().toString());
    }

    @Test
    void aPoolCappedAtTwoHundredThreadsWaitingOneSecondCannotAnswerMoreThanTwoHundredPerSecond() {
        Properties p = new Properties();
        p.setProperty("compare.THREADS", "1000");
        p.setProperty("compare.DELAY_MS", "1000");
        TestSpec rampUp = TestSpec.of(Catalogue.get("ramp-up"), Catalogue.Profile.QUICK, p, 1);
        Levels.Span span = new Levels.Span("1000 users", 1000, 0, 30);
        assertEquals(200.0, Validity.bound(rampUp, DispatchMode.THREADPOOL, 200, span));
        assertEquals(
                1000.0,
                Validity.bound(rampUp, DispatchMode.EXECUTOR_VIRTUAL, 200, span),
                "the pool only hands off: users / wait is the bound");
        assertEquals(1000.0, Validity.bound(rampUp, DispatchMode.THREADPOOL, null, span));
        assertNull(
                Validity.bound(
                        TestSpec.of(Catalogue.get("ping"), Catalogue.Profile.SMOKE, new Properties(), 1),
                        DispatchMode.THREADPOOL,
                        200,
                        span),
                "CPU-bound and unpaced: no wait, no bound");
        assertEquals(
                2500.0,
                Validity.bound(
                        TestSpec.of(Catalogue.get("ping"), Catalogue.Profile.QUICK, new Properties(), 1),
                        DispatchMode.THREADPOOL,
                        200,
                        span),
                "paced: nothing is answered faster than it is sent");
    }

    @Test
    void readsJMeterCsvWithQuotedFieldsAndATruncatedLastLine(@TempDir Path dir) throws IOException {
        Path jtl = dir.resolve("results.jtl");
        Files.writeString(
                jtl,
                """
                timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect
                %d,12,ping,200,OK,Ping 1-1,text,true,,120,110,5,5,http://localhost:9080/api/ping,12,0,1
                %d,30,transfer,503,"Service Unavailable, retry",Bank 1-2,text,false,"Response code was 503, not 201",90,200,5,5,http://localhost:9080/api/bank/transfers,30,0,0
                %d,8,ping,200,OK,Ping 1-1,text,tr"""
                        .formatted(T0, T0 + 500, T0 + 900));
        List<Jtl.Sample> samples = Jtl.read(jtl);
        assertEquals(2, samples.size(), "the half-written last line is left out");
        assertEquals(new Jtl.Sample(T0 + 500, 30, "transfer", "503", false, 5, 0, 5, "Bank 1-2"), samples.get(1));
        assertArrayEquals(new String[] {"a", "say \"hi\", then", ""}, Jtl.splitCsv("a,\"say \"\"hi\"\", then\","));
    }

    private static RunResult analyse(
            String test, Map<String, String> props, List<Jtl.Sample> samples, List<ServerSample> sampled) {
        Properties p = new Properties();
        props.forEach((k, v) -> p.setProperty("compare." + k, v));
        TestSpec quick = TestSpec.of(Catalogue.get(test), Catalogue.Profile.QUICK, p, 1);
        // the quick ping's pace only where a test asks for it: the others are about the closed race
        Map<String, String> own = new LinkedHashMap<>(quick.props());
        if (!props.containsKey("RATE")) {
            own.remove("RATE");
        }
        TestSpec spec = new TestSpec(quick.test(), own, quick.repeats());
        RunRecord record = Fixtures.runRecord(test, DispatchMode.THREADPOOL, 1, 1, 1000, spec.props());
        return RunAnalysis.analyse(spec, new RawRun(record, samples, sampled), SPLIT, null, 1000);
    }

    @Test
    void aPacedLevelIsMeasuredWhereTheServersCpuHasSettledAndAtItsPace() {
        // 50 users paced at 2 500/s for 20 s: the server at 60 % of its CPU for 5 s (still catching up with the
        // warm-up's backlog), then 25 %; the steady part's figure is 2 500 / 0.25 = 10 000 requests per CPU-second
        double[] cpu = new double[20];
        Arrays.fill(cpu, 25);
        Arrays.fill(cpu, 0, 5, 60);
        RunResult r = paced(2500, cpu);
        RunResult.Level level = r.levels().get(0);
        assertEquals("50 users at 2500/s", level.name());
        assertTrue(level.fromS() >= 5, "the 60 % seconds are cut: window from " + level.fromS());
        assertEquals(2500, level.rps(), 1e-9);
        assertEquals(10_000, level.tpsPerCpuSecond(), 1e-6);
        assertEquals(Set.of(), r.flags(), r.warnings().toString());

        // 12 % short of the pace: the server (or JMeter) did not keep it
        RunResult short_ = paced(2200, flat(20, 25));
        assertTrue(
                short_.flags().contains(Flag.RATE_NOT_KEPT), short_.warnings().toString());
        assertTrue(short_.warnings().stream().anyMatch(w -> w.contains("2200 req/s of the 2500/s paced")));
        // 3.6 % short, as JMeter's per-user timer loses a slot after each late answer: kept
        RunResult lateTail = paced(2410, flat(20, 25));
        assertFalse(
                lateTail.flags().contains(Flag.RATE_NOT_KEPT),
                lateTail.warnings().toString());

        // the CPU falls from 40 % to 20 % across the level while JMeter holds the rate: not steady, by the CPU
        double[] falling = new double[20];
        for (int i = 0; i < 20; i++) {
            falling[i] = 40 - i;
        }
        RunResult moving = paced(2500, falling);
        assertTrue(moving.flags().contains(Flag.NOT_STEADY));
        assertTrue(
                moving.warnings().stream().anyMatch(w -> w.contains("its server CPU was still falling")),
                moving.warnings().toString());
    }

    @Test
    void aPaceTheUsersCannotKeepInWholeMillisecondsIsRefused() {
        Properties p = new Properties();
        p.setProperty("compare.RATE", "3000");
        // 50 users x 1 000 ms = 50 000 = 2^4 x 5^5: its divisors around 3 000 are 2 500 and 3 125
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> TestSpec.of(Catalogue.get("ping"), Catalogue.Profile.QUICK, p, 1));
        assertEquals(
                "RATE: each of the 50 users waits a whole number of ms between requests, so RATE must divide 50000"
                        + " evenly (2500 or 3125), not 3000",
                e.getMessage());
        p.setProperty("compare.RATE", "3125");
        assertEquals(
                3125,
                TestSpec.of(Catalogue.get("ping"), Catalogue.Profile.QUICK, p, 1)
                        .pacedRate());
        // the banking plan paces its users too; 100 users x 1 000 ms divides by 3 125
        assertEquals(
                3125,
                TestSpec.of(Catalogue.get("throughput"), Catalogue.Profile.QUICK, p, 1)
                        .pacedRate());
    }

    private static double[] flat(int seconds, double cpu) {
        double[] out = new double[seconds];
        Arrays.fill(out, cpu);
        return out;
    }

    /** A paced ping level of {@code cpu.length} s answered at {@code answered}/s, the server's CPU per second. */
    private static RunResult paced(int answered, double[] cpu) {
        int[] counts = new int[cpu.length];
        Arrays.fill(counts, answered);
        List<ServerSample> sampled = new ArrayList<>();
        for (int s = 0; s < cpu.length; s++) {
            // a sample covers the second before it
            sampled.add(new ServerSample(T0 + (s + 1) * 1000L, cpu[s], 30, 0, 0, 0, 4e8, 80, Map.of()));
        }
        return analyse(
                "ping",
                Map.of("DURATION", String.valueOf(cpu.length), "THREADS", "50", "RATE", "2500"),
                perSecond(counts),
                sampled);
    }

    /** A JMeter sample with no test start, its group's threads as all threads and no thread name. */
    private static Jtl.Sample sample(long start, long elapsed, String label, String code, boolean ok, int threads) {
        return sample(start, elapsed, label, code, ok, threads, 0);
    }

    private static Jtl.Sample sample(
            long start, long elapsed, String label, String code, boolean ok, int threads, long testStart) {
        return new Jtl.Sample(start, elapsed, label, code, ok, threads, testStart, threads, "");
    }

    /** {@code counts[i]} 1-ms successful requests answered in second i. */
    private static List<Jtl.Sample> perSecond(int... counts) {
        List<Jtl.Sample> samples = new ArrayList<>();
        for (int second = 0; second < counts.length; second++) {
            for (int n = 0; n < counts[second]; n++) {
                samples.add(sample(T0 + second * 1000L + (n * 997L) % 998, 1, "ping", "200", true, 50));
            }
        }
        return samples;
    }
}
