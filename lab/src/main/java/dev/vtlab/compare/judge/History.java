package dev.vtlab.compare.judge;

import dev.vtlab.compare.analyse.Headline;
import dev.vtlab.compare.raw.Environment;
import dev.vtlab.compare.raw.HistoryRecord;
import dev.vtlab.compare.stats.BetweenComparisons;
import dev.vtlab.compare.stats.Verdict;
import dev.vtlab.dispatch.DispatchMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Today's comparison beside the past comparisons of its configuration: per test and mode, the primary figure's
 * between-comparisons component (do separate invocations differ by more than their runs do?), and for each mode
 * against the baseline each past ratio with its interval and whether it overlaps today's.
 */
public final class History {

    /** A past comparison's ratio, beside today's; {@code overlapsToday} null when either interval has no ends. */
    public record Past(
            Instant at,
            double calibration,
            double ratio,
            double low,
            double high,
            String verdict,
            Boolean overlapsToday) {}

    /**
     * One test and mode.
     *
     * @param metric the primary figure's key
     * @param component over the past comparisons and today's, from their run means
     * @param past each past comparison's ratio to the baseline, oldest first (empty for the baseline itself)
     */
    public record Row(
            String test,
            DispatchMode mode,
            String metric,
            BetweenComparisons.Component component,
            List<Past> past,
            Comparison.RatioRow today) {}

    private History() {}

    static List<Row> of(Comparison c, List<HistoryRecord> records) {
        List<Row> rows = new ArrayList<>();
        if (records.isEmpty()) {
            return rows;
        }
        for (String test : c.tests()) {
            Headline primary = c.primary(test);
            if (primary == null) {
                continue;
            }
            for (DispatchMode mode : c.modes()) {
                List<double[]> means = new ArrayList<>();
                List<Past> past = new ArrayList<>();
                Comparison.RatioRow today = c.ratio(test, mode, primary);
                for (HistoryRecord r : records) {
                    for (HistoryRecord.Figure f : r.figures()) {
                        if (f.test().equals(test)
                                && f.mode() == mode
                                && f.metric().equals(primary.key())) {
                            means.add(f.runMeans());
                            if (f.baseline() == c.baseline() && today != null) {
                                past.add(new Past(
                                        r.at(),
                                        r.calibration(),
                                        f.ratio(),
                                        f.low(),
                                        f.high(),
                                        words(f, c.margin()),
                                        overlaps(
                                                f.low(),
                                                f.high(),
                                                today.ratio().low(),
                                                today.ratio().high())));
                            }
                        }
                    }
                }
                if (means.isEmpty()) {
                    continue;
                }
                means.add(runMeans(c, test, mode, primary));
                rows.add(new Row(test, mode, primary.key(), BetweenComparisons.estimate(means), past, today));
            }
        }
        return rows;
    }

    /**
     * A past figure's verdict in the glossary's words: a record written before them held "higher" for either side of
     * the margin, read again from its interval at this configuration's margin.
     */
    private static String words(HistoryRecord.Figure f, double margin) {
        Verdict v = f.verdict().isEmpty() ? null : Verdict.read(f.verdict(), f.low(), f.high(), margin);
        return v == null ? f.verdict() : v.words();
    }

    /** Today's record for the history: per test and mode the primary figure's run means and ratio. */
    public static HistoryRecord record(Comparison c, String configuration, Instant at) {
        Environment env = c.environment();
        List<HistoryRecord.Figure> figures = new ArrayList<>();
        for (String test : c.tests()) {
            Headline primary = c.primary(test);
            if (primary == null) {
                continue;
            }
            for (DispatchMode mode : c.modes()) {
                Comparison.RatioRow r = c.ratio(test, mode, primary);
                figures.add(new HistoryRecord.Figure(
                        test,
                        primary.key(),
                        mode,
                        runMeans(c, test, mode, primary),
                        r == null ? null : r.baseline(),
                        r == null ? Double.NaN : r.ratio().estimate(),
                        r == null ? Double.NaN : r.ratio().low(),
                        r == null ? Double.NaN : r.ratio().high(),
                        r == null ? "" : r.verdict().verdict().words()));
            }
        }
        return new HistoryRecord(
                configuration,
                at,
                calibration(c),
                env.get(Environment.KERNEL, ""),
                env.get(Environment.JDK, ""),
                figures);
    }

    /** The host's speed over the comparison: the mean of its runs' calibrations (work units per second). */
    public static double calibration(Comparison c) {
        return c.runs().stream()
                .mapToDouble(r -> r.record().calibration())
                .average()
                .orElse(Double.NaN);
    }

    /** The valid runs' values of a headline, in the order they ran (a run without it: NaN). */
    private static double[] runMeans(Comparison c, String test, DispatchMode mode, Headline headline) {
        return c.validRuns(test, mode, headline).stream()
                .mapToDouble(r -> r.headlines().getOrDefault(headline, Double.NaN))
                .toArray();
    }

    /** Whether two intervals share a point; null when either has no ends. */
    static Boolean overlaps(double low1, double high1, double low2, double high2) {
        if (Arrays.stream(new double[] {low1, high1, low2, high2}).anyMatch(Double::isNaN)) {
            return null;
        }
        return low1 <= high2 && low2 <= high1;
    }
}
