package dev.vtlab.compare.report;

import static dev.vtlab.compare.raw.JsonNumbers.num;

import dev.vtlab.compare.judge.Joins;
import dev.vtlab.compare.raw.SummaryFiles;
import dev.vtlab.compare.stats.LogRatio;
import dev.vtlab.compare.stats.MetaAnalysis;
import dev.vtlab.compare.stats.Stats;
import dev.vtlab.compare.stats.Verdict;
import dev.vtlab.compare.stats.Verdicts;
import dev.vtlab.measurement.SvgChart;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonWriter;
import jakarta.json.stream.JsonGenerator;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * join.md, join.json and join.svg: the comparisons joined, figure by figure; the console gets the primary figures.
 */
public final class JoinReport {

    public static final String MARKDOWN = "join.md";
    public static final String JSON = "join.json";
    public static final String SVG = "join.svg";

    /** One colour per comparison, as the report's charts give one per mode. */
    private static final List<String> COLORS = List.of(
            "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22",
            "#17becf");

    private JoinReport() {}

    public static void write(Joins joins, String command, Path out, PrintStream console) throws IOException {
        Files.createDirectories(out);
        Files.writeString(out.resolve(MARKDOWN), markdown(joins, command, out));
        Files.writeString(out.resolve(SVG), svg(joins));
        try (Writer w = Files.newBufferedWriter(out.resolve(JSON));
                JsonWriter json = Json.createWriterFactory(Map.of(JsonGenerator.PRETTY_PRINTING, true))
                        .createWriter(w)) {
            json.writeObject(json(joins, command, out));
        }
        for (Joins.Row r : joins.rows()) {
            if (r.primary()) {
                console.println("[compare] " + label(r) + ": " + joined(r) + next(r) + unlike(r));
            }
        }
    }

    /** For the console: the comparisons of other fingerprints left out, every one joined, and whether they differ. */
    private static String unlike(Joins.Row r) {
        Joins.Unlike u = r.unlike();
        if (u == null) {
            return "";
        }
        return "; left out, unlike: " + groups(u, ", ") + "; every comparison " + all(u) + "; difference "
                + difference(u);
    }

    /** For the console: the next comparison's observed ratio and the power, where there are any. */
    private static String next(Joins.Row r) {
        MetaAnalysis.Joined j = r.joined();
        if (j == null) {
            return "";
        }
        Joins.Sensitivity v = r.sensitivity();
        return (Double.isNaN(j.observedLow())
                        ? ""
                        : "; next comparison's observed ratio " + range(j.observedLow(), j.observedHigh()))
                + "; power to detect τ " + taus() + ": " + power(r)
                + "; unweighted "
                + triplet(
                        v.unweighted().ratio(),
                        v.unweighted().low(),
                        v.unweighted().high())
                + (v.earlyShare() == 0
                        ? "; none stopped early"
                        : "; early stops weigh " + earlyShare(v)
                                + (v.withoutEarly() == null ? "" : ", without them " + withoutEarly(v)));
    }

    /** A comparison's directory as seen from the join's: relative, so the files read the same on any clone. */
    private static String where(SummaryFiles.Summary s, Path out) {
        return out.toAbsolutePath().relativize(s.dir().toAbsolutePath()).toString();
    }

