package dev.vtlab.bench.threadlocal;

import dev.vtlab.bench.support.Knobs;
import dev.vtlab.bench.support.Observations;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The ThreadLocal cost with a million virtual threads: start {@code threads} virtual threads that
 * each (or not) set a ThreadLocal to a {@code valueBytes} array, then park; once all are parked,
 * measure the heap in use after a full GC against the baseline before. The fork's heap is capped
 * (-Xmx4g) so a too-large count fails the fork, not the machine. Score: time to start, park and
 * finish all of them.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
@Warmup(iterations = 0)
@Measurement(iterations = 2)
public class ThreadLocalMemoryBenchmark {
    private static final ThreadLocal<byte[]> PER_THREAD_VALUE = new ThreadLocal<>();
    private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();

    @Param({"1000000"})
    int threads;

    @Param({"64"})
    int valueBytes;

    private long lastRetainedBytes;

    @Setup(Level.Trial)
    public void setUp() {
        Knobs.within("threads", threads, 1, 2_000_000);
        Knobs.within("valueBytes", valueBytes, 0, 1 << 20);
    }

    @TearDown(Level.Trial)
    public void tearDown(BenchmarkParams params) {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("retainedHeapMiB", Math.round(lastRetainedBytes / 1048576.0));
        values.put("retainedBytesPerThread", lastRetainedBytes / threads);
        values.put("maxHeapMiB", MEMORY.getHeapMemoryUsage().getMax() / 1048576);
        Observations.record(params, values);
    }

    @Benchmark
    public long withoutThreadLocal() throws InterruptedException {
        return parkAll(false);
    }

    @Benchmark
    public long withThreadLocal() throws InterruptedException {
        return parkAll(true);
    }

    private long parkAll(boolean setThreadLocal) throws InterruptedException {
        long baseline = heapUsedAfterGc();
        CountDownLatch parked = new CountDownLatch(threads);
        CountDownLatch release = new CountDownLatch(1);
        Thread[] started = new Thread[threads];
        for (int i = 0; i < threads; i++) {
            started[i] = Thread.ofVirtual().start(() -> {
                if (setThreadLocal) {
                    PER_THREAD_VALUE.set(new byte[valueBytes]);
                }
                parked.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
        parked.await();
        // The Thread[] holding the threads is in both cases; what differs is each thread's map and value.
        lastRetainedBytes = heapUsedAfterGc() - baseline;
        release.countDown();
        for (Thread thread : started) {
            thread.join();
        }
        return lastRetainedBytes;
    }

    private static long heapUsedAfterGc() {
        System.gc();
        System.gc();
        return MEMORY.getHeapMemoryUsage().getUsed();
    }
}
