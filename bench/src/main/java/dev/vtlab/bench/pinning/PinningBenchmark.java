package dev.vtlab.bench.pinning;

import dev.vtlab.bench.support.Knobs;
import dev.vtlab.bench.support.Observations;
import dev.vtlab.bench.support.ThreadCounts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntConsumer;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
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
 * A blocking sleep while holding a lock, on {@code tasks} virtual threads at once, each with its own
 * lock (so there is no contention, only pinning): a monitor (synchronized) vs a ReentrantLock.
 * Before JEP 491 (JDK 24) a virtual thread blocking inside synchronized pins its carrier, so the
 * batch runs only as many sleeps at a time as there are carriers; from JDK 24 on it unmounts.
 * A JFR recording of jdk.VirtualThreadPinned (threshold 0) counts the pinned events in the fork;
 * a positive control (a sleep inside a class initializer, which pins on every JDK so far) shows that
 * a count of 0 means "not pinned", not "not recorded".
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 2)
public class PinningBenchmark {
    @Param({"100"})
    int tasks;

    @Param({"10"})
    int holdMillis;

    private Object[] monitors;
    private ReentrantLock[] locks;
    private Recording pinnedEvents;
    private final AtomicLong operations = new AtomicLong();

    @Setup(Level.Trial)
    public void setUp() {
        Knobs.within("tasks", tasks, 1, 100_000);
        Knobs.within("holdMillis", holdMillis, 0, 1_000);
        monitors = new Object[tasks];
        locks = new ReentrantLock[tasks];
        for (int i = 0; i < tasks; i++) {
            monitors[i] = new Object();
            locks[i] = new ReentrantLock();
        }
        pinnedEvents = new Recording();
        pinnedEvents
                .enable("jdk.VirtualThreadPinned")
                .withThreshold(Duration.ZERO)
                .withStackTrace();
        pinnedEvents.start();
        try {
            Thread.ofVirtual().start(SleepsInItsInitializer::touch).join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @TearDown(Level.Trial)
    public void tearDown(BenchmarkParams params) throws IOException {
        pinnedEvents.stop();
        Path dump = Files.createTempFile("vtlab-pinning", ".jfr");
        try {
            pinnedEvents.dump(dump);
            List<RecordedEvent> pinned = RecordingFile.readAllEvents(dump).stream()
                    .filter(e -> e.getEventType().getName().equals("jdk.VirtualThreadPinned"))
                    .toList();
            long control =
                    pinned.stream().filter(PinningBenchmark::isPositiveControl).count();
            Map<String, Object> values = new LinkedHashMap<>();
            values.put("javaVersion", Runtime.version().toString());
            values.put("pinnedEvents", pinned.size() - control);
            values.put("positiveControlPinnedEvents", control);
            values.put("tasksRun", operations.get() * tasks);
            values.put("carrierThreads", ThreadCounts.carrierThreads());
            Observations.record(params, values);
        } finally {
            pinnedEvents.close();
            Files.deleteIfExists(dump);
        }
    }

    @Benchmark
    public void sleepInsideSynchronized() throws InterruptedException {
        runAll(i -> {
            synchronized (monitors[i]) {
                sleepHolding();
            }
        });
    }

    @Benchmark
    public void sleepInsideReentrantLock() throws InterruptedException {
        runAll(i -> {
            locks[i].lock();
            try {
                sleepHolding();
            } finally {
                locks[i].unlock();
            }
        });
    }

    private void runAll(IntConsumer task) throws InterruptedException {
        try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < tasks; i++) {
                int index = i;
                executor.execute(() -> task.accept(index));
            }
        }
        operations.incrementAndGet();
    }

    private static boolean isPositiveControl(RecordedEvent event) {
        return event.getStackTrace() != null
                && event.getStackTrace().getFrames().stream()
                        .anyMatch(f -> f.getMethod().getType().getName().endsWith("SleepsInItsInitializer"));
    }

    /** Blocks in its static initializer: a virtual thread cannot unmount there, even after JEP 491. */
    private static final class SleepsInItsInitializer {
        static {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        static void touch() {
            // Initialising the class is the point.
        }
    }

    private void sleepHolding() {
        try {
            Thread.sleep(holdMillis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
