package dev.vtlab.compare.run;

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
        assertTrue(WarmUp.jitQuiet(samples(12, 0.02, 0.5)));
        // 0.2 CPU-s per s: 2 s in 10 s
        assertFalse(WarmUp.jitQuiet(samples(12, 0.2, 0.01)));
    }

    @Test
    void theCompilerThreadsCpuDecidesOverTheCompilationsElapsedTime() {
        // compilations that took 0.9 s of elapsed time per second while the compiler had 1 % of a CPU: starved, quiet
        assertTrue(WarmUp.jitQuiet(samples(12, 0.01, 0.9)));
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
}
