package dev.vtlab.compare.report;

import static dev.vtlab.compare.raw.JsonNumbers.num;

import dev.vtlab.compare.judge.Comparison;
import dev.vtlab.compare.judge.StudyTable;
import dev.vtlab.compare.raw.Environment;
import dev.vtlab.compare.settings.StudyClaims;
import dev.vtlab.compare.stats.LogRatio;
import dev.vtlab.compare.stats.Stats;
import dev.vtlab.measurement.SvgChart;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.json.JsonWriter;
import jakarta.json.stream.JsonGenerator;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * study.html and study.json: the case study's claims, one row each, beside what vtlab measured and the judge's
 * verdict ({@link StudyTable}). Formats only.
 */
public final class StudyReport {

    public static final String HTML = "study.html";
    public static final String JSON = "study.json";

    /** Fields every row of study.json has. */
    public static final List<String> ROW_FIELDS = List.of(
            "id",
            "section",
            "claim",
            "study_figure",
            "study_range",
            "kind",
            "test",
            "metric",
            "mode",
            "baseline",
            "ratio",
            "ci_low",
            "ci_high",
            "verdict",
            "why",
            "note");

    /**
     * A comparison the table reads claims from: its environment and tests, and its report's index.html relative to
     * the table's directory.
     */
    public record Source(Environment environment, List<String> tests, String report) {}

    private StudyReport() {}

    /** The table of one comparison, beside its report. */
    public static void write(Comparison c, List<StudyTable.Row> rows, Path out) throws IOException {
        write(
                List.of(new Source(c.environment(), c.tests(), "index.html")),
                rows,
                c.environment().command(StudyTable.COMMAND),
                out);
    }

    /**
     * The table read from {@code sources} (each row's {@link StudyTable.Row#source()} indexes them), made by {@code
     * command}.
     */
    public static void write(List<Source> sources, List<StudyTable.Row> rows, String command, Path out)
            throws IOException {
        json(sources, rows, out.resolve(JSON));
        html(sources, rows, command, out.resolve(HTML));
    }

    private static void json(List<Source> sources, List<StudyTable.Row> rows, Path file) throws IOException {
        JsonArrayBuilder claims = Json.createArrayBuilder();
        for (StudyTable.Row r : rows) {
            claims.add(claimJson(r));
        }
        JsonArrayBuilder comparisons = Json.createArrayBuilder();
        for (Source source : sources) {
            comparisons.add(Json.createObjectBuilder()
                    .add("tests", Json.createArrayBuilder(source.tests()))
                    .add("report", source.report())
                    .add("environment", environmentJson(source.environment())));
        }
        JsonObjectBuilder root = Json.createObjectBuilder()
                .add("source", SOURCE)
                .add("confidence", Stats.CONFIDENCE)
                .add("comparisons", comparisons);
        if (sources.size() == 1) {
            root.add("environment", environmentJson(sources.get(0).environment()));
        }
        root.add("claims", claims);
        try (Writer w = Files.newBufferedWriter(file);
                JsonWriter json = Json.createWriterFactory(Map.of(JsonGenerator.PRETTY_PRINTING, true))
                        .createWriter(w)) {
            json.writeObject(root.build());
        }
    }

