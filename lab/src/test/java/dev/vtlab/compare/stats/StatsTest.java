package dev.vtlab.compare.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** The intervals on inputs whose answers are known without this code. */
class StatsTest {

    @Test
    void meanIntervalIsTheTextbookTInterval() {
        // 1..5: mean 3, s = sqrt(2.5), t(0.975, 4) = 2.776445 (any t table) -> 3 ± 1.963243
        Stats.Interval i = Stats.mean(new double[] {1, 2, 3, 4, 5}, 0);
        assertEquals(5, i.n());
        assertEquals(3, i.mean(), 1e-12);
        assertEquals(3 - 1.963243, i.low(), 1e-5);
        assertEquals(3 + 1.963243, i.high(), 1e-5);
        assertEquals(12.706205, Stats.t(1), 1e-5);
    }

    @Test
    void oneValueHasNoInterval() {
        Stats.Interval i = Stats.mean(new double[] {7}, 0);
        assertEquals(7, i.mean());
        assertTrue(Double.isNaN(i.low()) && Double.isNaN(i.high()));
    }

    @Test
    void percentilesAreNearestRank() {
        long[] oneToHundred = LongStream.rangeClosed(1, 100).toArray();
        assertEquals(50, Stats.percentile(oneToHundred, 50));
        assertEquals(95, Stats.percentile(oneToHundred, 95));
        assertEquals(99, Stats.percentile(oneToHundred, 99));
        assertEquals(20, Stats.percentile(new long[] {10, 20, 30, 40}, 50)); // rank ceil(0.5 * 4) = 2
        assertEquals(40, Stats.percentile(new long[] {10, 20, 30, 40}, 95)); // rank ceil(3.8) = 4
        assertTrue(Double.isNaN(Stats.percentile(new long[0], 50)));
    }

    @Test
    void driftIsTheSecondHalfsMeanLessTheFirstsAndIgnoresTheMiddleValue() {
        // 10 20 | 30 | 40 50: (40 + 50) / 2 - (10 + 20) / 2 = 30, by hand
        assertEquals(30, Stats.drift(new double[] {10, 20, 30, 40, 50}), 1e-12);
        // a swing around 26 (the pool trying sizes either side): 23 31 25 | 21 29 25 -> 25 - 26.33
        assertEquals(-4.0 / 3, Stats.drift(new double[] {23, 31, 25, 21, 29, 25}), 1e-12);
        assertEquals(0, Stats.drift(new double[] {7, Double.NaN, 7}), 1e-12);
        assertTrue(Double.isNaN(Stats.drift(new double[] {7})));
    }

    @Test
    void aPoolSwingingAroundItsSizeHasSettledAndOneStillGrowingHasNot() {
        // swinging 21..31 and back, drift -4/3 thread (within 2)
        assertEquals(Boolean.TRUE, Stats.poolSettled(new double[] {23, 31, 25, 21, 29, 25}));
        // 23 31 25 | 17 27 25: drift -10/3, within 20 % of 24.7 (4.9): a step of the controller
        assertEquals(Boolean.TRUE, Stats.poolSettled(new double[] {23, 31, 25, 17, 27, 25}));
        // 20 20 22 | 26 28 30: drift +7.3, more than 20 % of 24.3
        assertEquals(Boolean.FALSE, Stats.poolSettled(new double[] {20, 20, 22, 26, 28, 30}));
        // growing 10 threads a second: drift 30 (10..30 against 40..60) over a mean of 35
        assertEquals(Boolean.FALSE, Stats.poolSettled(new double[] {10, 20, 30, 40, 50, 60}));
        // small pools: 4 to 6 drifts 2 threads, within the floor
        assertEquals(Boolean.TRUE, Stats.poolSettled(new double[] {4, 4, 6, 6}));
        assertEquals(null, Stats.poolSettled(new double[] {Double.NaN, Double.NaN}));
    }
}
