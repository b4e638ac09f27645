package dev.vtlab.metrics;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A process's resident set, OS threads and CPU time, as Linux reports them in /proc/PID/status and
 * /proc/PID/stat: what the OS sees, whatever the JVM thinks. The server reads its own for /metrics
 * ({@link #self()}); the comparison reads the server's from outside ({@link #of(long)}).
 *
 * @param rssBytes resident set size (VmRSS)
 * @param threads  every OS thread of the process: carriers, pool, GC, JIT... (Threads)
 * @param cpuTicks user plus system CPU time so far, in {@link #TICKS_PER_SECOND} (utime + stime)
 */
public record ProcessStatus(long rssBytes, long threads, long cpuTicks) {

    /** Linux's USER_HZ, the unit of {@link #cpuTicks}: 100 on every Linux ABI. */
    public static final int TICKS_PER_SECOND = 100;

    /** Whether /proc has this process: true on Linux while it runs. */
    public static boolean readable(long pid) {
        return Files.isReadable(dir(pid).resolve("status")) && Files.isReadable(dir(pid).resolve("stat"));
    }

    /** This JVM's own figures. */
    public static ProcessStatus self() {
        return of(ProcessHandle.current().pid());
    }

    /** Process {@code pid}'s figures now; UncheckedIOException when it has gone (or /proc is not there). */
    public static ProcessStatus of(long pid) {
        try {
            return parse(Files.readString(dir(pid).resolve("status")), Files.readString(dir(pid).resolve("stat")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** CPU time so far in seconds. */
    public double cpuSeconds() {
        return (double) cpuTicks / TICKS_PER_SECOND;
    }

    /** VmRSS is in kB; utime and stime are fields 14 and 15 of stat, counted after the ')' of its name. */
    static ProcessStatus parse(String status, String stat) {
        long rssKb = -1, threads = -1;
        for (String line : status.split("\n")) {
            if (line.startsWith("VmRSS:")) {
                rssKb = Long.parseLong(line.substring(6).replace("kB", "").trim());
            } else if (line.startsWith("Threads:")) {
                threads = Long.parseLong(line.substring(8).trim());
            }
        }
        if (rssKb < 0 || threads < 0) {
            throw new IllegalStateException("no VmRSS or Threads line in /proc/PID/status");
        }
        // the name (field 2) is in parentheses and may hold spaces or ')': the fields start after the last ')'
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
        long ticks = Long.parseLong(fields[14 - 3]) + Long.parseLong(fields[15 - 3]);
        return new ProcessStatus(rssKb * 1024, threads, ticks);
    }

    private static Path dir(long pid) {
        return Path.of("/proc", String.valueOf(pid));
    }
}