    /** A claim's row: the study's side, vtlab's ratio and verdict, and the runs and means behind the ratio. */
    private static JsonObjectBuilder claimJson(StudyTable.Row r) {
        StudyClaims.Claim claim = r.claim();
        JsonObjectBuilder row = Json.createObjectBuilder()
                .add("id", claim.id())
                .add("section", claim.section())
                .add("claim", claim.claim())
                .add("study_figure", claim.figure())
                .add(
                        "study_range",
                        Json.createObjectBuilder()
                                .add("low", num(r.range().low()))
                                .add("high", num(r.range().high()))
                                .add("text", r.range().text()))
                .add("kind", claim.kind().name().toLowerCase(Locale.ROOT))
                .add("test", claim.test())
                .add(
                        "metric",
                        r.headline() == null ? claim.metric().key : r.headline().key())
                .add("mode", StudyClaims.MODE.label())
                .add("baseline", StudyClaims.BASELINE.label())
                .add(
                        "ratio",
                        r.ratio() == null
                                ? JsonValue.NULL
                                : num(r.ratio().ratio().estimate()))
                .add(
                        "ci_low",
                        r.ratio() == null
                                ? JsonValue.NULL
                                : num(r.ratio().ratio().low()))
                .add(
                        "ci_high",
                        r.ratio() == null
                                ? JsonValue.NULL
                                : num(r.ratio().ratio().high()))
                .add("verdict", r.outcome().verdict().text)
                // the claim's verdict is against the study's range; the ratio's own, against 1 and the margin
                .add(
                        "ratio_verdict",
                        r.ratio() == null
                                ? JsonValue.NULL
                                : Json.createValue(r.ratio().verdict().verdict().words()))
                .add("why", r.outcome().why())
                .add("note", claim.note())
                .add("source", r.source() < 0 ? JsonValue.NULL : Json.createValue(r.source()));
        if (r.ratio() != null) {
            row.add(
                    "runs_used",
                    Json.createObjectBuilder()
                            .add(StudyClaims.MODE.label(), r.ratio().modeRuns().used())
                            .add(
                                    StudyClaims.BASELINE.label(),
                                    r.ratio().baselineRuns().used()));
            row.add("means", meansJson(r));
        }
        return row;
    }

    /** A comparison's environment, its keys in its own order. */
    private static JsonObjectBuilder environmentJson(Environment environment) {
        JsonObjectBuilder env = Json.createObjectBuilder();
        environment.entries().forEach(env::add);
        return env;
    }

    private static JsonObjectBuilder meansJson(StudyTable.Row r) {
        JsonObjectBuilder m = Json.createObjectBuilder();
        if (r.baseline() != null) {
            m.add(StudyClaims.BASELINE.label(), interval(r.baseline()));
        }
        if (r.mode() != null) {
            m.add(StudyClaims.MODE.label(), interval(r.mode()));
        }
        return m;
    }

    private static JsonObjectBuilder interval(Stats.Interval i) {
        return Json.createObjectBuilder()
                .add("n", i.n())
                .add("mean", num(i.mean()))
                .add("ci_low", num(i.low()))
                .add("ci_high", num(i.high()));
    }

    private static final String SOURCE = "G. DeVal, V. Sundaresan, R. Hagarty, L. Cowen, \"Java virtual threads: a case"
            + " study\", InfoQ, 2024 (IBM Liberty performance team)";

    private static void html(List<Source> sources, List<StudyTable.Row> rows, String command, Path file)
            throws IOException {
        boolean several = sources.size() > 1;
        StringBuilder h = new StringBuilder(32 * 1024);
        intro(h, sources);
        h.append("<table id=\"study\">\n<tr><th>the study's claim</th><th>its figure</th><th>range of ")
                .append("the ratio</th><th>vtlab's test and figure</th><th>vtlab's ratio [95 % CI]</th>")
                .append("<th>means (valid runs)</th><th>verdict</th>")
                .append(several ? "<th>comparison</th>" : "")
                .append("</tr>\n");
        for (StudyTable.Row r : rows) {
            row(h, r, several);
        }
        h.append("</table>\n");
        if (several) {
            comparisons(h, sources);
        }
        howToRead(h, command);
        Files.writeString(file, h.toString());
    }

