package dev.vtlab.compare.judge;

import dev.vtlab.compare.analyse.Flag;
import dev.vtlab.compare.analyse.Headline;
import dev.vtlab.compare.analyse.RunResult;
import dev.vtlab.compare.settings.Catalogue;
import dev.vtlab.compare.settings.Metric;
import dev.vtlab.compare.stats.LogRatio;
import dev.vtlab.compare.stats.Multiplicity;
import dev.vtlab.compare.stats.Ratios;
import dev.vtlab.compare.stats.Stats;
import dev.vtlab.compare.stats.Verdicts;
import dev.vtlab.dispatch.DispatchMode;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The comparison's result model: every run, and over repetitions, each headline's mean with its interval per
 * (test, mode) and each mode's ratio to the baseline mode with its interval and verdict. Computed once; the
 * writers only format it.
 */
public final class Comparison {

    public record Aggregate(String test, DispatchMode mode, Headline headline, Stats.Interval interval) {}

    /** The runs of one mode a verdict rests on, and those left out with their flags. */
    public record Runs(int used, int leftOut, Map<Flag, Long> why) {
        /** "3 runs" or "2 runs (1 left out: busy machine)". */
        public String text() {
            return used + " run" + (used == 1 ? "" : "s")
                    + (leftOut == 0
                            ? ""
                            : " (" + leftOut + " left out: "
                                    + why.keySet().stream().map(Flag::text).collect(Collectors.joining(", ")) + ")");
        }
    }

    /**
     * A mode against the baseline on one headline: the ratio on the log scale with its interval and verdict
     * (equivalence within the margin first), the runs it rests on, and for a secondary figure its p-value adjusted
     * by Holm across the comparison's secondary figures (null for a primary one).
     */
    public record RatioRow(
            String test,
            DispatchMode mode,
            DispatchMode baseline,
            Headline headline,
            boolean primary,
            Verdicts.Judgement verdict,
            Multiplicity.Adjusted holm,
            List<String> notes,
            Runs modeRuns,
            Runs baselineRuns) {

        public LogRatio ratio() {
            return verdict.ratio();
        }

        /** A secondary difference that Holm's adjustment leaves significant (a primary one needs none). */
        public boolean significant() {
            boolean differs =
                    verdict.verdict() == Verdicts.Verdict.HIGHER || verdict.verdict() == Verdicts.Verdict.LOWER;
            return differs && (holm == null || holm.significant());
        }

        /** "better", "worse" or "" (no significant difference, equivalent, undetermined, or no good direction). */
        public String judgement() {
            Boolean higherIsBetter = headline.metric().higherIsBetter;
            if (higherIsBetter == null || !significant()) {
                return "";
            }
            return (ratio().estimate() > 1) == higherIsBetter ? "better" : "worse";
        }

        /** The verdict in words, with Holm's adjusted result for a secondary figure and any drift noted. */
        public String text() {
            StringBuilder t = new StringBuilder(verdict.text());
            if (holm != null && !Double.isNaN(holm.pValue())) {
                t.append(String.format(
                        Locale.ROOT,
                        "; Holm-adjusted p %.3f%s",
                        holm.adjusted(),
                        holm.significant() ? "" : ": not significant across the comparison's secondary figures"));
            }
            notes.forEach(n -> t.append("; ").append(n));
            return t.toString();
        }
    }

    private record Key(String test, DispatchMode mode, Headline headline) {}

    private final Map<String, String> environment;
    private final List<String> tests;
    private final List<DispatchMode> modes;
    private final List<RunResult> runs;
    private final List<Aggregate> aggregates;
    private final List<RatioRow> ratios;
    private final double wallS;
    private final boolean keepFlagged;
    private final Map<Key, Aggregate> aggregateIndex = new HashMap<>();
    private final Map<Key, RatioRow> ratioIndex = new HashMap<>();
    /** Where the CPU went, from the profiled runs (set once by {@link #withProfiles}); none by default. */
    private CpuProfiles profiles = CpuProfiles.NONE;

