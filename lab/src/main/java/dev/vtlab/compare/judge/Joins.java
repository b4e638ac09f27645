package dev.vtlab.compare.judge;

import dev.vtlab.compare.raw.SummaryFiles;
import dev.vtlab.compare.stats.MetaAnalysis;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;

/**
 * Comparisons of the same question joined figure by figure: every ratio (mode ÷ reference, on one test's figure)
 * that at least two of them measured, as one ratio with the spread between comparisons ({@link MetaAnalysis}), and
 * how well these comparisons' own standard errors would detect a spread of {@link #POWER_TAUS}: a τ of 0 read beside
 * a power of 20 % says little.
 *
 * <p>Only comparisons alike in what they measured are joined: a figure's row joins the comparisons that share the
 * newest one's fingerprint ({@link SummaryFiles#FINGERPRINT}). The others are shown beside it, grouped by their own
 * fingerprint, with the test that the groups differ and the join of them all.
 *
 * @param sources the comparisons, in the order given
 * @param fingerprints the distinct fingerprints, the newest comparison's first
 * @param fingerprintOf each source's fingerprint, as its index in {@code fingerprints}
 * @param rows one per figure two or more comparisons measured, and one per primary figure only one did; primary
 *     figures first
 */
public record Joins(
        List<SummaryFiles.Summary> sources,
        List<Map<String, String>> fingerprints,
        List<Integer> fingerprintOf,
        List<Row> rows) {

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
            Unlike unlike,
            String why) {
        public Row {
            power = List.copyOf(power);
        }
    }

    /** One fingerprint's comparisons of a figure: {@code joined} null where fewer than two, or one lacks an interval. */
    public record Group(int fingerprint, List<Part> parts, MetaAnalysis.Joined joined) {
        public Group {
            parts = List.copyOf(parts);
        }
    }

    /**
     * The comparisons of a figure whose fingerprint is not the newest one's, which the row's join leaves out.
     *
     * @param groups each other fingerprint's comparisons, the newest fingerprint first
     * @param all every comparison of the figure joined, unlike ones too; null where one has no interval
     * @param difference the test that the fingerprints' ratios differ, the row's own among them; null where a group
     *     has no standard error
     */
    public record Unlike(List<Group> groups, MetaAnalysis.Joined all, MetaAnalysis.Difference difference) {
        public Unlike {
            groups = List.copyOf(groups);
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
                // a tie, to rounding, goes to the first
                if (d > moved + 1e-12) {
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
        fingerprints = List.copyOf(fingerprints);
        fingerprintOf = List.copyOf(fingerprintOf);
        rows = List.copyOf(rows);
    }

    public static Joins of(List<SummaryFiles.Summary> sources) {
        // fingerprints numbered from the newest comparison's, then by each one's newest comparison
        List<Integer> byAge = IntStream.range(0, sources.size())
                .boxed()
                .sorted(Comparator.comparing((Integer i) -> sources.get(i).generatedAt())
                        .reversed())
                .toList();
        List<Map<String, String>> fingerprints = new ArrayList<>();
        for (int i : byAge) {
            if (!fingerprints.contains(sources.get(i).fingerprint())) {
                fingerprints.add(sources.get(i).fingerprint());
            }
        }
        List<Integer> fingerprintOf =
                sources.stream().map(s -> fingerprints.indexOf(s.fingerprint())).toList();
        Map<Key, List<Part>> byKey = new LinkedHashMap<>();
        for (int i = 0; i < sources.size(); i++) {
            for (SummaryFiles.Ratio r : sources.get(i).ratios()) {
                byKey.computeIfAbsent(new Key(r.test(), r.metric(), r.mode(), r.reference()), k -> new ArrayList<>())
                        .add(new Part(i, r));
            }
        }
        List<Row> rows = new ArrayList<>();
        byKey.forEach((key, all) -> {
            int newest = all.stream()
                    .mapToInt(p -> fingerprintOf.get(p.source()))
                    .min()
                    .orElseThrow();
            List<Part> alike = all.stream()
                    .filter(p -> fingerprintOf.get(p.source()) == newest)
                    .toList();
            Unlike unlike = alike.size() == all.size() ? null : unlike(all, alike, newest, fingerprintOf);
            boolean primary = all.stream().anyMatch(p -> p.ratio().primary());
            if (alike.size() >= 2) {
                rows.add(row(key, alike, unlike));
            } else if (primary || unlike != null) {
                // a question one comparison of its kind answered: shown beside the others, with nothing to join
                rows.add(new Row(
                        key,
                        primary,
                        alike,
                        null,
                        List.of(),
                        null,
                        unlike,
                        unlike == null ? "measured by one comparison" : "measured by one comparison of its kind"));
            }
        });
        rows.sort(Comparator.comparing((Row r) -> !r.primary()));
        return new Joins(sources, fingerprints, fingerprintOf, rows);
    }

    /** The figure's comparisons of other fingerprints, their join with the alike ones, and whether they differ. */
    private static Unlike unlike(List<Part> all, List<Part> alike, int newest, List<Integer> fingerprintOf) {
        Map<Integer, List<Part>> others = new TreeMap<>();
        for (Part p : all) {
            int f = fingerprintOf.get(p.source());
            if (f != newest) {
                others.computeIfAbsent(f, k -> new ArrayList<>()).add(p);
            }
        }
        List<Group> groups = new ArrayList<>();
        others.forEach((f, parts) -> groups.add(new Group(f, parts, joinable(parts) ? joinOf(parts) : null)));
        MetaAnalysis.Joined everything = joinable(all) ? joinOf(all) : null;
        List<List<Part>> each = new ArrayList<>();
        each.add(alike);
        groups.forEach(g -> each.add(g.parts()));
        MetaAnalysis.Difference difference = null;
        if (each.stream().allMatch(Joins::withInterval)) {
            double[] y = new double[each.size()];
            double[] s = new double[each.size()];
            for (int i = 0; i < each.size(); i++) {
                List<Part> g = each.get(i);
                if (g.size() == 1) {
                    y[i] = Math.log(g.get(0).ratio().ratio());
                    s[i] = g.get(0).ratio().logSe();
                } else {
                    MetaAnalysis.Joined j = joinOf(g);
                    y[i] = Math.log(j.ratio());
                    s[i] = j.logStandardError();
                }
            }
            difference = MetaAnalysis.difference(y, s);
        }
        return new Unlike(groups, everything, difference);
    }

    private static boolean withInterval(List<Part> parts) {
        return parts.stream().allMatch(p -> p.ratio().ratio() > 0 && p.ratio().logSe() > 0);
    }

    private static boolean joinable(List<Part> parts) {
        return parts.size() >= 2 && withInterval(parts);
    }

    private static MetaAnalysis.Joined joinOf(List<Part> parts) {
        return MetaAnalysis.join(
                parts.stream().mapToDouble(p -> Math.log(p.ratio().ratio())).toArray(),
                parts.stream().mapToDouble(p -> p.ratio().logSe()).toArray());
    }

    private static Row row(Key key, List<Part> parts, Unlike unlike) {
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
                        unlike,
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
        return new Row(key, primary, parts, joined, power, sensitivity(parts, y, s, joined), unlike, "");
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
