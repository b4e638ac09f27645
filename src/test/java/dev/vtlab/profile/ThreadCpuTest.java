package dev.vtlab.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ThreadCpuTest {

    @Test
    void aThreadCountsFromTheStartOrFromZero() throws IOException {
        ThreadCpu.Snapshot start = new ThreadCpu.Snapshot(
                1_000,
                Map.of(
                        1L,
                        new ThreadCpu.ThreadTime(1, "GC Thread#0", 500),
                        2L,
                        new ThreadCpu.ThreadTime(2, "gone", 9)));
        ThreadCpu.Snapshot end = new ThreadCpu.Snapshot(
                3_000,
                Map.of(
                        1L,
                        new ThreadCpu.ThreadTime(1, "GC Thread#0", 800),
                        3L,
                        new ThreadCpu.ThreadTime(3, "C2 CompilerThre", 70)));
        ThreadCpu cpu = ThreadCpu.between(start, end);
        assertEquals(
                List.of(
                        new ThreadCpu.ThreadTime(1, "GC Thread#0", 300),
                        new ThreadCpu.ThreadTime(3, "C2 CompilerThre", 70)),
                cpu.threads());
        assertEquals(Map.of(Bucket.GC, 150.0, Bucket.JIT, 35.0), cpu.jvmThreadNanos(new Window(1_000, 2_000)));
    }

    @Test
    void writtenAndReadBack(@TempDir Path dir) throws IOException {
        ThreadCpu cpu = new ThreadCpu(5, 10, List.of(new ThreadCpu.ThreadTime(7, "C2 CompilerThre", 42)));
        cpu.write(dir.resolve("t.tsv"));
        assertEquals(cpu, ThreadCpu.read(dir.resolve("t.tsv")));
        assertFalse(ThreadCpu.read(dir.resolve("none.tsv")).measured());
    }

    @Test
    void aRealJvmsThreadsAreFoundByTheirKernelNames() throws IOException {
        ThreadCpu.Snapshot self = ThreadCpu.snapshot(ProcessHandle.current().pid());
        assertTrue(self.threads().values().stream()
                .anyMatch(t -> Attribution.ofThread(t.name()).equals(Optional.of(Bucket.JIT))));
        assertTrue(self.threads().values().stream()
                .anyMatch(t -> Attribution.ofThread(t.name()).equals(Optional.of(Bucket.JVM))));
        assertTrue(self.threads().values().stream()
                        .mapToLong(ThreadCpu.ThreadTime::cpuNanos)
                        .sum()
                > 0);
    }
}
