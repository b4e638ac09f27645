package dev.vtlab.compare.judge;

import dev.vtlab.compare.settings.Catalogue;
import dev.vtlab.compare.settings.CompareSettings;
import dev.vtlab.compare.settings.TestSpec;
import dev.vtlab.compare.stats.Verdicts;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a comparison's runs per mode buy before any of them ran: at each spread between runs measured on the lab's
 * machine ({@link Catalogue#SPREADS_MEASURED_HERE}), the 95 % interval's half-width and the chance identical modes are
 * found equivalent ({@link Verdicts#design}); the report says afterwards what the runs reached.
 */
public final class Designs {

    /** The tests run {@code runsPerMode} times per mode, and what that buys at each spread. */
    public record Announced(int runsPerMode, List<String> tests, List<Verdicts.Design> designs) {}

    private Designs() {}

    /** Per number of runs per mode (2 or more: one run buys no interval), fewest first. */
    public static List<Announced> of(CompareSettings settings) {
        Map<Integer, List<String>> byRuns = new TreeMap<>();
        for (TestSpec s : settings.specs()) {
            byRuns.computeIfAbsent(s.repeats(), n -> new ArrayList<>()).add(s.name());
        }
        List<Announced> announced = new ArrayList<>();
        byRuns.forEach((n, tests) -> {
            if (n >= 2) {
                announced.add(new Announced(
                        n,
                        tests,
                        Catalogue.SPREADS_MEASURED_HERE.stream()
                                .map(spread -> Verdicts.design(n, spread, settings.margin()))
                                .toList()));
            }
        });
        return announced;
    }
}
