package dev.vtlab.compare.raw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.settings.Contrast;
import dev.vtlab.compare.settings.CpuPlan;
import dev.vtlab.dispatch.DispatchMode;
import dev.vtlab.measurement.MachineState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The contrasts a comparison asked for and each run's wall time come back from the raw files as written. */
class RawFilesContrastsTest {

    @Test
    void contrastsAndWallTimesRoundTrip(@TempDir Path out) throws IOException {
        ComparisonRecord comparison = new ComparisonRecord(
                new Environment(Map.of("profile", "quick")),
                List.of("ping"),
                List.of(DispatchMode.THREADPOOL, DispatchMode.PLATFORM_HANDOFF, DispatchMode.VIRTUAL),
                new CpuPlan(new TreeSet<>(List.of(0)), new TreeSet<>(List.of(1)), false),
                null,
                null,
                false,
                0.05,
                12345.0,
                471.25,
                List.of(new Contrast(DispatchMode.VIRTUAL, DispatchMode.PLATFORM_HANDOFF)),
                false);
        RawFiles.writeComparison(out, comparison);
        assertEquals(comparison, RawFiles.readComparison(out));

        RunRecord run = new RunRecord(
                "ping",
                DispatchMode.VIRTUAL,
                1,
                3,
                12001.5,
                null,
                Double.NaN,
                null,
                Map.of("THREADS", "50"),
                new MachineState(0.1, List.of()),
                new MachineState(0.2, List.of()),
                41.625,
                List.of("-Xmx1g"),
                null);
        Path dir = Files.createDirectories(out.resolve(run.dir()));
        Files.writeString(
                dir.resolve(RawFiles.JTL),
                "timeStamp,elapsed,label,responseCode,success,grpThreads,allThreads,threadName\n"
                        + "1700000000000,12,ping,200,true,50,50,users 1-1\n");
        RawFiles.writeRun(dir, run, List.of());
        assertEquals(run, RawFiles.readRun(dir).record());
    }

    /** Ping in the pool and {@code mode} on a 1-CPU server, no contrasts, after {@code wallS} seconds. */
    private static ComparisonRecord twoModes(DispatchMode mode, double wallS) {
        return new ComparisonRecord(
                new Environment(Map.of()),
                List.of("ping"),
                List.of(DispatchMode.THREADPOOL, mode),
                new CpuPlan(new TreeSet<>(List.of(0)), new TreeSet<>(List.of(1)), false),
                null,
                null,
                false,
                0.05,
                1,
                wallS,
                List.of(),
                false);
    }

    @Test
    void aComparisonWrittenBeforeContrastsHasNone(@TempDir Path out) throws IOException {
        ComparisonRecord old = twoModes(DispatchMode.VIRTUAL, 1);
        RawFiles.writeComparison(out, old);
        Path file = out.resolve(RawFiles.COMPARISON);
        Files.writeString(file, Files.readString(file).replaceAll(",?\\s*\"contrasts\":\\s*\\[\\s*\\]", ""));
        assertTrue(!Files.readString(file).contains("contrasts"));
        assertTrue(RawFiles.readComparison(out).contrasts().isEmpty());
    }

    @Test
    void aComparisonStillRunningHasNoWallTimeYet(@TempDir Path out) throws IOException {
        ComparisonRecord running = twoModes(DispatchMode.EXECUTOR_VIRTUAL, Double.NaN);
        RawFiles.writeComparison(out, running);
        assertTrue(Files.readString(out.resolve(RawFiles.COMPARISON))
                .replace(" ", "")
                .contains("\"wall_time_s\":null"));
        assertTrue(Double.isNaN(RawFiles.readComparison(out).wallS()));
        assertEquals(running, RawFiles.readComparison(out), "NaN equals NaN in a record's equals");
    }
}
