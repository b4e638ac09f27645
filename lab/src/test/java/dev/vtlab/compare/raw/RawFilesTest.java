package dev.vtlab.compare.raw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.settings.CpuPlan;
import dev.vtlab.compare.stats.TwoStage;
import dev.vtlab.dispatch.DispatchMode;
import dev.vtlab.measurement.MachineState;
import dev.vtlab.measurement.MemoryLatency;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The raw-run format round trip: what a run writes is what a re-analysis reads, to the last digit. */
class RawFilesTest {

    @Test
    void aComparisonAndItsRunsComeBackAsTheyWereWritten(@TempDir Path out) throws IOException {
        ComparisonRecord comparison = new ComparisonRecord(
                new Environment(
                        Map.of("profile", "quick", "cpu_plan", "server on CPUs 0; JMeter and remote system on CPUs 1")),
                List.of("ping", "throughput"),
                List.of(DispatchMode.THREADPOOL, DispatchMode.EXECUTOR_VIRTUAL),
                new CpuPlan(new TreeSet<>(List.of(0)), new TreeSet<>(List.of(1, 2, 3)), false),
                200,
                "plan:/tmp/shop.jmx",
                false,
                0.05,
                12345.0,
                471.25,
                List.of(),
                false);
        RawFiles.writeComparison(out, comparison);
        assertEquals(comparison, RawFiles.readComparison(out));

        RunRecord second = new RunRecord(
                "ping",
                DispatchMode.EXECUTOR_VIRTUAL,
                1,
                2,
                12001.5,
                new MemoryLatency(11.5, 95.25),
                47.25,
                Boolean.TRUE,
                Map.of("THREADS", "50", "DURATION", "12"),
                new MachineState(Double.NaN, List.of("12345 jetty")),
                new MachineState(0.25, List.of()),
                Double.NaN,
                List.of("-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch"),
                null);
        RunRecord first = new RunRecord(
                "ping",
                DispatchMode.THREADPOOL,
                1,
                1,
                12400,
                null,
                Double.NaN,
                null,
                Map.of("THREADS", "50"),
                new MachineState(0.1, List.of()),
                new MachineState(0.2, List.of()),
                Double.NaN,
                List.of(),
                null);
        RunRecord profiled = new RunRecord(
                "ping",
                DispatchMode.THREADPOOL,
                1,
                3,
                12100,
                null,
                Double.NaN,
                null,
                Map.of("THREADS", "50"),
                new MachineState(0.1, List.of()),
                new MachineState(0.2, List.of()),
                Double.NaN,
                List.of("-Xms1g", "-XX:+DebugNonSafepoints"),
                new RunRecord.Profiling(
                        10, Set.of("com.example.shop.", "com.example.util."), 1_700_000_000_500L, 1_700_000_012_750L));
        // the figures a sampler reads: fractions, NaN where a figure was not read, a missing metric
        List<ServerSample> samples = List.of(
                new ServerSample(
                        1_700_000_000_123L,
                        97.33333333333333,
                        41.6,
                        Double.NaN,
                        0.1,
                        0.25,
                        5.6807014E8,
                        46,
                        Map.of(ServerMetric.THREADPOOL_SIZE, 37.0, ServerMetric.MEMORY_USED_HEAP_BYTES, 1.14265064E8)),
                new ServerSample(1_700_000_001_124L, 0, 0, 0, 0, Double.NaN, Double.NaN, Double.NaN, Map.of()));
        for (RunRecord r : List.of(profiled, second, first)) {
            Path dir = Files.createDirectories(out.resolve(r.dir()));
            Files.writeString(
                    dir.resolve(RawFiles.JTL),
                    "timeStamp,elapsed,label,responseCode,success,grpThreads,allThreads,threadName\n"
                            + "1700000000000,12,ping,200,true,50,50,users 1-1\n");
            RawFiles.writeRun(dir, r, samples);
        }
        assertEquals(List.of(first, second, profiled), RawFiles.readRecords(out), "in the order they ran");
        List<RawRun> runs = new ArrayList<>();
        for (RunRecord r : RawFiles.readRecords(out)) {
            runs.add(RawFiles.readRun(out.resolve(r.dir())));
        }
        assertEquals(
                List.of(first, second, profiled),
                runs.stream().map(RawRun::record).toList());
        assertEquals("runs/ping-threadpool-profile-1", profiled.dir(), "a profiled run's directory of its own");
        assertEquals(null, runs.get(0).recording(), "a measured run has no recording");
        assertEquals(
                out.resolve(profiled.dir()).resolve("profile/profile.jfr"),
                runs.get(2).recording());
        RawRun back = runs.get(1);
        assertEquals(samples.size(), back.samples().size());
        for (int i = 0; i < samples.size(); i++) {
            // NaN != NaN for doubles, but records compare their components with equals(), where NaN equals NaN
            assertEquals(samples.get(i), back.samples().get(i));
        }
        assertEquals(1, back.jtl().size());
        assertEquals("users 1-1", back.jtl().get(0).thread());
        assertTrue(Files.readString(out.resolve(second.dir()).resolve(RawFiles.SAMPLES))
                .startsWith("epoch_ms,"));
    }

