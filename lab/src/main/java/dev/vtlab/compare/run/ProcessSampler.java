package dev.vtlab.compare.run;

import dev.vtlab.compare.raw.ServerMetric;
import dev.vtlab.compare.raw.ServerSample;
import dev.vtlab.metrics.ProcessStatus;
import dev.vtlab.profile.Attribution;
import dev.vtlab.profile.Bucket;
import dev.vtlab.profile.ThreadCpu;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Samples a run once a second from outside the JVMs, as the OS sees them: CPU of the server, of JMeter
 * and of the remote system (so a load-generator bottleneck shows), the CPU the rest of the machine used
 * (so a busy neighbour shows), the server's RSS and OS threads, and its pool, heap and virtual-thread
 * figures (over JMX: {@link JmxMetrics}).
 */
final class ProcessSampler implements AutoCloseable {

    private final long serverPid, remotePid, selfPid = ProcessHandle.current().pid();
    private volatile long jmeterPid = -1;
    private final Supplier<Map<ServerMetric, Double>> metrics;
    private final List<ServerSample> samples = new ArrayList<>();
    private final ThreadCpu.Totals compilers =
            new ThreadCpu.Totals(t -> Attribution.ofThread(t.name()).orElse(null) == Bucket.JIT);
    private final Thread thread;
    private volatile boolean running = true;

    /** {@code remotePid}: the remote system's, or -1 when there is none (a user's app). */
    ProcessSampler(long serverPid, long remotePid, Supplier<Map<ServerMetric, Double>> metrics) {
        this.serverPid = serverPid;
        this.remotePid = remotePid;
        this.metrics = metrics;
        this.thread = Thread.ofPlatform().daemon().name("vtlab-compare-sampler").start(this::loop);
    }

    void watchJMeter(long pid) {
        jmeterPid = pid;
    }

    private void loop() {
        long last = System.nanoTime();
        long watched = jmeterPid;
        long[] before = ticks(watched);
        while (running) {
            try {
                // a tick a second from the last CPU reading, however long the last scrape of /metrics took (a busy
                // 1-CPU server answers it late: with a sleep after it, 2-s windows went without a CPU reading)
                Thread.sleep(Math.max(0, 1000 - (System.nanoTime() - last) / 1_000_000));
            } catch (InterruptedException e) {
                return;
            }
            long now = System.nanoTime();
            long nowMs = System.currentTimeMillis(); // when the CPU was read, not when the scrape ended
            long pid = jmeterPid;
            long[] after = ticks(pid);
            if (pid != watched) {
                // another JMeter since the last tick (the warm-up's, then the measurement's): count it from its start
                before[1] = -1;
                watched = pid;
            }
            double seconds = (now - last) / 1e9;
            double[] pct = new double[after.length];
            for (int i = 0; i < after.length; i++) {
                // a process that started since the last tick (JMeter) counts all its ticks; one that has gone, none
                long used = after[i] < 0 ? 0 : before[i] < 0 ? after[i] : after[i] - before[i];
                pct[i] = used / (double) ProcessStatus.TICKS_PER_SECOND / seconds * 100;
            }
            double other = Math.max(0, pct[4] - pct[0] - pct[1] - pct[2] - pct[3]);
            ProcessStatus server = status(serverPid);
            Map<ServerMetric, Double> figures = new EnumMap<>(ServerMetric.class);
            figures.putAll(metrics.get());
            double jit = compilerCpuSeconds();
            if (!Double.isNaN(jit)) {
                figures.put(ServerMetric.JIT_CPU_SECONDS, jit);
            }
            ServerSample sample = new ServerSample(
                    nowMs,
                    pct[0],
                    pct[1],
                    pct[2],
                    other,
                    pct[5],
                    server == null ? Double.NaN : server.rssBytes(),
                    server == null ? Double.NaN : server.threads(),
                    figures);
            synchronized (samples) {
                samples.add(sample);
            }
            before = after;
            last = now;
        }
    }

    /** CPU ticks of server, JMeter, remote, this JVM, the whole machine's busy time, and its steal. */
    private long[] ticks(long jmeter) {
        return new long[] {
            processTicks(serverPid),
            processTicks(jmeter),
            processTicks(remotePid),
            processTicks(selfPid),
            machineBusyTicks(),
            machineStealTicks()
        };
    }

    List<ServerSample> samples() {
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

    /** CPU seconds the JIT's compiler threads have used (NaN when /proc cannot tell). */
    private double compilerCpuSeconds() {
        try {
            return compilers.seconds(ThreadCpu.snapshot(serverPid));
        } catch (IOException | RuntimeException gone) {
            return Double.NaN;
        }
    }

    /** utime + stime of a process, or -1 when it is not there (JMeter not started yet, or gone). */
    static long processTicks(long pid) {
        ProcessStatus status = pid <= 0 ? null : status(pid);
        return status == null ? -1 : status.cpuTicks();
    }

    private static ProcessStatus status(long pid) {
        try {
            return ProcessStatus.of(pid);
        } catch (RuntimeException gone) {
            return null;
        }
    }

    /**
     * Busy ticks of all CPUs from the first line of /proc/stat: user, nice, system and steal (a
     * neighbour VM's use of this one's CPUs). Not irq and softirq: there the kernel carries the run's own
     * loopback traffic, which /proc/PID/stat does not charge to the processes that sent it.
     */
    static long machineBusyTicks() {
        try {
            String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
            return Long.parseLong(f[1])
                    + Long.parseLong(f[2])
                    + Long.parseLong(f[3])
                    + (f.length > 8 ? Long.parseLong(f[8]) : 0);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** Steal ticks of all CPUs (/proc/stat's eighth field): time the hypervisor ran other guests instead. */
    static long machineStealTicks() {
        try {
            String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
            return f.length > 8 ? Long.parseLong(f[8]) : -1;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
