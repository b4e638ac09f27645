package dev.vtlab.compare.settings;

import static dev.vtlab.compare.Fixtures.assertMessage;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.vtlab.compare.Fixtures;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** compare.precision and compare.budget: their syntax, each refusal in one line, and the budget's arithmetic. */
class PrecisionTest {

    /** Ping and banking unless told: two tests whose first stages differ, as these cases need. */
    private static CompareSettings parse(String... keyValues) {
        Properties p = new Properties();
        p.setProperty("compare.tests", "ping,throughput");
        for (int i = 0; i < keyValues.length; i += 2) {
            p.setProperty(keyValues[i], keyValues[i + 1]);
        }
        return CompareSettings.from(p, Fixtures.ROOT, "0-1", Fixtures.HOME);
    }

    @Test
    void aPrecisionIsAPercentageFromOneToFifty() {
        assertEquals(0.05, Precision.target("5%"), 1e-12);
        assertEquals(0.025, Precision.target("2.5%"), 1e-12);
        assertEquals(0.01, Precision.target("1%"), 1e-12);
        assertEquals(0.5, Precision.target("50%"), 1e-12);
        for (String bad : new String[] {"0.05", "5", "0.5%", "51%", "5 %", "-5%", "five%", "%"}) {
            assertMessage(
                    "compare.precision: a percentage from 1% to 50%, like 5% or 2.5%",
                    "not '" + bad + "'", () -> Precision.target(bad));
        }
    }

    @Test
    void aBudgetIsAWallTimeInSecondsMinutesOrHoursFromOneMinuteToADay() {
        assertEquals(90, Precision.budgetSeconds("90s"));
        assertEquals(1800, Precision.budgetSeconds("30m"));
        assertEquals(7200, Precision.budgetSeconds("2h"));
        assertEquals(86_400, Precision.budgetSeconds("24h"));
        assertEquals(60, Precision.budgetSeconds("1m"));
        for (String bad : new String[] {"30", "59s", "25h", "1.5h", "30 m", "30min", "0m", ""}) {
            assertMessage(
                    "compare.budget: a wall time from 1m to 24h in whole s, m or h, like 90s, 30m or 2h",
                    "not '" + bad + "'",
                    () -> Precision.budgetSeconds(bad));
        }
    }

    @Test
    void precisionAndBudgetComeTogetherAndNeedAFirstStageOfThreeRunsPerMode() {
        assertNull(parse().precision(), "neither: the profile's repetitions alone");
        Precision p = parse("compare.precision", "5%", "compare.budget", "30m").precision();
        assertEquals(new Precision(0.05, 1800), p);
        assertMessage(
                "compare.precision needs compare.budget, the wall time the comparison may take",
                "",
                () -> parse("compare.precision", "5%"));
        assertMessage(
                "compare.budget bounds a comparison to a fixed precision: give compare.precision too",
                "",
                () -> parse("compare.budget", "30m"));
        assertMessage(
                "compare.precision: the first stage needs at least 3 runs per mode; ping has 2",
                "compare.ping.repeats",
                () -> parse("compare.precision", "5%", "compare.budget", "30m", "compare.ping.repeats", "2"));
        assertMessage(
                "compare.precision: the first stage needs at least 3 runs per mode; ping has 1",
                "",
                () -> parse("compare.precision", "5%", "compare.budget", "30m", "compare.repeats", "1"));
        assertEquals(
                1,
                parse(
                                "compare.profile",
                                "smoke",
                                "compare.precision",
                                "5%",
                                "compare.budget",
                                "30m",
                                "compare.repeats",
                                "1")
                        .specs()
                        .get(0)
                        .repeats(),
                "but the smoke profile's, which only checks the pipeline");
    }

    @Test
    void maxRepeatsBoundsAPlanFromTheFirstStageToFiftyRunsAndNeedsAPrecision() {
        assertEquals(
                new Precision(0.05, 1800, 8),
                parse("compare.precision", "5%", "compare.budget", "30m", "compare.maxRepeats", "8")
                        .precision());
        assertEquals(
                50,
                parse("compare.precision", "5%", "compare.budget", "30m")
                        .precision()
                        .maxRuns());
        for (String bad : new String[] {"2", "51", "x"}) {
            assertMessage(
                    "compare.maxRepeats",
                    "",
                    () -> parse("compare.precision", "5%", "compare.budget", "30m", "compare.maxRepeats", bad));
        }
        assertMessage(
                "compare.maxRepeats: 4 runs per mode is fewer than the first stage's 5 of ping",
                "",
                () -> parse("compare.precision", "5%", "compare.budget", "30m", "compare.maxRepeats", "4"));
        assertMessage(
                "compare.maxRepeats bounds the second stage of a comparison to a fixed precision: give"
                        + " compare.precision and compare.budget too",
                "",
                () -> parse("compare.maxRepeats", "8"));
        assertMessage(
                "compare.maxRepeats bounds the second stage",
                "another profile than sizing",
                () -> parse("compare.profile", "sizing", "compare.maxRepeats", "8"));
    }

