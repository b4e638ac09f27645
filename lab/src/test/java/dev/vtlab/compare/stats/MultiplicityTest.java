package dev.vtlab.compare.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.stats.Multiplicity.Adjusted;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Holm's adjustment on families worked by hand. */
class MultiplicityTest {

    @Test
    void theWorkedExampleOfFourTests() {
        // The example of the Holm–Bonferroni method's Wikipedia article: p = 0.01, 0.04, 0.03, 0.005 at α = 0.05.
        // Sorted: 0.005 · 4 = 0.02 ≤ 0.05 reject; 0.01 · 3 = 0.03 ≤ 0.05 reject; 0.03 · 2 = 0.06 > 0.05 stop, keep it
        // and 0.04 (0.04 · 1 = 0.04, raised to 0.06 by the one before it). Adjusted, in the order given:
        // 0.03, 0.06, 0.06, 0.02 (what R's p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") prints).
        List<Adjusted> a = Multiplicity.holm(new double[] {0.01, 0.04, 0.03, 0.005});
        assertArrayEquals(
                new double[] {0.03, 0.06, 0.06, 0.02},
                a.stream().mapToDouble(Adjusted::adjusted).toArray(),
                1e-12);
        assertEquals(
                List.of(true, false, false, true),
                a.stream().map(Adjusted::significant).toList());
        assertEquals(0.04, a.get(1).pValue());
    }

    @Test
    void holmRejectsWhatBonferroniMisses() {
        // p = 0.001, 0.011, 0.02, 0.04, 0.3: Bonferroni multiplies all by 5 and keeps 0.011 (0.055).
        // Holm: 0.001·5 = 0.005, 0.011·4 = 0.044, 0.02·3 = 0.06 (stop), 0.04·2 = 0.08, 0.3·1 = 0.3.
        List<Adjusted> a = Multiplicity.holm(new double[] {0.3, 0.011, 0.001, 0.04, 0.02});
        assertArrayEquals(
                new double[] {0.3, 0.044, 0.005, 0.08, 0.06},
                a.stream().mapToDouble(Adjusted::adjusted).toArray(),
                1e-12);
        assertEquals(
                List.of(false, true, true, false, false),
                a.stream().map(Adjusted::significant).toList());
    }

    @Test
    void adjustedValuesKeepTheOrderOfTheRawOnesAndStopAtOne() {
        // 0.01 · 2 = 0.02, then 0.012 · 1 = 0.012 is raised to 0.02
        assertArrayEquals(
                new double[] {0.02, 0.02},
                Multiplicity.holm(new double[] {0.01, 0.012}).stream()
                        .mapToDouble(Adjusted::adjusted)
                        .toArray(),
                1e-12);
        // 0.6 · 2 = 1.2 is 1, and 0.7 · 1 is raised to it
        assertArrayEquals(
                new double[] {1, 1},
                Multiplicity.holm(new double[] {0.6, 0.7}).stream()
                        .mapToDouble(Adjusted::adjusted)
                        .toArray(),
                1e-12);
    }

    @Test
    void aRatioWithNoTestIsLeftOutOfTheFamily() {
        // two tests, not three: 0.01 · 2 = 0.02, 0.04 · 1 = 0.04
        List<Adjusted> a = Multiplicity.holm(new double[] {0.01, Double.NaN, 0.04});
        assertEquals(0.02, a.get(0).adjusted(), 1e-12);
        assertTrue(Double.isNaN(a.get(1).adjusted()));
        assertFalse(a.get(1).significant());
        assertEquals(0.04, a.get(2).adjusted(), 1e-12);
        assertTrue(a.get(2).significant());
        assertTrue(Multiplicity.holm(new double[0]).isEmpty());
    }

    @Test
    void ratiosGiveTheirPValuesToTheFamily() {
        // a clear difference and none: the first survives the adjustment, the second does not
        LogRatio clear = Ratios.unpaired(new double[] {700, 720, 710}, new double[] {1000, 1010, 990}, 0);
        LogRatio none = Ratios.unpaired(new double[] {1000, 1010, 990}, new double[] {1005, 995, 1000}, 0);
        List<Adjusted> a = Multiplicity.holm(new double[] {clear.pValue(), none.pValue()});
        assertTrue(a.get(0).significant(), a.toString());
        assertFalse(a.get(1).significant(), a.toString());
    }
}
