package dev.vtlab.compare.judge;

import dev.vtlab.compare.analyse.Flag;
import dev.vtlab.compare.analyse.Headline;
import dev.vtlab.compare.analyse.RunResult;
import dev.vtlab.compare.raw.Environment;
import dev.vtlab.compare.raw.HistoryRecord;
import dev.vtlab.compare.raw.TwoStageRecord;
import dev.vtlab.compare.settings.Catalogue;
import dev.vtlab.compare.settings.Contrast;
import dev.vtlab.compare.settings.Metric;
import dev.vtlab.compare.settings.TestSpec;
import dev.vtlab.compare.stats.Contrasts;
import dev.vtlab.compare.stats.Fisher;
import dev.vtlab.compare.stats.LogRatio;
import dev.vtlab.compare.stats.Multiplicity;
import dev.vtlab.compare.stats.Ratios;
import dev.vtlab.compare.stats.Stats;
import dev.vtlab.compare.stats.Verdicts;
import dev.vtlab.dispatch.DispatchMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The comparison's result model: every run, and over repetitions, each headline's mean with its interval per
 * (test, mode) and each mode's ratio to the baseline mode with its interval and verdict. Computed once; the
 * writers only format it.
 */
public final class Comparison {

    public record Aggregate(String test, DispatchMode mode, Headline headline, Stats.Interval interval) {}

    /**
     * The runs of one mode a verdict rests on, those left out with their (setup) flags, and those counted although
     * flagged with theirs: for their outcome, or for their setup where {@code compare.keepFlagged} counts them.
     */
    public record Runs(int used, int leftOut, Map<Flag, Long> why, int flaggedKept, Map<Flag, Long> keptWhy) {

        public Runs(int used, int leftOut, Map<Flag, Long> why) {
            this(used, leftOut, why, 0, Map.of());
        }

        /** "3 runs", "2 runs (1 left out: busy machine)" or "6 runs (1 flagged: a level not steady)". */
        public String text() {
            List<String> parts = new ArrayList<>();
            if (flaggedKept > 0) {
                parts.add(flaggedKept + " flagged: " + names(keptWhy));
            }
            if (leftOut > 0) {
                parts.add(leftOut + " left out: " + names(why));
            }
            return used + " run" + (used == 1 ? "" : "s")
                    + (parts.isEmpty() ? "" : " (" + String.join("; ", parts) + ")");
        }

        private static String names(Map<Flag, Long> flags) {
            return flags.keySet().stream().map(Flag::text).collect(Collectors.joining(", "));
        }

        /**
         * Why the figure these runs give is no result, or null when it is one: it counts runs whose setup failed
         * (compare.keepFlagged), a level above its physical bound, or more than half of its runs flagged for their
         * outcome (levels too short, or a warm-up too brief, for what they measure).
         */
        String noResult() {
            if (keptWhy.keySet().stream().anyMatch(Flag::leavesOut)) {
                return "it counts runs whose setup was flagged ("
                        + keptWhy.keySet().stream()
                                .filter(Flag::leavesOut)
                                .map(Flag::text)
                                .collect(Collectors.joining(", "))
                        + "), which the method leaves out (kept by compare.keepFlagged)";
            }
            if (keptWhy.containsKey(Flag.ABOVE_BOUND)) {
                return "a run's level was above its physical bound (its window held a burst or a backlog)";
            }
            if (2 * flaggedKept > used) {
                return flaggedKept + " of its " + used + " runs were flagged (" + names(keptWhy)
                        + "): its levels are too short, or its warm-up too brief, for what it measures";
            }
            return null;
        }
    }