    @Test
    void aRunRecordedBeforeEveryRunKeptItsJvmOptionsReadsThemFromItsProfilingOrHasNone(@TempDir Path out)
            throws IOException {
        String run =
                """
                {"test":"ping","mode":"threadpool","repetition":1,"order":%d,"calibration_units_per_s":12000.0,
                 "warmup_s":null,"warm":null,"jmeter_properties":{},"before":%s,"after":%s,"wall_s":null%s}
                """;
        String machine = "{\"load_average\":0.1,\"other_jvms\":[]}";
        Path measured = Files.createDirectories(out.resolve("runs/ping-threadpool-1"));
        Files.writeString(measured.resolve(RawFiles.RUN), run.formatted(1, machine, machine, ""));
        Path profiled = Files.createDirectories(out.resolve("runs/ping-threadpool-profile-1"));
        Files.writeString(
                profiled.resolve(RawFiles.RUN),
                run.formatted(
                        2,
                        machine,
                        machine,
                        ",\"profiling\":{\"server_jvm_args\":[\"-Xmx1g\",\"-XX:+DebugNonSafepoints\"],"
                                + "\"interval_ms\":10,\"app_packages\":[\"dev.vtlab.\"],"
                                + "\"recording_start_epoch_ms\":1,\"recording_end_epoch_ms\":2}"));
        for (Path dir : List.of(measured, profiled)) {
            Files.writeString(
                    dir.resolve(RawFiles.JTL),
                    "timeStamp,elapsed,label,responseCode,success,grpThreads,allThreads,threadName\n");
            Files.writeString(dir.resolve(RawFiles.SAMPLES), "epoch_ms\n");
        }
        List<RunRecord> runs = RawFiles.readRecords(out);
        assertEquals(List.of(), runs.get(0).serverJvmArgs(), "not recorded: none, not invented");
        assertEquals(List.of("-Xmx1g", "-XX:+DebugNonSafepoints"), runs.get(1).serverJvmArgs());
        assertEquals(10, runs.get(1).profiling().intervalMs());
    }

    @Test
    void aTwoStagePlanComesBackAsItWasWrittenAndIsAbsentWithoutOne(@TempDir Path out) throws IOException {
        assertEquals(null, RawFiles.readTwoStage(out), "a comparison of fixed repetitions has none");
        TwoStageRecord plan = new TwoStageRecord(
                0.05,
                1800,
                20,
                false,
                421.37,
                List.of(
                        new TwoStageRecord.TestPlan(
                                "ping",
                                3,
                                4,
                                13,
                                41.2,
                                List.of(new TwoStageRecord.ModePlan(
                                        DispatchMode.EXECUTOR_VIRTUAL,
                                        new TwoStage.Plan(
                                                3,
                                                3,
                                                0.0031234,
                                                0.0042,
                                                7,
                                                7,
                                                0.05,
                                                0.0712345678901,
                                                "7 runs per mode"))),
                                ""),
                        new TwoStageRecord.TestPlan(
                                "throughput", 2, 0, 2, Double.NaN, List.of(), "the first stage left 2 valid runs")));
        RawFiles.writeTwoStage(out, plan);
        assertEquals(plan, RawFiles.readTwoStage(out));
        // written before compare.maxRepeats: the budget alone bounded it, and a plan at most 50 runs per mode
        Path file = out.resolve(RawFiles.TWO_STAGE);
        Files.writeString(file, Files.readString(file).replaceAll("\\s*\"max_runs\":\\s*20,", ""));
        assertFalse(Files.readString(file).contains("max_runs"));
        assertEquals(50, RawFiles.readTwoStage(out).maxRuns());
    }
}
