package dev.vtlab.compare.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The pace a probe sets, worked by hand: a quarter of the probed rate, down to a divisor of users x 1 000. */
class PaceTest {

    @Test
    void aQuarterOfTheProbedRateRoundedDownToAWholeMsPerUser() {
        // 50 users: 50 000 = 2^4 x 5^5; a quarter of 31 000 is 7 750, and the divisors below it are 6 250, 5 000 ...
        assertEquals(6250, Pace.of(31_000, 50).rate());
        // 10 000 / 4 = 2 500 divides 50 000: 20 ms per user
        assertEquals(2500, Pace.of(10_000, 50).rate());
        assertEquals(2500, Pace.of(10_003.9, 50).rate());
        // 10 users: 10 000's divisors below 2 400 (a quarter of 9 600): 2 000 (5 ms per user)
        assertEquals(2000, Pace.of(9_600, 10).rate());
        // one user: a quarter of 57.3 is 14.3; 1 000's divisors below it are 10, 8 ...
        assertEquals(10, Pace.of(57.3, 1).rate());
        // RATE's bound (20 000) caps a fast probe: 400 users, 400 000's divisors below 20 000 are 20 000 itself
        assertEquals(20_000, Pace.of(1_000_000, 400).rate());
    }

    @Test
    void aProbeTooSlowToPaceSaysSoInOneLine() {
        String message = assertThrows(IllegalArgumentException.class, () -> Pace.of(3.5, 50))
                .getMessage();
        assertTrue(message.startsWith("compare.pace: the probe served 3.5 req/s unpaced"), message);
        assertEquals(1, message.lines().count());
    }

    @Test
    void aPacedTestRunsAtThePaceAndItsProbeUnpacedForTheProbesLength() {
        Properties none = new Properties();
        TestSpec url = TestSpec.of(Catalogue.url("/shop/status"), Catalogue.Profile.QUICK, none, null);
        assertEquals(null, url.pacedRate());
        TestSpec paced = url.paced(Pace.of(10_000, url.intProp("THREADS")));
        assertEquals(2500, paced.pacedRate());
        assertEquals(url.repeats(), paced.repeats());
        assertEquals(null, paced.probe().get("RATE"));
        assertEquals(String.valueOf(Pace.PROBE_SECONDS), paced.probe().get("DURATION"));
        assertEquals("/shop/status", paced.probe().get("PATH"));
    }
}