    /**
     * A mode against the baseline on one headline: the ratio on the log scale with its interval and verdict
     * (equivalence within the margin first), the runs it rests on, and for a secondary figure its p-value adjusted
     * by Holm across the comparison's secondary figures (null for a primary one). A primary row also carries its
     * verdict on every run that finished ({@code allRuns}, where runs were left out) and on its runs without a flag
     * ({@code unflagged}, where flagged ones were counted); null where there is no such other reading.
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
            Runs baselineRuns,
            Verdicts.Judgement allRuns,
            Verdicts.Judgement unflagged,
            Verdicts.Reach reach) {

        public LogRatio ratio() {
            return verdict.ratio();
        }

        /** The same row with its other readings and {@code notes}. */
        RatioRow withOtherReadings(Verdicts.Judgement all, Verdicts.Judgement clean, List<String> notes) {
            return new RatioRow(
                    test,
                    mode,
                    baseline,
                    headline,
                    primary,
                    verdict,
                    holm,
                    notes,
                    modeRuns,
                    baselineRuns,
                    all,
                    clean,
                    reach);
        }

        /** A secondary difference that Holm's adjustment leaves significant (a primary one needs none). */
        public boolean significant() {
            return verdict.verdict().differs() && (holm == null || holm.significant());
        }

        /**
         * Fisher's exact two-sided p-value that the two modes' runs were left out at the same rate (1 when none was).
         */
        public double exclusionP() {
            return Fisher.twoSided(modeRuns.leftOut(), modeRuns.used(), baselineRuns.leftOut(), baselineRuns.used());
        }

        /** How many runs each mode left out, and Fisher's p: "executor-virtual 5 of 6, threadpool 0 of 6 (…p 0.015)". */
        public String exclusionCounts() {
            return String.format(
                    Locale.ROOT,
                    "%s %d of %d, %s %d of %d (Fisher's exact p %.3f)",
                    mode.label(),
                    modeRuns.leftOut(),
                    modeRuns.used() + modeRuns.leftOut(),
                    baseline.label(),
                    baselineRuns.leftOut(),
                    baselineRuns.used() + baselineRuns.leftOut(),
                    exclusionP());
        }

        /** Runs counted although flagged, in both modes: for their outcome, or kept by compare.keepFlagged. */
        public int flaggedKept() {
            return modeRuns.flaggedKept() + baselineRuns.flaggedKept();
        }

        /** Fisher's exact two-sided p-value that the two modes' counted runs were flagged at the same rate. */
        public double flaggedP() {
            return Fisher.twoSided(
                    modeRuns.flaggedKept(),
                    modeRuns.used() - modeRuns.flaggedKept(),
                    baselineRuns.flaggedKept(),
                    baselineRuns.used() - baselineRuns.flaggedKept());
        }

        /** The modes' counted runs were flagged at rates beyond chance: a finding about the modes, not a rule's. */
        public boolean flaggedUnevenly() {
            return flaggedP() < UNEVEN_EXCLUSION_P;
        }

        /** The modes' runs were left out at rates beyond chance: the verdict may owe something to the rules. */
        public boolean leftOutUnevenly() {
            return exclusionP() < UNEVEN_EXCLUSION_P;
        }

        /** On every run that finished (intention to treat) the verdict would read otherwise. */
        public boolean dependsOnWhichRunsAreKept() {
            return allRuns != null && allRuns.verdict() != verdict.verdict();
        }

        /** Without the runs flagged for their outcome the verdict would read otherwise. */
        public boolean dependsOnFlaggedRuns() {
            return unflagged != null && unflagged.verdict() != verdict.verdict();
        }

        /**
         * Why this figure is no result, or null when it is one ({@link Runs#noResult}, the mode's reason first): it is
         * then shown, never judged.
         */
        public String noResult() {
            String why = modeRuns.noResult();
            return why != null ? why : baselineRuns.noResult();
        }

        /** Whether this figure is no result ({@link #noResult}). */
        public boolean restsOnFlaggedRuns() {
            return noResult() != null;
        }

        /**
         * "better", "worse" or "" (no significant difference, equivalent, undetermined, no good direction, or resting
         * on flagged runs).
         */
        public String judgement() {
            Boolean higherIsBetter = headline.metric().higherIsBetter;
            if (higherIsBetter == null || !significant() || restsOnFlaggedRuns()) {
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
            if (restsOnFlaggedRuns()) {
                t.append("; not a result: ").append(noResult());
            }
            return t.toString();
        }
    }

