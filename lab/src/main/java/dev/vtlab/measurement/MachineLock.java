package dev.vtlab.measurement;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;

/**
 * One measurement at a time on this machine. The lock is JMH's own file ({@code java.io.tmpdir/jmh.lock},
 * which every JMH run takes), so a comparison and the JMH experiments in bench/ also exclude each other
 * without either knowing the other's code.
 */
public final class MachineLock implements AutoCloseable {

    public static final Path DEFAULT = Path.of(System.getProperty("java.io.tmpdir"), "jmh.lock");

    private final FileChannel channel;
    private final FileLock lock;

    private MachineLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Waits up to {@code patience} for the lock, then refuses in one line that ends with {@code whatToDo}
     * (e.g. the knob that raises the patience).
     */
    public static MachineLock acquire(Path file, Duration patience, String whatToDo)
            throws IOException, InterruptedException {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        long deadline = System.nanoTime() + patience.toNanos();
        boolean told = false;
        while (true) {
            FileLock lock = channel.tryLock();
            if (lock != null) {
                return new MachineLock(channel, lock);
            }
            if (System.nanoTime() > deadline) {
                channel.close();
                throw new IllegalStateException("another measurement (JMH or a vtlab comparison) holds " + file
                        + "; two measurements on one machine spoil both. " + whatToDo);
            }
            if (!told) {
                System.out.println(
                        "[vtlab] another measurement holds " + file + "; waiting up to " + patience.toSeconds() + " s");
                told = true;
            }
            Thread.sleep(1000);
        }
    }

    @Override
    public void close() throws IOException {
        lock.release();
        channel.close();
    }
}
