package dev.vtlab.bench.asynctasks;

import dev.vtlab.bench.support.Knobs;
import dev.vtlab.bench.support.Observations;
import dev.vtlab.bench.support.ThreadCounts;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
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
 * "100 000 @Async tasks x 50 ms": fire-and-forget submissions counted down on a latch, as the
 * published Spring Boot test did. The platform executor is what Spring Boot's default async
 * executor amounts to: 8 core threads and an unbounded queue (so it never grows past 8), which is
 * why the published platform run took ~100 000 x 50 ms / 8.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
public class AsyncTasksBenchmark {
    @Param({"100000"})
    int tasks;

    @Param({"50"})
    int sleepMillis;

    /** Core size of the platform executor; Spring Boot's default is 8. */
    @Param({"8"})
    int platformPoolSize;

    private ExecutorService platformExecutor;
    private ExecutorService virtualExecutor;
    private ThreadCounts threadCounts;

    @Setup(Level.Trial)
    public void setUp() {
        Knobs.within("tasks", tasks, 1, 1_000_000);
        Knobs.within("sleepMillis", sleepMillis, 0, 10_000);
        Knobs.within("platformPoolSize", platformPoolSize, 1, 5_000);
        platformExecutor = new ThreadPoolExecutor(
                platformPoolSize, Integer.MAX_VALUE, 60, TimeUnit.SECONDS, new LinkedBlockingQueue<>());
        virtualExecutor = Executors.newVirtualThreadPerTaskExecutor();
        threadCounts = ThreadCounts.start(10);
    }

    @TearDown(Level.Trial)
    public void tearDown(BenchmarkParams params) {
        Observations.record(
                params,
                Map.of(
                        "peakJvmThreads", threadCounts.peakJvmThreads(),
                        "peakOsThreads", threadCounts.peakOsThreads()));
        threadCounts.close();
        platformExecutor.close();
        virtualExecutor.close();
    }

    @Benchmark
    public long platformAsyncExecutor() throws InterruptedException {
        return runAll(platformExecutor);
    }

    @Benchmark
    public long virtualAsyncExecutor() throws InterruptedException {
        return runAll(virtualExecutor);
    }

    private long runAll(ExecutorService executor) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(tasks);
        for (int i = 0; i < tasks; i++) {
            executor.execute(() -> {
                try {
                    Thread.sleep(sleepMillis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    done.countDown();
                }
            });
        }
        done.await();
        return done.getCount();
    }
}
