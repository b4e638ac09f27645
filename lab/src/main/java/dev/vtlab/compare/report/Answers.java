package dev.vtlab.compare.report;

import dev.vtlab.compare.analyse.Flag;
import dev.vtlab.compare.analyse.Headline;
import dev.vtlab.compare.analyse.RunResult;
import dev.vtlab.compare.judge.Comparison;
import dev.vtlab.compare.raw.Environment;
import dev.vtlab.compare.stats.LogRatio;
import dev.vtlab.compare.stats.Verdict;
import dev.vtlab.compare.stats.Verdicts;
import dev.vtlab.dispatch.DispatchMode;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The answer in plain words, which the report opens with and the console ends with: per test and mode one
 * sentence from the primary figure's verdict (machine, figure, interval, runs), and which runs are doubtful.
 */
final class Answers {

    /** One sentence of the answer: a test, a mode against the baseline, on the primary figure. */
    record Answer(String test, DispatchMode mode, Headline headline, Comparison.RatioRow ratio, String text) {}

    private Answers() {}

    static List<Answer> of(Comparison c) {
        List<Answer> answers = new ArrayList<>();
        for (String test : c.tests()) {
            Headline primary = c.primary(test);
            if (primary == null) {
                continue;
            }
            for (DispatchMode mode : c.modes().subList(1, c.modes().size())) {
                Comparison.RatioRow r = c.ratio(test, mode, primary);
                answers.add(new Answer(test, mode, primary, r, sentence(c, test, primary, r)));
            }
        }
        return answers;
    }

    /** "2 of 12 runs are flagged: load-generator bound (2)." or that none is. */
    static String flags(Comparison c) {
        long flagged = c.runs().stream().filter(r -> !r.flags().isEmpty()).count();
        if (flagged == 0) {
            return "No run is flagged: errors under " + RunResult.ERROR_LIMIT_PCT
                    + " %, the load generator and the machine had room, every level settled within its bound.";
        }
        Map<Flag, Long> counts = new EnumMap<>(Flag.class);
        c.tests().forEach(t -> c.flagged(t).forEach((f, n) -> counts.merge(f, n, Long::sum)));
        return flagged + " of " + c.runs().size() + " runs " + (flagged == 1 ? "is" : "are") + " flagged: "
                + counts.entrySet().stream()
                        .map(e -> e.getKey().text() + " (" + e.getValue() + ")")
                        .collect(Collectors.joining(", "))
                + (c.keepFlagged()
                        ? ". They are kept in the verdicts (compare.keepFlagged): read the runs table before you trust"
                                + " them."
                        : ". A flag about the setup (errors, the load generator, the machine, the CPUs' speed) leaves"
                                + " the run out of the verdicts it concerns (a level's flag: that level's figures; the"
                                + " run's: all of them); a flag about the outcome never does, and the verdict says what"
                                + " it would read without such runs; the runs table says why.");
    }

    private static String sentence(Comparison c, String test, Headline h, Comparison.RatioRow r) {
        Environment env = c.environment();
        int serverCpus = env.serverCpuCount();
        String where = String.format(
                Locale.ROOT,
                "%s%s, on %s (%s), JDK %s: ",
                test,
                level(c, test, h).map(l -> " at " + l).orElse(""),
                serverCpus == 0 ? "the server's CPUs" : serverCpus + " server CPU" + (serverCpus == 1 ? "" : "s"),
                env.get(Environment.CPU_MODEL, "?"),
                env.get(Environment.JDK, "?"));
        String runs = runs(r);
        LogRatio ratio = r.ratio();
        Verdicts.Judgement v = r.verdict();
        String mode = r.mode().label(), base = r.baseline().label(), figure = h.metric().words;
        if (r.restsOnFlaggedRuns() && v.verdict() != Verdict.UNDETERMINED) {
            return where
                    + String.format(
                            Locale.ROOT,
                            "%s's %s was %.3f of %s's (95 %% CI %.3f–%.3f; %s), but not a result: %s.",
                            mode,
                            figure,
                            ratio.estimate(),
                            base,
                            ratio.low(),
                            ratio.high(),
                            runs,
                            r.noResult());
        }
        return where
                + verdictSentence(r, h)
                + (r.dependsOnWhichRunsAreKept()
                        ? " It depends on which runs are kept: on every run that finished it reads "
                                + r.allRuns().text() + "."
                        : "")
                + (r.leftOutUnevenly()
                        ? " The modes' runs were left out at different rates: " + r.exclusionCounts() + "."
                        : "")
                + (r.dependsOnFlaggedRuns()
                        ? " It depends on which runs are kept: without the runs flagged for their outcome it reads "
                                + r.unflagged().text() + "."
                        : "");
    }

