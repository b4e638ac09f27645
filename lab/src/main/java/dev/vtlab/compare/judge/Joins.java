package dev.vtlab.compare.judge;

import dev.vtlab.compare.raw.SummaryFiles;
import dev.vtlab.compare.stats.MetaAnalysis;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;

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
     * detect each of {@link #POWER_TAUS}, empty where nothing was joined; {@code sensitivity} null where nothing was.
     */
    public record Row(
            Key key,
            boolean primary,
            List<Part> parts,
            MetaAnalysis.Joined joined,
            List<MetaAnalysis.Detection> power,
            Sensitivity sensitivity,
            String why) {
        public Row {
            power = List.copyOf(power);
        }
    }

    /**
     * How far the join rests on its weights and on single comparisons: the same ratios read other ways.
     *
     * @param unweighted every comparison's log ratio weighted alike ({@link MetaAnalysis#unweighted})
     * @param shares each part's share of the join's weight, in {@link Row#parts}' order
     * @param leaveOneOut the join again without each part in turn, in {@link Row#parts}' order; null where one part
     *     would be left, too few to join
     * @param earlyShare the weight of the parts a sequential design stopped before its cap: stopping when the runs
     *     happened to agree gives a small standard error, so those parts weigh more than their rounds
     * @param withoutEarly the join of the other parts, null where none stopped early or fewer than two are left
     */
    public record Sensitivity(
            MetaAnalysis.Estimate unweighted,
            List<Double> shares,
            List<MetaAnalysis.Joined> leaveOneOut,
            double earlyShare,
            MetaAnalysis.Joined withoutEarly) {
        public Sensitivity {
            shares = List.copyOf(shares);
            leaveOneOut = leaveOneOut == null ? null : List.copyOf(leaveOneOut);
        }

        /** The part whose leaving out moves the joined ratio most, as its index in {@link Row#parts}; -1 with none. */
        public int mostInfluential(double joinedRatio) {
            int most = -1;
            double moved = -1;
            for (int i = 0; leaveOneOut != null && i < leaveOneOut.size(); i++) {
                double d = Math.abs(Math.log(leaveOneOut.get(i).ratio() / joinedRatio));
                if (d > moved) {
                    moved = d;
                    most = i;
                }
            }
            return most;
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
                rows.add(new Row(key, true, parts, null, List.of(), null, "measured by one comparison"));
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
        List<MetaAnalysis.Detection> power = POWER_TAUS.stream()
                .map(tau -> MetaAnalysis.detection(s, tau, POWER_TRIALS, POWER_SEED))
                .toList();
        MetaAnalysis.Joined joined = MetaAnalysis.join(y, s);
        return new Row(key, primary, parts, joined, power, sensitivity(parts, y, s, joined), "");
    }

    private static Sensitivity sensitivity(List<Part> parts, double[] y, double[] s, MetaAnalysis.Joined joined) {
        int k = y.length;
        double[] shares = MetaAnalysis.weightShares(s, joined.tau());
        List<MetaAnalysis.Joined> leaveOneOut = null;
        if (k >= 3) {
            leaveOneOut = new ArrayList<>();
            for (int i = 0; i < k; i++) {
                int out = i;
                leaveOneOut.add(join(y, s, j -> j != out));
            }
        }
        double earlyShare = 0;
        int early = 0;
        for (int i = 0; i < k; i++) {
            if (parts.get(i).ratio().stoppedEarly()) {
                earlyShare += shares[i];
                early++;
            }
        }
        MetaAnalysis.Joined withoutEarly = early > 0 && k - early >= 2
                ? join(y, s, j -> !parts.get(j).ratio().stoppedEarly())
                : null;
        return new Sensitivity(
                MetaAnalysis.unweighted(y),
                Arrays.stream(shares).boxed().toList(),
                leaveOneOut,
                earlyShare,
                withoutEarly);
    }

    /** The join of the parts {@code keep} accepts, by their index. */
    private static MetaAnalysis.Joined join(double[] y, double[] s, IntPredicate keep) {
        int[] kept = IntStream.range(0, y.length).filter(keep).toArray();
        return MetaAnalysis.join(
                Arrays.stream(kept).mapToDouble(i -> y[i]).toArray(),
                Arrays.stream(kept).mapToDouble(i -> s[i]).toArray());
    }
}
