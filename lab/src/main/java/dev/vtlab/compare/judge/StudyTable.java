package dev.vtlab.compare.judge;

import dev.vtlab.compare.analyse.Headline;
import dev.vtlab.compare.analyse.RunResult;
import dev.vtlab.compare.raw.ComparisonRecord;
import dev.vtlab.compare.raw.Environment;
import dev.vtlab.compare.settings.Catalogue;
import dev.vtlab.compare.settings.CpuPlan;
import dev.vtlab.compare.settings.Metric;
import dev.vtlab.compare.settings.StudyClaims;
import dev.vtlab.compare.settings.StudyClaims.Claim;
import dev.vtlab.compare.settings.StudyClaims.Kind;
import dev.vtlab.compare.settings.StudyClaims.Range;
import dev.vtlab.compare.stats.LogRatio;
import dev.vtlab.compare.stats.Stats;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The study profile's verdicts: for each of the case study's claims ({@link StudyClaims}), vtlab's ratio {@link
 * StudyClaims#MODE} ÷ {@link StudyClaims#BASELINE} of the claim's figure, from the comparison's ratio rows (valid runs
 * only, as every verdict), held against the study's range.
 *
 * <p>The rule, on the 95 % interval [a, b] of vtlab's ratio and the study's range [L, H] (after the margin is put
 * in, see {@link Range#resolve}):
 *
 * <ul>
 *   <li><b>differs</b> when the interval excludes the range: b &lt; L or a &gt; H. How much: the distance from the
 *       range's nearer end to the estimate, and to the interval's nearer end (the least it can be).
 *   <li><b>reproduced</b>, for a claim of a direction (LOWER, HIGHER), when the interval lies entirely on the claim's
 *       side of 1 (b &lt; 1, or a &gt; 1) and overlaps the range (a ≤ H and b ≥ L); for a claim of a small difference
 *       (WITHIN, a range holding 1), when the interval lies inside the range (L ≤ a and b ≤ H).
 *   <li><b>inconclusive</b> otherwise: the interval overlaps the range but reaches 1 (a direction) or past the range
 *       (WITHIN), so more runs would tell; also when there is no interval (too few valid runs, runs too variable), and
 *       for the time to peak when the pool's own time is so near the plan's end that its peak may lie past it.
 *   <li><b>not run</b> when no comparison ran the claim's test: the row names the command that runs it.
 *   <li><b>not measurable here</b> when the claim needs what the comparison did not have: a 2-CPU server with CPUs
 *       of its own, a kernel, or the two modes.
 * </ul>
 *
 * A claim's direction is that of its range: a range entirely below 1 says "lower", so an interval entirely above 1
 * excludes it and differs ("in the opposite direction").
 */
public final class StudyTable {

    public enum Verdict {
        REPRODUCED("reproduced"),
        DIFFERS("differs"),
        INCONCLUSIVE("inconclusive"),
        NOT_RUN("not run"),
        NOT_MEASURABLE("not measurable here");

        public final String text;

        Verdict(String text) {
            this.text = text;
        }
    }

    /** A verdict and why, in words. */
    public record Outcome(Verdict verdict, String why) {}

    /**
     * One claim against vtlab: the range used (margin put in), the headline measured, the ratio row it was read from
     * and both modes' means (null where not measured), the verdict, and which of the comparisons it was read from (its
     * index among them; -1 when none ran its test).
     */
    public record Row(
            Claim claim,
            Range range,
            Headline headline,
            Comparison.RatioRow ratio,
            Stats.Interval baseline,
            Stats.Interval mode,
            Outcome outcome,
            int source) {}

    /** A comparison and its CPU split: the study's table is read from one or several. */
    public record Part(Comparison comparison, CpuPlan cpus) {}

    /**
     * A time to peak above this share of the plan's duration may be the plan's end rather than the peak (the pool
     * still growing when the load stopped): the claim is then inconclusive.
     */
    public static final double PLAN_END_SHARE = 0.8;

    /** The command that runs the whole study profile. */
    public static final String COMMAND = "./mvnw -Pcompare verify -Dcompare.profile=study";

    private StudyTable() {}

    /**
     * Every claim of {@link StudyClaims#ALL} against {@code c}. {@code cpus}: the comparison's CPU split; {@code
     * margin}: its equivalence margin (a fraction).
     */
    public static List<Row> of(Comparison c, CpuPlan cpus, double margin) {
        return of(List.of(new Part(c, cpus)), margin);
    }

    /**
     * Every claim against the comparisons of {@code parts}, each claim from the one that ran its test (no two ran the
     * same test: the caller checks). {@code margin}: their equivalence margin (a fraction).
     */
    public static List<Row> of(List<Part> parts, double margin) {
        List<Row> rows = new ArrayList<>();
        for (Claim claim : StudyClaims.ALL) {
            Range range = claim.range().resolve(margin);
            int source = source(parts, claim.test());
            Part part = parts.get(Math.max(source, 0));
            Comparison c = part.comparison();
            String missing = missing(claim, c, part.cpus(), c.environment().get(Environment.KERNEL, ""));
            if (missing != null || source < 0) {
                Outcome outcome = missing != null
                        ? new Outcome(Verdict.NOT_MEASURABLE, missing)
                        : new Outcome(
                                Verdict.NOT_RUN,
                                "no comparison ran " + claim.test() + ": run " + COMMAND + " -Dcompare.tests="
                                        + claim.test());
                rows.add(new Row(claim, range, null, null, null, null, outcome, source));
                continue;
            }
            Headline headline = highest(c, claim.test(), claim.metric());
            Comparison.RatioRow ratio = headline == null ? null : c.ratio(claim.test(), StudyClaims.MODE, headline);
            if (ratio == null) {
                rows.add(new Row(
                        claim,
                        range,
                        headline,
                        null,
                        null,
                        null,
                        new Outcome(
                                Verdict.INCONCLUSIVE,
                                "no run of " + claim.test() + " measured " + claim.metric().words),
                        source));
                continue;
            }
            Outcome outcome = judge(claim.kind(), range, ratio.ratio());
            String early = claim.metric() == Metric.TIME_TO_90PCT_S ? planEnd(c, claim.test(), headline) : null;
            if (early != null) {
                // a time cut short by the plan's end says nothing of the peak, whatever its interval
                outcome = new Outcome(
                        Verdict.INCONCLUSIVE, ratio.ratio().determined() ? early : outcome.why() + "; and " + early);
            }
            rows.add(new Row(
                    claim,
                    range,
                    headline,
                    ratio,
                    c.interval(claim.test(), StudyClaims.BASELINE, headline),
                    c.interval(claim.test(), StudyClaims.MODE, headline),
                    outcome,
                    source));
        }
        return rows;
    }

    /**
     * Why the comparisons of {@code records} (in {@code dirs}, the same order) cannot make one table, or null: one
     * that is not the study profile's, a test two of them ran, verdicts judged with different margins.
     */
    public static String unjoinable(List<Path> dirs, List<ComparisonRecord> records) {
        Map<String, Path> ranBy = new HashMap<>();
        double first = records.get(0).margin();
        for (int i = 0; i < records.size(); i++) {
            ComparisonRecord record = records.get(i);
            Path dir = dirs.get(i);
            String profile = record.environment().profile();
            if (!Catalogue.Profile.STUDY.label().equals(profile)) {
                return dir + " holds a " + profile + " comparison, not the study's (-Dcompare.profile=study)";
            }
            for (String test : record.tests()) {
                Path before = ranBy.putIfAbsent(test, dir);
                if (before != null) {
                    return before + " and " + dir + " both ran " + test + ": name one of them";
                }
            }
            if (record.margin() != first) {
                return String.format(
                        Locale.ROOT,
                        "%s was judged with a margin of ±%.1f %%, %s with ±%.1f %%: one table has one margin",
                        dirs.get(0),
                        100 * first,
                        dir,
                        100 * record.margin());
            }
        }
        return null;
    }

    /** The index of the comparison that ran {@code test}, or -1. */
    private static int source(List<Part> parts, String test) {
        for (int i = 0; i < parts.size(); i++) {
            if (parts.get(i).comparison().tests().contains(test)) {
                return i;
            }
        }
        return -1;
    }

    /** The rule (see the class comment) for a claim of {@code kind} and {@code range} on vtlab's ratio. */
    public static Outcome judge(Kind kind, Range range, LogRatio ratio) {
        if (!ratio.determined()) {
            return new Outcome(Verdict.INCONCLUSIVE, "no interval: " + ratio.why());
        }
        double a = ratio.low(), b = ratio.high(), estimate = ratio.estimate();
        String interval = String.format(Locale.ROOT, "%.3f (95 %% CI %.3f–%.3f)", estimate, a, b);
        if (b < range.low() || a > range.high()) {
            boolean below = b < range.low();
            double end = below ? range.low() : range.high();
            boolean opposite = (kind == Kind.LOWER && a > 1) || (kind == Kind.HIGHER && b < 1);
            return new Outcome(
                    Verdict.DIFFERS,
                    String.format(
                            Locale.ROOT,
                            "vtlab's %s lies %s the study's %s%s: %.1f percentage points %s its %s end %.3f (at"
                                    + " least %.1f, the interval's nearer end)",
                            interval,
                            below ? "below" : "above",
                            range.text(),
                            opposite ? ", in the opposite direction" : "",
                            100 * Math.abs(estimate - end),
                            below ? "below" : "above",
                            below ? "lower" : "upper",
                            end,
                            100 * (below ? end - b : a - end)));
        }
        boolean reproduced =
                switch (kind) {
                    case LOWER -> b < 1;
                    case HIGHER -> a > 1;
                    case WITHIN -> a >= range.low() && b <= range.high();
                };
        if (reproduced) {
            return new Outcome(
                    Verdict.REPRODUCED,
                    "vtlab's " + interval
                            + (kind == Kind.WITHIN
                                    ? " lies within the study's " + range.text()
                                    : " lies " + (kind == Kind.LOWER ? "below" : "above") + " 1 and overlaps the"
                                            + " study's " + range.text()));
        }
        return new Outcome(
                Verdict.INCONCLUSIVE,
                "vtlab's " + interval + " overlaps the study's " + range.text() + " but "
                        + (kind == Kind.WITHIN ? "reaches past it" : "reaches 1")
                        + ": too wide to tell; more runs would");
    }

    /** Why the comparison could not measure a claim, with the command that can; null when it could. */
    static String missing(Claim claim, Comparison c, CpuPlan cpus, String kernel) {
        StudyClaims.Needs needs = claim.needs();
        if (needs.serverCpus() > 0 && (cpus.shared() || cpus.server().size() != needs.serverCpus())) {
            return String.format(
                    Locale.ROOT,
                    "needs a %d-CPU server with CPUs of its own and CPUs for the load (%d CPUs); this comparison's"
                            + " server had %d%s. Run %s on a machine with %d or more CPUs%s",
                    needs.serverCpus(),
                    StudyClaims.TWO_CPU_MACHINE,
                    cpus.server().size(),
                    cpus.shared() ? ", shared with the load" : "",
                    COMMAND,
                    StudyClaims.TWO_CPU_MACHINE,
                    needs.kernel() == StudyClaims.Kernel.ANY ? "" : " on " + needs.kernel().text);
        }
        if (!needs.kernel().matches(kernel)) {
            return "needs " + needs.kernel().text + "; this machine runs " + kernel + ". Run " + COMMAND
                    + " on such a machine";
        }
        if (c.baseline() != StudyClaims.BASELINE || !c.modes().contains(StudyClaims.MODE)) {
            return "the comparison did not run " + StudyClaims.MODE.label() + " against " + StudyClaims.BASELINE.label()
                    + ": run " + COMMAND + " (its modes are the default)";
        }
        return null;
    }

    /** The figure at the test's highest load level (levels are aggregated lowest first), or null. */
    static Headline highest(Comparison c, String test, Metric metric) {
        Headline last = null;
        for (Headline h : c.headlines(test)) {
            if (h.metric() == metric && h.requestType() == null) {
                last = h;
            }
        }
        return last;
    }

    /**
     * Why the pool's time to peak may be the plan's end (the baseline's valid runs average above {@link
     * #PLAN_END_SHARE} of the plan's duration), or null.
     */
    private static String planEnd(Comparison c, String test, Headline headline) {
        Stats.Interval pool = c.interval(test, StudyClaims.BASELINE, headline);
        List<RunResult> runs = c.runs(test);
        if (pool == null || runs.isEmpty() || !runs.get(0).props().containsKey("DURATION")) {
            return null;
        }
        double duration = Double.parseDouble(runs.get(0).props().get("DURATION"));
        if (!(pool.mean() > PLAN_END_SHARE * duration)) {
            return null;
        }
        return String.format(
                Locale.ROOT,
                "%s's time to 90 %% of peak (%.0f s) is past %.0f %% of the %.0f-s plan: its peak may lie after the"
                        + " load stopped; run longer (-Dcompare.%s.DURATION)",
                StudyClaims.BASELINE.label(),
                pool.mean(),
                100 * PLAN_END_SHARE,
                duration,
                test);
    }
}
