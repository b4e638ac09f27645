package dev.vtlab.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class GcTimeTest {

    @Test
    void collectorsTimesAddUpInSecondsAndAnUnkeptTimeCountsAsNone() {
        // young 1 500 ms + old 250 ms, and a collector that keeps no time (-1): 1.75 s
        assertEquals(1.75, GcTime.seconds(LongStream.of(1500, 250, -1)), 1e-12);
        assertEquals(0, GcTime.seconds(LongStream.empty()), 0);
    }
}
