package dev.vtlab.compare.report;

import dev.vtlab.compare.judge.CrossoverJudge;
import dev.vtlab.compare.raw.Environment;
import dev.vtlab.compare.settings.Setting;
import dev.vtlab.compare.stats.LogRatio;
import dev.vtlab.compare.stats.Verdicts;
import dev.vtlab.dispatch.DispatchMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The crossover's answer in short plain sentences, from its judged result alone: whether it is a result, each
 * contrast's ratio and verdict in CPU a request, the costs as measured, the reading a team follows, the conditions.
 * crossover.md opens with them, crossover.json holds them and the console ends with them: one source for all three.
 */
final class CrossoverAnswer {

    /** A sentence's most words: a team lead reads them on the first screen. */
    static final int MAX_WORDS = 25;

    /** Modes a costs sentence names at most, so that it stays within {@link #MAX_WORDS}. */
    private static final int MODES_A_SENTENCE = 3;

    private CrossoverAnswer() {}

    static List<String> of(CrossoverJudge.Result r, Map<String, String> environment) {
        List<String> s = new ArrayList<>();
        String notAResult = notAResult(r);
        if (notAResult != null) {
            s.add(notAResult);
        }
        r.contrasts().forEach(c -> s.add(contrast(c)));
        s.addAll(costs(r.modes()));
        // a reading would be a recommendation: none on figures that are not a result
        if (notAResult == null) {
            DispatchMode baseline = r.design().modes().get(0);
            List<CrossoverJudge.Contrast> moves =
                    r.contrasts().stream().filter(c -> c.baseline() == baseline).toList();
            moves.forEach(c -> s.add(reading(c, moves.size() > 1)));
        }
        String conditions = conditions(environment);
        if (conditions != null) {
            s.add(conditions);
        }
        return List.copyOf(s);
    }

    /** Words as a reader counts them: what whitespace separates, a "%" or "÷" included. */
    static int words(String sentence) {
        String t = sentence.strip();
        return t.isEmpty() ? 0 : t.split("\\s+").length;
    }

    /** Why the figures are not a result, and what to do, or null when they are: the warm-up first, then each ratio. */
    static String notAResult(CrossoverJudge.Result r) {
        if (!r.warmed()) {
            return "Not a result: the warm-up reached its " + r.design().warmupCapSeconds()
                    + " s cap with the JIT still compiling; run again on a quieter host or raise "
                    + Setting.WARMUP_SECONDS.key() + ".";
        }
        for (CrossoverJudge.Contrast c : r.contrasts()) {
            LogRatio ratio = c.cpu().ratio();
            if (ratio.determined()) {
                continue;
            }
            String name = name(c);
            if (tooFewBlocks(ratio)) {
                return "Not a result: " + name + " had " + ratio.n1() + " usable block"
                        + (ratio.n1() == 1 ? "" : "s") + ", too few for an interval; run again with more blocks ("
                        + Setting.CROSSOVER_BLOCKS.key() + ").";
            }
            return "Not a result: " + name + " is undetermined, " + reason(ratio) + "; "
                    + (variesTooMuch(ratio)
                            ? "run again on a quieter host, or with more blocks."
                            : "check that the load reaches the server and run again.");
        }
        return null;
    }

    /**
     * "managed-virtual ÷ threadpool, requests per CPU-second: 0.780, 95 % CI 0.704–0.865, lower beyond the margin:
     * managed-virtual needed about 28 % more CPU a request." CPU a request is the ratio's inverse.
     */
    static String contrast(CrossoverJudge.Contrast c) {
        Verdicts.Judgement v = c.cpu();
        LogRatio ratio = v.ratio();
        String head = name(c) + ", requests per CPU-second: ";
        String mode = c.mode().label();
        return switch (v.verdict()) {
            case HIGHER_BEYOND_MARGIN, HIGHER_WITHIN_MARGIN ->
                head + interval95(ratio) + ", " + v.verdict().words() + ": " + mode + " needed about "
                        + pct(1 - 1 / ratio.estimate()) + " less CPU a request.";
            case LOWER_BEYOND_MARGIN, LOWER_WITHIN_MARGIN ->
                head + interval95(ratio) + ", " + v.verdict().words() + ": " + mode + " needed about "
                        + pct(1 / ratio.estimate() - 1) + " more CPU a request.";
            // an equivalence rests on the 90 % interval, which lies inside the margin; the 95 % one may not
            case EQUIVALENT ->
                head
                        + String.format(
                                Locale.ROOT,
                                "%.3f, 90 %% CI %.3f–%.3f, equivalent: no difference beyond ±%s %% was detected.",
                                ratio.estimate(),
                                v.equivalence().low(),
                                v.equivalence().high(),
                                margin(v.margin()));
            case INCONCLUSIVE, UNDECIDED_AT_CAP ->
                head + interval95(ratio) + ", " + v.verdict().words()
                        + String.format(
                                Locale.ROOT,
                                " (%+.1f %% … %+.1f %%): neither a difference nor equivalence was shown.",
                                100 * (ratio.low() - 1),
                                100 * (ratio.high() - 1));
            case UNDETERMINED ->
                head + (Double.isFinite(ratio.estimate()) ? String.format(Locale.ROOT, "%.3f, ", ratio.estimate()) : "")
                        + "undetermined: " + reason(ratio) + ".";
        };
    }

