package dev.vtlab.compare.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Fisher's exact test against published answers. */
class FisherTest {

    @Test
    void theLadyTastingTea() {
        // Fisher (1935): 3 of 4 cups right each way; the two-sided p is 34/70 (tables 0-4 and 1-3 each side of the
        // middle: (1 + 16 + 16 + 1) / 70)
        assertEquals(34.0 / 70, Fisher.twoSided(3, 1, 1, 3), 1e-12);
        // all four right: 1/70 one way, and the table all wrong is as unlikely
        assertEquals(2.0 / 70, Fisher.twoSided(4, 0, 0, 4), 1e-12);
    }

    @Test
    void theTextbookStudyingExample() {
        // men 1 studying of 12, women 9 of 12 (Wikipedia, "Fisher's exact test"): one-sided 0.001346, two-sided
        // 0.002759
        assertEquals(0.002759, Fisher.twoSided(1, 11, 9, 3), 5e-7);
        assertEquals(0.002759, Fisher.twoSided(9, 3, 1, 11), 5e-7);
    }

    @Test
    void runsLeftOutEquallyOftenAreNoEvidenceAndAnEmptyMarginIsNone() {
        assertEquals(1, Fisher.twoSided(2, 3, 2, 3), 1e-12);
        assertEquals(1, Fisher.twoSided(0, 5, 0, 5), 1e-12);
        assertEquals(1, Fisher.twoSided(0, 0, 3, 2), 1e-12);
        assertThrows(IllegalArgumentException.class, () -> Fisher.twoSided(-1, 2, 3, 4));
    }
}
