package dev.vtlab.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ThreadCpuTest {

    private static ThreadCpu.Snapshot at(long epochMs, ThreadCpu.ThreadTime... threads) {
        Map<Long, ThreadCpu.ThreadTime> byTid = new HashMap<>();
        for (ThreadCpu.ThreadTime t : threads) {
            byTid.put(t.tid(), t);
        }
        return new ThreadCpu.Snapshot(epochMs, byTid);
    }

    @Test
    void aThreadCountsFromItsLastReadingOrFromZero() {
        ThreadCpu cpu = new ThreadCpu(List.of(
                at(1_000, new ThreadCpu.ThreadTime(1, "GC Thread#0", 500), new ThreadCpu.ThreadTime(2, "gone", 9)),
                at(
                        3_000,
                        new ThreadCpu.ThreadTime(1, "GC Thread#0", 800),
                        new ThreadCpu.ThreadTime(3, "C2 CompilerThre", 70),
                        new ThreadCpu.ThreadTime(4, "Default Executo", 1_000))));
        // half the interval: 300 ns of GC and 70 of a compiler started within it, halved; no pool thread
        assertEquals(Map.of(Bucket.GC, 150.0, Bucket.JIT, 35.0), cpu.jvmThreadNanos(new Window(1_000, 2_000)));
        assertEquals(Map.of(), cpu.jvmThreadNanos(new Window(3_000, 4_000)));
    }

    @Test
    void aBurstOfCompilationBelongsToTheSecondItHappenedIn() {
        // a compiler thread busy for the whole first second, then idle for four: a window over the last four
        // seconds saw none of it (the two readings at the ends alone would put 80 % of it there)
        ThreadCpu cpu = new ThreadCpu(List.of(
                at(0, new ThreadCpu.ThreadTime(9, "C2 CompilerThre", 0)),
                at(1_000, new ThreadCpu.ThreadTime(9, "C2 CompilerThre", 1_000_000_000L)),
                at(2_000, new ThreadCpu.ThreadTime(9, "C2 CompilerThre", 1_000_000_000L)),
                at(5_000, new ThreadCpu.ThreadTime(9, "C2 CompilerThre", 1_000_000_000L))));
        assertEquals(0.0, cpu.jvmThreadNanos(new Window(1_000, 5_000)).get(Bucket.JIT));
        assertEquals(5e8, cpu.jvmThreadNanos(new Window(500, 5_000)).get(Bucket.JIT), 1e-6);
    }

    @Test
    void aThreadAReadingMissedCountsFromTheReadingBefore() {
        // a compiler thread with 5 s of CPU since the JVM started, missing from the middle reading (the listing
        // skipped it), 0.2 s more by the last: the window over the second second holds half of that 0.2 s, spread
        // over the two seconds since its last reading, not its 5.2 s since the start
        ThreadCpu cpu = new ThreadCpu(List.of(
                at(0, new ThreadCpu.ThreadTime(9, "C2 CompilerThre", 5_000_000_000L)),
                at(1_000),
                at(2_000, new ThreadCpu.ThreadTime(9, "C2 CompilerThre", 5_200_000_000L))));
        assertEquals(1e8, cpu.jvmThreadNanos(new Window(1_000, 2_000)).get(Bucket.JIT), 1e-6);
        assertEquals(2e8, cpu.jvmThreadNanos(new Window(0, 2_000)).get(Bucket.JIT), 1e-6);
    }

    @Test
    void aTotalKeepsAThreadAReadingMissedOrThatEnded() {
        ThreadCpu.Totals jit =
                new ThreadCpu.Totals(t -> Attribution.ofThread(t.name()).equals(Optional.of(Bucket.JIT)));
        ThreadCpu.ThreadTime gc = new ThreadCpu.ThreadTime(1, "GC Thread#0", 9_000_000_000L);
        assertEquals(
                3.0,
                jit.seconds(at(
                        0,
                        gc,
                        new ThreadCpu.ThreadTime(7, "C2 CompilerThre", 2_000_000_000L),
                        new ThreadCpu.ThreadTime(8, "C1 CompilerThre", 1_000_000_000L))),
                1e-9);
        // the C2 thread missed by this reading: still its 2 s, plus the C1 thread's 0.5 s more
        assertEquals(
                3.5, jit.seconds(at(1_000, gc, new ThreadCpu.ThreadTime(8, "C1 CompilerThre", 1_500_000_000L))), 1e-9);
        // the C1 thread ended: its 1.5 s stay, the C2 thread is back with 0.25 s more
        assertEquals(
                3.75, jit.seconds(at(2_000, new ThreadCpu.ThreadTime(7, "C2 CompilerThre", 2_250_000_000L))), 1e-9);
    }

    @Test
    void writtenAndReadBack(@TempDir Path dir) throws IOException {
        ThreadCpu cpu = new ThreadCpu(List.of(
                at(5, new ThreadCpu.ThreadTime(7, "C2 CompilerThre", 42)),
                at(
                        1_005,
                        new ThreadCpu.ThreadTime(7, "C2 CompilerThre", 50),
                        new ThreadCpu.ThreadTime(8, "GC Thread#1", 3))));
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
