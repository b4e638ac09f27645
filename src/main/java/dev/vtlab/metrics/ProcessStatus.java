package dev.vtlab.metrics;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The server process's resident set and OS thread count, as Linux reports them in /proc/self/status. */
record ProcessStatus(long rssBytes, long threads) {

    private static final Path STATUS = Path.of("/proc/self/status");

    static boolean readable() {
        return Files.isReadable(STATUS);
    }

    static ProcessStatus read() {
        try {
            return parse(Files.readString(STATUS));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** VmRSS is in kB; Threads counts every OS thread of the process (carriers, pool, GC, JIT...). */
    static ProcessStatus parse(String status) {
        long rssKb = -1, threads = -1;
        for (String line : status.split("\n")) {
            if (line.startsWith("VmRSS:")) {
                rssKb = Long.parseLong(line.substring(6).replace("kB", "").trim());
            } else if (line.startsWith("Threads:")) {
                threads = Long.parseLong(line.substring(8).trim());
            }
        }
        if (rssKb < 0 || threads < 0) {
            throw new IllegalStateException("no VmRSS or Threads line in /proc/self/status");
        }
        return new ProcessStatus(rssKb * 1024, threads);
    }
}