    static String markdown(Joins joins, String command, Path out) {
        List<String> md = new ArrayList<>();
        md.add("# Comparisons joined");
        md.add("");
        md.add("`" + command + "`");
        md.add("");
        md.add("Each figure's ratio from every comparison that measured it, joined as a random-effects meta-analysis"
                + " of the log ratios. The joined interval is Hartung and Knapp's, t on k − 1 degrees of freedom."
                + " Primary figures first.");
        md.add("");
        md.add("- **τ** is the spread of the log ratio between comparisons beyond their runs, with its " + percent()
                + " interval by the Q-profile method. Where its estimate is 0, a spread was **not detected**: the"
                + " interval's high end says how large one could still be.");
        md.add("- **Power** is how often these comparisons' own standard errors detect a spread τ of "
                + taus() + ": Cochran's Q test at the " + Math.round(100 * MetaAnalysis.HETEROGENEITY_LEVEL)
                + " % level, in "
                + String.format(Locale.ROOT, "%,d", Joins.POWER_TRIALS).replace(',', ' ')
                + " simulated joins from seed " + Joins.POWER_SEED + ".");
        md.add("- **Next comparison, true ratio** is the " + percent() + " prediction interval for the ratio the"
                + " next comparison estimates (k ≥ 3).");
        md.add("- **Next comparison, observed ratio** adds that comparison's own standard error, the median of the"
                + " joined ones: test a new comparison's ratio against this one.");
        md.add("");
        md.add("Only comparisons alike in what they measured are joined. A figure joins those that share the newest"
                + " comparison's **fingerprint**: its Liberty, JDK, monitors, warm-up, server JVM options, pool settings"
                + " and CPU plan. Comparisons of other fingerprints are shown beside it, below.");
        md.add("");
        md.add("| # | comparison | generated | lab code | profile | fingerprint |");
        md.add("|---|---|---|---|---|---|");
        for (int i = 0; i < joins.sources().size(); i++) {
            SummaryFiles.Summary s = joins.sources().get(i);
            md.add("| " + (i + 1) + " | " + where(s, out) + " | " + s.generatedAt() + " | " + s.labVersion() + " | "
                    + s.profile() + " | " + letter(joins.fingerprintOf().get(i)) + " |");
        }
        md.add("");
        md.add("| fingerprint | " + String.join(" | ", SummaryFiles.FINGERPRINT.keySet()) + " |");
        md.add("|---|" + "---|".repeat(SummaryFiles.FINGERPRINT.size()));
        for (int f = 0; f < joins.fingerprints().size(); f++) {
            md.add("| " + letter(f) + " | "
                    + String.join(" | ", joins.fingerprints().get(f).values()) + " |");
        }
        md.add("");
        md.add("| test · figure | ratio | each comparison's ratio [" + percent() + " CI] | joined [" + percent()
                + " CI] | τ, " + percent() + " interval | power to detect τ " + taus()
                + " | next comparison, true ratio | next comparison, observed ratio | heterogeneity p |");
        md.add("|---|---|---|---|---|---|---|---|---|");
        for (Joins.Row r : joins.rows()) {
            String each = r.parts().stream()
                    .map(p -> (p.source() + 1) + ": "
                            + triplet(
                                    p.ratio().ratio(),
                                    p.ratio().low(),
                                    p.ratio().high()))
                    .collect(Collectors.joining("<br>"));
            MetaAnalysis.Joined j = r.joined();
            md.add("| " + r.key().test() + " · " + r.key().metric() + (r.primary() ? " (primary)" : "") + " | "
                    + r.key().mode() + " ÷ " + r.key().reference() + " | " + each + " | " + joinedRatio(r) + " | "
                    + (j == null ? "" : tau(j)) + " | " + power(r) + " | "
                    + (j == null ? "" : range(j.predictionLow(), j.predictionHigh())) + " | "
                    + (j == null ? "" : range(j.observedLow(), j.observedHigh())) + " | "
                    + (j == null ? "" : String.format(Locale.ROOT, "%.3f", j.heterogeneityP())) + " |");
        }
        md.add("");
        if (joins.rows().stream().anyMatch(r -> r.unlike() != null)) {
            md.add("## Unlike comparisons");
            md.add("");
            md.add("The comparisons each join leaves out, by their fingerprint, and every comparison joined. The"
                    + " difference is Q between the fingerprints' ratios, on their count less one degrees of freedom:"
                    + " a small p says they measured different ratios.");
            md.add("");
            md.add(
                    "| test · figure | ratio | joined, alike | left out, by fingerprint | every comparison | difference |");
            md.add("|---|---|---|---|---|---|");
            for (Joins.Row r : joins.rows()) {
                Joins.Unlike u = r.unlike();
                if (u == null) {
                    continue;
                }
                md.add("| " + r.key().test() + " · " + r.key().metric() + (r.primary() ? " (primary)" : "") + " | "
                        + r.key().mode() + " ÷ " + r.key().reference() + " | " + letter(alike(joins, r)) + ": "
                        + joinedRatio(r) + " | " + groups(u, "<br>") + " | " + all(u) + " | " + difference(u) + " |");
            }
            md.add("");
        }
        md.add("## How far each join rests on its weights");
        md.add("");
        md.add("A join weights each comparison by its own precision. These columns read the same ratios other ways.");
        md.add("");
        md.add("- **Unweighted**: every comparison's log ratio counts alike, with Student's t interval on k − 1"
                + " degrees of freedom.");
        md.add("- **Weights**: each comparison's share of the join, by its number in the table above.");
        md.add("- **Leave one out**: the lowest and highest joined ratio with one comparison left out, and which"
                + " comparison moves it most.");
        md.add("- **Early stops**: comparisons a sequential design stopped before its cap. Stopping when the runs"
                + " happened to agree gives a small standard error, so such a comparison weighs more than its rounds."
                + " The last column joins the others.");
        md.add("");
        md.add("| test · figure | ratio | weighted | unweighted | weights | leave one out | early stops weigh | without"
                + " them |");
        md.add("|---|---|---|---|---|---|---|---|");
        for (Joins.Row r : joins.rows()) {
            Joins.Sensitivity v = r.sensitivity();
            if (v == null) {
                continue;
            }
            MetaAnalysis.Joined j = r.joined();
            md.add("| " + r.key().test() + " · " + r.key().metric() + (r.primary() ? " (primary)" : "") + " | "
                    + r.key().mode() + " ÷ " + r.key().reference() + " | "
                    + triplet(j.ratio(), j.low(), j.high()) + " | "
                    + triplet(
                            v.unweighted().ratio(),
                            v.unweighted().low(),
                            v.unweighted().high()) + " | "
                    + shares(r) + " | " + leaveOneOut(r) + " | " + earlyShare(v) + " | " + withoutEarly(v) + " |");
        }
        md.add("");
        return String.join("\n", md);
    }

