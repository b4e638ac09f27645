package dev.vtlab.compare.raw;

import static dev.vtlab.compare.Fixtures.assertMessage;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.settings.CpuPlan;
import dev.vtlab.dispatch.DispatchMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The history of comparisons: a record read back as written, the bound, and a directory that is not the lab's. */
class HistoryFilesTest {

    private static final String KEY = "compare.history";

    @Test
    void aRecordIsReadBackAsWritten(@TempDir Path dir) throws IOException {
        HistoryRecord r = record("config A", 0);
        HistoryFiles.append(dir, r, 50, KEY);
        List<HistoryRecord> back = HistoryFiles.read(dir, "config A");
        assertEquals(1, back.size());
        HistoryRecord b = back.get(0);
        assertEquals(r.configuration(), b.configuration());
        assertEquals(r.at(), b.at());
        assertEquals(r.calibration(), b.calibration());
        assertEquals("6.8.0", b.kernel());
        assertEquals("25", b.jdk());
        assertEquals(2, b.figures().size());
        HistoryRecord.Figure pool = b.figures().get(0), virtual = b.figures().get(1);
        assertEquals(DispatchMode.THREADPOOL, pool.mode());
        assertNull(pool.baseline());
        assertTrue(Double.isNaN(pool.ratio()));
        assertArrayEquals(new double[] {4948, 4621, 5531}, pool.runMeans());
        assertEquals(DispatchMode.EXECUTOR_VIRTUAL, virtual.mode());
        assertEquals(DispatchMode.THREADPOOL, virtual.baseline());
        assertEquals(0.8, virtual.ratio());
        assertEquals(0.7, virtual.low());
        assertEquals(0.9, virtual.high());
        assertEquals("lower", virtual.verdict());
        assertEquals("tps_per_cpu_s", virtual.metric());
        assertTrue(Double.isNaN(virtual.runMeans()[1]), "a run without the figure stays NaN");
        // another configuration has its own file and never mixes in
        assertTrue(HistoryFiles.read(dir, "config B").isEmpty());
        assertTrue(Files.exists(dir.resolve(HistoryFiles.MARKER)));
    }

    @Test
    void onlyTheLastRecordsAreKeptAndNoOtherFileIsTouched(@TempDir Path dir) throws IOException {
        HistoryFiles.append(dir, record("config A", 0), 50, KEY);
        Path mine = dir.resolve("notes.txt");
        Files.writeString(mine, "the user's");
        for (int i = 1; i < 53; i++) {
            HistoryFiles.append(dir, record("config A", i), 50, KEY);
            HistoryFiles.append(dir, record("config B", i), 50, KEY);
        }
        List<HistoryRecord> a = HistoryFiles.read(dir, "config A");
        assertEquals(50, a.size());
        // 53 written (0 to 52): the first three went, the rest in order
        assertEquals(
                Instant.parse("2026-01-01T00:00:00Z").plusSeconds(3 * 3600),
                a.get(0).at());
        assertEquals(
                Instant.parse("2026-01-01T00:00:00Z").plusSeconds(52 * 3600),
                a.get(49).at());
        assertEquals(50, HistoryFiles.read(dir, "config B").size());
        assertEquals("the user's", Files.readString(mine));
        try (var files = Files.list(dir)) {
            // the marker, a file per configuration and the user's own: no temporary file left behind
            assertEquals(4, files.count());
        }
    }

    @Test
    void aLineCutShortIsSkipped(@TempDir Path dir) throws IOException {
        HistoryFiles.append(dir, record("config A", 0), 50, KEY);
        Path file = HistoryFiles.file(dir, "config A");
        Files.writeString(file, Files.readString(file) + "{\"format\":\"vtlab-history/1\",\"configur\n");
        assertEquals(1, HistoryFiles.read(dir, "config A").size());
        HistoryFiles.append(dir, record("config A", 1), 50, KEY);
        assertEquals(2, HistoryFiles.read(dir, "config A").size());
    }

    @Test
    void aDirectoryOfSomeoneElsesFilesIsRefused(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("thesis.tex"), "x");
        assertMessage(
                "compare.history: " + dir + " holds files the lab did not write",
                "or none",
                () -> HistoryFiles.append(dir, record("config A", 0), 50, KEY));
        assertEquals(1, Files.list(dir).count());
        HistoryFiles.check(dir.resolve("new"), KEY); // absent: the lab creates it
    }

    @Test
    void theConfigurationNamesWhatMakesComparisonsComparable() {
        ComparisonRecord c = new ComparisonRecord(
                new Environment(Map.of(
                        "server_cpus",
                        "0",
                        "load_cpus",
                        "1",
                        "server_jvm_args",
                        "-Xmx1g",
                        "lab_version",
                        "abc",
                        "lab_code_version",
                        "def")),
                List.of("ping"),
                List.of(DispatchMode.THREADPOOL, DispatchMode.VIRTUAL),
                new CpuPlan(new TreeSet<>(List.of(0)), new TreeSet<>(List.of(1)), false),
                null,
                null,
                false,
                0.05,
                1000,
                60,
                List.of(),
                false);
        String key = HistoryFiles.configuration(c, Map.of("ping", Map.of("THREADS", "50", "DURATION", "60")));
        assertEquals(
                "tests ping{DURATION=60, THREADS=50} | modes threadpool,virtual | server CPUs 0, load CPUs 1"
                        + " | pool max Liberty default | JVM -Xmx1g | app vtlab, load vtlab's | lab def",
                key);
    }

    private static HistoryRecord record(String configuration, int hour) {
        return new HistoryRecord(
                configuration,
                Instant.parse("2026-01-01T00:00:00Z").plusSeconds(hour * 3600L),
                1234.5,
                "6.8.0",
                "25",
                List.of(
                        new HistoryRecord.Figure(
                                "ping",
                                "tps_per_cpu_s",
                                DispatchMode.THREADPOOL,
                                new double[] {4948, 4621, 5531},
                                null,
                                Double.NaN,
                                Double.NaN,
                                Double.NaN,
                                ""),
                        new HistoryRecord.Figure(
                                "ping",
                                "tps_per_cpu_s",
                                DispatchMode.EXECUTOR_VIRTUAL,
                                new double[] {3982, Double.NaN, 4142},
                                DispatchMode.THREADPOOL,
                                0.8,
                                0.7,
                                0.9,
                                "lower")));
    }
}
