package dev.vtlab.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vtlab.compare.Fixtures;
import dev.vtlab.compare.judge.Designs;
import dev.vtlab.compare.settings.CompareSettings;
import dev.vtlab.compare.settings.Schedule;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The console's announcement of what a design buys, against figures worked out by hand. */
class ConsoleProgressTest {

    private static String buys(String... keyValues) {
        Properties p = new Properties();
        for (int i = 0; i < keyValues.length; i += 2) {
            p.setProperty(keyValues[i], keyValues[i + 1]);
        }
        CompareSettings settings = CompareSettings.from(p, Fixtures.ROOT, "0-1", Fixtures.HOME);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ConsoleProgress.buys(
                Designs.of(settings), settings.margin(), new PrintStream(out, true, StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theAnnouncedTimeSaysAWarmUpHasTwoPhasesEachCapped() {
        CompareSettings quick = CompareSettings.from(new Properties(), Fixtures.ROOT, "0-1", Fixtures.HOME);
        var slots = Schedule.of(quick.specs(), quick.modes(), quick.order(), 1, 0);
        // by hand: 6 runs of banking's two 20-s levels, a 90-s warm-up and a 20-s restart each: 900 s; each run's
        // second warm-up phase at its 90-s cap as well: 900 + 6 × 90 = 1 440 s
        assertEquals(
                "about 15 min with every warm-up 90 s long, at most 24 min with both its phases at their caps",
                ConsoleProgress.expectedTime(quick, slots, 900));
        Properties cold = new Properties();
        cold.setProperty("compare.warmupSeconds", "0");
        CompareSettings unwarmed = CompareSettings.from(cold, Fixtures.ROOT, "0-1", Fixtures.HOME);
        // no warm-up: 6 runs of 40 s of load and a 20-s restart, 360 s, and nothing more to say
        assertEquals(
                "about 6 min",
                ConsoleProgress.expectedTime(
                        unwarmed, Schedule.of(unwarmed.specs(), unwarmed.modes(), unwarmed.order(), 1, 0), 360));
    }

    @Test
    void theQuickProfileSaysWhatItsThreeRunsPerModeReach() {
        // by hand, Welch's interval of 3 runs a mode on 4 degrees of freedom: t(0.975, 4) = 2.776 (a t table),
        // exp(2.776 · σ · √(2/3)) − 1 = 7 % at σ 3 %, 17 % at σ 7 %; identical modes equivalent within ±5 % 20 % and
        // 1 % of the time (EquivalenceChanceTest simulates the 3-run design at σ 3 %: 0.16 of 4 000 comparisons,
        // read 0.20: the reading runs a few points high where the runs are few)
        assertEquals(
                "[compare] what 3 runs per mode buy (throughput): at a spread between runs of 3 % and 7 % (this"
                        + " lab's machine, least and most) a 95 % interval of about ±7 % and ±17 %, and identical modes"
                        + " found equivalent within ±5 % 20 % and 1 % of the time; the report says what the runs"
                        + " reached\n",
                buys("compare.profile", "quick"));
    }

    @Test
    void aSingleRunPerModeBuysNoInterval() {
        assertEquals("", buys("compare.profile", "quick", "compare.repeats", "1"));
    }
}
