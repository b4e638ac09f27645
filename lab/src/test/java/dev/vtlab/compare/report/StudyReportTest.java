package dev.vtlab.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.StudyRuns;
import dev.vtlab.compare.StudyRuns.Figures;
import dev.vtlab.compare.analyse.RunResult;
import dev.vtlab.compare.judge.Comparison;
import dev.vtlab.compare.judge.StudyTable;
import dev.vtlab.compare.raw.Environment;
import dev.vtlab.compare.settings.StudyClaims;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** study.json and study.html from a comparison of synthetic runs: every claim a row, the judge's figures as they are. */
class StudyReportTest {

    private static final Pattern ROW = Pattern.compile("<tr class=\"([a-z-]+)\" data-claim=\"([a-z0-9-]+)\">");

    private static Comparison comparison() {
        List<RunResult> runs = new ArrayList<>();
        double[] spread = {1.00, 1.02, 0.98, 1.01, 0.99};
        List<Figures> pool = new ArrayList<>(), virtual = new ArrayList<>();
        for (double s : spread) {
            pool.add(new Figures(1000 * s, 1000 * s, 600, Double.NaN));
            virtual.add(new Figures(700 * s, 700 * s, 600, Double.NaN));
        }
        runs.addAll(StudyRuns.runs("throughput", Map.of("THREADS", "100"), pool, virtual));
        return StudyRuns.comparison(List.of("throughput"), runs, "6.18.44");
    }

    @Test
    void everyClaimIsARowOfBothFilesWithTheJudgesFigures(@TempDir Path out) throws IOException {
        Comparison c = comparison();
        List<StudyTable.Row> rows = StudyTable.of(c, StudyRuns.ONE_CPU, 0.05);
        StudyReport.write(c, rows, out);

        JsonObject json;
        try (JsonReader in = Json.createReader(Files.newBufferedReader(out.resolve(StudyReport.JSON)))) {
            json = in.readObject();
        }
        List<JsonObject> claims = json.getJsonArray("claims").getValuesAs(JsonObject.class);
        assertEquals(StudyClaims.ALL.size(), claims.size());
        for (int i = 0; i < claims.size(); i++) {
            JsonObject row = claims.get(i);
            StudyTable.Row r = rows.get(i);
            for (String field : StudyReport.ROW_FIELDS) {
                assertTrue(row.containsKey(field), r.claim().id() + " lacks " + field);
            }
            assertEquals(r.claim().id(), row.getString("id"));
            assertEquals(r.outcome().verdict().text, row.getString("verdict"));
            assertEquals(r.outcome().why(), row.getString("why"));
        }
        JsonObject cpu = claims.get(0);
        assertEquals("cpu-bound-throughput", cpu.getString("id"));
        assertEquals("reproduced", cpu.getString("verdict"));
        StudyTable.Row judged = rows.get(0);
        assertEquals(
                judged.ratio().ratio().estimate(), cpu.getJsonNumber("ratio").doubleValue());
        assertEquals(judged.ratio().ratio().low(), cpu.getJsonNumber("ci_low").doubleValue());
        assertEquals(judged.ratio().ratio().high(), cpu.getJsonNumber("ci_high").doubleValue());
        assertEquals(0.60, cpu.getJsonObject("study_range").getJsonNumber("low").doubleValue());
        assertEquals("tps_per_cpu_s", cpu.getString("metric"));
        assertEquals(5, cpu.getJsonObject("runs_used").getInt(StudyClaims.MODE.label()));
        assertEquals(
                1000,
                cpu.getJsonObject("means")
                        .getJsonObject(StudyClaims.BASELINE.label())
                        .getJsonNumber("mean")
                        .doubleValue(),
                1e-9);
        JsonObject two = claims.stream()
                .filter(x -> x.getString("id").equals("two-cpu-short-requests"))
                .findFirst()
                .orElseThrow();
        assertEquals("not measurable here", two.getString("verdict"));
        assertTrue(two.isNull("ratio"));
        assertTrue(two.getString("why").contains(StudyTable.COMMAND));

        String html = Files.readString(out.resolve(StudyReport.HTML));
        Matcher m = ROW.matcher(html);
        List<String> seen = new ArrayList<>();
        while (m.find()) {
            StudyTable.Row r = rows.get(seen.size());
            assertEquals(r.claim().id(), m.group(2));
            assertEquals(r.outcome().verdict().text.replace(' ', '-'), m.group(1));
            seen.add(m.group(2));
        }
        assertEquals(StudyClaims.ALL.size(), seen.size());
        String ratio = String.format(
                Locale.ROOT,
                "%.3f [%.3f, %.3f]",
                judged.ratio().ratio().estimate(),
                judged.ratio().ratio().low(),
                judged.ratio().ratio().high());
        assertTrue(html.contains(ratio), "the CPU-bound row shows the judge's ratio " + ratio);
        assertTrue(html.contains("threadpool 1000 ± "), "the means with their half-intervals");
        assertFalse(html.contains("NaN"), "no NaN reaches the reader");
        assertTrue(html.contains("<a href=\"study.json\">"));
    }

