package it.dev.vtlab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.vtlab.compare.Compare;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The comparison on an application that is not vtlab's (docs/your-app.md): samples/inventory, a servlet
 * over an embedded database with its own server.xml and JMeter plan, built as its own Maven project, then
 * compared in Liberty's pool and on virtual threads with the settings a user passes to
 * {@code ./mvnw -Pcompare verify}, through the comparison's own Maven execution.
 */
class YourAppIT {

    private static final List<String> MODES = List.of("threadpool", "executor-virtual");
    private static Path sample;
    private static Path serverDir;
    private static Path plan;
    private static Path report;
    private static JsonObject summary;
    private static Map<String, String> before;

    @BeforeAll
    static void buildTheSampleAndCompareIt() throws Exception {
        assumeFalse(Lab.DEV_MODE, "the comparison starts servers of its own; run it with ./mvnw verify");
        Path basedir = Path.of(System.getProperty("basedir"));
        sample = Lab.ROOT.resolve("samples/inventory");
        serverDir = Samples.build(Lab.ROOT, "inventory");
        plan = sample.resolve("jmeter/inventory.jmx");
        before = Samples.digests(serverDir, plan);

        // the lab's command-line entry (what -Pcompare's exec:java@compare runs) in a JVM of its own, on this build's
        // classes: the settings a user types, nothing called in-process
        report = basedir.resolve("target/vtlab-report-yourapp");
        List<String> command = List.of(
                ProcessHandle.current().info().command().orElseThrow(),
                "-cp",
                System.getProperty("java.class.path"),
                "-Dbasedir=" + Lab.ROOT,
                "-Dcompare.app=" + serverDir,
                "-Dcompare.plan=" + plan,
                "-Dcompare.profile=smoke",
                "-Dcompare.port=" + System.getProperty("it.yourapp.port"),
                "-Dcompare.THREADS=10",
                "-Dcompare.DURATION=6",
                // the plan as it is, for 2 s, stopped through JMeter's shutdown port: the warm-up path of a user's plan
                "-Dcompare.warmupSeconds=2",
                "-Dcompare.out=" + report,
                "-Dcompare.history=none",
                Compare.class.getName());
        Path log = basedir.resolve("target/yourapp-compare.log");
        Process compare = new ProcessBuilder(command)
                .directory(Lab.ROOT.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        assertTrue(compare.waitFor(8, TimeUnit.MINUTES), "the comparison ends within 8 minutes");
        assertEquals(
                0, compare.exitValue(), "the comparison succeeds; see " + log + ", which ends:\n" + Samples.tail(log));
        try (JsonReader in = Json.createReader(Files.newBufferedReader(report.resolve("summary.json")))) {
            summary = in.readObject();
        }
    }

    @Test
    void bothModesRanTheUsersPlanWithoutErrorsAndReportTheirRequestTypes() {
        List<JsonObject> runs = summary.getJsonArray("runs").getValuesAs(JsonObject.class);
        assertEquals(
                MODES,
                runs.stream()
                        .map(r -> r.getString("mode"))
                        .sorted((a, b) -> MODES.indexOf(a) - MODES.indexOf(b))
                        .toList());
        for (JsonObject run : runs) {
            assertTrue(run.getJsonNumber("successes").longValue() > 0, run.toString());
            assertEquals(0, run.getJsonNumber("errors").longValue(), run.toString());
            assertEquals(
                    List.of("item", "item-no-db-wait"),
                    run.getJsonObject("latency_by_label").keySet().stream()
                            .sorted()
                            .toList(),
                    "the plan's own sampler labels are the request types");
            assertTrue(
                    run.getJsonObject("server_metrics")
                                    .getJsonNumber("threadpool_size_max")
                                    .doubleValue()
                            > 0,
                    "Liberty's pool figures came over JMX: " + run);
        }
        assertTrue(summary.getJsonObject("environment").getString("app").contains("inventory"));
        assertEquals(
                "monitor-1.0 added by the lab, filter ThreadPool",
                summary.getJsonObject("environment").getString("monitoring"),
                "the sample's server runs no monitor-1.0 of its own");
        assertTrue(Files.exists(report.resolve("index.html")));
    }

    @Test
    void eachRequestTypeIsComparedOnItsOwn() throws IOException {
        List<String> metrics = summary.getJsonArray("ratios").getValuesAs(JsonObject.class).stream()
                .map(r -> r.getString("metric"))
                .toList();
        for (String label : List.of("item", "item-no-db-wait")) {
            for (String p : List.of("p50_ms#", "p95_ms#", "p99_ms#")) {
                assertTrue(metrics.contains(p + label), p + label + " in " + metrics);
            }
        }
        String html = Files.readString(report.resolve("index.html"));
        String table = html.substring(html.indexOf("<table class=\"request-types\" data-test=\"inventory\""));
        table = table.substring(0, table.indexOf("</table>"));
        assertTrue(
                table.contains("<td class=\"l\">item</td>") && table.contains("<td class=\"l\">item-no-db-wait</td>"),
                table);
        String verdicts = html.substring(html.indexOf("id=\"verdicts\""), html.indexOf("id=\"runs\""));
        assertFalse(verdicts.contains("item-no-db-wait"), "request types have their own table, not the verdicts'");
    }

    @Test
    void requestsRanOnVirtualThreadsOnlyInTheVirtualMode() throws IOException {
        for (JsonObject run : summary.getJsonArray("runs").getValuesAs(JsonObject.class)) {
            boolean virtual = run.getString("mode").equals("executor-virtual");
            // the sample logs, as its server stops, how many requests ran on each kind of thread
            String log = Files.readString(report.resolve(run.getString("dir")).resolve("messages.log"));
            Matcher m = Pattern.compile("inventory: (\\d+) requests ran on virtual threads, (\\d+) on platform threads")
                    .matcher(log);
            assertTrue(m.find(), "the sample's count is in the run's messages.log: " + run.getString("dir"));
            long onVirtual = Long.parseLong(m.group(1)), onPlatform = Long.parseLong(m.group(2));
            assertTrue(onVirtual + onPlatform >= run.getJsonNumber("successes").longValue(), run.getString("dir"));
            assertEquals(0, virtual ? onPlatform : onVirtual, run.getString("dir") + ": " + m.group());
            JsonObject metrics = run.getJsonObject("server_metrics");
            assertEquals(
                    virtual,
                    metrics.containsKey("vtlab_executor_virtual_tasks_started_max"),
                    "the feature's counter: " + run.getString("dir"));
            if (virtual) {
                assertTrue(
                        metrics.getJsonNumber("vtlab_executor_virtual_tasks_started_max")
                                        .longValue()
                                >= onVirtual,
                        run.getString("dir"));
            }
        }
    }

    @Test
    void theWarmUpRanTheUsersPlanAndWasStoppedAfterItsSeconds() throws IOException {
        for (JsonObject run : summary.getJsonArray("runs").getValuesAs(JsonObject.class)) {
            Path warmup = report.resolve(run.getString("dir")).resolve("warmup");
            List<String> rows = Files.readAllLines(warmup.resolve("results.jtl"));
            assertTrue(rows.size() > 1, "the warm-up sent requests: " + warmup);
            assertTrue(
                    rows.subList(1, rows.size()).stream()
                            .allMatch(r -> r.contains(",item,") || r.contains(",item-no-db-wait,")),
                    "the warm-up's requests are the plan's own: " + warmup);
            // the plan would run RAMP 2 s + DURATION 6 s; the lab ended it through JMeter's shutdown port 2 s after its
            // test started. Timed in JMeter's own log: how many requests a cold server answers in 2 s is no part of it
            List<String> log = Files.readAllLines(warmup.resolve("jmeter.log"));
            long started = logged(log, "o.a.j.JMeter: Running test (", warmup);
            long shutdown = logged(log, "Command: Shutdown received from /127.0.0.1", warmup);
            long ended = logged(log, "Notifying test listeners of end of test", warmup);
            assertTrue(
                    shutdown - started >= 1_900 && shutdown - started < 3_500,
                    "shut down about 2 s after the test started: " + (shutdown - started) + " ms in " + warmup);
            assertTrue(ended - started < 8_000, "the test ended before the plan's 8 s: " + (ended - started) + " ms");
        }
    }

    /** The time of the first line of JMeter's log that contains {@code text}, in ms. */
    private static long logged(List<String> log, String text, Path dir) {
        String line = log.stream()
                .filter(l -> l.contains(text))
                .findFirst()
                .orElseThrow(() -> new AssertionError("'" + text + "' in " + dir.resolve("jmeter.log")));
        // 2026-11-27 05:13:14,368 INFO ...
        return LocalDateTime.parse(line.substring(0, 23).replace(' ', 'T').replace(',', '.'))
                .toInstant(ZoneOffset.UTC)
                .toEpochMilli();
    }

    @Test
    void theUsersFilesAreUntouched() throws Exception {
        assertEquals(before, Samples.digests(serverDir, plan));
        try (Stream<Path> files = Files.walk(serverDir)) {
            assertTrue(
                    files.noneMatch(f -> f.getFileName().toString().startsWith("vtlab")),
                    "nothing of the lab's in the user's server");
        }
    }
}
