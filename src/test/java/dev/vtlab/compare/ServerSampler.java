package dev.vtlab.compare;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Samples the server once a second during a run: CPU, RSS and OS threads from /proc (outside the JVM,
 * so it measures what the OS sees), and pool, heap and virtual-thread figures from /metrics.
 */
final class ServerSampler implements AutoCloseable {

    /** The /metrics series the report plots, when the server publishes them. */
    static final List<String> METRICS = List.of("threadpool_size", "threadpool_activeThreads", "memory_usedHeap_bytes",
            "vtlab_virtual_threads_active", "vtlab_direct_buffers_used_bytes", "vtlab_carrier_pool_size");
    private static final double TICKS_PER_SECOND = 100; // USER_HZ, fixed at 100 on Linux

    record Sample(double t, double cpuPct, double rssBytes, double osThreads, Map<String, Double> metrics) {
    }

    private final long pid;
    private final URI metricsUri;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
    private final List<Sample> samples = new ArrayList<>();
    private final Thread thread;
    private volatile boolean running = true;

    ServerSampler(long pid, URI metricsUri) {
        this.pid = pid;
        this.metricsUri = metricsUri;
        this.thread = Thread.ofPlatform().daemon().name("vtlab-compare-sampler").start(this::loop);
    }

    private void loop() {
        long start = System.nanoTime();
        long lastTicks = cpuTicks();
        long last = start;
        while (running) {
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                return;
            }
            long now = System.nanoTime();
            long ticks = cpuTicks();
            double cpu = (ticks - lastTicks) / TICKS_PER_SECOND / ((now - last) / 1e9) * 100;
            lastTicks = ticks;
            last = now;
            Map<String, String> status = procStatus();
            double rss = kb(status.get("VmRSS")) * 1024;
            double threads = status.containsKey("Threads") ? Double.parseDouble(status.get("Threads").trim()) : 0;
            synchronized (samples) {
                samples.add(new Sample((now - start) / 1e9, cpu, rss, threads, scrape()));
            }
        }
    }

    List<Sample> samples() {
        synchronized (samples) {
            return List.copyOf(samples);
        }
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        thread.interrupt();
        thread.join(5000);
    }

    private long cpuTicks() {
        try {
            String stat = Files.readString(Path.of("/proc", String.valueOf(pid), "stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[11]) + Long.parseLong(f[12]); // utime + stime
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    private Map<String, String> procStatus() {
        Map<String, String> out = new LinkedHashMap<>();
        try {
            for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(pid), "status"))) {
                int colon = line.indexOf(':');
                if (colon > 0) {
                    out.put(line.substring(0, colon), line.substring(colon + 1).trim());
                }
            }
        } catch (IOException e) {
            // the process is gone; the sample stays empty
        }
        return out;
    }

    private static double kb(String value) {
        return value == null ? 0 : Double.parseDouble(value.replace("kB", "").trim());
    }

    private Map<String, Double> scrape() {
        Map<String, Double> values = new LinkedHashMap<>();
        try {
            String text = http.send(HttpRequest.newBuilder(metricsUri).timeout(Duration.ofSeconds(2)).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            for (String line : text.lines().toList()) {
                for (String name : METRICS) {
                    if (line.startsWith(name + "{") || line.startsWith(name + " ")) {
                        if (name.startsWith("threadpool_") && !line.contains("Default_Executor")) {
                            continue;
                        }
                        values.put(name, Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)));
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // a missed scrape leaves gaps, not zeros
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return values;
    }
}