    private Comparison(
            Map<String, String> environment,
            List<String> tests,
            List<DispatchMode> modes,
            List<RunResult> runs,
            List<Aggregate> aggregates,
            List<RatioRow> ratios,
            double wallS,
            boolean keepFlagged) {
        this.keepFlagged = keepFlagged;
        this.environment = environment;
        this.tests = tests;
        this.modes = modes;
        this.runs = runs;
        this.aggregates = aggregates;
        this.ratios = ratios;
        this.wallS = wallS;
        aggregates.forEach(a -> aggregateIndex.put(new Key(a.test(), a.mode(), a.headline()), a));
        ratios.forEach(r -> ratioIndex.put(new Key(r.test(), r.mode(), r.headline()), r));
    }

    /** A verdict needs at least this many valid runs per mode; with fewer it says so instead of a number. */
    public static final int MIN_VALID_RUNS = 3;

    /**
     * {@code keepFlagged}: count flagged runs (errors, a busy machine, a load generator at its limit, a level not
     * steady or above its bound, a pool not converged) in the verdicts too; by default they are left out.
     */
    public static Comparison of(
            Map<String, String> environment,
            List<String> tests,
            List<DispatchMode> modes,
            List<RunResult> runs,
            double wallS,
            boolean keepFlagged,
            double margin) {
        List<Aggregate> aggregates = new ArrayList<>();
        List<RatioRow> ratios = new ArrayList<>();
        DispatchMode baseline = modes.get(0);
        for (String test : tests) {
            Set<Headline> headlines = new LinkedHashSet<>();
            runs.stream()
                    .filter(r -> r.test().equals(test))
                    .forEach(r -> headlines.addAll(r.headlines().keySet()));
            for (Headline headline : headlines) {
                Metric metric = headline.metric();
                Map<DispatchMode, double[]> values = new LinkedHashMap<>();
                Map<DispatchMode, Runs> used = new LinkedHashMap<>();
                for (DispatchMode mode : modes) {
                    List<RunResult> mine = runs.stream()
                            .filter(r -> r.test().equals(test) && r.mode() == mode)
                            .toList();
                    List<RunResult> valid = mine.stream()
                            .filter(r -> keepFlagged || r.flags().isEmpty())
                            .toList();
                    Map<Flag, Long> why = new EnumMap<>(Flag.class);
                    mine.stream().filter(r -> !valid.contains(r)).forEach(r -> r.flags()
                            .forEach(f -> why.merge(f, 1L, Long::sum)));
                    used.put(mode, new Runs(valid.size(), mine.size() - valid.size(), why));
                    values.put(
                            mode,
                            valid.stream()
                                    .mapToDouble(r -> r.headlines().getOrDefault(headline, Double.NaN))
                                    .toArray());
                }
                values.forEach((mode, v) ->
                        aggregates.add(new Aggregate(test, mode, headline, Stats.mean(v, metric.resolution))));
                Headline primary = primary(test, environment, headlines);
                for (DispatchMode mode : modes.subList(1, modes.size())) {
                    Runs m = used.get(mode), b = used.get(baseline);
                    List<String> notes = List.of();
                    LogRatio ratio;
                    if (m.used() < MIN_VALID_RUNS || b.used() < MIN_VALID_RUNS) {
                        ratio = LogRatio.undetermined(
                                Ratios.unpaired(values.get(mode), values.get(baseline), metric.resolution)
                                        .estimate(),
                                m.used(),
                                b.used(),
                                LogRatio.Pairing.UNPAIRED,
                                "fewer than " + MIN_VALID_RUNS + " valid runs per mode: " + mode.label() + " "
                                        + m.text() + ", " + baseline.label() + " " + b.text());
                    } else if (m.leftOut() + b.leftOut() == 0 && m.used() == b.used()) {
                        // every run kept: the i-th runs of the two modes ran side by side (the interleaving's pairs)
                        Ratios.PairedAnalysis paired =
                                Ratios.analyse(values.get(mode), values.get(baseline), metric.resolution);
                        ratio = paired.chosen();
                        notes = paired.notes();
                    } else {
                        ratio = Ratios.unpaired(values.get(mode), values.get(baseline), metric.resolution);
                    }
                    boolean isPrimary = headline.equals(primary);
                    ratios.add(new RatioRow(
                            test,
                            mode,
                            baseline,
                            headline,
                            isPrimary,
                            Verdicts.judge(ratio, margin),
                            null,
                            notes,
                            m,
                            b));
                }
            }
        }
        return new Comparison(environment, tests, modes, runs, aggregates, holm(ratios), wallS, keepFlagged);
    }

