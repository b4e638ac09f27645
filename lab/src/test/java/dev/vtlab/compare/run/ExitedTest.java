package dev.vtlab.compare.run;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExitedTest {

    @Test
    void aZombieOrADeadOrAMissingProcessHasEndedARunningOneHasNot(@TempDir Path dir) throws IOException {
        // the command name may hold ") ": the state is the field after the last ')'
        assertTrue(Exited.ended(Files.writeString(dir.resolve("z"), "4242 (java) S) Z 1 4242 4242 0 -1")));
        assertTrue(Exited.ended(Files.writeString(dir.resolve("x"), "4242 (java) X 1 4242 4242 0 -1")));
        assertFalse(Exited.ended(Files.writeString(dir.resolve("s"), "4242 (java) Z) S 1 4242 4242 0 -1")));
        assertFalse(Exited.ended(Files.writeString(dir.resolve("r"), "4242 (java) R 1 4242 4242 0 -1")));
        assertTrue(Exited.ended(dir.resolve("no-such-process")));
        assertFalse(Exited.ended(Path.of("/proc/self/stat")));
    }

    @Test
    void aDetachedProcessIsSeenToEnd() throws Exception {
        // a sleep whose shell exits at once: not this JVM's child, as Liberty's JVM after 'server start'
        Process shell = new ProcessBuilder("sh", "-c", "sleep 0.5 >/dev/null 2>&1 & echo $!").start();
        long pid = Long.parseLong(new String(shell.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim());
        shell.waitFor();
        ProcessHandle sleep = ProcessHandle.of(pid).orElseThrow();
        assertFalse(Exited.await(sleep, Duration.ofMillis(100)), "a sleep of 0.5 s ended within 0.1 s");
        assertTrue(Exited.await(sleep, Duration.ofSeconds(10)), "a sleep of 0.5 s still running after 10 s");
    }
}
