package dev.vtlab.compare.report;

import static dev.vtlab.compare.raw.JsonNumbers.num;

import dev.vtlab.compare.judge.Sizing;
import dev.vtlab.compare.settings.Precision;
import dev.vtlab.compare.stats.VarianceComponents;
import dev.vtlab.measurement.SvgChart;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
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

/**
 * The sizing pilot's result: {@code sizing.json}, the console's lines (a line per test and mode, then the command that
 * runs the design) and its section of index.html.
 */
public final class SizingReport {

    public static final String FILE = "sizing.json";

    private SizingReport() {}

    /** Writes sizing.json, prints the console's lines and returns the HTML section. */
    public static String write(Sizing s, String command, Path out, PrintStream console) throws IOException {
        try (Writer w = Files.newBufferedWriter(out.resolve(FILE));
                JsonWriter json = Json.createWriterFactory(Map.of(JsonGenerator.PRETTY_PRINTING, true))
                        .createWriter(w)) {
            json.writeObject(json(s, command).build());
        }
        lines(s, command).forEach(l -> console.println("[compare] sizing: " + l));
        return html(s, command);
    }

    static List<String> lines(Sizing s, String command) {
        List<String> lines = new ArrayList<>();
        for (Sizing.TestSizing t : s.tests()) {
            for (Sizing.ModeSizing m : t.modes()) {
                VarianceComponents.Components c = m.components();
                lines.add(String.format(
                        Locale.ROOT,
                        "%s %s, %s: mean %.4g over %d runs; within a run λ %.3g per s (batches of %d s, autocorrelation"
                                + " %.2f; a window of L s varies by λ/L), between runs σ² %.3g; a run costs %.0f s, %.0f s"
                                + " of it beyond its window; design for ±%.1f %%: %s",
                        t.test(),
                        m.mode().label(),
                        t.headline() == null ? "-" : Labels.label(t.headline()),
                        c.mean(),
                        c.runs(),
                        c.withinPerSecond(),
                        c.batchSeconds(),
                        c.batchAutocorrelation(),
                        c.betweenRuns(),
                        m.runSeconds(),
                        m.overheadSeconds(),
                        100 * s.target() / Math.sqrt(2),
                        design(m.design())));
            }
            lines.add(
                    t.designed()
                            ? String.format(
                                    Locale.ROOT,
                                    "%s: %d runs per mode with %s=%d (windows of %d s) reach about ±%.1f %% on the ratio"
                                            + " (target ±%.1f %%), about %s",
                                    t.test(),
                                    t.runs(),
                                    t.levelKey(),
                                    t.levelSeconds(),
                                    t.windowSeconds(),
                                    100 * t.ratioHalfWidth(),
                                    100 * s.target(),
                                    Precision.duration(t.seconds()))
                            : t.test() + ": not sized: " + t.why());
        }
        lines.add("to run the design: " + command);
        return lines;
    }

    private static String design(VarianceComponents.Design d) {
        if (Double.isNaN(d.halfWidth())) {
            return "none (" + d.why() + ")";
        }
        return String.format(
                Locale.ROOT,
                "%d runs of %d s of window reach ±%.1f %% in %s%s",
                d.runs(),
                d.windowSeconds(),
                100 * d.halfWidth(),
                Precision.duration(d.seconds()),
                d.reachesTarget() ? "" : " (" + d.why() + ")");
    }

