package dev.vtlab.compare.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class TestSpecTest {

    @Test
    void levelsRunDownOnlyWhereThePlanCanAndInWholeSteps() {
        assertEquals(
                "down",
                spec("throughput", "compare.throughput.LEVELS", "down").props().get("LEVELS"));
        assertEquals(
                "LEVELS: the ping test's levels only run up; LEVELS is for [throughput]",
                refused("ping", "compare.LEVELS", "down"));
        assertEquals(
                "LEVELS is one of [up, down], not 'sideways'", refused("throughput", "compare.LEVELS", "sideways"));
        // the quick profile's 100 users in 2 steps are whole; 150 in 4 are not
        assertEquals(
                "LEVELS=down: THREADS (150) must be a multiple of STEPS (4), so that each level has as many users"
                        + " fewer",
                refused("throughput", "compare.LEVELS", "down", "compare.THREADS", "150", "compare.STEPS", "4"));
    }

    @Test
    void onlyTheMemoryTestTouchesTheWholeHeapAtStart() {
        // its peak RSS must not count how much of the heap the collector has reached so far; the rest keep the
        // JVM as a user runs it
        for (Catalogue.LoadTest test : Catalogue.ALL) {
            assertEquals(
                    test.primary() == Metric.RSS_MAX_MIB ? List.of("-XX:+AlwaysPreTouch") : List.of(),
                    test.serverJvmArgs(),
                    test.name());
        }
        assertEquals(Metric.RSS_MAX_MIB, Catalogue.get("footprint").primary());
    }

    private static TestSpec spec(String test, String... keyValues) {
        Properties p = new Properties();
        for (int i = 0; i < keyValues.length; i += 2) {
            p.setProperty(keyValues[i], keyValues[i + 1]);
        }
        return TestSpec.of(Catalogue.get(test), Catalogue.Profile.QUICK, p, 1);
    }

    private static String refused(String test, String... keyValues) {
        return assertThrows(IllegalArgumentException.class, () -> spec(test, keyValues))
                .getMessage();
    }
}