    /** Read from two comparisons: each row names the one it came from, and the page lists both with their links. */
    @Test
    void aTableFromSeveralComparisonsNamesEachRowsSourceAndListsThem(@TempDir Path out) throws IOException {
        Comparison throughput = comparison();
        List<RunResult> runs = new ArrayList<>();
        List<Figures> pool = new ArrayList<>(), virtual = new ArrayList<>();
        for (double s : new double[] {1.00, 1.01, 0.99}) {
            pool.add(new Figures(400, 400, 600 * s, Double.NaN));
            virtual.add(new Figures(400, 400, 620 * s, Double.NaN));
        }
        runs.addAll(StudyRuns.runs("footprint", Map.of("THREADS", "500"), pool, virtual));
        Comparison footprint = StudyRuns.comparison(List.of("footprint"), runs, "6.18.44");
        List<StudyTable.Row> rows = StudyTable.of(
                List.of(
                        new StudyTable.Part(throughput, StudyRuns.ONE_CPU),
                        new StudyTable.Part(footprint, StudyRuns.ONE_CPU)),
                0.05);
        StudyReport.write(
                List.of(
                        new StudyReport.Source(
                                new Environment(Map.of("generated_at", "2026-11-28T02:38:00Z", "command", "./mvnw A")),
                                List.of("throughput"),
                                "../study-throughput/index.html"),
                        new StudyReport.Source(
                                new Environment(Map.of("generated_at", "2026-11-27T23:36:00Z", "command", "./mvnw B")),
                                List.of("footprint"),
                                "../study-footprint/index.html")),
                rows,
                "./mvnw -Pcompare verify -Dcompare.studyFrom=x,y",
                out);
        JsonObject json;
        try (JsonReader in = Json.createReader(Files.newBufferedReader(out.resolve(StudyReport.JSON)))) {
            json = in.readObject();
        }
        assertEquals(2, json.getJsonArray("comparisons").size());
        assertFalse(json.containsKey("environment"), "two comparisons have two environments, each in its entry");
        assertEquals(
                "../study-footprint/index.html",
                json.getJsonArray("comparisons").getJsonObject(1).getString("report"));
        Map<String, JsonObject> byId = new HashMap<>();
        json.getJsonArray("claims").getValuesAs(JsonObject.class).forEach(c -> byId.put(c.getString("id"), c));
        assertEquals(0, byId.get("cpu-bound-throughput").getInt("source"));
        assertEquals(1, byId.get("footprint").getInt("source"));
        assertTrue(byId.get("ramp-up").isNull("source"));
        assertEquals("not run", byId.get("ramp-up").getString("verdict"));

        String html = Files.readString(out.resolve(StudyReport.HTML));
        assertTrue(html.contains("<a href=\"../study-throughput/index.html\">report</a>"));
        assertTrue(html.contains("<a href=\"../study-footprint/index.html\">report</a>"));
        assertTrue(html.contains("<code>./mvnw B</code>"), "each comparison's own command");
        assertTrue(html.contains("<code>./mvnw -Pcompare verify -Dcompare.studyFrom=x,y</code>"), "the table's");
        Matcher m = ROW.matcher(html);
        int rowsSeen = 0;
        while (m.find()) {
            rowsSeen++;
        }
        assertEquals(StudyClaims.ALL.size(), rowsSeen);
        assertTrue(
                html.indexOf("</table>") < html.indexOf("<h2 id=\"comparisons\">"),
                "the claims' table is closed before the comparisons' section starts");
    }

    @Test
    void theComparisonsPageLinksTheTableWhenThereIsOne(@TempDir Path out) throws IOException {
        Comparison c = comparison();
        HtmlReport.write(c, out);
        assertFalse(Files.readString(out.resolve("index.html")).contains("href=\"study.html\""));
        StudyReport.write(c, StudyTable.of(c, StudyRuns.ONE_CPU, 0.05), out);
        HtmlReport.write(c, out);
        assertTrue(Files.readString(out.resolve("index.html")).contains("<a href=\"study.html\">"));
    }
}
