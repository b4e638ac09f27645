package dev.vtlab.compare.judge;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.Fixtures;
import dev.vtlab.compare.analyse.PerSecond;
import dev.vtlab.compare.analyse.RunResult;
import dev.vtlab.compare.raw.ServerSample;
import dev.vtlab.compare.settings.Catalogue;
import dev.vtlab.compare.settings.Metric;
import dev.vtlab.compare.settings.TestSpec;
import dev.vtlab.dispatch.DispatchMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The sizing pilot's plumbing: per-second series, measured costs, the design per test and its command. */
class SizingTest {

    private static final long T0 = 1_700_000_000_000L;
    private static final List<DispatchMode> MODES = List.of(DispatchMode.THREADPOOL, DispatchMode.EXECUTOR_VIRTUAL);

    @Test
    void requestsPerCpuSecondSecondBySecondAreEachSecondsAnswersOverItsCpu() {
        // the window is seconds 2..5; the sample taken at the end of second j (epoch T0 + (j + 1) s) is second j's
        double[] ok = {0, 0, 50, 60, 40, 80, 0};
        double[] cpu = {Double.NaN, Double.NaN, 50, 100, 0, 40, Double.NaN};
        RunResult r = run(DispatchMode.THREADPOOL, 1, ok, cpu, 2, 6);
        RunResult.Level level = r.levels().get(0);
        // linearised around the window's ratio R = 230 / 1.9 CPU-s = 121.05: z = R + (x - R y) / mean(y), mean(y) =
        // 0.475
        // (by hand: 50 -> 98.892, 60 -> -7.479, 40 -> 205.263, 80 -> 187.535; their mean is R)
        assertArrayEquals(
                new double[] {98.89196676, -7.47922438, 205.26315789, 187.53462604},
                PerSecond.of(r, level, Metric.TPS_PER_CPU_S),
                1e-6);
        assertArrayEquals(new double[] {50, 60, 40, 80}, PerSecond.of(r, level, Metric.STEADY_RPS), 1e-9);
        assertEquals(null, PerSecond.of(r, level, Metric.P95_MS));
    }

    /**
     * Each run's per-second figure is constant (λ = 0), its run means 90, 100, 110 in both modes (σ² = 100, mean 100),
     * 100 s a run with a window of 40 s of a 60-s level: overhead 60 s, 20 s of the level before its window. Nothing
     * within a run to average away: the window is one batch (1 s), and the runs n the fewest with t(n − 1) · √(100 /
     * n) / 100 ≤ 0.05 / √2 = 0.035355, i.e. t / √n ≤ 0.35355: n = 33 gives 2.0369 / 5.7446 = 0.3546, n = 34 gives
     * 2.0345 / 5.8310 = 0.3489. So 34 runs with DURATION = 1 + 20 s, costing 2 modes × 34 × (60 + 1) = 4148 s.
     */
    @Test
    void theDesignIsTheMostRunsAndLongestWindowAnyModeNeedsAtTheRunsMeasuredCost() {
        TestSpec spec = TestSpec.of(Catalogue.get("ping"), Catalogue.Profile.SIZING, new Properties(), 3);
        List<RunResult> runs = new ArrayList<>();
        List<Double> wall = new ArrayList<>();
        double[] means = {90, 100, 110};
        for (int i = 0; i < 3; i++) {
            for (DispatchMode mode : MODES) {
                double[] ok = new double[60];
                double[] cpu = new double[60];
                Arrays.fill(ok, means[i] / 2);
                Arrays.fill(cpu, 50);
                runs.add(run(mode, i + 1, ok, cpu, 10, 50));
                wall.add(100.0);
            }
        }
        Sizing s = Sizing.of(List.of(spec), MODES, runs, wall, false, null, 0.05);
        Sizing.TestSizing ping = s.tests().get(0);
        assertEquals("", ping.why());
        for (Sizing.ModeSizing m : ping.modes()) {
            assertEquals(3, m.runs());
            assertEquals(40, m.windowSeconds(), 1e-9);
            assertEquals(60, m.overheadSeconds(), 1e-9);
            assertEquals(0, m.components().withinPerSecond(), 1e-9);
            assertEquals(100, m.components().betweenRuns(), 1e-9);
        }
        assertEquals(34, ping.runs());
        assertEquals(1, ping.windowSeconds());
        assertEquals(21, ping.levelSeconds());
        assertEquals(4148, ping.seconds(), 1e-9);
        String command = s.command(90, null);
        assertTrue(
                command.startsWith("./mvnw -Pcompare verify -Dcompare.profile=quick -Dcompare.tests=ping"
                        + " -Dcompare.modes=threadpool,executor-virtual -Dcompare.warmupSeconds=90"),
                command);
        assertTrue(command.contains(" -Dcompare.ping.repeats=34") && command.contains(" -Dcompare.ping.DURATION=21"));
        // nothing else differs from the quick profile's ping
        assertEquals(7, command.split(" -D").length, command);
    }

    @Test
    void aPrimaryFigureWithoutAPerSecondSeriesIsNotSizedAndSaysWhy() {
        TestSpec spec = TestSpec.of(Catalogue.get("footprint"), Catalogue.Profile.SIZING, new Properties(), 3);
        double[] ok = new double[60], cpu = new double[60];
        Arrays.fill(ok, 100);
        Arrays.fill(cpu, 50);
        List<RunResult> runs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            for (DispatchMode mode : MODES) {
                runs.add(run("footprint", mode, i + 1, ok, cpu, 10, 50));
            }
        }
        Sizing.TestSizing t = Sizing.of(
                        List.of(spec),
                        MODES,
                        runs,
                        runs.stream().map(r -> 100.0).toList(),
                        false,
                        null,
                        0.05)
                .tests()
                .get(0);
        assertTrue(
                t.why().startsWith("its primary figure (peak resident memory) is a figure of the whole window"),
                t.why());
        assertTrue(t.modes().isEmpty());
        assertEquals(
                "no run measured its primary figure",
                Sizing.of(List.of(spec), MODES, List.of(), List.of(), false, null, 0.05)
                        .tests()
                        .get(0)
                        .why());
    }

    /** A ping run of one level over seconds [from, to) with these answers and CPU per second. */
    private static RunResult run(DispatchMode mode, int repetition, double[] ok, double[] cpu, int from, int to) {
        return run("ping", mode, repetition, ok, cpu, from, to);
    }

    private static RunResult run(
            String test, DispatchMode mode, int repetition, double[] ok, double[] cpu, int from, int to) {
        List<ServerSample> samples = new ArrayList<>();
        for (int j = 0; j < cpu.length; j++) {
            samples.add(new ServerSample(T0 + (j + 1) * 1000L, cpu[j], 10, 10, 1, 0, 1e8, 50, Map.of()));
        }
        double rps = Arrays.stream(ok, from, to).average().orElseThrow();
        return Fixtures.oneLevelRun(test, mode, repetition, from, to, rps, 50, rps / 0.5, ok, samples, T0);
    }
}
