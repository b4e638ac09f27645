package dev.vtlab.bench.executorgrid;

import dev.vtlab.bench.support.Knobs;
import dev.vtlab.bench.support.Observations;
import dev.vtlab.bench.support.ThreadCounts;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
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
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The published Spring Boot sample's executor grid: {@code loop} tasks of a {@code sleepMillis}
 * sleep through CompletableFuture.supplyAsync, on a fixed pool of {@code nThreads} or one virtual
 * thread per task. As published, 4 JMH threads share one executor, so a fixed pool serves 4 x loop
 * tasks per operation.
 *
 * <p>The original set jdk.virtualThreadScheduler.maxPoolSize with System.setProperty in @Setup.
 * {@code maxPoolSizeFrom=setup} reproduces that; {@code maxPoolSizeFrom=fork} expects the runner to
 * have passed it as a -D argument of the forked JVM, before any virtual thread exists, and fails
 * otherwise.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Fork(1)
@Threads(4)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class ExecutorGridBenchmark {
    static final String MAX_POOL_SIZE = "jdk.virtualThreadScheduler.maxPoolSize";

    @Param({"500", "1000", "2000"})
    int loop;

    @Param({"50", "100", "200"})
    int nThreads;

    @Param({"30"})
    int sleepMillis;

    @Param({"setup", "fork"})
    String maxPoolSizeFrom;

    private ExecutorService fixedPool;
    private ExecutorService virtualPerTask;
    private ThreadCounts threadCounts;

    @Setup(Level.Trial)
    public void setUp() {
        Knobs.within("loop", loop, 1, 100_000);
        Knobs.within("nThreads", nThreads, 1, 2_000);
        Knobs.within("sleepMillis", sleepMillis, 0, 10_000);
        switch (maxPoolSizeFrom) {
            case "setup" -> System.setProperty(MAX_POOL_SIZE, Integer.toString(nThreads));
            case "fork" -> {
                if (!Integer.toString(nThreads).equals(System.getProperty(MAX_POOL_SIZE))) {
                    throw new IllegalStateException("maxPoolSizeFrom=fork needs -D" + MAX_POOL_SIZE + "=" + nThreads
                            + " on the forked JVM (the runner adds it); got " + System.getProperty(MAX_POOL_SIZE));
                }
            }
            default -> throw new IllegalArgumentException("maxPoolSizeFrom must be setup or fork: " + maxPoolSizeFrom);
        }
        fixedPool = Executors.newFixedThreadPool(nThreads);
        virtualPerTask = Executors.newVirtualThreadPerTaskExecutor();
        threadCounts = ThreadCounts.start(10);
    }

    @TearDown(Level.Trial)
    public void tearDown(BenchmarkParams params) {
        // Carriers idle out only after 30 s, so the live ones now are the most the scheduler started.
        Observations.record(
                params,
                Map.of(
                        "carrierThreads", ThreadCounts.carrierThreads(),
                        "peakJvmThreads", threadCounts.peakJvmThreads(),
                        "peakOsThreads", threadCounts.peakOsThreads()));
        threadCounts.close();
        fixedPool.close();
        virtualPerTask.close();
    }

    @Benchmark
    public void fixedThreadPool(Blackhole blackhole) {
        blackhole.consume(runAll(fixedPool));
    }

    @Benchmark
    public void virtualThreadPerTask(Blackhole blackhole) {
        blackhole.consume(runAll(virtualPerTask));
    }

    private int runAll(ExecutorService executor) {
        @SuppressWarnings("unchecked")
        CompletableFuture<Integer>[] futures = new CompletableFuture[loop];
        for (int i = 0; i < loop; i++) {
            futures[i] = CompletableFuture.supplyAsync(this::sleepTask, executor);
        }
        CompletableFuture.allOf(futures).join();
        int sum = 0;
        for (CompletableFuture<Integer> future : futures) {
            sum += future.join();
        }
        return sum;
    }

    private int sleepTask() {
        try {
            Thread.sleep(Duration.ofMillis(sleepMillis));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return sleepMillis;
    }
}
