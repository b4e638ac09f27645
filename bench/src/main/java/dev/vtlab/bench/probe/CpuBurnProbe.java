package dev.vtlab.bench.probe;

import com.google.gson.Gson;
import com.sun.management.OperatingSystemMXBean;
import dev.vtlab.bench.support.Knobs;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLongArray;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * One point of the CPU-burn scheduler probe (the case study's "simple standalone application"):
 * {@code concurrency} closed-loop clients each hand a task that burns a fixed amount of CPU work
 * ({@code taskMicros} worth, calibrated on this CPU) to the executor under test and wait for it,
 * like JMeter users against a server's dispatch. Reports throughput, the process's CPU utilisation
 * of the CPUs it may use, and latency percentiles, as one JSON line prefixed {@value #RESULT_PREFIX}.
 *
 * <p>Knobs: vtlab.probe.executor (virtual | platform), vtlab.probe.taskMicros, vtlab.probe.concurrency,
 * vtlab.probe.poolSize (platform pool), vtlab.probe.warmupSeconds, vtlab.probe.seconds,
 * vtlab.probe.iterationsPerMicro (the burn calibration; measured here when 0). The scheduler
 * (jdk.virtualThreadScheduler.parallelism / maxPoolSize / minRunnable) and the CPUs (taskset,
 * -XX:ActiveProcessorCount) are JVM arguments, so the sweep starts one JVM per point.
 */
public final class CpuBurnProbe {
    static final String RESULT_PREFIX = "PROBE_RESULT ";
    private static volatile long sink;

    private CpuBurnProbe() {}

    public static void main(String[] args) throws Exception {
        String executorKind = Knobs.string("vtlab.probe.executor", "virtual");
        long taskMicros = Knobs.bounded("vtlab.probe.taskMicros", 100, 1, 100_000);
        int concurrency = (int) Knobs.bounded("vtlab.probe.concurrency", 16, 1, 10_000);
        int poolSize = (int) Knobs.bounded("vtlab.probe.poolSize", concurrency, 1, 10_000);
        double warmupSeconds = Knobs.bounded("vtlab.probe.warmupSeconds", 2.0, 0.0, 600.0);
        double seconds = Knobs.bounded("vtlab.probe.seconds", 5.0, 0.1, 3_600.0);

        // The sweep calibrates once and passes it on, so every point burns the same work per task.
        long iterationsPerMicro = Knobs.bounded("vtlab.probe.iterationsPerMicro", 0, 0, 1_000_000);
        if (iterationsPerMicro == 0) {
            iterationsPerMicro = calibrateIterationsPerMicro();
        }
        long iterationsPerTask = Math.max(1, iterationsPerMicro * taskMicros);
        ExecutorService executor =
                switch (executorKind) {
                    case "virtual" -> Executors.newVirtualThreadPerTaskExecutor();
                    case "platform" -> Executors.newFixedThreadPool(poolSize);
                    default -> throw new IllegalArgumentException("vtlab.probe.executor must be virtual or platform");
                };

        Recorder latencies = new Recorder(3);
        // per client: whether the executor serves its submitters fairly (a low p50 can hide clients left waiting)
        AtomicLongArray completedBy = new AtomicLongArray(concurrency);
        List<Thread> clients = new ArrayList<>();
        for (int i = 0; i < concurrency; i++) {
            int client = i;
            // Platform clients, as load-generator threads are: they are not part of what is measured.
            clients.add(Thread.ofPlatform().daemon().name("probe-client-" + i).start(() -> {
                try {
                    while (!Thread.currentThread().isInterrupted()) {
                        long start = System.nanoTime();
                        executor.submit(() -> burn(iterationsPerTask)).get();
                        latencies.recordValue(System.nanoTime() - start);
                        completedBy.incrementAndGet(client);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (ExecutionException e) {
                    throw new IllegalStateException(e);
                }
            }));
        }

        Thread.sleep((long) (warmupSeconds * 1000));
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        latencies.reset();
        long[] byClientBefore = snapshot(completedBy);
        long cpuBefore = os.getProcessCpuTime();
        long wallBefore = System.nanoTime();
        Thread.sleep((long) (seconds * 1000));
        long wall = System.nanoTime() - wallBefore;
        long cpu = os.getProcessCpuTime() - cpuBefore;
        long[] byClient = snapshot(completedBy);
        long done = 0;
        for (int i = 0; i < byClient.length; i++) {
            byClient[i] -= byClientBefore[i];
            done += byClient[i];
        }
        Arrays.sort(byClient);
        Histogram histogram = latencies.getIntervalHistogram();
        clients.forEach(Thread::interrupt);
        executor.shutdownNow();

        int cpus = Runtime.getRuntime().availableProcessors();
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("executor", executorKind);
        result.put("taskMicros", taskMicros);
        result.put("iterationsPerMicro", iterationsPerMicro);
        result.put("cpus", cpus);
        result.put("concurrency", concurrency);
        result.put("poolSize", executorKind.equals("platform") ? poolSize : 0);
        result.put("scheduler", schedulerProperties());
        result.put("seconds", wall / 1e9);
        result.put("tasks", done);
        result.put("throughputPerSecond", done / (wall / 1e9));
        result.put("cpuUtilisationPercent", 100.0 * cpu / ((double) wall * cpus));
        result.put("p50Micros", histogram.getValueAtPercentile(50) / 1000.0);
        result.put("p90Micros", histogram.getValueAtPercentile(90) / 1000.0);
        result.put("p99Micros", histogram.getValueAtPercentile(99) / 1000.0);
        result.put("maxMicros", histogram.getMaxValue() / 1000.0);
        result.put("tasksPerClientMin", byClient[0]);
        result.put("tasksPerClientMedian", byClient[byClient.length / 2]);
        result.put("tasksPerClientMax", byClient[byClient.length - 1]);
        result.put("kernel", System.getProperty("os.version"));
        result.put("jdk", Runtime.version().toString());
        System.out.println(RESULT_PREFIX + new Gson().toJson(result));
        System.exit(0);
    }

    private static long[] snapshot(AtomicLongArray counts) {
        long[] copy = new long[counts.length()];
        for (int i = 0; i < copy.length; i++) {
            copy[i] = counts.get(i);
        }
        return copy;
    }

    private static String schedulerProperties() {
        StringBuilder properties = new StringBuilder();
        for (String name : List.of("parallelism", "maxPoolSize", "minRunnable")) {
            String value = System.getProperty("jdk.virtualThreadScheduler." + name);
            if (value != null) {
                properties
                        .append(properties.isEmpty() ? "" : " ")
                        .append(name)
                        .append('=')
                        .append(value);
            }
        }
        return properties.isEmpty() ? "default" : properties.toString();
    }

    /** A fixed amount of work, not a wall-clock spin, so a descheduled task still costs the same CPU. */
    static long burn(long iterations) {
        long x = 0x9E3779B97F4A7C15L;
        for (long i = 0; i < iterations; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        sink = x;
        return x;
    }

    /** Iterations of {@link #burn} per microsecond on this CPU: the best of 5 runs of at least 20 ms. */
    static long calibrateIterationsPerMicro() {
        long iterations = 1_000;
        while (timeMicros(iterations) < 20_000) {
            iterations *= 2;
        }
        long best = 1;
        for (int run = 0; run < 5; run++) {
            best = Math.max(best, iterations / timeMicros(iterations));
        }
        return best;
    }

    private static long timeMicros(long iterations) {
        long start = System.nanoTime();
        burn(iterations);
        return Math.max(1, (System.nanoTime() - start) / 1000);
    }
}
