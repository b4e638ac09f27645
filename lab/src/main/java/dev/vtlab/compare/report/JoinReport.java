package dev.vtlab.compare.report;

import static dev.vtlab.compare.raw.JsonNumbers.num;

import dev.vtlab.compare.judge.Joins;
import dev.vtlab.compare.raw.SummaryFiles;
import dev.vtlab.compare.stats.MetaAnalysis;
import dev.vtlab.compare.stats.Stats;
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
                console.println("[compare] " + label(r) + ": " + joined(r));
            }
        }
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
                + " of the log ratios: τ is the spread of the ratio between comparisons beyond their runs, the"
                + " interval Hartung and Knapp's (t on k − 1 degrees of freedom), the prediction the range the next"
                + " comparison's ratio should fall in (k ≥ 3). Primary figures first.");
        md.add("");
        md.add("| # | comparison | generated | lab code | profile |");
        md.add("|---|---|---|---|---|");
        for (int i = 0; i < joins.sources().size(); i++) {
            SummaryFiles.Summary s = joins.sources().get(i);
            md.add("| " + (i + 1) + " | " + where(s, out) + " | " + s.generatedAt() + " | " + s.labVersion() + " | "
                    + s.profile() + " |");
        }
        md.add("");
        md.add("| test · figure | ratio | each comparison's ratio [" + percent() + " CI] | joined [" + percent()
                + " CI] | τ | next comparison | heterogeneity p |");
        md.add("|---|---|---|---|---|---|---|");
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
                    + r.key().mode() + " ÷ " + r.key().reference() + " | " + each + " | " + joined(r) + " | "
                    + (j == null ? "" : String.format(Locale.ROOT, "%.3f", j.tau())) + " | "
                    + (j == null || Double.isNaN(j.predictionLow())
                            ? (j == null ? "" : "needs 3 comparisons")
                            : String.format(Locale.ROOT, "%.3f–%.3f", j.predictionLow(), j.predictionHigh()))
                    + " | " + (j == null ? "" : String.format(Locale.ROOT, "%.3f", j.heterogeneityP())) + " |");
        }
        md.add("");
        return String.join("\n", md);
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
        joins.sources()
                .forEach(s -> sources.add(Json.createObjectBuilder()
                        .add("dir", where(s, out))
                        .add("generated_at", s.generatedAt())
                        .add("lab_version", s.labVersion())
                        .add("profile", s.profile())
                        .add("command", s.command())));
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
                    .add("parts", parts);
            MetaAnalysis.Joined j = r.joined();
            if (j == null) {
                row.add("why", r.why());
            } else {
                row.add("ratio", num(j.ratio()))
                        .add("ci_low", num(j.low()))
                        .add("ci_high", num(j.high()))
                        .add("tau", num(j.tau()))
                        .add("q", num(j.q()))
                        .add("heterogeneity_p", num(j.heterogeneityP()))
                        .add("prediction_low", num(j.predictionLow()))
                        .add("prediction_high", num(j.predictionHigh()));
            }
            rows.add(row);
        }
        return Json.createObjectBuilder()
                .add("command", command)
                .add("comparisons", sources)
                .add("joined", rows)
                .build();
    }

    private static String label(Joins.Row r) {
        return r.key().test() + " " + r.key().metric() + ", " + r.key().mode() + " ÷ "
                + r.key().reference();
    }

    private static String joined(Joins.Row r) {
        MetaAnalysis.Joined j = r.joined();
        if (j == null) {
            SummaryFiles.Ratio only = r.parts().get(0).ratio();
            return r.parts().size() == 1
                    ? triplet(only.ratio(), only.low(), only.high()) + ", " + r.why()
                    : "not joined: " + r.why();
        }
        return triplet(j.ratio(), j.low(), j.high())
                + String.format(Locale.ROOT, " over %d comparisons, τ %.3f", j.comparisons(), j.tau());
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
