package dev.vtlab.compare.report;

import static dev.vtlab.compare.raw.JsonNumbers.num;

import dev.vtlab.compare.judge.Comparison;
import dev.vtlab.compare.judge.Sequentials;
import dev.vtlab.compare.judge.Sequentials.Look;
import dev.vtlab.compare.stats.Sequential.Reading;
import dev.vtlab.compare.stats.Verdict;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * What the sequential design reads in a comparison's primary ratios ({@link Sequentials}): where it stops and with
 * which verdict, beside the fixed design's, in every format.
 */
public final class SequentialReport {

    private SequentialReport() {}

    /**
     * One sentence: "lower beyond the margin after 4 rounds (95 % repeated CI 0.702–0.911); the fixed design: lower
     * beyond the margin", or "inconclusive at the last look, after 4 of the 5 rounds run, before the cap (…)", or
     * "undecided at the cap after 10 rounds (…)".
     */
    static String text(Sequentials.Row row, Comparison c) {
        Look stopped = row.stopped(), last = row.last();
        // in a sequential comparison the primary row is the design's own reading
        String fixed = c.sequentialDesign()
                ? ""
                : "; the fixed design: "
                        + word(c.ratio(row.test(), row.mode(), row.headline())
                                .verdict()
                                .verdict());
        if (last == null) {
            return row.noLook() + fixed;
        }
        if (stopped == null) {
            return String.format(
                    Locale.ROOT,
                    "%s at the last look, after %d of the %d rounds run, before the cap (%s)%s",
                    word(last.reading().verdict()),
                    last.rounds(),
                    row.rounds(),
                    interval(last.reading()),
                    fixed);
        }
        return String.format(
                Locale.ROOT,
                "%s after %d rounds (%s)%s",
                stopped.reading().decided() ? word(stopped.reading().verdict()) : word(Verdict.UNDECIDED_AT_CAP),
                stopped.rounds(),
                interval(stopped.reading()),
                fixed);
    }

    private static String interval(Reading r) {
        if (r.verdict() == Verdict.UNDETERMINED) {
            return r.ratio().why();
        }
        return r.verdict() == Verdict.EQUIVALENT
                ? String.format(
                        Locale.ROOT,
                        "90 %% repeated CI %.3f–%.3f",
                        r.equivalence().low(),
                        r.equivalence().high())
                : String.format(
                        Locale.ROOT,
                        "95 %% repeated CI %.3f–%.3f",
                        r.difference().low(),
                        r.difference().high());
    }

    private static String word(Verdict v) {
        return v.words();
    }

    static void console(Comparison c, PrintStream out) {
        c.sequential().forEach(r -> out.println("[compare] " + line(r, c)));
    }

    /** What the design read so far in one test, a line per mode: the progress of a sequential comparison. */
    public static List<String> lines(Comparison c, String test) {
        return c.sequential().stream()
                .filter(r -> r.test().equals(test))
                .map(r -> line(r, c))
                .toList();
    }

    private static String line(Sequentials.Row r, Comparison c) {
        return String.format(
                Locale.ROOT, "%-16s sequential, %s: %s", r.test(), r.mode().label(), text(r, c));
    }

    /** {@code sequential}: the design and, per primary ratio, each look read and where it stopped. */
    static void json(JsonObjectBuilder root, Comparison c) {
        JsonArrayBuilder rows = Json.createArrayBuilder();
        for (Sequentials.Row r : c.sequential()) {
            JsonArrayBuilder looks = Json.createArrayBuilder();
            for (Look l : r.looks()) {
                Reading g = l.reading();
                looks.add(Json.createObjectBuilder()
                        .add("rounds", l.rounds())
                        .add("runs_used", l.modeRuns())
                        .add("baseline_runs_used", l.baselineRuns())
                        .add("information_fraction", num(l.fraction()))
                        .add("verdict", word(g.verdict()))
                        .add("repeated_ci_low", num(g.difference().low()))
                        .add("repeated_ci_high", num(g.difference().high()))
                        .add("nominal_confidence", num(g.differenceConfidence()))
                        .add("equivalence_ci_low", num(g.equivalence().low()))
                        .add("equivalence_ci_high", num(g.equivalence().high()))
                        .add("equivalence_nominal_confidence", num(g.equivalenceConfidence())));
            }
            Look stopped = r.stopped();
            rows.add(Json.createObjectBuilder()
                    .add("test", r.test())
                    .add("mode", r.mode().label())
                    .add("baseline", r.baseline().label())
                    .add("metric", r.headline().key())
                    .add("stopped_after_rounds", stopped == null ? JsonValue.NULL : Json.createValue(stopped.rounds()))
                    .add(
                            "verdict",
                            stopped == null
                                    ? "not_decided"
                                    : stopped.reading().decided()
                                            ? word(stopped.reading().verdict())
                                            : word(Verdict.UNDECIDED_AT_CAP))
                    .add("text", text(r, c))
                    .add("looks", looks));
        }
        root.add(
                "sequential",
                Json.createObjectBuilder()
                        .add("spending", Sequentials.SPENDING.name().toLowerCase(Locale.ROOT))
                        .add("look_rounds", Sequentials.looksText())
                        .add("rows", rows));
    }
}