    /**
     * The CPU a request costs in {@code mode} beyond {@code reference}, in µs, at one level of requests per
     * CPU-second: each run's 10⁶ ÷ its requests per CPU-second, then Welch's interval for the difference of the two
     * modes' means ({@link Contrasts#difference}), which carries both modes' spread. It restates the requests per
     * CPU-second ratio in absolute terms, so it adds no test to Holm's family.
     */
    public record CpuDifference(
            String test,
            Headline headline,
            DispatchMode mode,
            DispatchMode reference,
            double modeMicros,
            double referenceMicros,
            Contrasts.Difference difference) {}

    private record Key(String test, DispatchMode mode, Headline headline) {}

    private final Environment environment;
    private final List<String> tests;
    private final List<DispatchMode> modes;
    private final List<RunResult> runs;
    private final List<Aggregate> aggregates;
    private final List<RatioRow> ratios;
    private final List<Contrast> contrasts;
    private final List<RatioRow> contrastRows;
    private final List<CpuDifference> cpuDifferences;
    private final double wallS;
    private final double margin;
    private final boolean keepFlagged;
    /** Whether the runs came in the sequential design's blocks and the primary verdicts are its. */
    private final boolean sequentialDesign;
    /** The two-stage design the primary intervals followed (compare.precision); null for fixed repetitions. */
    private final TwoStageRecord twoStage;
    /** The past comparisons of this configuration, older than this one, for {@link #history()}. */
    private final List<HistoryRecord> past;
    /** Where the CPU went, from the profiled runs; {@link CpuProfiles#NONE} without them. */
    private final CpuProfiles profiles;

    /** Each test's primary headline ({@link #primary(String)}), decided once as the comparison is judged. */
    private final Map<String, Headline> primaries;

    private final Map<Key, Aggregate> aggregateIndex = new HashMap<>();
    private final Map<Key, RatioRow> ratioIndex = new HashMap<>();
    // derived from the fields above on first use
    private List<Variability.Row> variability;
    private List<History.Row> history;
    private List<Sequentials.Row> sequential;

    private Comparison(
            Environment environment,
            List<String> tests,
            List<DispatchMode> modes,
            List<RunResult> runs,
            Map<String, Headline> primaries,
            List<Aggregate> aggregates,
            List<RatioRow> ratios,
            List<Contrast> contrasts,
            List<RatioRow> contrastRows,
            List<CpuDifference> cpuDifferences,
            double wallS,
            boolean keepFlagged,
            double margin,
            boolean sequentialDesign,
            TwoStageRecord twoStage,
            List<HistoryRecord> past,
            CpuProfiles profiles) {
        this.keepFlagged = keepFlagged;
        this.sequentialDesign = sequentialDesign;
        this.twoStage = twoStage;
        this.profiles = profiles;
        this.contrasts = contrasts;
        this.contrastRows = contrastRows;
        this.cpuDifferences = cpuDifferences;
        this.margin = margin;
        this.past = past;
        this.environment = environment;
        this.tests = tests;
        this.modes = modes;
        this.runs = runs;
        this.primaries = primaries;
        this.aggregates = aggregates;
        this.ratios = ratios;
        this.wallS = wallS;
        aggregates.forEach(a -> aggregateIndex.put(new Key(a.test(), a.mode(), a.headline()), a));
        ratios.forEach(r -> ratioIndex.put(new Key(r.test(), r.mode(), r.headline()), r));
    }

    /** A verdict needs at least this many valid runs per mode; with fewer it says so instead of a number. */
    public static final int MIN_VALID_RUNS = 3;

    /**
     * One headline's figures per mode: those the verdicts count ({@code values}, with {@code used} saying how many
     * and why the others were left out), every run's, and those of the runs no flag concerns.
     */
    private record PerMode(
            Map<DispatchMode, double[]> values,
            Map<DispatchMode, Runs> used,
            Map<DispatchMode, double[]> everyRun,
            Map<DispatchMode, double[]> unflagged) {}

