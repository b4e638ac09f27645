package dev.vtlab.bench.sleeptasks;

import dev.vtlab.bench.support.Knobs;
import dev.vtlab.bench.support.Observations;
import dev.vtlab.bench.support.ThreadCounts;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
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
 * "10 000 tasks x 1 s sleep": submit every task, then close the executor (which waits for them),
 * on an unbounded cached pool (capped, see CappedThreadFactory), a fixed pool of 200, or a virtual
 * thread per task. One operation is the whole batch, so the score is its wall time.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 1)
@Measurement(iterations = 2)
public class SleepTasksBenchmark {
    @Param({"10000"})
    int tasks;

    @Param({"1000"})
    int sleepMillis;

    @Param({"200"})
    int fixedPoolSize;

    /** Most platform threads the cached pool may create before it rejects tasks. */
    @Param({"4000"})
    int cachedPoolThreadCap;

    private ThreadCounts threadCounts;
    private CappedThreadFactory lastCappedFactory;
    private int lastSubmitted;

    @Setup(Level.Trial)
    public void setUp() {
        Knobs.within("tasks", tasks, 1, 1_000_000);
        Knobs.within("sleepMillis", sleepMillis, 0, 10_000);
        Knobs.within("fixedPoolSize", fixedPoolSize, 1, 5_000);
        Knobs.within("cachedPoolThreadCap", cachedPoolThreadCap, 1, 20_000);
        threadCounts = ThreadCounts.start(5);
    }

    @TearDown(Level.Trial)
    public void tearDown(BenchmarkParams params) {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("peakJvmThreads", threadCounts.peakJvmThreads());
        values.put("peakOsThreads", threadCounts.peakOsThreads());
        if (lastCappedFactory != null) {
            values.put("cachedPoolThreadsCreated", lastCappedFactory.created());
            values.put(
                    "hitCap",
                    lastCappedFactory.capHit()
                            ? "hit cap at " + lastCappedFactory.created() + " threads; " + lastSubmitted + " of "
                                    + tasks + " tasks submitted"
                            : "no");
        }
        Observations.record(params, values);
        threadCounts.close();
    }

    @Benchmark
    public int cachedThreadPool() {
        lastCappedFactory = new CappedThreadFactory(cachedPoolThreadCap);
        return runAll(Executors.newCachedThreadPool(lastCappedFactory));
    }

    @Benchmark
    public int fixedThreadPool() {
        return runAll(Executors.newFixedThreadPool(fixedPoolSize));
    }

    @Benchmark
    public int virtualThreadPerTask() {
        return runAll(Executors.newVirtualThreadPerTaskExecutor());
    }

    /** Returns how many tasks were accepted; a capped pool stops at the first rejection. */
    private int runAll(ExecutorService executor) {
        int submitted = 0;
        try (executor) {
            for (int i = 0; i < tasks; i++) {
                executor.submit(this::sleepTask);
                submitted++;
            }
        } catch (RejectedExecutionException capReached) {
            // The cached pool hit its thread cap: the accepted tasks still finish as the executor closes.
        }
        lastSubmitted = submitted;
        return submitted;
    }

    private Integer sleepTask() throws InterruptedException {
        Thread.sleep(Duration.ofMillis(sleepMillis));
        return sleepMillis;
    }
}