    static JsonObjectBuilder json(Sizing s, String command) {
        JsonArrayBuilder tests = Json.createArrayBuilder();
        for (Sizing.TestSizing t : s.tests()) {
            JsonArrayBuilder modes = Json.createArrayBuilder();
            for (Sizing.ModeSizing m : t.modes()) {
                VarianceComponents.Components c = m.components();
                VarianceComponents.Design d = m.design();
                modes.add(Json.createObjectBuilder()
                        .add("mode", m.mode().label())
                        .add("runs", m.runs())
                        .add("run_s", num(m.runSeconds()))
                        .add("window_s", num(m.windowSeconds()))
                        .add("overhead_s", num(m.overheadSeconds()))
                        .add(
                                "components",
                                Json.createObjectBuilder()
                                        .add("mean", num(c.mean()))
                                        .add("batch_s", c.batchSeconds())
                                        .add("batch_autocorrelation", num(c.batchAutocorrelation()))
                                        .add("within_per_s", num(c.withinPerSecond()))
                                        .add("between_runs", num(c.betweenRuns()))
                                        .add("why", c.why()))
                        .add(
                                "design",
                                Json.createObjectBuilder()
                                        .add("target", s.target() / Math.sqrt(2))
                                        .add("runs", d.runs())
                                        .add("window_s", d.windowSeconds())
                                        .add("half_width", num(d.halfWidth()))
                                        .add("seconds", num(d.seconds()))
                                        .add("reaches_target", d.reachesTarget())
                                        .add("why", d.why())));
            }
            JsonObjectBuilder test = Json.createObjectBuilder()
                    .add("test", t.test())
                    .add("metric", t.headline() == null ? "" : t.headline().key())
                    .add("level_key", t.levelKey())
                    .add("pilot_level_s", t.pilotLevelSeconds())
                    .add("steps", t.steps())
                    .add("modes", modes)
                    .add("why", t.why());
            if (t.designed()) {
                test.add("runs", t.runs())
                        .add("window_s", t.windowSeconds())
                        .add("level_s", t.levelSeconds())
                        .add("ratio_half_width", num(t.ratioHalfWidth()))
                        .add("seconds", num(t.seconds()));
            }
            tests.add(test);
        }
        return Json.createObjectBuilder()
                .add("target", s.target())
                .add("tests", tests)
                .add("command", command);
    }

    static String html(Sizing s, String command) {
        StringBuilder h = new StringBuilder();
        h.append("<section id=\"sizing\"><h2>Sizing</h2>\n<p>")
                .append(String.format(
                        Locale.ROOT,
                        "Where each primary figure's variance lies (Kalibera and Jones: within a run, from its"
                                + " per-second values in batch means; between fresh JVMs, from the run means) and the"
                                + " cheapest experiment that reaches ±%.1f %% on the ratio (each mode sized for ±%.1f"
                                + " %%, as the ratio's log variance is the sum of two modes'), at each run's measured"
                                + " cost. λ: the variance per second within a run (a window of L s varies by λ/L); σ²:"
                                + " between runs. More runs shrink both; a longer window only λ/L.",
                        100 * s.target(),
                        100 * s.target() / Math.sqrt(2)))
                .append("</p>\n<table id=\"sizing-components\"><tr><th>test</th><th>mode</th><th>figure</th>")
                .append("<th>runs</th><th>mean</th><th>batch s</th><th>λ per s</th><th>σ² between runs</th>")
                .append("<th>run s</th><th>overhead s</th><th>design</th></tr>\n");
        for (Sizing.TestSizing t : s.tests()) {
            if (t.modes().isEmpty()) {
                h.append("<tr><td class=\"l\">")
                        .append(t.test())
                        .append("</td><td colspan=\"10\" class=\"l\">")
                        .append(SvgChart.escape(t.why()))
                        .append("</td></tr>\n");
            }
            for (Sizing.ModeSizing m : t.modes()) {
                VarianceComponents.Components c = m.components();
                h.append(String.format(
                        Locale.ROOT,
                        "<tr><td class=\"l\">%s</td><td class=\"l\">%s</td><td class=\"l\">%s</td><td>%d</td>"
                                + "<td>%.4g</td><td>%d</td><td>%.3g</td><td>%.3g</td><td>%.0f</td><td>%.0f</td>"
                                + "<td class=\"l\">%s</td></tr>%n",
                        t.test(),
                        m.mode().label(),
                        SvgChart.escape(Labels.label(t.headline())),
                        c.runs(),
                        c.mean(),
                        c.batchSeconds(),
                        c.withinPerSecond(),
                        c.betweenRuns(),
                        m.runSeconds(),
                        m.overheadSeconds(),
                        SvgChart.escape(design(m.design()) + (c.why().isEmpty() ? "" : "; " + c.why()))));
            }
        }
        h.append("</table>\n<ul>\n");
        for (String line : lines(s, command).subList(0, lines(s, command).size() - 1)) {
            if (s.tests().stream().anyMatch(t -> line.startsWith(t.test() + ": "))) {
                h.append("<li>").append(SvgChart.escape(line)).append("</li>\n");
            }
        }
        return h.append("</ul>\n<p>To run the design:</p>\n<pre id=\"sizing-command\">")
                .append(SvgChart.escape(command))
                .append("</pre>\n</section>\n")
                .toString();
    }
}
