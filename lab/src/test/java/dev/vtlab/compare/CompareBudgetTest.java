package dev.vtlab.compare;

import static dev.vtlab.compare.Fixtures.assertMessage;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A budget that cannot hold the first stage stops the comparison up front, before the preflight touches anything. */
class CompareBudgetTest {

    @Test
    void aFirstStageTheBudgetCannotHoldIsRefusedBeforeAnythingStarts(@TempDir Path dir) {
        Properties p = new Properties();
        p.setProperty("compare.profile", "smoke");
        p.setProperty("compare.tests", "ping");
        p.setProperty("compare.precision", "10%");
        p.setProperty("compare.budget", "2m");
        p.setProperty("compare.repeats", "3");
        p.setProperty("compare.out", dir.resolve("report").toString());
        // the smoke ping: 3 runs per mode in 2 modes, each 3 s of load (no warm-up) + 20 s of restart: 138 s
        assertMessage(
                "compare.budget: 2 min cannot hold the first stage (6 runs, about 2.3 min); give at least 3m",
                "",
                () -> Compare.run(p, Fixtures.ROOT));
        assertFalse(Files.exists(dir.resolve("report")), "nothing was written");
        // the sizing pilot's budget bounds the pilot the same way: 12 runs of 60 s (ping) or 2 × 60 s (throughput)
        // levels, each with a warm-up of at most 90 s and 20 s of restart: 6 × 170 + 6 × 230 = 2400 s
        Properties s = new Properties();
        s.setProperty("compare.profile", "sizing");
        s.setProperty("compare.budget", "30m");
        s.setProperty("compare.out", dir.resolve("report").toString());
        assertMessage(
                "compare.budget: 30 min cannot hold the sizing pilot (12 runs, about 40 min); give at least 40m",
                "",
                () -> Compare.run(s, Fixtures.ROOT));
    }
}
