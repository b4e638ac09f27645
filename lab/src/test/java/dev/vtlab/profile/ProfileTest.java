package dev.vtlab.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProfileTest {

    private static final Window WINDOW = new Window(10_000, 20_000);

    private static Profile profile(Map<Bucket, Long> samples, ThreadCpu threadCpu) {
        return profile(samples, 0, threadCpu);
    }

    /** Samples of 10 ms each, {@code firstUse} of them filling a thread-local. */
    private static Profile profile(Map<Bucket, Long> samples, long firstUse, ThreadCpu threadCpu) {
        Map<Bucket, Long> nanos = new EnumMap<>(Bucket.class);
        samples.forEach((b, n) -> nanos.put(b, n * PERIOD_NS));
        return profile(samples, nanos, firstUse * PERIOD_NS, threadCpu);
    }

    private static final long PERIOD_NS = 10_000_000L;

    private static Profile profile(
            Map<Bucket, Long> samples, Map<Bucket, Long> nanos, long firstUseNanos, ThreadCpu threadCpu) {
        return profile(samples, nanos, firstUseNanos, threadCpu, new Profile.Gc(0, 0));
    }

    private static Profile profile(
            Map<Bucket, Long> samples,
            Map<Bucket, Long> nanos,
            long firstUseNanos,
            ThreadCpu threadCpu,
            Profile.Gc gc) {
        Map<Bucket, Long> all = new EnumMap<>(Bucket.class), allNanos = new EnumMap<>(Bucket.class);
        for (Bucket b : Bucket.values()) {
            all.put(b, samples.getOrDefault(b, 0L));
            allNanos.put(b, nanos.getOrDefault(b, 0L));
        }
        return new Profile(
                WINDOW,
                all,
                allNanos,
                0,
                firstUseNanos,
                0,
                threadCpu,
                gc,
                new Profile.Allocation(0, 0, List.of()),
                new Profile.Jit(0, 0),
                new Profile.Pinning(0, 0, List.of()),
                0,
                0,
                Map.of());
    }

    private static double sum(Map<Bucket, Double> micros) {
        return micros.values().stream().mapToDouble(Double::doubleValue).sum();
    }

    /** Two readings: every thread at zero at {@code from}, at its given CPU at {@code to}. */
    private static ThreadCpu between(long from, long to, ThreadCpu.ThreadTime... threads) {
        Map<Long, ThreadCpu.ThreadTime> start = new HashMap<>(), end = new HashMap<>();
        for (ThreadCpu.ThreadTime t : threads) {
            start.put(t.tid(), new ThreadCpu.ThreadTime(t.tid(), t.name(), 0));
            end.put(t.tid(), t);
        }
        return new ThreadCpu(List.of(new ThreadCpu.Snapshot(from, start), new ThreadCpu.Snapshot(to, end)));
    }

    @Test
    void samplesShareTheMeasuredCpu() {
        Profile p = profile(Map.of(Bucket.APPLICATION, 300L, Bucket.HTTP, 100L), ThreadCpu.NONE);
        // 2 CPU-seconds over 1000 requests: 2000 µs each
        Map<Bucket, Double> us = p.cpuMicrosPerRequest(2.0, 1000);
        assertEquals(1500, us.get(Bucket.APPLICATION), 1e-9);
        assertEquals(500, us.get(Bucket.HTTP), 1e-9);
        assertEquals(2000, sum(us), 1e-9);
        assertEquals(Bucket.values().length, us.size());
    }

    @Test
    void theJvmsOwnThreadsAreMeasuredNotSampled() {
        // the thread snapshots span 20 s, the window 10 s: half their CPU is the window's
        ThreadCpu threads = between(
                5_000,
                25_000,
                new ThreadCpu.ThreadTime(1, "GC Thread#0", 400_000_000L),
                new ThreadCpu.ThreadTime(2, "C2 CompilerThre", 200_000_000L),
                new ThreadCpu.ThreadTime(3, "Default Executo", 9_000_000_000L));
        Profile p = profile(Map.of(Bucket.APPLICATION, 3L, Bucket.JSON, 1L), threads);
        Map<Bucket, Double> us = p.cpuMicrosPerRequest(1.5, 100);
        assertEquals(2000, us.get(Bucket.GC), 1e-6); // 0.2 s / 100
        assertEquals(1000, us.get(Bucket.JIT), 1e-6);
        // the rest, 1.2 s, by the samples
        assertEquals(9000, us.get(Bucket.APPLICATION), 1e-6);
        assertEquals(3000, us.get(Bucket.JSON), 1e-6);
        assertEquals(15000, sum(us), 1e-6);
    }

    @Test
    void theSerialCollectorsPausesOnTheVmThreadAreGcNotTheJvmsOther() {
        // the VM thread ran 0.3 s in the window, 0.25 s of it in serial pauses: 0.05 s stays the JVM's other work
        ThreadCpu threads = between(10_000, 20_000, new ThreadCpu.ThreadTime(1, "VM Thread", 300_000_000L));
        Map<Bucket, Long> samples = Map.of(Bucket.APPLICATION, 7L);
        Map<Bucket, Long> nanos = Map.of(Bucket.APPLICATION, 7 * PERIOD_NS);
        Map<Bucket, Double> us = profile(samples, nanos, 0, threads, new Profile.Gc(5, 250_000_000L, 250_000_000L))
                .cpuMicrosPerRequest(1.0, 100);
        assertEquals(2500, us.get(Bucket.GC), 1e-6); // 0.25 s / 100
        assertEquals(500, us.get(Bucket.JVM), 1e-6); // 0.05 s / 100
        assertEquals(7000, us.get(Bucket.APPLICATION), 1e-6); // the rest, 0.7 s
        assertEquals(10_000, sum(us), 1e-6);
        // pauses longer than the VM thread's clock says it ran: the clock bounds them
        Map<Bucket, Double> capped = profile(samples, nanos, 0, threads, new Profile.Gc(5, 400_000_000L, 400_000_000L))
                .cpuMicrosPerRequest(1.0, 100);
        assertEquals(3000, capped.get(Bucket.GC), 1e-6);
        assertEquals(0, capped.get(Bucket.JVM), 1e-6);
        assertEquals(10_000, sum(capped), 1e-6);
    }

    @Test
    void measuredThreadsNeverPassTheProcessTotal() {
        ThreadCpu threads = between(10_000, 20_000, new ThreadCpu.ThreadTime(1, "GC Thread#0", 3_000_000_000L));
        Map<Bucket, Double> us =
                profile(Map.of(Bucket.APPLICATION, 5L), threads).cpuMicrosPerRequest(2.0, 1);
        assertEquals(2_000_000, us.get(Bucket.GC), 1e-6);
        assertEquals(0, us.get(Bucket.APPLICATION), 1e-6);
    }

    @Test
    void withoutSamplesTheCpuIsOther() {
        Map<Bucket, Double> us = profile(Map.of(), ThreadCpu.NONE).cpuMicrosPerRequest(1.0, 10);
        assertEquals(100_000, us.get(Bucket.OTHER), 1e-9);
        assertThrows(IllegalArgumentException.class, () -> profile(Map.of(), ThreadCpu.NONE)
                .cpuMicrosPerRequest(1.0, 0));
    }

    @Test
    void firstUseIsItsSamplesShareOfTheMeasuredCpuAndStaysInsideTheBuckets() {
        // 40 of 400 samples fill a thread-local: a tenth of 1 CPU-second over 1 000 requests is 100 µs per request
        Profile p = profile(Map.of(Bucket.APPLICATION, 300L, Bucket.HTTP, 100L), 40, ThreadCpu.NONE);
        assertEquals(100, p.firstUseMicrosPerRequest(1.0, 1000), 1e-9);
        assertEquals(1000, sum(p.cpuMicrosPerRequest(1.0, 1000)), 1e-9, "the buckets still add up to the total");
        assertTrue(Double.isNaN(profile(Map.of(), 0, ThreadCpu.NONE).firstUseMicrosPerRequest(1.0, 1000)));
    }

    @Test
    void aSampleCountsForThePeriodItStandsFor() {
        // 100 application samples of 10 ms and 100 HTTP samples of which 50 came after two timer periods (20 ms):
        // HTTP's CPU is 1.5 s to the application's 1 s, so 60 % of the 2.5 s measured, not half of it
        Profile p = profile(
                Map.of(Bucket.APPLICATION, 100L, Bucket.HTTP, 100L),
                Map.of(Bucket.APPLICATION, 100 * PERIOD_NS, Bucket.HTTP, 50 * PERIOD_NS + 50 * 2 * PERIOD_NS),
                0,
                ThreadCpu.NONE);
        Map<Bucket, Double> us = p.cpuMicrosPerRequest(2.5, 1);
        assertEquals(1_500_000, us.get(Bucket.HTTP), 1e-6);
        assertEquals(1_000_000, us.get(Bucket.APPLICATION), 1e-6);
        assertEquals(2_500_000_000L, p.totalSampledNanos());
    }
}
