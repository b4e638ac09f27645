package dev.vtlab.compare.judge;

import static dev.vtlab.compare.Fixtures.pingComparison;
import static dev.vtlab.compare.Fixtures.pingRun;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.analyse.RunResult;
import dev.vtlab.compare.stats.Verdict;
import dev.vtlab.dispatch.DispatchMode;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;

/** The sequential design read from a comparison's runs: where its looks fall, what they spend, what they say. */
class SequentialsTest {

    private static final DispatchMode POOL = DispatchMode.THREADPOOL, VIRTUAL = DispatchMode.EXECUTOR_VIRTUAL;

    /** Each mode's figure per round: the pool around 1 000, the other mode at {@code ratio} of it. */
    private static List<RunResult> runs(int rounds, double ratio, double spread, int flaggedPoolRound) {
        double[] noise = {0, 1, -1, 0.5, -0.5, 0.8, -0.8, 0.2, -0.2, 0.3};
        List<RunResult> runs = new ArrayList<>();
        for (int r = 1; r <= rounds; r++) {
            double e = spread * noise[(r - 1) % noise.length];
            runs.add(pingRun(POOL, r, 1000 * (1 + e), r == flaggedPoolRound));
            runs.add(pingRun(VIRTUAL, r, 1000 * ratio * (1 - e), false));
        }
        return runs;
    }

    @Test
    void aClearDifferenceStopsAtTheFirstLookAtItsRepeatedLevel() {
        Sequentials.Row row =
                pingComparison(runs(6, 0.8, 0.02, 0), false).sequential().get(0);
        Sequentials.Look stopped = row.stopped();
        assertEquals(Sequentials.FIRST, stopped.rounds());
        // 20 % lower with runs 2 % apart: wholly below 1/1.05 at the first look
        assertEquals(Verdict.LOWER_BEYOND_MARGIN, stopped.reading().verdict());
        // the O'Brien–Fleming type spends 2 − 2Φ(z(0.9875)/√t) a side: by hand, 4 − 4Φ(z(0.9875)/√0.4) in all at the
        // first look, t = 4/10; the published boundary there is 3.357
        double z = new NormalDistribution().inverseCumulativeProbability(0.9875) / Math.sqrt(0.4);
        assertEquals(0.4, stopped.fraction(), 1e-12);
        assertEquals(
                1 - 4 * (1 - new NormalDistribution().cumulativeProbability(z)),
                stopped.reading().differenceConfidence(),
                1e-6);
        assertEquals(
                1 - 2 * (1 - new NormalDistribution().cumulativeProbability(3.357)),
                stopped.reading().differenceConfidence(),
                2e-5);
    }

    @Test
    void aSequentialComparisonsVerdictIsTheDesignsWithItsWiderInterval() {
        List<RunResult> runs = runs(4, 0.8, 0.02, 0);
        Comparison fixed = pingComparison(runs, false, false), sequential = pingComparison(runs, false, true);
        Comparison.RatioRow f = fixed.ratios().stream()
                .filter(Comparison.RatioRow::primary)
                .findFirst()
                .orElseThrow();
        Comparison.RatioRow s = sequential.ratios().stream()
                .filter(Comparison.RatioRow::primary)
                .findFirst()
                .orElseThrow();
        assertEquals(Verdict.LOWER_BEYOND_MARGIN, s.verdict().verdict());
        assertTrue(
                s.ratio().low() < f.ratio().low()
                        && s.ratio().high() > f.ratio().high(),
                s.text());
        assertTrue(
                s.notes().get(0).contains("stopped after 4 rounds"), s.notes().toString());
        assertTrue(sequential.sequentialDesign());
    }

    @Test
    void aRunLeftOutLowersItsLooksInformation() {
        Sequentials.Row row =
                pingComparison(runs(4, 0.8, 0.02, 2), false).sequential().get(0);
        // 4 and 3 runs kept: 1/(1/4 + 1/3) = 12/7 of the cap's 10/2
        assertEquals(12.0 / 7 / 5, row.looks().get(0).fraction(), 1e-12);
        assertEquals(3, row.looks().get(0).baselineRuns());
    }

    @Test
    void beforeTheFirstLookNothingIsRead() {
        Comparison c = pingComparison(runs(3, 0.8, 0.02, 0), false, true);
        Sequentials.Row row = c.sequential().get(0);
        assertTrue(row.looks().isEmpty());
        assertNull(row.stopped());
        assertEquals("no look: fewer than 4 rounds", row.noLook());
        // every pool run left out: rounds enough, but nothing to look at
        List<RunResult> none = new ArrayList<>();
        for (int r = 1; r <= 4; r++) {
            none.add(pingRun(POOL, r, 1000, true));
            none.add(pingRun(VIRTUAL, r, 800, false));
        }
        assertEquals(
                "no look: a mode had no run kept in its 4 rounds",
                pingComparison(none, false).sequential().get(0).noLook());
    }

    @Test
    void anUnclearRatioGoesOnUntilTheCapAndIsUndecidedThere() {
        // 4 % apart with runs about 5 % apart: neither excluded from 1 nor inside ±5 % at any look
        Sequentials.Row early =
                pingComparison(runs(6, 0.96, 0.08, 0), false).sequential().get(0);
        assertNull(early.stopped());
        assertEquals(6, early.last().rounds());
        Sequentials.Row capped =
                pingComparison(runs(10, 0.96, 0.08, 0), false).sequential().get(0);
        assertEquals(Sequentials.CAP, capped.stopped().rounds());
        assertTrue(capped.stopped().reading().last());
        assertTrue(!capped.stopped().reading().decided());
        assertEquals(Verdict.UNDECIDED_AT_CAP, capped.stopped().reading().verdict());
        // a sequential comparison's primary row is the design's reading: undecided at the cap, in its words
        Comparison.RatioRow primary = pingComparison(runs(10, 0.96, 0.08, 0), false, true).ratios().stream()
                .filter(Comparison.RatioRow::primary)
                .findFirst()
                .orElseThrow();
        assertEquals(Verdict.UNDECIDED_AT_CAP, primary.verdict().verdict());
        assertTrue(primary.text().startsWith("undecided at the cap ("), primary.text());
    }
}
