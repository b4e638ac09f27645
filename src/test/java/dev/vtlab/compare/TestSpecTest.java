package dev.vtlab.compare;

import org.junit.jupiter.api.Test;

import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TestSpecTest {

    @Test
    void overridesApplyToEveryTestOrToOneTest() {
        Properties p = new Properties();
        p.setProperty("compare.DURATION", "7");
        p.setProperty("compare.ramp-up.THREADS", "3000");
        TestSpec rampUp = TestSpec.of("ramp-up", "quick", p);
        TestSpec ping = TestSpec.of("ping", "quick", p);
        assertEquals(3000, rampUp.users());
        assertEquals(7, rampUp.seconds());
        assertEquals(50, ping.users(), "a per-test override stays with its test");
        assertEquals(7, ping.seconds());
    }

    @Test
    void knobsPastTheirBoundAreRefusedNamingTheKnob() {
        Properties p = new Properties();
        p.setProperty("compare.THREADS", "10001");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TestSpec.of("ping", "smoke", p));
        assertTrue(e.getMessage().startsWith("THREADS"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> TestSpec.of("ping", "forever", new Properties()));
        assertThrows(IllegalArgumentException.class, () -> TestSpec.of("soak", "quick", new Properties()));
    }

    @Test
    void steppedTestsLastStepsTimesStepDuration() {
        TestSpec throughput = TestSpec.of("throughput", "full", new Properties());
        assertEquals(8 * 150, throughput.seconds(), "the study held each level for 150 s");
        assertEquals(50, throughput.stepUsers());
    }

    @Test
    void onlyLongWaitsMakeATestIoBound() {
        Properties p = new Properties();
        assertEquals(1000.0, TestSpec.of("ramp-up", "quick", p).ioDelayMs());
        assertEquals(100.0, TestSpec.of("hello-steps", "quick", p).ioDelayMs());
        assertNull(TestSpec.of("throughput", "quick", p).ioDelayMs(), "2 ms of remote delay is CPU-bound here");
        p.setProperty("compare.footprint.DELAY_MS", "1000");
        assertEquals(1000.0, TestSpec.of("footprint", "quick", p).ioDelayMs());
    }
}