    /** This comparison with the profiles of its profiled runs, which count in no verdict. */
    public Comparison withProfiles(CpuProfiles cpuProfiles) {
        Comparison c = new Comparison(environment, tests, modes, runs, aggregates, ratios, wallS, keepFlagged);
        c.profiles = cpuProfiles;
        return c;
    }

    /** Where each mode's CPU went (compare.cpuProfile); {@link CpuProfiles#NONE} without profiled runs. */
    public CpuProfiles profiles() {
        return profiles;
    }

    /** Where, on what and how the comparison ran (the report's environment). */
    public Map<String, String> environment() {
        return environment;
    }

    public List<String> tests() {
        return tests;
    }

    /** The modes compared, the baseline first. */
    public List<DispatchMode> modes() {
        return modes;
    }

    /** Every run, in the order they ran. */
    public List<RunResult> runs() {
        return runs;
    }

    public List<Aggregate> aggregates() {
        return aggregates;
    }

    public List<RatioRow> ratios() {
        return ratios;
    }

    /** Seconds the comparison's runs took, start to end. */
    public double wallS() {
        return wallS;
    }

    /** Whether flagged runs counted in the verdicts (by default they are left out). */
    public boolean keepFlagged() {
        return keepFlagged;
    }

    public DispatchMode baseline() {
        return modes.get(0);
    }

    public List<RunResult> runs(String test) {
        return runs.stream().filter(r -> r.test().equals(test)).toList();
    }

    /** The mean and interval of a headline in a mode, or null when no run of that test has it. */
    public Stats.Interval interval(String test, DispatchMode mode, Headline headline) {
        Aggregate a = aggregateIndex.get(new Key(test, mode, headline));
        return a == null ? null : a.interval();
    }

    /** The ratio row of a mode against the baseline, or null for the baseline itself. */
    public RatioRow ratio(String test, DispatchMode mode, Headline headline) {
        return ratioIndex.get(new Key(test, mode, headline));
    }

    /**
     * The headline whose verdict answers a test's question: its catalogue's primary figure at the highest load
     * level (levels are aggregated lowest first). Null when no run measured it.
     */
    public Headline primary(String test) {
        return primary(test, environment, headlines(test));
    }

    private static Headline primary(String test, Map<String, String> environment, Iterable<Headline> headlines) {
        Metric metric =
                Catalogue.resolve(test, environment.get(Catalogue.USER_TEST)).primary();
        Headline last = null;
        for (Headline h : headlines) {
            if (h.metric() == metric && h.requestType() == null) {
                last = h;
            }
        }
        return last;
    }

    /** Every secondary row's p-value adjusted by Holm across the comparison; primary rows need no adjustment. */
    private static List<RatioRow> holm(List<RatioRow> rows) {
        List<RatioRow> secondary = rows.stream().filter(r -> !r.primary()).toList();
        List<Multiplicity.Adjusted> adjusted = Multiplicity.holm(
                secondary.stream().mapToDouble(r -> r.ratio().pValue()).toArray());
        // the adjusted p-values come back in the secondary rows' order
        Iterator<Multiplicity.Adjusted> next = adjusted.iterator();
        List<RatioRow> out = new ArrayList<>();
        for (RatioRow r : rows) {
            out.add(
                    r.primary()
                            ? r
                            : new RatioRow(
                                    r.test(),
                                    r.mode(),
                                    r.baseline(),
                                    r.headline(),
                                    false,
                                    r.verdict(),
                                    next.next(),
                                    r.notes(),
                                    r.modeRuns(),
                                    r.baselineRuns()));
        }
        return out;
    }

    /** How many of a test's runs carry each flag (a run may carry several). */
    public Map<Flag, Long> flagged(String test) {
        Map<Flag, Long> counts = new EnumMap<>(Flag.class);
        runs(test).forEach(r -> r.flags().forEach(f -> counts.merge(f, 1L, Long::sum)));
        return counts;
    }

    /** A test's headlines in the order they were aggregated. */
    public List<Headline> headlines(String test) {
        return aggregates.stream()
                .filter(a -> a.test().equals(test) && a.mode() == baseline())
                .map(Aggregate::headline)
                .toList();
    }
}