    /** "A", "B", …: a fingerprint's name, by its index. */
    static String letter(int fingerprint) {
        return fingerprint < 26 ? String.valueOf((char) ('A' + fingerprint)) : "F" + (fingerprint + 1);
    }

    /** The fingerprint a row's join is of. */
    private static int alike(Joins joins, Joins.Row r) {
        return joins.fingerprintOf().get(r.parts().get(0).source());
    }

    /** "B: 1.081 [1.033, 1.132] over 3 (4, 5, 7)", one per other fingerprint. */
    private static String groups(Joins.Unlike u, String separator) {
        List<String> out = new ArrayList<>();
        for (Joins.Group g : u.groups()) {
            String which =
                    g.parts().stream().map(p -> String.valueOf(p.source() + 1)).collect(Collectors.joining(", "));
            MetaAnalysis.Joined j = g.joined();
            SummaryFiles.Ratio one = g.parts().get(0).ratio();
            out.add(letter(g.fingerprint()) + ": "
                    + (j != null
                            ? triplet(j.ratio(), j.low(), j.high()) + " over " + j.comparisons()
                            : triplet(one.ratio(), one.low(), one.high()))
                    + " (" + (g.parts().size() == 1 ? "comparison " : "comparisons ") + which + ")");
        }
        return String.join(separator, out);
    }

    private static String all(Joins.Unlike u) {
        MetaAnalysis.Joined a = u.all();
        return a == null ? "not joined" : triplet(a.ratio(), a.low(), a.high()) + " over " + a.comparisons();
    }

    private static String difference(Joins.Unlike u) {
        MetaAnalysis.Difference d = u.difference();
        return d == null
                ? "not tested"
                : String.format(Locale.ROOT, "Q %.2f on %d, p %.3f", d.q(), d.degreesOfFreedom(), d.p());
    }

