package dev.vtlab.compare.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Waiting for a process that is not this JVM's child to end: Liberty's server JVM, which 'server start' detached.
 * {@link ProcessHandle#onExit()} sees such a process as alive until whoever adopted it reaps it, and in a container
 * whose init reaps lazily that was 1.2–1.8 s after the JVM had exited (measured here, each run's stop); the process
 * has released its ports, files and locks once it is a zombie, which is all a next run needs.
 */
public final class Exited {

    private static final long POLL_MS = 20;

    private Exited() {}

    /** Whether {@code process} ended (gone, or a zombie) within {@code timeout}. */
    public static boolean await(ProcessHandle process, Duration timeout) throws InterruptedException {
        Path stat = Path.of("/proc", String.valueOf(process.pid()), "stat");
        if (!Files.isDirectory(Path.of("/proc/self"))) {
            return onExit(process, timeout); // no procfs: the JDK's own wait
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!ended(stat)) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(POLL_MS);
        }
        return true;
    }

    /** Gone, or state Z (exited, not yet reaped) or X (dead) in /proc/PID/stat, after the command name's ')'. */
    static boolean ended(Path stat) {
        try {
            String line = Files.readString(stat);
            int close = line.lastIndexOf(')');
            char state = close < 0 || close + 2 >= line.length() ? '?' : line.charAt(close + 2);
            return state == 'Z' || state == 'X';
        } catch (IOException gone) {
            return true;
        }
    }

    private static boolean onExit(ProcessHandle process, Duration timeout) throws InterruptedException {
        try {
            process.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (ExecutionException | TimeoutException e) {
            return false;
        }
    }
}
