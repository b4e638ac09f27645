package dev.vtlab.compare.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Properties;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** CPU lists and the other settings a user types, refused in one line naming the knob. */
class CpuPlanTest {

    private static final TreeSet<Integer> TWO = new TreeSet<>(List.of(0, 1));
    private static final TreeSet<Integer> FOUR = new TreeSet<>(List.of(0, 1, 2, 3));

    @Test
    void byDefaultTheServerAndTheLoadSideGetDisjointHalves() {
        CpuPlan two = CpuPlan.from(null, null, TWO);
        assertEquals(new TreeSet<>(List.of(0)), two.server());
        assertEquals(new TreeSet<>(List.of(1)), two.load());
        assertEquals(List.of("taskset", "-c", "1"), two.pinLoad());
        CpuPlan four = CpuPlan.from(null, null, FOUR);
        assertEquals("server on CPUs 0,1; JMeter and remote system on CPUs 2,3 (disjoint)", four.describe(true));
    }

    @Test
    void oneListImpliesTheOtherAndAllSharesEverything() {
        assertEquals(
                new TreeSet<>(List.of(0, 2, 3)), CpuPlan.from(null, "1", FOUR).server());
        assertEquals(
                new TreeSet<>(List.of(2, 3)), CpuPlan.from("0-1", null, FOUR).load());
        CpuPlan shared = CpuPlan.from("all", null, TWO);
        assertTrue(shared.shared());
        assertEquals(List.of(), shared.pinLoad());
        assertTrue(shared.describe(true).startsWith("shared"));
    }

    @Test
    void overlappingMissingOrMalformedListsAreRefusedNamingTheKnob() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CpuPlan.from("0-1", "1", TWO))
                .getMessage()
                .contains("overlap on 1"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CpuPlan.from("0-1", null, TWO))
                .getMessage()
                .startsWith("compare.serverCpus=0-1 leaves no CPU"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CpuPlan.from("5", null, TWO))
                .getMessage()
                .startsWith("compare.serverCpus=5 names CPUs"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CpuPlan.from("0;rm", null, TWO))
                .getMessage()
                .startsWith("compare.serverCpus is a CPU list"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CpuPlan.from("all", "1", TWO))
                .getMessage()
                .startsWith("compare.loadCpus"));
    }

    @Test
    void testKnobsPastTheirBoundAreRefusedAndOverridesApplyPerTest() {
        Properties p = new Properties();
        p.setProperty("compare.THREADS", "10001");
        assertTrue(assertThrows(
                        IllegalArgumentException.class,
                        () -> TestSpec.of(Catalogue.get("ping"), Catalogue.Profile.SMOKE, p, null))
                .getMessage()
                .startsWith("THREADS must be from 1 to 10000"));
        p.setProperty("compare.THREADS", "lots");
        assertTrue(assertThrows(
                        IllegalArgumentException.class,
                        () -> TestSpec.of(Catalogue.get("ping"), Catalogue.Profile.SMOKE, p, null))
                .getMessage()
                .startsWith("THREADS must be a whole number"));
        assertThrows(IllegalArgumentException.class, () -> Catalogue.get("soak"));
        assertThrows(IllegalArgumentException.class, () -> Catalogue.Profile.parse("forever"));
        Properties q = new Properties();
        q.setProperty("compare.DURATION", "7");
        q.setProperty("compare.ramp-up.THREADS", "3000");
        q.setProperty("compare.ramp-up.repeats", "4");
        TestSpec rampUp = TestSpec.of(Catalogue.get("ramp-up"), Catalogue.Profile.QUICK, q, null);
        TestSpec ping = TestSpec.of(Catalogue.get("ping"), Catalogue.Profile.QUICK, q, null);
        assertEquals(3000, rampUp.offered());
        assertEquals(4, rampUp.repeats());
        assertEquals(7, ping.seconds());
        assertEquals(50, ping.offered(), "a per-test override stays with its test");
        assertEquals(3, ping.repeats(), "quick runs the CPU-bound tests three times");
        assertEquals(
                8 * 150,
                TestSpec.of(Catalogue.get("throughput"), Catalogue.Profile.FULL, new Properties(), null)
                        .seconds(),
                "the study held each level for 150 s");
    }
}
