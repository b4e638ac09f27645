package dev.vtlab.measurement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import org.junit.jupiter.api.Test;

class CalibrationTest {

    /**
     * Hull and Dobell: x → a·x + c mod 2^k has full period when c is odd and a ≡ 1 mod 4, so the chase from slot 0
     * visits every slot exactly once before it comes back; a table that split into shorter cycles would chase a
     * working set smaller than its size, all of it in cache.
     */
    @Test
    void theChaseIsOneCycleThroughEverySlot() {
        for (int n : new int[] {1 << 4, 1 << 12, Calibration.CACHE_INTS}) {
            int[] next = Calibration.cycle(n);
            BitSet seen = new BitSet(n);
            int at = 0;
            for (int i = 0; i < n; i++) {
                assertTrue(!seen.get(at), "slot " + at + " visited twice in a table of " + n);
                seen.set(at);
                at = next[at];
            }
            assertEquals(0, at, "the chain is back at its start after " + n + " loads");
            assertEquals(n, seen.cardinality());
        }
    }

    /** A prefetcher follows a constant stride: the chase's steps between consecutive cache lines must vary. */
    @Test
    void consecutiveLoadsAreNotAConstantStride() {
        int n = 1 << 16;
        int[] next = Calibration.cycle(n);
        int at = 0, previousStride = Integer.MIN_VALUE, sameStride = 0;
        for (int i = 0; i < 1000; i++) {
            int stride = (next[at] >> 4) - (at >> 4); // 16 ints to a 64-byte line
            if (stride == previousStride) {
                sameStride++;
            }
            previousStride = stride;
            at = next[at];
        }
        assertTrue(sameStride < 10, sameStride + " of 1000 steps repeated the stride before them");
    }

    @Test
    void aTableThatIsNotAPowerOfTwoIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> Calibration.cycle(1000));
    }

    @Test
    void theReadingIsParsedFromWhatItPrints() {
        assertEquals(
                new Calibration.Reading(60822, new MemoryLatency(12.25, 98.5)),
                Calibration.parse("60822 12.25 98.50\n"));
        assertEquals(
                "server CPUs at 60822 calibration units/s, a load 12 ns from L3 and 99 ns from memory",
                Calibration.parse("60822 12.25 98.50").describe());
        assertNull(Calibration.parse("60822"), "the line of a lab before the memory probe");
        assertNull(Calibration.parse("Error: could not find or load main class"));
    }
}