    private static PerMode perMode(
            List<RunResult> runs, String test, List<DispatchMode> modes, Headline headline, boolean keepFlagged) {
        Map<DispatchMode, double[]> values = new LinkedHashMap<>();
        Map<DispatchMode, Runs> used = new LinkedHashMap<>();
        Map<DispatchMode, double[]> everyRun = new LinkedHashMap<>();
        Map<DispatchMode, double[]> unflagged = new LinkedHashMap<>();
        for (DispatchMode mode : modes) {
            List<RunResult> mine = runs.stream()
                    .filter(r -> r.test().equals(test) && r.mode() == mode)
                    .toList();
            List<RunResult> valid = valid(mine, keepFlagged, headline);
            Map<Flag, Long> why = new EnumMap<>(Flag.class);
            mine.stream().filter(r -> !valid.contains(r)).forEach(r -> r.flagsFor(headline).stream()
                    .filter(Flag::leavesOut)
                    .forEach(f -> why.merge(f, 1L, Long::sum)));
            List<RunResult> flaggedKept =
                    valid.stream().filter(r -> !r.flagsFor(headline).isEmpty()).toList();
            Map<Flag, Long> keptWhy = new EnumMap<>(Flag.class);
            flaggedKept.forEach(r -> r.flagsFor(headline).forEach(f -> keptWhy.merge(f, 1L, Long::sum)));
            used.put(mode, new Runs(valid.size(), mine.size() - valid.size(), why, flaggedKept.size(), keptWhy));
            values.put(
                    mode,
                    valid.stream()
                            .mapToDouble(r -> r.headlines().getOrDefault(headline, Double.NaN))
                            .toArray());
            everyRun.put(mode, figures(mine, headline));
            unflagged.put(
                    mode,
                    figures(
                            mine.stream()
                                    .filter(r -> r.flagsFor(headline).isEmpty())
                                    .toList(),
                            headline));
        }
        return new PerMode(values, used, everyRun, unflagged);
    }

    /** Per test, each contrast's rows together, in the order of the test's headlines, after Holm's adjustment. */
    private static List<RatioRow> orderedContrasts(
            List<String> tests,
            List<RunResult> runs,
            List<Contrast> contrasts,
            DispatchMode baseline,
            List<RatioRow> baselineRows,
            List<RatioRow> adjusted) {
        Map<Key, RatioRow> byKey = new HashMap<>();
        baselineRows.forEach(r -> byKey.put(new Key(r.test(), r.mode(), r.headline()), r));
        List<RatioRow> ordered = new ArrayList<>();
        Map<String, RatioRow> computed = new HashMap<>();
        adjusted.subList(baselineRows.size(), adjusted.size()).forEach(r -> computed.put(contrastKey(r), r));
        for (String test : tests) {
            for (Contrast k : contrasts) {
                for (Headline headline : headlinesOf(runs, test)) {
                    RatioRow r = k.reference() == baseline
                            ? byKey.get(new Key(test, k.mode(), headline))
                            : computed.get(test + "|" + k.label() + "|" + headline.key());
                    if (r != null) {
                        ordered.add(r);
                    }
                }
            }
        }
        return ordered;
    }