    /** The page's head and what the table shows: the study, vtlab's ratio, and where its figures come from. */
    private static void intro(StringBuilder h, List<Source> sources) {
        boolean several = sources.size() > 1;
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>vtlab: the study")
                .append(" re-run</title>\n<style>")
                .append("body{font-family:sans-serif;margin:24px;color:#222;max-width:1400px}")
                .append("table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #ccc;padding:4px 8px;")
                .append("vertical-align:top;text-align:left}th{background:#f4f4f4}td.n{text-align:right;")
                .append("white-space:nowrap}.reproduced{background:#e6f4e6}.differs{background:#fbe4e4}")
                .append(".inconclusive{background:#fdf6dc}.not-run,.not-measurable-here{background:#eee}")
                .append("</style></head><body>\n<h1>The case study, re-run</h1>\n<p>")
                .append(SvgChart.escape(SOURCE))
                .append(": each measurable claim, in our words, beside what vtlab measured on this machine. vtlab's")
                .append(" figure is the ratio ")
                .append(StudyClaims.MODE.label())
                .append(" ÷ ")
                .append(StudyClaims.BASELINE.label())
                .append(
                        " (the study's prototype ran each HTTP request on a new virtual thread; executor-virtual is vtlab's")
                .append(" closest mode) with its ")
                .append(Math.round(100 * Stats.CONFIDENCE))
                .append(" % interval over the valid runs of each mode, from ")
                .append(
                        several
                                ? "the comparison that ran its test (<a href=\"#comparisons\">listed below</a>).</p>\n"
                                : "the <a href=\"" + sources.get(0).report() + "\">comparison's report</a>.</p>\n");
        if (!several) {
            h.append("<p>Machine: ")
                    .append(machine(sources.get(0).environment()))
                    .append(".</p>\n");
        }
    }

    /** A claim's row; with {@code several} comparisons, the number of the one it was read from. */
    private static void row(StringBuilder h, StudyTable.Row r, boolean several) {
        StudyClaims.Claim claim = r.claim();
        String verdict = r.outcome().verdict().text;
        h.append("<tr class=\"")
                .append(verdict.replace(' ', '-'))
                .append("\" data-claim=\"")
                .append(claim.id())
                .append("\"><td>")
                .append(SvgChart.escape(claim.claim()))
                .append("<br><small>")
                .append(SvgChart.escape(claim.section()))
                .append("</small></td><td>")
                .append(SvgChart.escape(claim.figure()))
                .append("</td><td class=\"n\">")
                .append(SvgChart.escape(r.range().text()))
                .append("</td><td><code>")
                .append(claim.test())
                .append("</code>: ")
                .append(SvgChart.escape(r.headline() == null ? claim.metric().words : Labels.label(r.headline())))
                .append(claim.note().isEmpty() ? "" : "<br><small>" + SvgChart.escape(claim.note()) + "</small>")
                .append("</td><td class=\"n\">")
                .append(ratio(r))
                .append("</td><td class=\"n\">")
                .append(meansHtml(r))
                .append("</td><td><b>")
                .append(SvgChart.escape(verdict))
                .append("</b>: ")
                .append(SvgChart.escape(r.outcome().why()))
                .append("</td>")
                .append(several ? "<td class=\"n\">" + (r.source() < 0 ? "—" : r.source() + 1) + "</td>" : "")
                .append("</tr>\n");
    }

    /** How the verdicts are reached, the raw file and the command that made the table. */
    private static void howToRead(StringBuilder h, String command) {
        h.append("<h2>How to read it</h2>\n<ul>\n")
                .append("<li>Each range is the study's figure as a ratio ")
                .append(StudyClaims.MODE.label())
                .append(" ÷ ")
                .append(StudyClaims.BASELINE.label())
                .append(": \"10–40 % lower\" is 0.600–0.900; a claim with a direction but no size vtlab can")
                .append(" compare is \"&lt; 1\"; \"≥ x\" is a claim of no saving beyond the comparison's equivalence")
                .append(" margin.</li>\n")
                .append("<li><b>reproduced</b>: for a claim of a direction, vtlab's interval lies entirely on the")
                .append(" claim's side of 1 and overlaps the study's range; for a claim of a small difference, the")
                .append(" interval lies inside the range.</li>\n")
                .append("<li><b>differs</b>: the interval excludes the study's range; by how much is the distance")
                .append(" from the range's nearer end, to the estimate and (at least) to the interval's nearer")
                .append(" end.</li>\n")
                .append("<li><b>inconclusive</b>: the interval overlaps the range but is too wide to tell, or there")
                .append(" is none (too few valid runs); more runs would tell.</li>\n")
                .append("<li><b>not run</b>: no comparison ran the claim's test; the row gives the command that")
                .append(" does.</li>\n")
                .append("<li><b>not measurable here</b>: the claim needs what this machine or comparison did not")
                .append(" have; the row says what, and the command to run where it is.</li>\n")
                .append("<li>The study ran on its own hardware and loads; vtlab scales the loads to this machine")
                .append(" (docs/compare.md, the study profile). A difference in size is a finding about the two")
                .append(" set-ups as much as about virtual threads.</li>\n</ul>\n")
                .append("<p>Raw: <a href=\"")
                .append(JSON)
                .append("\">")
                .append(JSON)
                .append("</a>. Command: <code>")
                .append(SvgChart.escape(command))
                .append("</code></p>\n</body></html>\n");
    }

