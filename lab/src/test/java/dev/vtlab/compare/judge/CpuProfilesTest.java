package dev.vtlab.compare.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.Fixtures;
import dev.vtlab.compare.analyse.RunProfile;
import dev.vtlab.compare.analyse.RunResult;
import dev.vtlab.compare.raw.RunRecord;
import dev.vtlab.compare.stats.LogRatio;
import dev.vtlab.dispatch.DispatchMode;
import dev.vtlab.measurement.MachineState;
import dev.vtlab.profile.Bucket;
import dev.vtlab.profile.Profile;
import dev.vtlab.profile.ThreadCpu;
import dev.vtlab.profile.Window;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The profiled runs aggregated per test and mode, against intervals derived by hand (Student's t table). */
class CpuProfilesTest {

    private static final List<DispatchMode> MODES = List.of(DispatchMode.THREADPOOL, DispatchMode.EXECUTOR_VIRTUAL);
    private static final List<String> SHOP = List.of("com.example.shop.Cart.checkout:10", "java.lang.Object.wait");
    private static final List<String> LIBRARY = List.of("org.lib.Pool.take:1");

    @Test
    void eachBucketsMeanIntervalAndDifferenceFromTheBaseline() {
        CpuProfiles p = CpuProfiles.of(
                List.of("shop"),
                MODES,
                List.of(
                        run(DispatchMode.THREADPOOL, 1, 10, 5, List.of()),
                        run(DispatchMode.EXECUTOR_VIRTUAL, 1, 14, 6, List.of()),
                        run(DispatchMode.EXECUTOR_VIRTUAL, 2, 16, 6, List.of()),
                        run(DispatchMode.THREADPOOL, 2, 12, 5, List.of()),
                        failed(DispatchMode.THREADPOOL, 3)),
                List.of(measured(DispatchMode.THREADPOOL, 1, 14), measured(DispatchMode.THREADPOOL, 2, 16)));
        assertEquals(5, p.runs().size(), "every profiled run, the failed one too");
        CpuProfiles.ModeProfile pool = p.of("shop", DispatchMode.THREADPOOL);
        assertEquals(2, pool.runs(), "the run that could not be profiled is left out");
        // 10 and 12: mean 11, s = √2, half-width t(0.975, 1) · s / √2 = 12.706
        CpuProfiles.Figure app = pool.buckets().get(Bucket.APPLICATION);
        assertEquals(11, app.interval().mean(), 1e-9);
        assertEquals(12.706, app.interval().halfWidth(), 1e-3);
        assertNull(app.vsBaseline(), "the baseline has no difference from itself");
        // 14, 16 against 10, 12: 4, Welch's se √(1 + 1) = √2 with 2 degrees of freedom, t(0.975, 2) = 4.303
        CpuProfiles.Figure ev =
                p.of("shop", DispatchMode.EXECUTOR_VIRTUAL).buckets().get(Bucket.APPLICATION);
        assertEquals(4, ev.vsBaseline().estimate(), 1e-9);
        assertEquals(4 - 4.303 * Math.sqrt(2), ev.vsBaseline().low(), 1e-3);
        assertEquals(4 + 4.303 * Math.sqrt(2), ev.vsBaseline().high(), 1e-3);
        // the total is the measured CPU per request: 15 and 17 for the pool
        assertEquals(16, pool.total().interval().mean(), 1e-9);
        // 10 of the 100 samples fill a thread-local: a tenth of 15 and 17 µs (no JVM thread's CPU to set aside)
        assertEquals(1.6, pool.firstUse().interval().mean(), 1e-9);
        // the recording's cost: 15, 17 profiled against 14, 16 measured, 1 µs with Welch's 1 ± 4.303 · √2
        assertEquals(1, pool.recordingCost().estimate(), 1e-9);
        assertEquals(1 + 4.303 * Math.sqrt(2), pool.recordingCost().high(), 1e-3);
        assertNull(
                p.of("shop", DispatchMode.EXECUTOR_VIRTUAL).recordingCost(),
                "no measured run of executor-virtual: no cost to tell");
        assertEquals(List.of(Bucket.APPLICATION, Bucket.HTTP), pool.largest().subList(0, 2));
        assertEquals(95, pool.coveragePct().mean(), 1e-9);
        assertEquals(250, pool.allocatedBytesPerRequest().mean(), 1e-9, "250 000 bytes over 1000 requests");
    }

    @Test
    void theRecordingsCostRoundByRoundPairsEachProfiledRunWithTheMeasuredRunOfItsRound() {
        CpuProfiles p = CpuProfiles.of(
                List.of("shop"),
                MODES,
                List.of(
                        run(DispatchMode.THREADPOOL, 1, 10, 5, List.of()),
                        run(DispatchMode.THREADPOOL, 2, 12, 5, List.of()),
                        run(DispatchMode.THREADPOOL, 3, 15, 5, List.of()),
                        run(DispatchMode.THREADPOOL, 4, 30, 5, List.of())),
                List.of(
                        measured(DispatchMode.THREADPOOL, 3, 18),
                        measured(DispatchMode.THREADPOOL, 1, 14),
                        measured(DispatchMode.THREADPOOL, 2, 16),
                        measured(DispatchMode.THREADPOOL, 5, 40)));
        LogRatio cost = p.of("shop", DispatchMode.THREADPOOL).recordingRatio();
        // pairs by round: 15/14, 17/16, 20/18 (profiled run 4 and measured run 5 have no partner); logs 0.068993,
        // 0.060625, 0.105361: mean 0.078326, s 0.023784, half-width t(0.975, 2) · s / √3 = 4.303 × 0.013732
        assertEquals(3, cost.n1());
        assertEquals(1.08148, cost.estimate(), 1e-4);
        assertEquals(Math.exp(0.078326 - 4.303 * 0.013732), cost.low(), 1e-4);
        assertEquals(Math.exp(0.078326 + 4.303 * 0.013732), cost.high(), 1e-4);
        assertNull(
                CpuProfiles.of(
                                List.of("shop"),
                                MODES,
                                List.of(run(DispatchMode.THREADPOOL, 1, 10, 5, List.of())),
                                List.of(measured(DispatchMode.THREADPOOL, 2, 14)))
                        .of("shop", DispatchMode.THREADPOOL)
                        .recordingRatio(),
                "no round with both runs: no paired cost");
        LogRatio one = CpuProfiles.of(
                        List.of("shop"),
                        MODES,
                        List.of(run(DispatchMode.THREADPOOL, 1, 10, 5, List.of())),
                        List.of(measured(DispatchMode.THREADPOOL, 1, 12)))
                .of("shop", DispatchMode.THREADPOOL)
                .recordingRatio();
        assertEquals(1.25, one.estimate(), 1e-9, "15 against 12");
        assertFalse(one.determined(), "one pair has no spread to give an interval");
    }

    @Test
    void theSamePinnedStackOfSeveralRunsIsOneSiteAndTheAppsOwnAreTold() {
        Profile.PinnedStack shop3 = new Profile.PinnedStack("Native frame", "Object.wait", SHOP, 3, 3_000_000);
        Profile.PinnedStack shop2 = new Profile.PinnedStack("Native frame", "Object.wait", SHOP, 2, 1_000_000);
        Profile.PinnedStack lib = new Profile.PinnedStack("Native frame", "park", LIBRARY, 1, 500_000);
        CpuProfiles p = CpuProfiles.of(
                List.of("shop"),
                MODES,
                List.of(
                        run(DispatchMode.EXECUTOR_VIRTUAL, 1, 10, 5, List.of(shop3)),
                        run(DispatchMode.EXECUTOR_VIRTUAL, 2, 10, 5, List.of(lib, shop2))),
                List.of());
        CpuProfiles.Pinned pinned = p.of("shop", DispatchMode.EXECUTOR_VIRTUAL).pinned();
        assertEquals(6, pinned.count());
        assertEquals(4_500_000, pinned.nanos());
        assertEquals(5, pinned.inApp());
        assertEquals(2, pinned.sites().size());
        assertEquals(
                new Profile.PinnedStack("Native frame", "Object.wait", SHOP, 5, 4_000_000),
                pinned.sites().get(0).stack());
        assertTrue(pinned.sites().get(0).inApp());
        assertFalse(pinned.sites().get(1).inApp());
        assertNull(p.of("shop", DispatchMode.THREADPOOL), "no profiled run, no profile");
    }

    @Test
    void theSameDirectBufferSiteOfSeveralRunsIsOneSiteTheMostBytesFirst() {
        List<String> channel = List.of("java.nio.ByteBuffer.allocateDirect:1", "com.ibm.ws.Channel.read:5");
        List<String> view = List.of("java.nio.DirectByteBuffer.slice:2", "com.ibm.ws.Channel.read:6");
        CpuProfiles p = CpuProfiles.of(
                List.of("shop"),
                MODES,
                List.of(
                        run(
                                DispatchMode.EXECUTOR_VIRTUAL,
                                1,
                                10,
                                5,
                                List.of(),
                                List.of(new Profile.AllocationSite(view, 4, 3_000))),
                        run(
                                DispatchMode.EXECUTOR_VIRTUAL,
                                2,
                                10,
                                5,
                                List.of(),
                                List.of(
                                        new Profile.AllocationSite(channel, 2, 2_500),
                                        new Profile.AllocationSite(view, 1, 1_000))),
                        run(
                                DispatchMode.EXECUTOR_VIRTUAL,
                                3,
                                10,
                                5,
                                List.of(),
                                List.of(new Profile.AllocationSite(channel, 3, 3_500)))),
                List.of());
        CpuProfiles.ModeProfile ev = p.of("shop", DispatchMode.EXECUTOR_VIRTUAL);
        // channel: 2 500 + 3 500 bytes in 5 samples; view: 3 000 + 1 000 in 5: the channel's first
        assertEquals(
                List.of(new Profile.AllocationSite(channel, 5, 6_000), new Profile.AllocationSite(view, 5, 4_000)),
                ev.directBufferSites());
        // 3 000, 3 500 and 3 500 bytes over 1000 requests each: 3, 3.5, 3.5, mean 10 / 3
        assertEquals(10.0 / 3, ev.directBufferBytesPerRequest().mean(), 1e-9);
    }

    @Test
    void noProfiledRunNoProfiles() {
        assertSame(CpuProfiles.NONE, CpuProfiles.of(List.of("shop"), MODES, List.of(), List.of()));
        assertTrue(CpuProfiles.NONE.isEmpty());
    }

    /** A profiled run of 1000 requests: {@code app} and {@code http} µs each, 95 % of it sampled. */
    private static RunProfile run(DispatchMode mode, int n, double app, double http, List<Profile.PinnedStack> pins) {
        return run(mode, n, app, http, pins, List.of());
    }

    /** As above, with the direct buffers {@code buffers} allocated. */
    private static RunProfile run(
            DispatchMode mode,
            int n,
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
        Window window = new Window(1_000, 11_000);
        Profile profile = new Profile(
                window,
                Map.of(Bucket.APPLICATION, 100L),
                Map.of(Bucket.APPLICATION, 1_000_000_000L),
                0,
                100_000_000,
                2,
                ThreadCpu.NONE,
                new Profile.Gc(1, 1_000_000),
                new Profile.Allocation(250_000, 1_000, buffers),
                new Profile.Jit(3, 1_000_000),
                new Profile.Pinning(
                        pins.stream().mapToLong(Profile.PinnedStack::count).sum(),
                        pins.stream().mapToLong(Profile.PinnedStack::nanos).sum(),
                        pins),
                0,
                1000,
                Map.of());
        return new RunProfile(
                result(mode, n), "50 users", window, 1000, total * 1000 / 1e6, profile, us, 0.95 * total, null);
    }

    /** A measured (unprofiled) run at {@code micros} CPU µs per request. */
    private static RunResult measured(DispatchMode mode, int n, double micros) {
        return Fixtures.oneLevelRun("shop", mode, n, 1, 10, 100, 50, 1e6 / micros, new double[10], List.of(), 0);
    }

    private static RunProfile failed(DispatchMode mode, int n) {
        return new RunProfile(result(mode, n), "", null, 0, Double.NaN, null, Map.of(), Double.NaN, "no window");
    }

    private static RunResult result(DispatchMode mode, int n) {
        MachineState quiet = new MachineState(0.1, List.of());
        RunRecord record = new RunRecord(
                "shop",
                mode,
                n,
                n,
                1000,
                null,
                Double.NaN,
                null,
                Map.of(),
                quiet,
                quiet,
                Double.NaN,
                List.of(),
                new RunRecord.Profiling(10, Set.of("com.example.shop."), 0, 20_000));
        return new Fixtures.Run(record, List.of())
                .byLabel(Map.of())
                .rssMaxBytes(4e8)
                .osThreadsMax(80)
                .remoteCpuPct(0)
                .otherCpuPct(0)
                .result();
    }
}