    /** Judges {@code in}'s runs as it says ({@link ComparisonInput}). */
    public static Comparison of(ComparisonInput in) {
        List<DispatchMode> modes = in.modes();
        List<RunResult> runs = in.runs();
        boolean keepFlagged = in.keepFlagged();
        double margin = in.margin();
        List<Aggregate> aggregates = new ArrayList<>();
        List<RatioRow> ratios = new ArrayList<>();
        List<RatioRow> contrastRows = new ArrayList<>();
        List<CpuDifference> cpuDifferences = new ArrayList<>();
        DispatchMode baseline = modes.get(0);
        Map<String, Headline> primaries = new HashMap<>();
        for (String test : in.tests()) {
            Set<Headline> headlines = headlinesOf(runs, test);
            Headline primary = primary(test, in.environment().userTest(), headlines);
            primaries.put(test, primary);
            for (Headline headline : headlines) {
                Metric metric = headline.metric();
                PerMode per = perMode(runs, test, modes, headline, keepFlagged);
                Map<DispatchMode, double[]> values = per.values();
                Map<DispatchMode, Runs> used = per.used();
                values.forEach((mode, v) ->
                        aggregates.add(new Aggregate(test, mode, headline, Stats.mean(v, metric.resolution))));
                for (DispatchMode mode : modes.subList(1, modes.size())) {
                    boolean isPrimary = headline.equals(primary);
                    TwoStagePlans.Planned planned = isPrimary
                            ? TwoStagePlans.interval(
                                    in.twoStage(),
                                    keepFlagged,
                                    test,
                                    mode,
                                    values.get(mode),
                                    values.get(baseline),
                                    metric)
                            : null;
                    RatioRow row = ratioRow(test, headline, mode, baseline, values, used, margin, isPrimary, planned);
                    if (isPrimary && in.sequential()) {
                        row = sequential(row, runsOf(runs, test), keepFlagged, margin);
                    }
                    ratios.add(isPrimary ? otherReadings(row, per.everyRun(), per.unflagged(), margin) : row);
                    cpuDifference(test, headline, mode, baseline, values, used).ifPresent(cpuDifferences::add);
                }
                for (Contrast k : in.contrasts()) {
                    // mode/baseline is the baseline's own row, picked up after Holm's adjustment
                    if (k.reference() != baseline) {
                        contrastRows.add(
                                ratioRow(test, headline, k.mode(), k.reference(), values, used, margin, false, null));
                        cpuDifference(test, headline, k.mode(), k.reference(), values, used)
                                .ifPresent(cpuDifferences::add);
                    }
                }
            }
        }
        // contrast rows are secondary rows: one family with the baseline's secondary rows
        List<RatioRow> family = new ArrayList<>(ratios);
        family.addAll(contrastRows);
        List<RatioRow> adjusted = holm(family);
        List<RatioRow> baselineRows = adjusted.subList(0, ratios.size());
        List<RatioRow> ordered = orderedContrasts(in.tests(), runs, in.contrasts(), baseline, baselineRows, adjusted);
        return new Comparison(
                in.environment(),
                in.tests(),
                modes,
                runs,
                primaries,
                aggregates,
                new ArrayList<>(baselineRows),
                in.contrasts(),
                ordered,
                cpuDifferences,
                in.wallS(),
                keepFlagged,
                margin,
                in.sequential(),
                in.twoStage(),
                List.copyOf(in.past()),
                in.profiles());
    }

    /**
     * The runs a verdict on {@code headline} counts: all of them with {@code keepFlagged}, else those with no setup
     * flag against it ({@link RunResult#flagsFor}: the run's own and its level's; null: every flag). A flag about the
     * outcome never leaves a run out ({@link Flag.Kind}).
     */
    static List<RunResult> valid(List<RunResult> runs, boolean keepFlagged, Headline headline) {
        return runs.stream().filter(r -> counts(r, keepFlagged, headline)).toList();
    }

    /** Whether a verdict on {@code headline} counts run {@code r} ({@link #valid}). */
    static boolean counts(RunResult r, boolean keepFlagged, Headline headline) {
        return keepFlagged || r.flagsFor(headline).stream().noneMatch(Flag::leavesOut);
    }

    /** Each run's figure on {@code headline} (NaN where it has none), in the runs' order. */
    private static double[] figures(List<RunResult> runs, Headline headline) {
        return runs.stream()
                .mapToDouble(r -> r.headlines().getOrDefault(headline, Double.NaN))
                .toArray();
    }

    /** The two-stage design the primary intervals followed, or null for a comparison of fixed repetitions. */
    public TwoStageRecord twoStage() {
        return twoStage;
    }

    private static String contrastKey(RatioRow r) {
        return r.test() + "|" + r.mode().label() + "/" + r.baseline().label() + "|"
                + r.headline().key();
    }

    /** A test's headlines over all its runs, in the order the runs have them. */
    private static Set<Headline> headlinesOf(List<RunResult> runs, String test) {
        Set<Headline> headlines = new LinkedHashSet<>();
        runs.stream()
                .filter(r -> r.test().equals(test))
                .forEach(r -> headlines.addAll(r.headlines().keySet()));
        return headlines;
    }