    /** "Intel Xeon, 2 CPUs, server on CPU 0, load on CPU 1; kernel 6.18; Temurin 25". */
    private static String machine(Environment env) {
        String model = env.get(Environment.CPU_MODEL, null);
        return SvgChart.escape((model != null ? model + ", " : "")
                + env.get(Environment.CPUS, "?") + " CPUs, " + env.get(Environment.CPU_PLAN, "")
                + "; kernel " + env.get(Environment.KERNEL, "?") + "; " + env.get(Environment.JDK, ""));
    }

    /** The comparisons the rows were read from: when, on what code and machine, by what command. */
    private static void comparisons(StringBuilder h, List<Source> sources) {
        h.append("<h2 id=\"comparisons\">The comparisons</h2>\n<table id=\"comparisons-table\">\n<tr><th>#</th>")
                .append("<th>tests</th><th>when</th><th>lab code</th><th>machine</th><th>command</th>")
                .append("<th>report</th></tr>\n");
        for (int i = 0; i < sources.size(); i++) {
            Source s = sources.get(i);
            Environment env = s.environment();
            h.append("<tr><td class=\"n\">")
                    .append(i + 1)
                    .append("</td><td>")
                    .append(SvgChart.escape(String.join(", ", s.tests())))
                    .append("</td><td>")
                    .append(SvgChart.escape(env.get(Environment.GENERATED_AT, "?")))
                    .append("</td><td>")
                    .append(SvgChart.escape(env.get(Environment.LAB_CODE_VERSION, "?")))
                    .append("</td><td>")
                    .append(machine(env))
                    .append("</td><td><code>")
                    .append(SvgChart.escape(env.command("?")))
                    .append("</code></td><td><a href=\"")
                    .append(SvgChart.escape(s.report()))
                    .append("\">report</a></td></tr>\n");
        }
        h.append("</table>\n");
    }

    private static String ratio(StudyTable.Row r) {
        if (r.ratio() == null) {
            return "—";
        }
        LogRatio x = r.ratio().ratio();
        return x.determined()
                ? String.format(Locale.ROOT, "%.3f [%.3f, %.3f]", x.estimate(), x.low(), x.high()) + "<br><small>"
                        + r.ratio().verdict().verdict().words() + "</small>"
                : Double.isNaN(x.estimate())
                        ? "no interval"
                        : String.format(Locale.ROOT, "%.3f, no interval", x.estimate());
    }

    private static String meansHtml(StudyTable.Row r) {
        if (r.ratio() == null || r.baseline() == null || r.mode() == null) {
            return "—";
        }
        return SvgChart.escape(StudyClaims.BASELINE.label() + " " + mean(r.baseline()) + " ("
                        + r.ratio().baselineRuns().text() + ")")
                + "<br>"
                + SvgChart.escape(StudyClaims.MODE.label() + " " + mean(r.mode()) + " ("
                        + r.ratio().modeRuns().text() + ")");
    }

    /** "949 ± 67", "19.6 ± 6.0". */
    private static String mean(Stats.Interval i) {
        if (Double.isNaN(i.mean())) {
            return "—";
        }
        double half = (i.high() - i.low()) / 2;
        String format = Math.abs(i.mean()) >= 100 ? "%.0f" : "%.1f";
        return String.format(Locale.ROOT, format, i.mean())
                + (Double.isNaN(half) ? "" : " ± " + String.format(Locale.ROOT, format, half));
    }
}
