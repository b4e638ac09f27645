package dev.vtlab.compare.judge;

import dev.vtlab.compare.analyse.Headline;
import dev.vtlab.compare.analyse.RunResult;
import dev.vtlab.dispatch.DispatchMode;
import java.util.ArrayList;
import java.util.List;

/**
 * Which tests need a round more to replace runs the method left out: a test whose modes do not all have as many runs
 * counted for its primary figure as the repetitions asked. Only a flag about the setup leaves a run out (errors, the
 * load generator, a busy machine, the CPUs' speed: {@code Flag.Kind}), never one read from
 * the figure's own series, so a replacement restores the number of runs a verdict rests on without choosing among
 * outcomes; the left-out runs stay in the report with their reasons.
 */
public final class Replacements {

    private Replacements() {}

    /**
     * One test's shortfall: the fewest counted runs of its primary figure among the modes, against the repetitions
     * asked; {@code why} names the modes short of them.
     */
    public record Shortfall(String test, int fewest, int wanted, String why) {
        public boolean isShort() {
            return fewest < wanted;
        }
    }

    /**
     * Each test's shortfall after {@code runs}; {@code wanted}: the repetitions asked per test, in the tests' order.
     */
    public static List<Shortfall> of(
            List<String> tests,
            List<Integer> wanted,
            List<DispatchMode> modes,
            List<RunResult> runs,
            boolean keepFlagged,
            String userTest) {
        List<Shortfall> out = new ArrayList<>();
        for (int t = 0; t < tests.size(); t++) {
            String test = tests.get(t);
            List<RunResult> mine =
                    runs.stream().filter(r -> r.test().equals(test)).toList();
            Headline primary = Comparison.primaryOf(test, mine, userTest);
            int fewest = Integer.MAX_VALUE;
            List<String> lacking = new ArrayList<>();
            for (DispatchMode mode : modes) {
                int counted = Comparison.valid(
                                mine.stream().filter(r -> r.mode() == mode).toList(), keepFlagged, primary)
                        .size();
                fewest = Math.min(fewest, counted);
                if (counted < wanted.get(t)) {
                    lacking.add(mode.label() + " " + counted);
                }
            }
            out.add(new Shortfall(
                    test,
                    fewest,
                    wanted.get(t),
                    lacking.isEmpty() ? "" : String.join(", ", lacking) + " of " + wanted.get(t) + " runs counted"));
        }
        return out;
    }
}