    /**
     * Latency and the pool's threads as each mode's slices measured them, means over its slices: no interval, the
     * analysis has none for them. One sentence each, a further one per {@link #MODES_A_SENTENCE} modes.
     */
    static List<String> costs(List<CrossoverJudge.ModeFigures> modes) {
        List<String> s = new ArrayList<>();
        s.addAll(listed(
                modes,
                "Latency as measured in this run, mean and p95: ",
                "Latency, mean and p95: ",
                "Latency was not read in this run.",
                m -> Double.isFinite(m.meanLatencyMs()) && Double.isFinite(m.p95LatencyMs())
                        ? String.format(Locale.ROOT, "%.2f and %.0f ms", m.meanLatencyMs(), m.p95LatencyMs())
                        : null));
        s.addAll(listed(
                modes,
                "Pool threads left in use, as measured: ",
                "Pool threads left in use: ",
                "Pool threads were not read in this run.",
                m -> Double.isFinite(m.poolThreads()) ? String.format(Locale.ROOT, "%.1f", m.poolThreads()) : null));
        return s;
    }

    /** "first: a x, b y." over every mode, {@link #MODES_A_SENTENCE} a sentence; {@code none} when no mode read it. */
    private static List<String> listed(
            List<CrossoverJudge.ModeFigures> modes,
            String first,
            String next,
            String none,
            Function<CrossoverJudge.ModeFigures, String> figure) {
        if (modes.stream().allMatch(m -> figure.apply(m) == null)) {
            return List.of(none);
        }
        List<String> s = new ArrayList<>();
        for (int from = 0; from < modes.size(); from += MODES_A_SENTENCE) {
            List<String> parts = new ArrayList<>();
            for (CrossoverJudge.ModeFigures m : modes.subList(from, Math.min(modes.size(), from + MODES_A_SENTENCE))) {
                String f = figure.apply(m);
                parts.add(m.mode().label() + " " + (f == null ? "not read" : f));
            }
            s.add((from == 0 ? first : next) + String.join(", ", parts) + ".");
        }
        return s;
    }

    /** What a team does with the verdict, read mechanically from it; named by mode when several move off the pool. */
    static String reading(CrossoverJudge.Contrast c, boolean named) {
        String stay = c.baseline() == DispatchMode.THREADPOOL
                ? "the pool"
                : c.baseline().label();
        String line =
                switch (c.cpu().verdict()) {
                    case LOWER_BEYOND_MARGIN -> "For CPU, stay on " + stay + " at this load.";
                    case HIGHER_BEYOND_MARGIN -> "For CPU, the move pays at this load.";
                    case EQUIVALENT -> "For CPU, either is fine at this load; weigh latency and memory.";
                    // the glossary's reading of a difference within the margin
                    case LOWER_WITHIN_MARGIN, HIGHER_WITHIN_MARGIN ->
                        "For CPU, a difference not shown to matter: weigh the other figures; re-measure if it would"
                                + " decide.";
                    case INCONCLUSIVE, UNDECIDED_AT_CAP, UNDETERMINED -> "Not decided: run more blocks.";
                };
        return named ? c.mode().label() + ": " + Character.toLowerCase(line.charAt(0)) + line.substring(1) : line;
    }

    /** "Conditions: 100 users; 1 server CPU; JDK …; Open Liberty 26.0.0.5; 2026-12-02.", or null with none known. */
    static String conditions(Map<String, String> environment) {
        List<String> parts = new ArrayList<>();
        if (environment.containsKey("load")) {
            parts.add(environment.get("load"));
        }
        int cpus = new Environment(environment).serverCpuCount();
        if (cpus > 0) {
            parts.add(cpus + " server CPU" + (cpus == 1 ? "" : "s"));
        }
        if (environment.containsKey(Environment.JDK)) {
            parts.add("JDK " + environment.get(Environment.JDK));
        }
        String liberty = environment.get("liberty");
        if (liberty != null) {
            parts.add(liberty.startsWith("Open Liberty") ? liberty : "Liberty " + liberty);
        }
        String at = environment.get(Environment.GENERATED_AT);
        if (at != null) {
            // the day is enough to find the run again; the time is in the environment below
            parts.add(at.length() >= 10 ? at.substring(0, 10) : at);
        }
        return parts.isEmpty() ? null : "Conditions: " + String.join("; ", parts) + ".";
    }

    private static String name(CrossoverJudge.Contrast c) {
        return c.mode().label() + " ÷ " + c.baseline().label();
    }

    /** "0.780, 95 % CI 0.704–0.865". */
    private static String interval95(LogRatio r) {
        return String.format(Locale.ROOT, "%.3f, 95 %% CI %.3f–%.3f", r.estimate(), r.low(), r.high());
    }

    private static boolean tooFewBlocks(LogRatio r) {
        return r.n1() < 2;
    }

    private static boolean variesTooMuch(LogRatio r) {
        return r.why().startsWith("the runs vary too much");
    }

    /** Why a ratio has no interval, in a few words. */
    private static String reason(LogRatio r) {
        if (tooFewBlocks(r)) {
            return "too few usable blocks";
        }
        return variesTooMuch(r) ? "its blocks vary too much" : "a slice served no requests";
    }

    /** "28 %" from 0.282; one decimal below 10 %, where a whole number would hide most of it. */
    static String pct(double fraction) {
        double p = 100 * fraction;
        return String.format(Locale.ROOT, p < 9.95 ? "%.1f %%" : "%.0f %%", p);
    }

    /** A margin as people write it: "5", "2.5". */
    private static String margin(double margin) {
        String s = String.format(Locale.ROOT, "%.1f", 100 * margin);
        return s.endsWith(".0") ? s.substring(0, s.length() - 2) : s;
    }
}
