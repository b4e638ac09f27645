package dev.vtlab.compare.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.Fixtures;
import dev.vtlab.compare.stats.LogRatio.Bounds;
import java.io.IOException;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/**
 * The verdict at the edges, from intervals written down by hand against the ±5 % margin: 1 + m = 1.05 and 1/(1 + m)
 * = 0.952381. Inside the margin is closed, beyond it and "excludes 1" are strict, as the glossary words them.
 */
class VerdictTest {

    private static final double M = 0.05;
    private static final double UP = 1 + M;
    private static final double DOWN = 1 / (1 + M);

    /** A 95 % interval and, inside it, a 90 % one. */
    private static Verdict of(double low95, double high95, double low90, double high90) {
        return Verdict.of(new Bounds(low95, high95), new Bounds(low90, high90), M);
    }

    @Test
    void anIntervalTouchingOneIsNoDifference() {
        // the 95 % interval's low end is 1 itself, the 90 % one reaches past 1.05: it holds 1, inconclusive
        assertEquals(Verdict.INCONCLUSIVE, of(1.0, 1.10, 1.01, 1.08));
        assertEquals(Verdict.INCONCLUSIVE, of(0.90, 1.0, 0.92, 0.99));
        // a hair above 1, and still inside the margin at the low end: a difference within it
        assertEquals(Verdict.HIGHER_WITHIN_MARGIN, of(1.0001, 1.10, 1.01, 1.08));
        assertEquals(Verdict.LOWER_WITHIN_MARGIN, of(0.90, 0.9999, 0.92, 0.99));
    }

    @Test
    void anIntervalTouchingTheMarginIsWithinIt() {
        // low end exactly 1.05: not wholly beyond the margin
        assertEquals(Verdict.HIGHER_WITHIN_MARGIN, of(UP, 1.20, 1.06, 1.18));
        assertEquals(Verdict.HIGHER_BEYOND_MARGIN, of(1.0501, 1.20, 1.06, 1.18));
        // high end exactly 1/1.05
        assertEquals(Verdict.LOWER_WITHIN_MARGIN, of(0.80, DOWN, 0.82, 0.94));
        assertEquals(Verdict.LOWER_BEYOND_MARGIN, of(0.80, 0.9523, 0.82, 0.94));
        // a 90 % interval whose ends are the margin's is inside it: equivalent
        assertEquals(Verdict.EQUIVALENT, of(0.94, 1.06, DOWN, UP));
        assertEquals(Verdict.INCONCLUSIVE, of(0.94, 1.06, DOWN, 1.0501));
    }

    @Test
    void anIntervalCrossingBothOneAndTheMarginIsInconclusive() {
        assertEquals(Verdict.INCONCLUSIVE, of(0.90, 1.10, 0.92, 1.08));
        // the real banking crossover of 2026-12-01, 0.810–0.941 with pool and managed-virtual at once: past 0.952
        assertEquals(Verdict.LOWER_BEYOND_MARGIN, of(0.810, 0.941, 0.82, 0.93));
    }

    @Test
    void equivalenceComesFirstEvenWhereTheIntervalExcludesOne() {
        // 95 % 1.01–1.06 excludes 1, but the 90 % 1.015–1.05 lies inside the margin
        Verdict v = of(1.01, 1.06, 1.015, 1.05);
        assertEquals(Verdict.EQUIVALENT, v);
        assertTrue(v.decided() && !v.differs());
    }

    @Test
    void noIntervalIsUndeterminedAndTheMarginMustBePositive() {
        assertEquals(Verdict.UNDETERMINED, of(Double.NaN, Double.NaN, Double.NaN, Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> Verdict.of(new Bounds(1, 2), new Bounds(1, 2), 0));
    }

    @Test
    void aKeptFileOfTheOldWordsIsReadAgainFromItsInterval() {
        // crossover.json of 2026-12-01 kept "higher" for 1.073 [1.034, 1.1135]: 1.034 is inside 1.05
        assertEquals(Verdict.HIGHER_WITHIN_MARGIN, Verdict.read("higher", 1.034, 1.1135, M));
        assertEquals(Verdict.HIGHER_BEYOND_MARGIN, Verdict.read("higher", 1.093, 1.2048, M));
        // 0.873 [0.810, 0.941]: 0.941 is below 0.952
        assertEquals(Verdict.LOWER_BEYOND_MARGIN, Verdict.read("lower", 0.810, 0.941, M));
        assertEquals(Verdict.LOWER_WITHIN_MARGIN, Verdict.read("lower", 0.955, 0.99, M));
        assertEquals(Verdict.UNDECIDED_AT_CAP, Verdict.read("undecided", 0.9, 1.1, M));
        assertEquals(Verdict.EQUIVALENT, Verdict.read("equivalent", 0.99, 1.01, M));
        // the new words read as themselves, whatever the interval
        assertEquals(Verdict.HIGHER_WITHIN_MARGIN, Verdict.read("higher, within the margin", 1.2, 1.3, M));
        assertEquals(Verdict.UNDETERMINED, Verdict.read("undetermined", Double.NaN, Double.NaN, M));
        assertNull(Verdict.read("better", 1.2, 1.3, M));
    }

    @Test
    void everyWordIsTheGlossarys() throws IOException {
        String decide = Files.readString(Fixtures.ROOT.resolve("docs/decide.md"));
        String glossary = decide.substring(decide.indexOf("## Glossary"));
        for (Verdict v : Verdict.values()) {
            assertTrue(glossary.contains("**" + v.words() + "**"), v.words() + " is not defined in the glossary");
        }
    }
}
