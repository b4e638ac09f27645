package it.dev.vtlab;

import dev.vtlab.compare.Compare;
import dev.vtlab.compare.Report;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * The A/B comparison end to end in its smoke profile (seconds per run): fresh servers per test and
 * mode, real JMeter, then the report. Checks what a user reads, not how it was computed (the derived
 * numbers have unit tests in dev.vtlab.compare).
 */
class CompareSmokeIT {

    private static final List<String> TESTS = List.of("ping", "throughput", "ramp-up", "footprint");
    /** The comparison's default: the study's question, Liberty's pool against its work on virtual threads. */
    private static final List<String> MODES = List.of("threadpool", "executor-virtual");
    private static final Pattern FIGURE = Pattern.compile(
            "<figure class=\"chart\" data-test=\"([^\"]+)\" data-chart=\"([^\"]+)\">(.*?)</figure>", Pattern.DOTALL);

    private static Path report;
    private static int port;
    private static int remotePort;

    @BeforeAll
    static void runTheSmokeComparison() throws Exception {
        assumeFalse(Lab.DEV_MODE, "the comparison starts servers of its own; run it with ./mvnw verify");
        port = Integer.parseInt(System.getProperty("it.compare.port"));
        remotePort = Integer.parseInt(System.getProperty("it.compare.remote.port"));
        Path basedir = Path.of(System.getProperty("basedir"));
        Properties p = new Properties();
        p.setProperty("compare.profile", "smoke");
        p.setProperty("compare.port", String.valueOf(port));
        p.setProperty("compare.remotePort", String.valueOf(remotePort));
        p.setProperty("compare.out", basedir.resolve("target/vtlab-report-smoke").toString());
        report = Compare.run(p, basedir);
    }

    @Test
    void summaryHasEveryTestInBothModesWithThroughputAndNoErrors() throws IOException {
        JsonObject summary;
        try (JsonReader in = Json.createReader(Files.newBufferedReader(report.resolve("summary.json")))) {
            summary = in.readObject();
        }
        for (String key : List.of("cpus", "kernel", "jdk", "server_jvm_args", "command")) {
            assertFalse(summary.getJsonObject("environment").getString(key).isBlank(), "environment." + key);
        }
        List<JsonObject> runs = summary.getJsonArray("runs").getValuesAs(JsonObject.class);
        assertEquals(TESTS.size() * MODES.size(), runs.size());
        for (String test : TESTS) {
            for (String mode : MODES) {
                JsonObject run = runs.stream()
                        .filter(r -> r.getString("test").equals(test) && r.getString("mode").equals(mode))
                        .findFirst().orElseThrow(() -> new AssertionError("no run for " + test + " in " + mode));
                for (String field : Report.REQUIRED_FIELDS) {
                    assertTrue(run.containsKey(field), test + "/" + mode + " lacks " + field);
                }
                String what = test + "/" + mode + ": " + run;
                assertTrue(run.getJsonNumber("requests").longValue() > 0, what);
                assertTrue(run.getJsonNumber("throughput_rps").doubleValue() > 0, what);
                assertEquals(0, run.getJsonNumber("errors").longValue(), what);
                assertTrue(run.getJsonNumber("rss_max_bytes").longValue() > 0, what);
                assertTrue(run.getJsonNumber("p99_ms").doubleValue() >= run.getJsonNumber("p50_ms").doubleValue(), what);
                if (test.equals("ramp-up")) {
                    assertEquals(JsonValue.ValueType.NUMBER, run.get("time_to_90pct_peak_s").getValueType(), what);
                    double limit = run.getJsonNumber("littles_law_limit_rps").doubleValue();
                    assertEquals(run.getInt("threads") / (run.getJsonObject("jmeter_properties").getString("DELAY_MS")
                            .transform(Double::parseDouble) / 1000), limit, 0.1, what);
                    assertTrue(run.containsKey("littles_law_fraction"), what);
                }
                Path runDir = report.resolve("runs").resolve(test + "-" + mode);
                assertTrue(Files.size(runDir.resolve("results.jtl")) > 0, what);
                assertTrue(Files.exists(runDir.resolve("jmeter-dashboard/index.html")), "JMeter's dashboard for " + what);
            }
        }
    }

    @Test
    void indexHasEveryChartForEveryTestWithBothModesDrawn() throws IOException {
        String html = Files.readString(report.resolve("index.html"));
        int figures = 0;
        Matcher m = FIGURE.matcher(html);
        while (m.find()) {
            figures++;
            String where = m.group(1) + "/" + m.group(2);
            String svg = m.group(3);
            assertTrue(svg.startsWith("<svg"), where);
            for (String mode : MODES) {
                assertTrue(drawn(svg, mode), where + " has no data drawn for " + mode);
            }
        }
        assertEquals(TESTS.size() * Report.CHARTS.size(), figures);
        for (String test : TESTS) {
            for (String chart : Report.CHARTS) {
                assertTrue(html.contains("data-test=\"" + test + "\" data-chart=\"" + chart + "\""), test + "/" + chart);
            }
        }
        assertFalse(html.contains("<script"), "the report reads offline with no script");
    }

    @Test
    void theServersItStartedAreStopped() {
        for (int p : new int[]{port, remotePort}) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("localhost", p), 500);
                throw new AssertionError("something still listens on port " + p);
            } catch (IOException expected) {
                // refused: stopped
            }
        }
    }

    /** A polyline with at least two points, or a bar with a value above zero, for the mode's series. */
    private static boolean drawn(String svg, String mode) {
        Matcher line = Pattern.compile("<polyline data-series=\"" + mode + "[^\"]*\" data-points=\"(\\d+)\"").matcher(svg);
        while (line.find()) {
            if (Integer.parseInt(line.group(1)) >= 2) {
                return true;
            }
        }
        Matcher bar = Pattern.compile("<rect data-series=\"" + mode + "[^\"]*\" data-value=\"([0-9.]+)\"").matcher(svg);
        while (bar.find()) {
            if (Double.parseDouble(bar.group(1)) > 0) {
                return true;
            }
        }
        return false;
    }
}