    /**
     * {@code mode} ÷ {@code reference} on one headline from their valid runs: no number under {@link
     * #MIN_VALID_RUNS} runs in either; else Welch's interval on the logs, whatever the runs show (a rule that chose
     * the paired interval where it came out narrower lost coverage, PairedAnalysisTest); with its verdict at the
     * margin, and the pairs' drift noted where every run was kept.
     */
    private static RatioRow ratioRow(
            String test,
            Headline headline,
            DispatchMode mode,
            DispatchMode reference,
            Map<DispatchMode, double[]> values,
            Map<DispatchMode, Runs> used,
            double margin,
            boolean primary,
            TwoStagePlans.Planned planned) {
        Metric metric = headline.metric();
        Runs m = used.get(mode), b = used.get(reference);
        List<String> notes = List.of();
        LogRatio ratio = welch(
                values.get(mode),
                values.get(reference),
                metric.resolution,
                "valid runs per mode: " + mode.label() + " " + m.text() + ", " + reference.label() + " " + b.text());
        if (m.used() >= MIN_VALID_RUNS && m.leftOut() + b.leftOut() == 0 && m.used() == b.used()) {
            // every run kept: the i-th runs of the two modes ran side by side, so their drift can be read
            notes = Ratios.analyse(values.get(mode), values.get(reference), metric.resolution)
                    .notes();
        }
        if (planned != null) {
            notes = planned.notes(notes);
            ratio = planned.ratio() == null ? ratio : planned.ratio();
        }
        Verdicts.Reach reach = primary ? Verdicts.reach(ratio, margin, TestSpec.MAX_REPEATS) : null;
        if (reach != null && !Double.isNaN(reach.equivalenceChance())) {
            notes = new ArrayList<>(notes);
            Integer needed = reach.runsForEquivalence();
            notes.add(String.format(
                    Locale.ROOT,
                    "the design: runs as many and as spread as these find identical modes equivalent within ±%.0f %%"
                            + " %.0f %% of the time; %s",
                    100 * margin,
                    100 * reach.equivalenceChance(),
                    (needed == null
                                    ? "at this spread more than " + TestSpec.MAX_REPEATS
                                            + " runs per mode would be needed to find them so "
                                    : "at this spread " + needed + " runs per mode would find them so ")
                            + Math.round(100 * Verdicts.DESIGN_POWER)
                            + " % of the time"));
            notes = List.copyOf(notes);
        }
        return new RatioRow(
                test,
                mode,
                reference,
                headline,
                primary,
                Verdicts.judge(ratio, margin),
                null,
                notes,
                m,
                b,
                null,
                null,
                reach);
    }

    /**
     * Welch's interval of {@code x} ÷ {@code b} on the logs, or none under {@link #MIN_VALID_RUNS} values in either:
     * "fewer than 3 " followed by {@code fewer}.
     */
    private static LogRatio welch(double[] x, double[] b, double resolution, String fewer) {
        LogRatio ratio = Ratios.unpaired(x, b, resolution);
        if (x.length >= MIN_VALID_RUNS && b.length >= MIN_VALID_RUNS) {
            return ratio;
        }
        return LogRatio.undetermined(
                ratio.estimate(),
                x.length,
                b.length,
                LogRatio.Pairing.UNPAIRED,
                "fewer than " + MIN_VALID_RUNS + " " + fewer);
    }

    /**
     * A sequential comparison's primary row: the verdict where its design stopped, with the repeated intervals, and
     * a note of the design in place of the fixed analysis's.
     */
    private static RatioRow sequential(RatioRow row, List<RunResult> testRuns, boolean keepFlagged, double margin) {
        Sequentials.Row read =
                Sequentials.row(testRuns, row.mode(), row.baseline(), row.headline(), keepFlagged, margin);
        Verdicts.Judgement judgement = Sequentials.judgement(read, margin);
        return new RatioRow(
                row.test(),
                row.mode(),
                row.baseline(),
                row.headline(),
                true,
                judgement == null ? row.verdict() : judgement,
                null,
                List.of(Sequentials.note(read)),
                row.modeRuns(),
                row.baselineRuns(),
                null,
                null,
                judgement == null ? row.reach() : Verdicts.reach(judgement.ratio(), margin, TestSpec.MAX_REPEATS));
    }