    /** c for 3 + 3 runs is 6.54, for 5 + 5 3.94 (Chapman's table): the target needs 2.8 times fewer runs. */
    @Test
    void theFirstStageIsFiveRunsPerModeUnlessTheRepetitionsAreGiven() {
        CompareSettings quick = parse("compare.precision", "5%", "compare.budget", "2h");
        assertEquals(
                List.of(5, 5), quick.specs().stream().map(TestSpec::repeats).toList(), "the quick profile's 3");
        CompareSettings smoke = parse(
                "compare.profile",
                "smoke",
                "compare.tests",
                "ping,throughput,throughput-open,ramp-up",
                "compare.precision",
                "5%",
                "compare.budget",
                "2h");
        assertEquals(
                List.of(3, 1, 1, 1),
                smoke.specs().stream().map(TestSpec::repeats).toList(),
                "the smoke profile's own: it checks the pipeline, and a test of 1 run gets no second stage");
        CompareSettings given = parse(
                "compare.precision", "5%", "compare.budget", "2h", "compare.repeats", "3", "compare.ping.repeats", "4");
        assertEquals(
                List.of(4, 3), given.specs().stream().map(TestSpec::repeats).toList(), "as asked, per test first");
        assertEquals(
                List.of(3, 3),
                parse().specs().stream().map(TestSpec::repeats).toList(),
                "without compare.precision the profile's own");
        assertEquals(
                3, parse("compare.profile", "sizing").specs().get(0).repeats(), "the sizing pilot's runs are its own");
    }

    @Test
    void theSizingPilotAimsAtHalfTheMarginUnlessToldAndNeedsNoBudget() {
        CompareSettings s = parse("compare.profile", "sizing");
        assertEquals(new Precision(0.025, null), s.precision(), "half the default ±5 % margin");
        assertEquals(
                new Precision(0.05, null),
                parse("compare.profile", "sizing", "compare.margin", "10").precision(),
                "half a ±10 % margin");
        assertEquals(
                Catalogue.SIZING_LEVEL_SECONDS,
                Integer.parseInt(s.specs().get(0).props().get("DURATION")));
        assertEquals(
                Catalogue.SIZING_LEVEL_SECONDS,
                Integer.parseInt(s.specs().get(1).props().get("STEP_DURATION")));
        assertEquals(3, s.specs().get(0).repeats());
        assertEquals(
                new Precision(0.02, 3600),
                parse("compare.profile", "sizing", "compare.precision", "2%", "compare.budget", "1h")
                        .precision());
        assertMessage(
                "compare.profile=sizing: the pilot needs at least 3 runs per mode; ping has 1",
                "",
                () -> parse("compare.profile", "sizing", "compare.repeats", "1"));
    }

    @Test
    void aBudgetThatCannotHoldTheFirstStageIsRefusedNamingWhatItWouldTake() {
        // 6 runs of the smoke ping: 6 × (3 s of load + 20 s of restart) = 138 s, about 2.3 min
        Precision p = new Precision(0.05, 120);
        assertMessage(
                "compare.budget: 2 min cannot hold the first stage (6 runs, about 2.3 min); give at least 3m",
                "",
                () -> p.checkFits(138, 6, "the first stage"));
        p.checkFits(120, 6, "the first stage"); // exactly fits
        new Precision(0.05, null).checkFits(100_000, 12, "the sizing pilot"); // no budget: nothing to hold
    }

    @Test
    void theSecondStageGetsWhatTheRemainingBudgetAffordsSharedInProportionToEachTestsNeed() {
        // two tests want 10 and 4 more runs per mode, at 30 s and 60 s a run, in 2 modes:
        // 10·2·30 + 4·2·60 = 600 + 480 = 1080 s
        int[] wanted = {10, 4};
        double[] perRun = {30, 60};
        assertArrayEquals(new int[] {10, 4}, Precision.affordable(wanted, perRun, 2, 1080), "it all fits");
        assertArrayEquals(new int[] {10, 4}, Precision.affordable(wanted, perRun, 2, 5000));
        // 540 s left: half of each need, 5 and 2 (5·2·30 + 2·2·60 = 540 s)
        assertArrayEquals(new int[] {5, 2}, Precision.affordable(wanted, perRun, 2, 540));
        // 500 s left: 500/1080 = 0.463 of each need, rounded down: 4.63 → 4, 1.85 → 1 (360 s)
        assertArrayEquals(new int[] {4, 1}, Precision.affordable(wanted, perRun, 2, 500));
        // the first stage overran the budget: nothing more
        assertArrayEquals(new int[] {0, 0}, Precision.affordable(wanted, perRun, 2, -30));
        assertArrayEquals(new int[] {0, 0}, Precision.affordable(new int[] {0, 0}, perRun, 2, 100));
    }
}
