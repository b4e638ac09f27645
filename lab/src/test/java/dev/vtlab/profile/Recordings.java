package dev.vtlab.profile;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.zip.GZIPInputStream;

/**
 * The recordings of a lab server in src/test/resources/profile (docs/profile.md, "Test data"): each a
 * gzipped JFR file, its thread CPU file and what the recording script measured around it.
 *
 * @param cpuSeconds the server's CPU seconds in the window (utime + stime of /proc/PID/stat)
 * @param requests   the requests the load generator had answered in it
 */
record Recordings(Path jfr, Window window, double cpuSeconds, long requests) {

    static final String THREADPOOL = "threadpool";
    static final String EXECUTOR_VIRTUAL = "executor-virtual";

    /** Unpacks recording {@code name} into {@code dir}, its thread CPU file beside it. */
    static Recordings unpack(String name, Path dir) {
        try {
            Path jfr = dir.resolve(name + ".jfr");
            try (InputStream in = new GZIPInputStream(resource(name + ".jfr.gz"))) {
                Files.copy(in, jfr);
            }
            try (InputStream in = resource(name + ".threads.tsv")) {
                Files.copy(in, ProfileRecorder.threadCpuFile(jfr));
            }
            Properties p = new Properties();
            try (InputStream in = resource(name + ".properties")) {
                p.load(in);
            }
            return new Recordings(
                    jfr,
                    new Window(
                            Long.parseLong(p.getProperty("windowStartMs")),
                            Long.parseLong(p.getProperty("windowEndMs"))),
                    Double.parseDouble(p.getProperty("cpuSeconds")),
                    Long.parseLong(p.getProperty("requests")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static InputStream resource(String name) {
        InputStream in = Recordings.class.getResourceAsStream("/profile/" + name);
        if (in == null) {
            throw new IllegalStateException("no test resource profile/" + name);
        }
        return in;
    }
}
