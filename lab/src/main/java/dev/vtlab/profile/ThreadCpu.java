package dev.vtlab.profile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * CPU time of each thread of the server over the recording, from {@code /proc/PID/task/TID/schedstat}
 * (nanoseconds on a CPU), read about once a second: the JVM's own threads (GC, JIT compilers, VM thread),
 * which JFR's CPU sampler never samples, are measured here instead. Read each second rather than at the
 * recording's ends because their CPU is anything but steady (a compiler thread can burn half the server's
 * CPU in one second and nothing in the next), and the window measured is only part of the recording. A
 * thread that ended between two readings loses its last second (its time is in the process's CPU all the
 * same, and so lands in the sampled buckets); one that started between them counts from zero; one a reading
 * missed counts from the reading before.
 *
 * @param snapshots the readings, oldest first; none when not measured
 */
public record ThreadCpu(List<Snapshot> snapshots) {

    public static final ThreadCpu NONE = new ThreadCpu(List.of());

    /** One thread: its name as the kernel has it (at most 15 characters) and its CPU nanoseconds. */
    public record ThreadTime(long tid, String name, long cpuNanos) {}

    /** Every thread of a process at one moment, with its CPU nanoseconds since it started. */
    public record Snapshot(long epochMs, Map<Long, ThreadTime> threads) {
        public Snapshot {
            threads = Map.copyOf(threads);
        }
    }

    public ThreadCpu {
        snapshots = snapshots.stream()
                .sorted(Comparator.comparingLong(Snapshot::epochMs))
                .toList();
    }

    public boolean measured() {
        return snapshots.size() >= 2;
    }

    /**
     * CPU nanoseconds of the JVM's own threads per bucket (GC, JIT, JVM) in a window: each thread's CPU between two
     * of its readings counted by the share of that span the window covers (CPU within one span is taken as steady).
     * A thread counts from its own last reading, not the previous snapshot's: a listing of {@code /proc/PID/task}
     * skips live threads when another ends during it, and a compiler thread missing from one reading would add all
     * its CPU since the JVM started to the next second (the likely cause of a CI run's coverage check at 147 %).
     */
    public Map<Bucket, Double> jvmThreadNanos(Window window) {
        Map<Bucket, Double> nanos = new HashMap<>();
        Map<Long, Reading> last = new HashMap<>();
        Snapshot previous = null;
        for (Snapshot b : snapshots) {
            for (ThreadTime t : b.threads().values()) {
                Reading before = last.put(t.tid(), new Reading(b.epochMs(), t.cpuNanos()));
                Optional<Bucket> bucket = Attribution.ofThread(t.name());
                if (previous == null || bucket.isEmpty()) {
                    continue;
                }
                // a thread first seen now started since the previous snapshot: all its CPU falls after it
                long from = before == null ? previous.epochMs() : before.epochMs();
                long used = t.cpuNanos() - (before == null ? 0 : before.cpuNanos());
                long overlap = Math.min(b.epochMs(), window.endEpochMs()) - Math.max(from, window.startEpochMs());
                if (overlap > 0 && b.epochMs() > from) {
                    nanos.merge(bucket.get(), used * (overlap / (double) (b.epochMs() - from)), Double::sum);
                }
            }
            previous = b;
        }
        return nanos;
    }

    /**
     * CPU seconds some of a process's threads have used since they started, over successive snapshots: each thread
     * counted at its latest reading, so a reading that misses a live thread, or a thread that has ended, takes
     * nothing away (the sum of one snapshot's threads alone dips then, and a difference of two such sums can be
     * negative). One reader only.
     */
    public static final class Totals {
        private final Predicate<ThreadTime> which;
        private final Map<Long, Long> nanos = new HashMap<>();

        public Totals(Predicate<ThreadTime> which) {
            this.which = which;
        }

        /** The total with {@code s} read in. */
        public double seconds(Snapshot s) {
            s.threads().values().stream().filter(which).forEach(t -> nanos.put(t.tid(), t.cpuNanos()));
            return nanos.values().stream().mapToLong(Long::longValue).sum() / 1e9;
        }
    }

    /** A thread's CPU nanoseconds as one snapshot read them. */
    private record Reading(long epochMs, long cpuNanos) {}

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

    /** Tab-separated, a line per thread and reading: {@code EPOCH_MS TID NAME NANOS}. */
    public void write(Path file) throws IOException {
        List<String> lines = new ArrayList<>();
        for (Snapshot s : snapshots) {
            s.threads().values().stream()
                    .sorted(Comparator.comparingLong(ThreadTime::tid))
                    .forEach(t -> lines.add(s.epochMs() + "\t" + t.tid() + "\t" + t.name() + "\t" + t.cpuNanos()));
        }
        Files.write(file, lines);
    }

    /** What {@link #write} wrote, or {@link #NONE} when there is no such file. */
    public static ThreadCpu read(Path file) throws IOException {
        if (!Files.exists(file)) {
            return NONE;
        }
        Map<Long, Map<Long, ThreadTime>> byTime = new LinkedHashMap<>();
        for (String line : Files.readAllLines(file)) {
            String[] f = line.split("\t");
            ThreadTime t = new ThreadTime(Long.parseLong(f[1]), f[2], Long.parseLong(f[3]));
            byTime.computeIfAbsent(Long.parseLong(f[0]), k -> new HashMap<>()).put(t.tid(), t);
        }
        List<Snapshot> snapshots = new ArrayList<>();
        byTime.forEach((epochMs, threads) -> snapshots.add(new Snapshot(epochMs, threads)));
        return new ThreadCpu(snapshots);
    }
}
