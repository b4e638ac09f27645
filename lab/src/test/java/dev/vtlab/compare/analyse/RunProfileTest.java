package dev.vtlab.compare.analyse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.raw.Jtl;
import dev.vtlab.compare.raw.RawRun;
import dev.vtlab.compare.raw.RunRecord;
import dev.vtlab.compare.raw.ServerSample;
import dev.vtlab.compare.settings.Catalogue;
import dev.vtlab.compare.settings.CpuPlan;
import dev.vtlab.compare.settings.TestSpec;
import dev.vtlab.dispatch.DispatchMode;
import dev.vtlab.measurement.MachineState;
import dev.vtlab.profile.Attribution;
import dev.vtlab.profile.ProfileRecorder;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A profiled run's profile over its steady window, on the lab server's recording of src/test/resources/profile
 * (docs/profile.md, "Test data"), its run rebuilt around it at the rate and CPU the recording script measured.
 */
class RunProfileTest {

    private static final CpuPlan SPLIT = new CpuPlan(new TreeSet<>(List.of(0)), new TreeSet<>(List.of(1)), false);

    @Test
    void theBucketsAddUpToTheMeasuredCpuAndTheSamplesCoverIt(@TempDir Path dir) throws IOException {
        Properties measured = new Properties();
        try (InputStream in = resource("threadpool.properties")) {
            measured.load(in);
        }
        long start = Long.parseLong(measured.getProperty("windowStartMs"));
        long end = Long.parseLong(measured.getProperty("windowEndMs"));
        double seconds = (end - start) / 1000.0;
        // the rate and the server's CPU the recording script measured over its window, as a run's samples
        double rps = Double.parseDouble(measured.getProperty("requests")) / seconds;
        double cpuPct = 100 * Double.parseDouble(measured.getProperty("cpuSeconds")) / seconds;
        RunProfile p = RunProfile.of(
                analysed(dir, start - 8_000, 30, (int) Math.round(rps), cpuPct, start, end),
                raw(dir, start - 8_000, 30, (int) Math.round(rps), cpuPct, start, end));

        assertTrue(p.analysed(), p.problem());
        assertTrue(p.window().startEpochMs() >= start && p.window().endEpochMs() <= end, "within the recording");
        double expected = cpuPct / 100 * 1e6 / Math.round(rps); // µs per request at a steady rate and CPU
        assertEquals(expected, p.measuredMicrosPerRequest(), 1e-6 * expected);
        assertEquals(
                expected,
                p.microsPerRequest().values().stream()
                        .mapToDouble(Double::doubleValue)
                        .sum(),
                1e-6 * expected);
        // a real recording at 10 ms: its samples and its JVM threads account for the CPU the process used
        assertTrue(p.coverage() > 0.85 && p.coverage() < 1.15, "coverage " + p.coverage());
        assertTrue(p.microsPerRequest().get(dev.vtlab.profile.Bucket.APPLICATION) > 0);
    }

    @Test
    void aWindowOutsideTheRecordingIsNotProfiled(@TempDir Path dir) throws IOException {
        long t0 = 1_700_000_000_000L;
        RunProfile p = RunProfile.of(
                analysed(dir, t0, 10, 100, 50, t0 + 60_000, t0 + 70_000),
                raw(dir, t0, 10, 100, 50, t0 + 60_000, t0 + 70_000));
        assertFalse(p.analysed());
        assertTrue(p.problem().contains("outside the recording"), p.problem());
    }

    private static RunResult analysed(Path dir, long t0, int seconds, int rps, double cpuPct, long from, long to)
            throws IOException {
        RawRun raw = raw(dir, t0, seconds, rps, cpuPct, from, to);
        return RunAnalysis.analyse(spec(), raw, SPLIT, null, 1000);
    }

    /** A profiled ping run from t0: {@code rps} answers in every second, the server at {@code cpuPct}. */
    private static RawRun raw(Path dir, long t0, int seconds, int rps, double cpuPct, long from, long to)
            throws IOException {
        Path jfr = ProfileRecorder.recordingFile(dir);
        if (!Files.exists(jfr)) {
            Files.createDirectories(jfr.getParent());
            try (InputStream in = new GZIPInputStream(resource("threadpool.jfr.gz"))) {
                Files.copy(in, jfr);
            }
            try (InputStream in = resource("threadpool.threads.tsv")) {
                Files.copy(in, ProfileRecorder.threadCpuFile(jfr));
            }
        }
        List<Jtl.Sample> jtl = new ArrayList<>();
        List<ServerSample> samples = new ArrayList<>();
        for (int s = 0; s < seconds; s++) {
            for (int n = 0; n < rps; n++) {
                jtl.add(new Jtl.Sample(t0 + s * 1000L + n * 999L / rps, 1, "ping", "200", true, 8, 0, 8, "users 1-1"));
            }
            samples.add(new ServerSample(t0 + s * 1000L + 1000, cpuPct, 10, 0, 0, 0, 4e8, 80, Map.of()));
        }
        MachineState quiet = new MachineState(0.1, List.of());
        RunRecord record = new RunRecord(
                "ping",
                DispatchMode.THREADPOOL,
                1,
                1,
                1000,
                null,
                Double.NaN,
                null,
                spec().props(),
                quiet,
                quiet,
                Double.NaN,
                List.of(),
                new RunRecord.Profiling(10, Attribution.VTLAB_APP, from, to));
        return new RawRun(record, jtl, samples, jfr);
    }

    private static TestSpec spec() {
        Properties p = new Properties();
        p.setProperty("compare.THREADS", "8");
        return TestSpec.of(Catalogue.get("ping"), Catalogue.Profile.SMOKE, p, 1);
    }

    private static InputStream resource(String name) {
        return RunProfileTest.class.getResourceAsStream("/profile/" + name);
    }
}
