package dev.vtlab.bench.support;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Thread counts of this JVM: the JVM's own peak of live platform threads (what the published
 * programs printed through ThreadMXBean) and a sampled peak of OS threads from /proc/self/status,
 * which also counts GC and JIT threads.
 */
public final class ThreadCounts implements AutoCloseable {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final Path STATUS = Path.of("/proc/self/status");

    private final AtomicInteger peakOsThreads = new AtomicInteger();
    private final Thread sampler;

    private ThreadCounts(long sampleMillis) {
        THREADS.resetPeakThreadCount();
        peakOsThreads.set(osThreads());
        // A platform daemon thread on purpose: it must keep sampling while virtual threads are pinned.
        sampler = Thread.ofPlatform().daemon().name("vtlab-thread-sampler").start(() -> {
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    peakOsThreads.accumulateAndGet(osThreads(), Math::max);
                    Thread.sleep(sampleMillis);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    /** Resets the JVM peak and starts sampling OS threads every {@code sampleMillis}. */
    public static ThreadCounts start(long sampleMillis) {
        return new ThreadCounts(sampleMillis);
    }

    public int peakJvmThreads() {
        return THREADS.getPeakThreadCount();
    }

    public int peakOsThreads() {
        return Math.max(peakOsThreads.get(), osThreads());
    }

    @Override
    public void close() {
        sampler.interrupt();
    }

    /** Threads: line of /proc/self/status; -1 where there is no procfs. */
    public static int osThreads() {
        try {
            for (String line : Files.readAllLines(STATUS)) {
                if (line.startsWith("Threads:")) {
                    return Integer.parseInt(line.substring("Threads:".length()).trim());
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }

    /** Live carrier threads of the default virtual-thread scheduler (named ForkJoinPool-N-worker-M). */
    public static long carrierThreads() {
        return Arrays.stream(THREADS.dumpAllThreads(false, false))
                .filter(t -> t.getThreadName().matches("ForkJoinPool-\\d+-worker-\\d+"))
                .count();
    }
}