    /** "1: 16 %, 4: 8 %, …": each part's share of the weight, by its comparison's number. */
    private static String shares(Joins.Row r) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < r.parts().size(); i++) {
            out.add((r.parts().get(i).source() + 1) + ": "
                    + Math.round(100 * r.sensitivity().shares().get(i)) + " %");
        }
        return String.join(", ", out);
    }

    /** "1.058–1.071, most without 14", or why there is none. */
    static String leaveOneOut(Joins.Row r) {
        Joins.Sensitivity v = r.sensitivity();
        if (v.leaveOneOut() == null) {
            return "needs 3 comparisons";
        }
        double low = v.leaveOneOut().stream()
                .mapToDouble(MetaAnalysis.Joined::ratio)
                .min()
                .orElseThrow();
        double high = v.leaveOneOut().stream()
                .mapToDouble(MetaAnalysis.Joined::ratio)
                .max()
                .orElseThrow();
        int most = v.mostInfluential(r.joined().ratio());
        return String.format(
                Locale.ROOT,
                "%.3f–%.3f, most without %d",
                low,
                high,
                r.parts().get(most).source() + 1);
    }

    private static String earlyShare(Joins.Sensitivity v) {
        return v.earlyShare() == 0 ? "none stopped early" : Math.round(100 * v.earlyShare()) + " %";
    }

    private static String withoutEarly(Joins.Sensitivity v) {
        MetaAnalysis.Joined w = v.withoutEarly();
        if (w == null) {
            return v.earlyShare() == 0 ? "" : "too few left";
        }
        return triplet(w.ratio(), w.low(), w.high()) + " over " + w.comparisons();
    }

    /** The primary figures: each comparison's ratio with its interval, a row each, and the joined one below. */
    static String svg(Joins joins) {
        List<SvgChart.RatioPoint> points = new ArrayList<>();
        for (Joins.Row r : joins.rows()) {
            if (!r.primary()) {
                continue;
            }
            String question = r.key().test() + " " + r.key().metric() + ", "
                    + r.key().mode() + " ÷ " + r.key().reference();
            for (Joins.Part p : r.parts()) {
                SummaryFiles.Summary s = joins.sources().get(p.source());
                points.add(new SvgChart.RatioPoint(
                        question + " · " + (p.source() + 1) + ": " + day(s) + " " + s.profile(),
                        "ratio",
                        COLORS.get(p.source() % COLORS.size()),
                        p.ratio().ratio(),
                        p.ratio().low(),
                        p.ratio().high()));
            }
            MetaAnalysis.Joined j = r.joined();
            if (j != null) {
                points.add(new SvgChart.RatioPoint(
                        question + " · joined", "ratio", "#000000", j.ratio(), j.low(), j.high()));
            }
        }
        return SvgChart.standalone(SvgChart.ratios(
                "join", "Each comparison's primary ratio, " + percent() + " interval, and the joined one", points));
    }

    /** The day a comparison's report was written. */
    private static String day(SummaryFiles.Summary s) {
        return s.generatedAt().length() >= 10 ? s.generatedAt().substring(0, 10) : s.generatedAt();
    }

    private static JsonObject json(Joins joins, String command, Path out) {
        JsonArrayBuilder sources = Json.createArrayBuilder();
        for (int i = 0; i < joins.sources().size(); i++) {
            SummaryFiles.Summary s = joins.sources().get(i);
            sources.add(Json.createObjectBuilder()
                    .add("dir", where(s, out))
                    .add("generated_at", s.generatedAt())
                    .add("lab_version", s.labVersion())
                    .add("profile", s.profile())
                    .add("command", s.command())
                    .add("fingerprint", letter(joins.fingerprintOf().get(i))));
        }
        JsonArrayBuilder fingerprints = Json.createArrayBuilder();
        for (int f = 0; f < joins.fingerprints().size(); f++) {
            JsonObjectBuilder fields = Json.createObjectBuilder();
            joins.fingerprints().get(f).forEach(fields::add);
            fingerprints.add(Json.createObjectBuilder().add("name", letter(f)).add("fields", fields));
        }
        JsonArrayBuilder rows = Json.createArrayBuilder();
        for (Joins.Row r : joins.rows()) {
            JsonArrayBuilder parts = Json.createArrayBuilder();
            r.parts()
                    .forEach(p -> parts.add(Json.createObjectBuilder()
                            .add("comparison", p.source() + 1)
                            .add("ratio", num(p.ratio().ratio()))
                            .add("ci_low", num(p.ratio().low()))
                            .add("ci_high", num(p.ratio().high()))
                            .add("log_se", num(p.ratio().logSe()))
                            .add("verdict", p.ratio().verdict())));
            JsonObjectBuilder row = Json.createObjectBuilder()
                    .add("test", r.key().test())
                    .add("metric", r.key().metric())
                    .add("mode", r.key().mode())
                    .add("reference", r.key().reference())
                    .add("primary", r.primary())
                    .add("fingerprint", letter(alike(joins, r)))
                    .add("parts", parts);
            if (r.unlike() != null) {
                row.add("unlike", unlikeJson(r.unlike()));
            }
            MetaAnalysis.Joined j = r.joined();
            if (j == null) {
                row.add("why", r.why());
            } else {
                row.add("ratio", num(j.ratio()))
                        .add("ci_low", num(j.low()))
                        .add("ci_high", num(j.high()))
                        .add("verdict", verdict(j.ratio(), j.low(), j.high(), j.comparisons()))
                        .add("tau", num(j.tau()))
                        .add("tau_reading", j.spreadEstimated() ? "estimated" : "not detected")
                        .add("tau_ci_low", num(j.tauLow()))
                        .add("tau_ci_high", num(j.tauHigh()))
                        .add("q", num(j.q()))
                        .add("heterogeneity_p", num(j.heterogeneityP()))
                        .add("prediction_of", "the next comparison's true ratio")
                        .add("prediction_low", num(j.predictionLow()))
                        .add("prediction_high", num(j.predictionHigh()))
                        .add(
                                "prediction_observed_of",
                                "the next comparison's observed ratio, with the median standard error of the joined"
                                        + " comparisons")
                        .add("prediction_observed_log_se", num(j.nextStandardError()))
                        .add("prediction_observed_low", num(j.observedLow()))
                        .add("prediction_observed_high", num(j.observedHigh()));
                JsonArrayBuilder power = Json.createArrayBuilder();
                r.power()
                        .forEach(d -> power.add(Json.createObjectBuilder()
                                .add("tau", num(d.tau()))
                                .add("power", num(d.power()))
                                .add("estimate_zero", num(d.estimateZero()))));
                row.add("power", power);
                row.add("sensitivity", sensitivity(r));
            }
            rows.add(row);
        }
        return Json.createObjectBuilder()
                .add("command", command)
                .add(
                        "power_test",
                        Json.createObjectBuilder()
                                .add("test", "Cochran's Q against chi-square on k - 1 degrees of freedom")
                                .add("level", MetaAnalysis.HETEROGENEITY_LEVEL)
                                .add("trials", Joins.POWER_TRIALS)
                                .add("seed", Joins.POWER_SEED))
                .add("comparisons", sources)
                .add("fingerprints", fingerprints)
                .add("joined", rows)
                .build();
    }

    /**
     * A joined reading's verdict in the glossary's words, at the lab's margin: its 95 % interval, and the 90 % one
     * made from the same standard error on t with {@code comparisons} − 1 degrees of freedom.
     */
    static String verdict(double ratio, double low, double high, int comparisons) {
        int df = comparisons - 1;
        double level = 1 - (1 - Stats.CONFIDENCE) / 2;
        TDistribution t = new TDistribution(null, df);
        double se = Math.log(high / low) / (2 * t.inverseCumulativeProbability(level));
        double half = t.inverseCumulativeProbability(1 - (1 - Verdicts.EQUIVALENCE_CONFIDENCE) / 2) * se;
        return Verdict.of(
                        new LogRatio.Bounds(low, high),
                        new LogRatio.Bounds(ratio * Math.exp(-half), ratio * Math.exp(half)),
                        Verdicts.MARGIN)
                .words();
    }

    private static JsonObjectBuilder reading(double ratio, double low, double high, int comparisons) {
        return Json.createObjectBuilder()
                .add("comparisons", comparisons)
                .add("ratio", num(ratio))
                .add("ci_low", num(low))
                .add("ci_high", num(high))
                .add("verdict", verdict(ratio, low, high, comparisons));
    }

    private static JsonObjectBuilder unlikeJson(Joins.Unlike u) {
        JsonArrayBuilder groups = Json.createArrayBuilder();
        for (Joins.Group g : u.groups()) {
            JsonArrayBuilder which = Json.createArrayBuilder();
            g.parts().forEach(p -> which.add(p.source() + 1));
            JsonObjectBuilder o = Json.createObjectBuilder()
                    .add("fingerprint", letter(g.fingerprint()))
                    .add("comparisons", which);
            MetaAnalysis.Joined j = g.joined();
            if (j != null) {
                o.add("ratio", num(j.ratio()))
                        .add("ci_low", num(j.low()))
                        .add("ci_high", num(j.high()))
                        .add("verdict", verdict(j.ratio(), j.low(), j.high(), j.comparisons()));
            }
            groups.add(o);
        }
        JsonObjectBuilder o = Json.createObjectBuilder().add("groups", groups);
        if (u.all() != null) {
            MetaAnalysis.Joined a = u.all();
            o.add("all_comparisons", reading(a.ratio(), a.low(), a.high(), a.comparisons()));
        }
        if (u.difference() != null) {
            o.add(
                    "difference",
                    Json.createObjectBuilder()
                            .add("q", num(u.difference().q()))
                            .add("degrees_of_freedom", u.difference().degreesOfFreedom())
                            .add("p", num(u.difference().p())));
        }
        return o;
    }

    private static JsonObjectBuilder sensitivity(Joins.Row r) {
        Joins.Sensitivity v = r.sensitivity();
        JsonArrayBuilder shares = Json.createArrayBuilder();
        for (int i = 0; i < r.parts().size(); i++) {
            shares.add(Json.createObjectBuilder()
                    .add("comparison", r.parts().get(i).source() + 1)
                    .add("weight_share", num(v.shares().get(i)))
                    .add("stopped_early", r.parts().get(i).ratio().stoppedEarly()));
        }
        JsonObjectBuilder o = Json.createObjectBuilder()
                .add(
                        "unweighted",
                        reading(
                                v.unweighted().ratio(),
                                v.unweighted().low(),
                                v.unweighted().high(),
                                r.parts().size()))
                .add("weights", shares)
                .add("early_stops_weight_share", num(v.earlyShare()));
        if (v.leaveOneOut() != null) {
            JsonArrayBuilder loo = Json.createArrayBuilder();
            for (int i = 0; i < r.parts().size(); i++) {
                MetaAnalysis.Joined w = v.leaveOneOut().get(i);
                loo.add(Json.createObjectBuilder()
                        .add("without", r.parts().get(i).source() + 1)
                        .add("ratio", num(w.ratio()))
                        .add("ci_low", num(w.low()))
                        .add("ci_high", num(w.high())));
            }
            o.add("leave_one_out", loo);
        }
        if (v.withoutEarly() != null) {
            MetaAnalysis.Joined w = v.withoutEarly();
            o.add("without_early_stops", reading(w.ratio(), w.low(), w.high(), w.comparisons()));
        }
        return o;
    }

    private static String label(Joins.Row r) {
        return r.key().test() + " " + r.key().metric() + ", " + r.key().mode() + " ÷ "
                + r.key().reference();
    }

    /** The joined ratio and its spread, as the console prints it. */
    private static String joined(Joins.Row r) {
        MetaAnalysis.Joined j = r.joined();
        return j == null ? joinedRatio(r) : joinedRatio(r) + "; τ " + tau(j);
    }

    /** The joined ratio over its comparisons, or why there is none; the table gives τ a column of its own. */
    private static String joinedRatio(Joins.Row r) {
        MetaAnalysis.Joined j = r.joined();
        if (j == null) {
            SummaryFiles.Ratio only = r.parts().get(0).ratio();
            return r.parts().size() == 1
                    ? triplet(only.ratio(), only.low(), only.high()) + ", " + r.why()
                    : "not joined: " + r.why();
        }
        return triplet(j.ratio(), j.low(), j.high()) + " over " + j.comparisons() + " comparisons";
    }

    /** "not detected, 95 % interval 0–0.051" where τ's estimate is 0, else "0.029, 95 % interval 0.011–0.070". */
    static String tau(MetaAnalysis.Joined j) {
        return (j.spreadEstimated() ? String.format(Locale.ROOT, "%.3f", j.tau()) : "not detected") + ", " + percent()
                + " interval " + end(j.tauLow()) + "–" + end(j.tauHigh());
    }

    /** An end of τ's interval: an exact 0, where Q(0) lies below the quantile, printed as 0. */
    private static String end(double v) {
        return v == 0 ? "0" : String.format(Locale.ROOT, "%.3f", v);
    }

    /** "19 / 40 / 62 %", the power at each of {@link Joins#POWER_TAUS}. */
    private static String power(Joins.Row r) {
        if (r.power().isEmpty()) {
            return "";
        }
        return r.power().stream()
                        .map(d -> String.valueOf(Math.round(100 * d.power())))
                        .collect(Collectors.joining(" / "))
                + " %";
    }

    /** "2 / 3 / 4 %". */
    private static String taus() {
        return Joins.POWER_TAUS.stream()
                        .map(t -> String.valueOf(Math.round(100 * t)))
                        .collect(Collectors.joining(" / "))
                + " %";
    }

    private static String range(double low, double high) {
        return Double.isNaN(low) ? "needs 3 comparisons" : String.format(Locale.ROOT, "%.3f–%.3f", low, high);
    }

    private static String triplet(double ratio, double low, double high) {
        return Double.isNaN(low)
                ? String.format(Locale.ROOT, "%.3f (no interval)", ratio)
                : String.format(Locale.ROOT, "%.3f [%.3f, %.3f]", ratio, low, high);
    }

    private static String percent() {
        return Math.round(100 * Stats.CONFIDENCE) + " %";
    }
}
