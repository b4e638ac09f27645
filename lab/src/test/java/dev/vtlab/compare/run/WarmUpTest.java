package dev.vtlab.compare.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.raw.ServerMetric;
import dev.vtlab.compare.raw.ServerSample;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** When the JIT counts as quiet: by its compiler threads' CPU, else by the compilations' own time. */
class WarmUpTest {

    /** Samples one second apart whose JIT CPU grows by {@code cpuPerSecond} and compile time by {@code wallPerSecond}. */
    private static List<ServerSample> samples(int n, double cpuPerSecond, double wallPerSecond) {
        List<ServerSample> s = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Map<ServerMetric, Double> m = new EnumMap<>(ServerMetric.class);
            if (!Double.isNaN(cpuPerSecond)) {
                m.put(ServerMetric.JIT_CPU_SECONDS, 5 + i * cpuPerSecond);
            }
            if (!Double.isNaN(wallPerSecond)) {
                m.put(ServerMetric.JIT_COMPILATION_SECONDS, 9 + i * wallPerSecond);
            }
            s.add(new ServerSample(1_700_000_000_000L + i * 1000L, 100, 50, 10, 0, 0, 4e8, 60, m));
        }
        return s;
    }

    @Test
    void aCompilerUsingAFewPercentOfACpuIsQuietAndAFifthIsNot() {
        // 0.02 CPU-s per s over the last 10 s: 0.2 s, under 3 % of 10 s (0.3 s)
        assertTrue(WarmUp.jitQuiet(samples(12, 0.02, 0.05)));
        // 0.2 CPU-s per s: 2 s in 10 s
        assertFalse(WarmUp.jitQuiet(samples(12, 0.2, 0.01)));
    }

    @Test
    void aCompilerStarvedOfCpuIsBehindNotQuiet() {
        // compilations that took 0.9 s of elapsed time per second while the compiler had 1 % of a CPU: starved
        assertFalse(WarmUp.jitQuiet(samples(12, 0.01, 0.9)));
        // 0.05 s per second of elapsed time (5 %) with 1 % CPU: quiet
        assertTrue(WarmUp.jitQuiet(samples(12, 0.01, 0.05)));
    }

    @Test
    void compilePhaseUsersKeepTwoBusyPerCpuWhateverTheWait() {
        // ping: no wait, 2 per CPU
        assertEquals(2, WarmUp.compilePhaseUsers(1, 0, 50));
        assertEquals(4, WarmUp.compilePhaseUsers(2, 0, 50));
        // banking, 2 ms on the remote per ~1 ms of CPU: each user busy a third of the time, so 3 x 2
        assertEquals(6, WarmUp.compilePhaseUsers(1, 2, 100));
        // a 100-ms sleep: 202 users, but never more than the test's highest load
        assertEquals(150, WarmUp.compilePhaseUsers(1, 100, 150));
    }

    @Test
    void withoutTheCompilerThreadsCpuTheCompilationsTimeDecides() {
        assertFalse(WarmUp.jitQuiet(samples(12, Double.NaN, 0.9)));
        assertTrue(WarmUp.jitQuiet(samples(12, Double.NaN, 0.01)));
    }

    @Test
    void tenSecondsAreNeededToTell() {
        assertFalse(WarmUp.jitQuiet(samples(10, 0, 0)));
        assertTrue(WarmUp.jitQuiet(samples(11, 0, 0)));
    }

    /** Samples one second apart with these pool sizes. */
    private static List<ServerSample> pool(double... sizes) {
        List<ServerSample> s = new ArrayList<>();
        for (int i = 0; i < sizes.length; i++) {
            s.add(new ServerSample(
                    1_700_000_000_000L + i * 1000L,
                    100,
                    50,
                    10,
                    0,
                    0,
                    4e8,
                    60,
                    Map.of(ServerMetric.THREADPOOL_SIZE, sizes[i])));
        }
        return s;
    }

    @Test
    void theWarmUpWaitsForThePoolToStopGrowingNotToStopSwinging() {
        // the first 20 s of a warm-up at 100 users on a quick banking run: 6.2 then 16.9 threads, still growing
        assertFalse(WarmUp.poolSettled(pool(4, 4, 4, 4, 5, 6, 6, 7, 8, 9, 9, 13, 12, 12, 16, 17, 17, 25, 25, 23)));
        // five seconds later: 22.4 then 23.8, the controller trying 21 to 31
        assertTrue(WarmUp.poolSettled(
                pool(17, 25, 25, 23, 23, 23, 23, 23, 21, 21, 21, 21, 23, 23, 23, 21, 23, 23, 31, 29)));
        // a server that publishes no pool size (a user's app over JMX without it) does not hold the warm-up
        assertTrue(WarmUp.poolSettled(samples(20, 0, 0)));
    }

    /** Samples one second apart with this server CPU. */
    private static List<ServerSample> cpu(double... pct) {
        List<ServerSample> s = new ArrayList<>();
        for (int i = 0; i < pct.length; i++) {
            s.add(new ServerSample(1_700_000_000_000L + i * 1000L, pct[i], 30, 0, 0, 0, 4e8, 60, Map.of()));
        }
        return s;
    }

    @Test
    void aPacedWarmUpWaitsForTheServersCpuToStopFalling() {
        // 40 % then 35 % then 30 % over three 5-s spans: means 40, 35, 30, a spread of 10 against the 3.5 allowed
        assertFalse(WarmUp.cpuFlat(cpu(40, 40, 40, 40, 40, 35, 35, 35, 35, 35, 30, 30, 30, 30, 30)));
        // 36 and 40 in turn: means 37.6, 38.4, 37.6, a spread of 0.8 against 3.8: noisy but flat
        assertTrue(WarmUp.cpuFlat(cpu(36, 40, 36, 40, 36, 40, 36, 40, 36, 40, 36, 40, 36, 40, 36)));
        // only the last 15 s count: a fall before them does not hold the warm-up
        assertTrue(WarmUp.cpuFlat(cpu(60, 50, 36, 40, 36, 40, 36, 40, 36, 40, 36, 40, 36, 40, 36, 40, 36)));
        // 14 s cannot tell
        assertFalse(WarmUp.cpuFlat(cpu(36, 40, 36, 40, 36, 40, 36, 40, 36, 40, 36, 40, 36, 40)));
    }
}