    private static String verdictSentence(Comparison.RatioRow r, Headline h) {
        String runs = runs(r);
        LogRatio ratio = r.ratio();
        Verdicts.Judgement v = r.verdict();
        String mode = r.mode().label(), base = r.baseline().label(), figure = h.metric().words;
        return switch (v.verdict()) {
            case HIGHER_BEYOND_MARGIN, HIGHER_WITHIN_MARGIN, LOWER_WITHIN_MARGIN, LOWER_BEYOND_MARGIN ->
                String.format(
                        Locale.ROOT,
                        "%s's %s was %.1f %% %s than %s's (95 %% CI %.1f–%.1f %%; %s): %s%s.",
                        mode,
                        figure,
                        100 * Math.abs(ratio.estimate() - 1),
                        ratio.estimate() > 1 ? "higher" : "lower",
                        base,
                        100 * Math.min(Math.abs(ratio.low() - 1), Math.abs(ratio.high() - 1)),
                        100 * Math.max(Math.abs(ratio.low() - 1), Math.abs(ratio.high() - 1)),
                        runs,
                        v.verdict().words(),
                        r.judgement().isEmpty() ? "" : ", so " + r.judgement());
            case EQUIVALENT ->
                String.format(
                        Locale.ROOT,
                        "%s and %s are equivalent in %s within ±%.0f %% (90 %% CI of the ratio %+.1f %% … %+.1f %%;"
                                + " %s).",
                        mode,
                        base,
                        figure,
                        100 * v.margin(),
                        100 * (v.equivalence().low() - 1),
                        100 * (v.equivalence().high() - 1),
                        runs);
            case INCONCLUSIVE ->
                String.format(
                        Locale.ROOT,
                        "%s against %s in %s is inconclusive: its interval (%+.1f %% … %+.1f %%; %s) is wider"
                                + " than the ±%.0f %% margin, so neither a difference nor equivalence is shown;"
                                + " more runs would tell.",
                        mode,
                        base,
                        figure,
                        100 * (ratio.low() - 1),
                        100 * (ratio.high() - 1),
                        runs,
                        100 * v.margin());
            case UNDECIDED_AT_CAP ->
                String.format(
                        Locale.ROOT,
                        "%s against %s in %s is undecided at the cap: its interval (%+.1f %% … %+.1f %%; %s) shows"
                                + " neither a difference nor equivalence within ±%.0f %% after the most rounds the"
                                + " design runs.",
                        mode,
                        base,
                        figure,
                        100 * (ratio.low() - 1),
                        100 * (ratio.high() - 1),
                        runs,
                        100 * v.margin());
            case UNDETERMINED ->
                mode + " against " + base + " in " + figure + " is undetermined: " + ratio.why() + " (" + runs + ").";
        };
    }

    /** The figure's level, or a one-level test's only one: what load the sentence speaks of ("50 users at 2500/s"). */
    private static Optional<String> level(Comparison c, String test, Headline h) {
        if (h.level() != null) {
            return Optional.of(h.level());
        }
        return c.runs(test).stream()
                .findFirst()
                .filter(r -> r.levels().size() == 1)
                .map(r -> r.levels().get(0).name());
    }

    /** The runs the verdict rests on, and how many more the method left out: "3 runs per mode, 4 more left out". */
    private static String runs(Comparison.RatioRow r) {
        int n = r.modeRuns().used(), b = r.baselineRuns().used();
        int out = r.modeRuns().leftOut() + r.baselineRuns().leftOut();
        String counted = n == b ? n + " run" + (n == 1 ? "" : "s") + " per mode" : n + " and " + b + " runs";
        return out == 0 ? counted : counted + ", " + out + " more left out";
    }
}