    private static List<RunResult> runsOf(List<RunResult> runs, String test) {
        return runs.stream().filter(r -> r.test().equals(test)).toList();
    }

    /** Below this two-sided p, Fisher's exact test says the modes' runs were left out at different rates. */
    static final double UNEVEN_EXCLUSION_P = 0.05;

    /**
     * A primary row checked against the runs the rules set aside, both ways. Where setup flags left runs out: its
     * verdict on every run that finished (intention to treat, unpaired), and a note when the two modes' runs were left
     * out at rates Fisher's exact test calls different. Where runs flagged for their outcome were counted: its verdict
     * without them, and a note when the modes' runs were flagged at different rates, which is then a finding about the
     * modes. A reading that differs from the verdict is noted: the verdict depends on which runs are kept.
     */
    private static RatioRow otherReadings(
            RatioRow row, Map<DispatchMode, double[]> everyRun, Map<DispatchMode, double[]> unflagged, double margin) {
        Runs m = row.modeRuns(), b = row.baselineRuns();
        double resolution = row.headline().metric().resolution;
        Verdicts.Judgement all = m.leftOut() + b.leftOut() == 0
                ? null
                : Verdicts.judge(
                        Ratios.unpaired(everyRun.get(row.mode()), everyRun.get(row.baseline()), resolution), margin);
        double[] cleanMode = unflagged.get(row.mode()), cleanBase = unflagged.get(row.baseline());
        Verdicts.Judgement clean = m.flaggedKept() + b.flaggedKept() == 0
                ? null
                : Verdicts.judge(welch(cleanMode, cleanBase, resolution, "runs without a flag per mode"), margin);
        RatioRow checked = row.withOtherReadings(all, clean, row.notes());
        List<String> notes = new ArrayList<>(row.notes());
        if (checked.dependsOnWhichRunsAreKept()) {
            notes.add(String.format(
                    Locale.ROOT,
                    "depends on which runs are kept: on every run that finished (%d and %d) it reads %s",
                    m.used() + m.leftOut(),
                    b.used() + b.leftOut(),
                    all.text()));
        }
        if (checked.leftOutUnevenly()) {
            notes.add("runs left out unevenly: " + checked.exclusionCounts());
        }
        if (checked.dependsOnFlaggedRuns()) {
            notes.add(String.format(
                    Locale.ROOT,
                    "depends on which runs are kept: without the %d flagged (%d and %d runs left) it reads %s",
                    m.flaggedKept() + b.flaggedKept(),
                    cleanMode.length,
                    cleanBase.length,
                    clean.text()));
        }
        if (checked.flaggedUnevenly()) {
            notes.add(String.format(
                    Locale.ROOT,
                    "runs flagged unevenly: %s %d of %d, %s %d of %d (Fisher's exact p %.3f)",
                    row.mode().label(),
                    m.flaggedKept(),
                    m.used(),
                    row.baseline().label(),
                    b.flaggedKept(),
                    b.used(),
                    checked.flaggedP()));
        }
        return row.withOtherReadings(all, clean, List.copyOf(notes));
    }

    /** For a requests per CPU-second headline (all requests): the CPU µs per request difference; else none. */
    private static Optional<CpuDifference> cpuDifference(
            String test,
            Headline headline,
            DispatchMode mode,
            DispatchMode reference,
            Map<DispatchMode, double[]> values,
            Map<DispatchMode, Runs> used) {
        if (headline.metric() != Metric.TPS_PER_CPU_S || headline.requestType() != null) {
            return Optional.empty();
        }
        double[] a = micros(values.get(mode)), b = micros(values.get(reference));
        Contrasts.Difference d = Contrasts.difference(a, b, 0);
        Runs m = used.get(mode), r = used.get(reference);
        if (m.used() < MIN_VALID_RUNS || r.used() < MIN_VALID_RUNS) {
            d = new Contrasts.Difference(
                    d.estimate(),
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    d.n1(),
                    d.n2(),
                    "fewer than " + MIN_VALID_RUNS + " valid runs per mode: " + mode.label() + " " + m.text() + ", "
                            + reference.label() + " " + r.text());
        }
        return Optional.of(new CpuDifference(
                test,
                headline,
                mode,
                reference,
                Stats.mean(a, 0).mean(),
                Stats.mean(b, 0).mean(),
                d));
    }

