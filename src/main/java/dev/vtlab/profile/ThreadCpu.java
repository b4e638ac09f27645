package dev.vtlab.profile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * CPU time of each thread of the server over the recording, from {@code /proc/PID/task/TID/schedstat}
 * (nanoseconds on a CPU) at its start and its stop: the JVM's own threads (GC, JIT compilers, VM thread),
 * which JFR's CPU sampler never samples, are measured here instead. A thread that ended within the
 * recording is missing (its time is in the process's CPU all the same, and so lands in the sampled
 * buckets); one that started within it counts from zero.
 *
 * @param threads each thread's name and CPU nanoseconds in [fromEpochMs, toEpochMs); empty when not measured
 */
public record ThreadCpu(long fromEpochMs, long toEpochMs, List<ThreadTime> threads) {

    public static final ThreadCpu NONE = new ThreadCpu(0, 0, List.of());

    /** One thread: its name as the kernel has it (at most 15 characters) and its CPU nanoseconds. */
    public record ThreadTime(long tid, String name, long cpuNanos) {}

    /** Every thread of a process now, with its CPU nanoseconds since it started. */
    public record Snapshot(long epochMs, Map<Long, ThreadTime> threads) {}

    public ThreadCpu {
        threads = List.copyOf(threads);
    }

    public boolean measured() {
        return !threads.isEmpty();
    }

    /** CPU nanoseconds of the JVM's own threads per bucket (GC, JIT, JVM), scaled to a window of the recording. */
    public Map<Bucket, Double> jvmThreadNanos(Window window) {
        Map<Bucket, Double> nanos = new HashMap<>();
        if (!measured() || toEpochMs <= fromEpochMs) {
            return nanos;
        }
        // the snapshots bracket the recording; the rates are taken as steady over it
        double scale = (window.endEpochMs() - window.startEpochMs()) / (double) (toEpochMs - fromEpochMs);
        for (ThreadTime t : threads) {
            Attribution.ofThread(t.name()).ifPresent(b -> nanos.merge(b, t.cpuNanos() * scale, Double::sum));
        }
        return nanos;
    }

    public static Snapshot snapshot(long pid) throws IOException {
        long now = System.currentTimeMillis();
        Map<Long, ThreadTime> threads = new HashMap<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc", String.valueOf(pid), "task"))) {
            for (Path task : tasks.toList()) {
                try {
                    long tid = Long.parseLong(task.getFileName().toString());
                    String name = Files.readString(task.resolve("comm")).strip();
                    long nanos = Long.parseLong(
                            Files.readString(task.resolve("schedstat")).strip().split(" ")[0]);
                    threads.put(tid, new ThreadTime(tid, name, nanos));
                } catch (NoSuchFileException ended) {
                    // the thread ended while the directory was read
                }
            }
        }
        return new Snapshot(now, threads);
    }

    public static ThreadCpu between(Snapshot start, Snapshot end) {
        List<ThreadTime> threads = new ArrayList<>();
        for (ThreadTime t : end.threads().values()) {
            ThreadTime before = start.threads().get(t.tid());
            long nanos = before == null ? t.cpuNanos() : t.cpuNanos() - before.cpuNanos();
            threads.add(new ThreadTime(t.tid(), t.name(), nanos));
        }
        threads.sort((a, b) -> Long.compare(a.tid(), b.tid()));
        return new ThreadCpu(start.epochMs(), end.epochMs(), threads);
    }

    /** Tab-separated: a first line {@code window FROM TO}, then {@code TID NAME NANOS} per thread. */
    public void write(Path file) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("window\t" + fromEpochMs + "\t" + toEpochMs);
        for (ThreadTime t : threads) {
            lines.add(t.tid() + "\t" + t.name() + "\t" + t.cpuNanos());
        }
        Files.write(file, lines);
    }

    /** What {@link #write} wrote, or {@link #NONE} when there is no such file. */
    public static ThreadCpu read(Path file) throws IOException {
        if (!Files.exists(file)) {
            return NONE;
        }
        List<String> lines = Files.readAllLines(file);
        String[] window = lines.get(0).split("\t");
        List<ThreadTime> threads = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split("\t");
            threads.add(new ThreadTime(Long.parseLong(f[0]), f[1], Long.parseLong(f[2])));
        }
        return new ThreadCpu(Long.parseLong(window[1]), Long.parseLong(window[2]), threads);
    }
}
