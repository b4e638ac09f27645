package dev.vtlab.compare.judge;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Whether a past ratio's interval overlaps today's, the history table's last column. */
class HistoryTest {

    @Test
    void intervalsThatShareAPointOverlap() {
        assertTrue(History.overlaps(0.8, 0.9, 0.85, 1.0));
        assertTrue(History.overlaps(0.8, 0.9, 0.9, 1.0), "touching ends share a point");
        assertFalse(History.overlaps(0.8, 0.9, 0.91, 1.0));
        assertFalse(History.overlaps(0.95, 1.1, 0.8, 0.9));
        assertNull(History.overlaps(Double.NaN, Double.NaN, 0.8, 0.9), "an undetermined ratio: no answer");
    }
}
