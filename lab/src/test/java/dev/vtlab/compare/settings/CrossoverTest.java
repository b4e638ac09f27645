package dev.vtlab.compare.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.Fixtures;
import dev.vtlab.dispatch.DispatchMode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The crossover design's settings and its order, checked against the balance a Williams square must have. */
class CrossoverTest {

    private static Properties props(String... keyValues) {
        Properties p = new Properties();
        p.setProperty("compare.design", "crossover");
        p.setProperty("compare.modes", "threadpool,threadpool-async,managed-virtual,managed-platform");
        for (int i = 0; i < keyValues.length; i += 2) {
            p.setProperty(keyValues[i], keyValues[i + 1]);
        }
        return p;
    }

    private static Crossover parse(Properties p) {
        return Crossover.from(p, CompareSettings.from(p, Fixtures.ROOT, "0-1", Fixtures.HOME));
    }

    private static void refused(String expectedStart, String... keyValues) {
        String message = assertThrows(IllegalArgumentException.class, () -> parse(props(keyValues)))
                .getMessage();
        assertTrue(message.startsWith(expectedStart), message);
        assertEquals(1, message.lines().count(), "one line: " + message);
    }

    /**
     * Williams (1949): in each row every treatment once; in each position every treatment once per square; and each
     * ordered pair of different treatments adjacent exactly once per square for even k, twice for odd k (whose square
     * is two Latin squares). Counted here, not taken from the construction.
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 5, 6})
    void williamsSquaresAreBalancedForPositionAndForTheModeBefore(int k) {
        List<int[]> rows = Crossover.williams(k);
        assertEquals(Crossover.squareRows(k), rows.size());
        int[][] position = new int[k][k];
        int[][] follows = new int[k][k];
        for (int[] row : rows) {
            assertEquals(k, java.util.Arrays.stream(row).distinct().count(), "each mode once in a row");
            for (int j = 0; j < k; j++) {
                position[j][row[j]]++;
                if (j > 0) {
                    follows[row[j - 1]][row[j]]++;
                }
            }
        }
        int perSquare = k % 2 == 0 ? 1 : 2;
        for (int a = 0; a < k; a++) {
            for (int b = 0; b < k; b++) {
                assertEquals(perSquare, position[a][b], "mode " + b + " in position " + a);
                assertEquals(a == b ? 0 : perSquare, follows[a][b], a + " then " + b);
            }
        }
    }

    @Test
    void twoModesRunAbbaAndTheDefaultIsEightBlocks() {
        Properties p = props("compare.modes", "threadpool,managed-virtual");
        Crossover design = parse(p);
        assertEquals(8, design.blocks());
        List<List<DispatchMode>> order = design.order();
        assertEquals(List.of(DispatchMode.THREADPOOL, DispatchMode.MANAGED_VIRTUAL), order.get(0));
        assertEquals(List.of(DispatchMode.MANAGED_VIRTUAL, DispatchMode.THREADPOOL), order.get(1));
        assertEquals(Crossover.DEFAULT_SLICE_SECONDS, design.sliceSeconds());
        assertEquals(Crossover.DEFAULT_WARMUP_CAP_SECONDS, design.warmupCapSeconds());
        assertEquals(8 * 2 * Crossover.DEFAULT_SLICE_SECONDS, design.measuredSeconds());
    }

    /** Whole squares, at least two, and at least eight blocks: 4 squares of 2, 2 of 4, 2 of 6 (3 modes), 2 of 10. */
    @Test
    void theDefaultBlocksAreWholeSquaresOfAtLeastEight() {
        assertEquals(8, Crossover.defaultBlocks(2));
        assertEquals(8, Crossover.defaultBlocks(4));
        assertEquals(12, Crossover.defaultBlocks(6));
        assertEquals(20, Crossover.defaultBlocks(10));
        assertEquals(
                12,
                parse(props("compare.modes", "threadpool,virtual,platform-handoff"))
                        .blocks());
    }

    @Test
    void theQuickProfileRunsTheCrossoverWhereItApplies() {
        Properties quick = new Properties();
        Crossover design = Crossover.from(quick, CompareSettings.from(quick, Fixtures.ROOT, "0-1", Fixtures.HOME));
        assertEquals(List.of(DispatchMode.THREADPOOL, DispatchMode.MANAGED_VIRTUAL), design.modes());
        assertEquals(8, design.blocks());
        // fresh JVMs where a count of runs is asked for, where the design is named, or where the crossover cannot run
        for (String[] kv : List.of(
                new String[] {"compare.repeats", "3"},
                new String[] {"compare.design", "jvms"},
                new String[] {"compare.profile", "smoke"},
                new String[] {"compare.modes", "threadpool,executor-virtual"},
                new String[] {"compare.tests", "throughput,ping"})) {
            Properties p = new Properties();
            p.setProperty(kv[0], kv[1]);
            assertNull(Crossover.from(p, CompareSettings.from(p, Fixtures.ROOT, "0-1", Fixtures.HOME)), kv[0]);
        }
    }

    @Test
    void withoutTheDesignNothingChangesAndItsKnobsAreRefused() {
        Properties p = new Properties();
        p.setProperty("compare.design", "jvms");
        assertNull(Crossover.from(p, CompareSettings.from(p, Fixtures.ROOT, "0-1", Fixtures.HOME)));
        Properties q = new Properties();
        q.setProperty("compare.profile", "rigorous");
        q.setProperty("compare.crossover.blocks", "4");
        String message = assertThrows(
                        IllegalArgumentException.class,
                        () -> Crossover.from(q, CompareSettings.from(q, Fixtures.ROOT, "0-1", Fixtures.HOME)))
                .getMessage();
        assertTrue(message.startsWith("compare.crossover.blocks is a setting of the crossover design"), message);
    }

    @Test
    void badValuesAreOneLineNamingTheSetting() {
        refused("compare.design must be 'jvms'", "compare.design", "abab");
        refused(
                "compare.crossover.sliceSeconds must be a whole number from 6 to 120",
                "compare.crossover.sliceSeconds",
                "2");
        refused(
                "compare.crossover.discardSeconds must be a whole number from 1 to 15",
                "compare.crossover.discardSeconds",
                "16");
        refused("compare.crossover.blocks must be a multiple of 4", "compare.crossover.blocks", "6");
        refused("compare.crossover.blocks must be a whole number", "compare.crossover.blocks", "many");
        refused(
                "compare.design=crossover: compare.modes may name only modes the application decides, not 'executor-virtual'",
                "compare.modes",
                "threadpool,executor-virtual");
        refused("compare.design=crossover measures one test at a time", "compare.tests", "ping,throughput");
        refused("compare.design=crossover needs a steady load", "compare.tests", "ramp-up");
        refused("compare.design=crossover runs a fixed number of blocks", "compare.sequential", "true");
    }

    @Test
    void oneLevelHoldsTheLoadForTheWholeRun() {
        CompareSettings s = CompareSettings.from(props(), Fixtures.ROOT, "0-1", Fixtures.HOME);
        Map<String, String> level = new HashMap<>(Crossover.oneLevel(s.specs().get(0), 900));
        assertEquals("1", level.get("STEPS"));
        assertEquals("900", level.get("STEP_DURATION"));
        assertEquals("100", level.get("THREADS"));
    }
}
