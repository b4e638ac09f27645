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
 * that at least two of them measured, as one ratio with the spread between comparisons ({@link MetaAnalysis}), and
 * how well these comparisons' own standard errors would detect a spread of {@link #POWER_TAUS}: a τ of 0 read beside
 * a power of 20 % says little.
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

    /**
     * A joined figure, or why it is not ({@code joined} null, {@code why} says); {@code power} the join's chance to
     * detect each of {@link #POWER_TAUS}, empty where nothing was joined.
     */
    public record Row(
            Key key,
            boolean primary,
            List<Part> parts,
            MetaAnalysis.Joined joined,
            List<MetaAnalysis.Detection> power,
            String why) {
        public Row {
            power = List.copyOf(power);
        }
    }

    /** The spreads between comparisons, log scale, whose detection a join reports: 2, 3 and 4 %. */
    public static final List<Double> POWER_TAUS = List.of(0.02, 0.03, 0.04);

    /**
     * Simulated joins per spread: the power's standard error is at most 0.5 / √20 000 = 0.0035, below the whole
     * percent the reports print.
     */
    public static final int POWER_TRIALS = 20_000;

    /** Fixed, so a join of the same summaries reads the same power every time. */
    public static final long POWER_SEED = 20261202L;

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
                rows.add(new Row(key, true, parts, null, List.of(), "measured by one comparison"));
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
                        List.of(),
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
        List<MetaAnalysis.Detection> power = POWER_TAUS.stream()
                .map(tau -> MetaAnalysis.detection(s, tau, POWER_TRIALS, POWER_SEED))
                .toList();
        return new Row(key, primary, parts, MetaAnalysis.join(y, s), power, "");
    }
}