    /** Each run's CPU µs per request from its requests per CPU-second (NaN where it had none). */
    private static double[] micros(double[] perCpuSecond) {
        return Arrays.stream(perCpuSecond)
                .map(v -> v > 0 ? 1e6 / v : Double.NaN)
                .toArray();
    }

    /** The pairs of modes compared besides each mode with the baseline (compare.contrasts). */
    public List<Contrast> contrasts() {
        return contrasts;
    }

    /**
     * Every contrast's ratio rows: per test, contrast after contrast, each headline's; secondary rows whose Holm
     * adjustment is the comparison's (a contrast against the baseline is the baseline's own row).
     */
    public List<RatioRow> contrastRows() {
        return contrastRows;
    }

    /** A contrast's rows in a test, in the order of its headlines. */
    public List<RatioRow> contrastRows(String test, Contrast contrast) {
        return contrastRows.stream()
                .filter(r ->
                        r.test().equals(test) && r.mode() == contrast.mode() && r.baseline() == contrast.reference())
                .toList();
    }

    /** The CPU µs per request differences: each mode against the baseline, then each contrast, per level. */
    public List<CpuDifference> cpuDifferences() {
        return cpuDifferences;
    }

    /** The equivalence margin of the verdicts (a fraction). */
    public double margin() {
        return margin;
    }

    /** Where each mode's primary rate varies: within runs, between runs, and the design for the margin. */
    public synchronized List<Variability.Row> variability() {
        if (variability == null) {
            variability = Variability.of(this);
        }
        return variability;
    }

    /**
     * Per test and mode, today's primary figure against the past comparisons of the configuration; empty when
     * there are none (fewer than 2 comparisons in all).
     */
    public synchronized List<History.Row> history() {
        if (history == null) {
            history = History.of(this, past);
        }
        return history;
    }

    /** Whether the runs came in the sequential design's blocks, so that the primary verdicts are its readings. */
    public boolean sequentialDesign() {
        return sequentialDesign;
    }

    /**
     * Each primary ratio read as the sequential design reads it, look by look, up to where it stops: a sequential
     * comparison's own verdicts, or what the design would have read in a fixed one's runs.
     */
    public synchronized List<Sequentials.Row> sequential() {
        if (sequential == null) {
            sequential = Sequentials.of(this);
        }
        return sequential;
    }

    /** The runs a mode's verdict on {@code headline} rests on in a test (those flagged for their setup left out). */
    public List<RunResult> validRuns(String test, DispatchMode mode, Headline headline) {
        return valid(
                runs.stream()
                        .filter(r -> r.test().equals(test) && r.mode() == mode)
                        .toList(),
                keepFlagged,
                headline);
    }

    /** Where each mode's CPU went (compare.cpuProfile); {@link CpuProfiles#NONE} without profiled runs. */
    public CpuProfiles profiles() {
        return profiles;
    }

    /** Where, on what and how the comparison ran (the report's environment). */
    public Environment environment() {
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

    /** Whether runs flagged for their setup counted in the verdicts (by default they are left out). */
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
        return primaries.get(test);
    }

    /** The primary figure of {@code test} among the headlines its runs measured ({@code userTest}: a user's plan). */
    static Headline primaryOf(String test, List<RunResult> testRuns, String userTest) {
        Set<Headline> headlines = new LinkedHashSet<>();
        testRuns.forEach(r -> headlines.addAll(r.headlines().keySet()));
        return primary(test, userTest, headlines);
    }

    /** The primary figure of {@code test} among {@code headlines} ({@code userTest}: a user's load, else null). */
    static Headline primary(String test, String userTest, Iterable<Headline> headlines) {
        Metric metric = Catalogue.resolve(test, userTest).primary();
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
                                    r.baselineRuns(),
                                    r.allRuns(),
                                    r.unflagged(),
                                    r.reach()));
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
