package dev.vtlab.compare.judge;

import dev.vtlab.compare.analyse.Headline;
import dev.vtlab.compare.analyse.RunResult;
import dev.vtlab.compare.settings.TestSpec;
import dev.vtlab.compare.stats.LogRatio;
import dev.vtlab.compare.stats.Ratios;
import dev.vtlab.compare.stats.Sequential;
import dev.vtlab.compare.stats.Sequential.Reading;
import dev.vtlab.compare.stats.Sequential.Spending;
import dev.vtlab.compare.stats.Verdict;
import dev.vtlab.compare.stats.Verdicts;
import dev.vtlab.dispatch.DispatchMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Each test's primary figure read as the sequential design reads it ({@link Sequential}): after the first {@link
 * #FIRST} rounds and then after every block of {@link #STEP} (an ABBA block: each mode once in each direction), up to
 * {@link #CAP} rounds, each mode against the baseline from the runs counted by then, by Welch's interval on the logs
 * as a fixed design reads it. The first look whose verdict is reached is where the test stops.
 *
 * <p>Looks fall on rounds run, not on runs kept: which runs count never moves a look. A run left out lowers that
 * look's information fraction, and with it how much of α the look spends.
 */
public final class Sequentials {

    /** The first look: after this many rounds (runs per mode). */
    public static final int FIRST = 4;

    /** Rounds between looks: an ABBA block. */
    public static final int STEP = 2;

    /** The last look: undecided there is the answer. */
    public static final int CAP = 10;

    /** O'Brien–Fleming type: at ten runs per mode the last look's interval stays near the fixed design's. */
    public static final Spending SPENDING = Spending.OBRIEN_FLEMING;

    /** One look: after {@code rounds} rounds, with the runs of each mode kept by then. */
    public record Look(int rounds, int modeRuns, int baselineRuns, double fraction, Reading reading) {}

    /**
     * A primary ratio's looks, up to the one that stopped or the last the runs allow.
     *
     * @param rounds the rounds the test ran
     */
    public record Row(
            String test, DispatchMode mode, DispatchMode baseline, Headline headline, int rounds, List<Look> looks) {

        /** Why there is no look, or "" when there is one. */
        public String noLook() {
            if (!looks.isEmpty()) {
                return "";
            }
            return rounds < FIRST
                    ? "no look: fewer than " + FIRST + " rounds"
                    : "no look: a mode had no run kept in its " + rounds + " rounds";
        }

        /** The look that stopped the test: a verdict reached or the cap; null when the runs end before either. */
        public Look stopped() {
            return looks.stream().filter(l -> l.reading().stops()).findFirst().orElse(null);
        }

        /** The last look read. */
        public Look last() {
            return looks.isEmpty() ? null : looks.get(looks.size() - 1);
        }
    }

    private Sequentials() {}

    /** Each test's first rounds: the first look's. */
    public static List<TestSpec> firstRounds(List<TestSpec> specs) {
        return specs.stream().map(s -> new TestSpec(s.test(), s.props(), FIRST)).toList();
    }

    /** The rounds at which the design looks: FIRST, FIRST + STEP, … up to CAP. */
    public static int[] lookRounds() {
        List<Integer> rounds = new ArrayList<>();
        for (int r = FIRST; r < CAP; r += STEP) {
            rounds.add(r);
        }
        rounds.add(CAP);
        return rounds.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Every test's primary ratios read at each look the comparison's rounds reach, up to where the design stops. */
    public static List<Row> of(Comparison comparison) {
        List<Row> rows = new ArrayList<>();
        DispatchMode baseline = comparison.baseline();
        for (String test : comparison.tests()) {
            Headline primary = comparison.primary(test);
            if (primary == null) {
                continue;
            }
            for (DispatchMode mode :
                    comparison.modes().subList(1, comparison.modes().size())) {
                rows.add(row(
                        comparison.runs(test), mode, baseline, primary, comparison.keepFlagged(), comparison.margin()));
            }
        }
        return rows;
    }

    /**
     * A primary ratio of one test read at each look its runs ({@code testRuns}, every mode's) reach, up to the look
     * that stops it; runs kept as {@link Comparison#valid} keeps them.
     */
    static Row row(
            List<RunResult> testRuns,
            DispatchMode mode,
            DispatchMode baseline,
            Headline primary,
            boolean keepFlagged,
            double margin) {
        String test = testRuns.isEmpty() ? "" : testRuns.get(0).test();
        int rounds =
                testRuns.stream().mapToInt(r -> r.record().repetition()).max().orElse(0);
        List<Look> looks = new ArrayList<>();
        List<Double> fractions = new ArrayList<>();
        for (int r : lookRounds()) {
            if (r > rounds) {
                break;
            }
            double[] m = values(testRuns, mode, primary, keepFlagged, r);
            double[] b = values(testRuns, baseline, primary, keepFlagged, r);
            double fraction = Sequential.fraction(m.length, b.length, CAP);
            if (fraction == 0) {
                continue; // no run kept in a mode yet: nothing to look at
            }
            LogRatio ratio = m.length < Comparison.MIN_VALID_RUNS || b.length < Comparison.MIN_VALID_RUNS
                    ? LogRatio.undetermined(
                            Double.NaN,
                            m.length,
                            b.length,
                            LogRatio.Pairing.UNPAIRED,
                            "fewer than " + Comparison.MIN_VALID_RUNS + " runs kept per mode")
                    : Ratios.unpaired(m, b, primary.metric().resolution);
            fractions.add(fraction);
            double[] t = fractions.stream().mapToDouble(Double::doubleValue).toArray();
            Reading reading = Sequential.read(t, r == CAP, ratio, margin, SPENDING);
            looks.add(new Look(r, m.length, b.length, fraction, reading));
            if (reading.stops()) {
                break;
            }
        }
        return new Row(test, mode, baseline, primary, rounds, looks);
    }

    /**
     * The verdict of a sequential comparison's primary ratio: the reading where it stopped, or at its last look (an
     * interrupted comparison); its interval is the 95 % repeated one, its equivalence interval the 90 % repeated one.
     * Null when no look was read.
     */
    static Verdicts.Judgement judgement(Row row, double margin) {
        Look at = row.stopped() != null ? row.stopped() : row.last();
        if (at == null) {
            return null;
        }
        Reading g = at.reading();
        LogRatio r = g.ratio();
        if (!r.determined()) {
            return Verdicts.judge(r, margin);
        }
        LogRatio repeated = new LogRatio(
                r.estimate(),
                g.difference().low(),
                g.difference().high(),
                r.pValue(),
                r.n1(),
                r.n2(),
                r.pairing(),
                r.logScale(),
                r.pivot(),
                r.logShiftDown(),
                r.logShiftUp(),
                r.why());
        boolean differs = g.difference().low() > 1 || g.difference().high() < 1;
        return new Verdicts.Judgement(g.verdict(), repeated, margin, g.equivalence(), differs);
    }

    /** What a sequential comparison's primary row says of its design, one sentence. */
    static String note(Row row) {
        Look stopped = row.stopped(), last = row.last();
        if (last == null) {
            return "the sequential design had " + row.noLook();
        }
        Look at = stopped != null ? stopped : last;
        String where = stopped == null
                ? last.reading().verdict().words() + " at its last look, after " + last.rounds() + " rounds (the"
                        + " comparison ended before the cap of " + CAP + ")"
                : stopped.reading().decided()
                        ? "stopped after " + stopped.rounds() + " rounds with its verdict reached"
                        : Verdict.UNDECIDED_AT_CAP.words() + " of " + CAP + " rounds";
        return String.format(
                Locale.ROOT,
                "sequential design (%s type, looks after %s rounds): %s; the intervals are repeated ones, read at"
                        + " %.1f %% and %.1f %%",
                SPENDING == Spending.OBRIEN_FLEMING ? "O'Brien–Fleming" : "Pocock",
                looksText(),
                where,
                100 * at.reading().differenceConfidence(),
                100 * at.reading().equivalenceConfidence());
    }

    /** The primary figure of a mode's runs kept among its first {@code rounds} rounds. */
    private static double[] values(
            List<RunResult> testRuns, DispatchMode mode, Headline primary, boolean keepFlagged, int rounds) {
        return Comparison.valid(
                        testRuns.stream()
                                .filter(r -> r.mode() == mode && r.record().repetition() <= rounds)
                                .toList(),
                        keepFlagged,
                        primary)
                .stream()
                .mapToDouble(r -> r.headlines().getOrDefault(primary, Double.NaN))
                .filter(v -> !Double.isNaN(v))
                .toArray();
    }

    /** The rounds at which the design looks, as text: "4, 6, 8, 10". */
    public static String looksText() {
        return String.join(
                ", ", Arrays.stream(lookRounds()).mapToObj(Integer::toString).toList());
    }
}
