package dev.vtlab.compare.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.Fixtures;
import dev.vtlab.compare.analyse.Flag;
import dev.vtlab.compare.analyse.Headline;
import dev.vtlab.compare.analyse.RunResult;
import dev.vtlab.compare.settings.Metric;
import dev.vtlab.compare.stats.Verdict;
import dev.vtlab.dispatch.DispatchMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Runs left out are checked against the verdict they shape: the verdict on every run that finished stands beside
 * it, and runs left out more often in one mode than chance allows are said.
 */
class ComparisonExclusionsTest {

    private static final Headline PRIMARY = new Headline(Metric.TPS_PER_CPU_S, null, null);

    @Test
    void fiveOfSixRunsLeftOutInOneModeAndNoneInTheOtherIsSaidWithFishersP() {
        Comparison.RatioRow r = primary(5);
        assertEquals(new Comparison.Runs(1, 5, Map.of(Flag.MACHINE_BUSY, 5L)), r.modeRuns());
        // margins 6 and 6 runs, 5 left out: P(k of them in the first mode) = C(6,k)·C(6,5−k) / C(12,5); the observed
        // k = 5 and the mirror k = 0 are the two tables as unlikely, 6/792 each
        assertEquals(12.0 / 792, r.exclusionP(), 1e-12);
        assertTrue(r.leftOutUnevenly());
        assertTrue(
                r.notes()
                        .contains("runs left out unevenly: executor-virtual 5 of 6, threadpool 0 of 6 (Fisher's exact"
                                + " p 0.015)"),
                r.notes().toString());
        // one valid run cannot bound a ratio; every run that finished shows executor-virtual about 20 % lower
        assertEquals(Verdict.UNDETERMINED, r.verdict().verdict());
        assertTrue(r.allRuns().verdict().lower(), r.allRuns().text());
        assertTrue(r.dependsOnWhichRunsAreKept());
        assertTrue(
                r.text()
                        .contains("depends on which runs are kept: on every run that finished (6 and 6) it reads"
                                + " lower"),
                r.text());
    }

    @Test
    void oneRunLeftOutChangesNothingAndIsNotUneven() {
        Comparison.RatioRow r = primary(1);
        // C(6,1)·C(6,0) / C(12,1) = 1/2 for each of the two possible tables: p = 1
        assertEquals(1, r.exclusionP(), 1e-12);
        assertFalse(r.leftOutUnevenly());
        assertTrue(r.verdict().verdict().lower(), r.text());
        assertEquals(r.verdict().verdict(), r.allRuns().verdict());
        assertFalse(r.dependsOnWhichRunsAreKept());
        assertEquals(
                List.of(),
                r.notes().stream().filter(n -> n.contains("left out")).toList());
    }

    @Test
    void withNoRunLeftOutThereIsNothingToCheck() {
        Comparison.RatioRow r = primary(0);
        assertEquals(null, r.allRuns());
        assertEquals(1, r.exclusionP(), 1e-12);
    }

    /** Six runs per mode, executor-virtual about 20 % lower; its first {@code flagged} runs on a busy machine. */
    private static Comparison.RatioRow primary(int flagged) {
        List<RunResult> runs = new ArrayList<>();
        for (int rep = 1; rep <= 6; rep++) {
            runs.add(Fixtures.pingRun(DispatchMode.THREADPOOL, rep, 2500 * (1 + 0.01 * rep), false));
            runs.add(Fixtures.pingRun(
                    DispatchMode.EXECUTOR_VIRTUAL, rep, 2000 * (1 + 0.01 * (7 - rep)), rep <= flagged));
        }
        Comparison c = Fixtures.pingComparison(runs, false);
        Comparison.RatioRow r = c.ratio("ping", DispatchMode.EXECUTOR_VIRTUAL, PRIMARY);
        assertTrue(r.primary(), "requests per CPU-second is ping's primary figure");
        return r;
    }
}
