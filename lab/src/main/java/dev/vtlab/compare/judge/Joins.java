package dev.vtlab.compare.judge;

import dev.vtlab.compare.raw.SummaryFiles;
import dev.vtlab.compare.stats.MetaAnalysis;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Comparisons of the same question joined figure by figure: every ratio (mode ÷ reference, on one test's figure)
 * that at least two of them measured, as one ratio with the spread between comparisons ({@link MetaAnalysis}).
 *
 * @param sources the comparisons, in the order given
 * @param rows one per figure two or more comparisons measured, and one per primary figure only one did; primary
 *     figures first
 */
public record Joins(List<SummaryFiles.Summary> sources, List<Row> rows) {

    /** Which ratio: a test's figure, mode ÷ reference. */
    public record Key(String test, String metric, String mode, String reference) {}

    /** One comparison's ratio in a row: {@code source} indexes {@link #sources}. */
    public record Part(int source, SummaryFiles.Ratio ratio) {}

    /** A joined figure, or why it is not ({@code joined} null, {@code why} says). */
    public record Row(Key key, boolean primary, List<Part> parts, MetaAnalysis.Joined joined, String why) {}

    public Joins {
        sources = List.copyOf(sources);
        rows = List.copyOf(rows);
    }

    public static Joins of(List<SummaryFiles.Summary> sources) {
        Map<Key, List<Part>> byKey = new LinkedHashMap<>();
        for (int i = 0; i < sources.size(); i++) {
            for (SummaryFiles.Ratio r : sources.get(i).ratios()) {
                byKey.computeIfAbsent(new Key(r.test(), r.metric(), r.mode(), r.reference()), k -> new ArrayList<>())
                        .add(new Part(i, r));
            }
        }
        List<Row> rows = new ArrayList<>();
        byKey.forEach((key, parts) -> {
            if (parts.size() >= 2) {
                rows.add(row(key, parts));
            } else if (parts.get(0).ratio().primary()) {
                // a question one comparison answered: shown beside the others, with nothing to join
                rows.add(new Row(key, true, parts, null, "measured by one comparison"));
            }
        });
        rows.sort(Comparator.comparing((Row r) -> !r.primary()));
        return new Joins(sources, rows);
    }

    private static Row row(Key key, List<Part> parts) {
        boolean primary = parts.stream().anyMatch(p -> p.ratio().primary());
        for (Part p : parts) {
            SummaryFiles.Ratio r = p.ratio();
            if (!(r.ratio() > 0) || !(r.logSe() > 0)) {
                return new Row(
                        key,
                        primary,
                        parts,
                        null,
                        "comparison " + (p.source() + 1) + " has no interval for it"
                                // an interval without its standard error: written before summaries carried it
                                + (Double.isNaN(r.logSe()) && r.low() > 0 && r.high() > 0
                                        ? " (its summary predates log_se: analyse it again with -Dcompare.reanalyse)"
                                        : " (" + r.verdict() + ")"));
            }
        }
        double[] y =
                parts.stream().mapToDouble(p -> Math.log(p.ratio().ratio())).toArray();
        double[] s = parts.stream().mapToDouble(p -> p.ratio().logSe()).toArray();
        return new Row(key, primary, parts, MetaAnalysis.join(y, s), "");
    }
}
