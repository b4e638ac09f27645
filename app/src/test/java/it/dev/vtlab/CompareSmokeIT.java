package it.dev.vtlab;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.vtlab.compare.Compare;
import dev.vtlab.compare.analyse.Flag;
import dev.vtlab.compare.report.HtmlReport;
import dev.vtlab.compare.report.JsonReport;
import dev.vtlab.compare.stats.Verdict;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.StringReader;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The A/B comparison end to end in its smoke profile (seconds per run, three repetitions of ping so the statistics
 * run end to end, one of the stepped and the sudden load), to a fixed precision: real JMeter, then the reports. Its
 * servers as compare.sharedJvm has them: ping then banking in one JVM per mode and round, the sudden load on a fresh
 * one. The smoke profile's open-model test is left out for the suite's time (its plan runs in
 * JMeterGuiIT, its analysis in RunAnalysisTest). ±2 % on ping is more than 3 runs of seconds-long levels can reach, so its second stage is what
 * compare.maxRepeats allows ({@link #MAX_REPEATS}), within a budget that holds it on a slow host ({@link #BUDGET_S});
 * the tests of one run get none, and say so. Checks what a user reads, not how it was computed (the formulas have
 * unit tests in dev.vtlab.compare).
 */
class CompareSmokeIT {

    /** The tests, with the smoke profile's repetitions per mode: the first stage. */
    private static final Map<String, Integer> TESTS = Map.of("ping", 3, "throughput", 1, "ramp-up", 1);
    /**
     * Ping's runs per mode in all: the first stage's 3 and one more, the second stage whose runs are checked here. A
     * fixed budget alone bought 3 more per mode on a fast host (89 s) and none on a slow one.
     */
    private static final int MAX_REPEATS = 4;
    /**
     * A bound, not what it takes: the first stage is 10 runs (169 s in CI on a fast host, where a ping run took 15 s;
     * Liberty starts 2-3 times slower on a slow one), the second stage 2 ping runs.
     */
    private static final int BUDGET_S = 420;
    /** An interval's ends, as a verdict that cannot give one prints them. */
    private static final Pattern ENDS = Pattern.compile("interval \\(([0-9.e+-]+) … ([0-9.e+-]+)\\)");
    /** The comparison's default: the study's question, Liberty's pool against its work on virtual threads. */
    private static final List<String> MODES = List.of("threadpool", "executor-virtual");

    private static final Pattern FIGURE = Pattern.compile(
            "<figure class=\"chart\" data-test=\"([^\"]+)\" data-chart=\"([^\"]+)\">(.*?)</figure>", Pattern.DOTALL);

    /** The charts of steady-window figures, which a test that never became steady has nothing for. */
    private static final Set<String> STEADY_CHARTS = Set.of("tps-per-level", "latency-percentiles");

    private static Path report;
    private static Path history;
    private static JsonObject summary;
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
        p.setProperty("compare.tests", "ping,throughput,ramp-up");
        p.setProperty("compare.modes", String.join(",", MODES)); // the feature's metrics, which only it exposes
        p.setProperty("compare.precision", "2%");
        p.setProperty("compare.budget", BUDGET_S + "s");
        p.setProperty("compare.maxRepeats", String.valueOf(MAX_REPEATS));
        p.setProperty("compare.sharedJvm", "true");
        p.setProperty("compare.port", String.valueOf(port));
        p.setProperty("compare.remotePort", String.valueOf(remotePort));
        p.setProperty(
                "compare.out", basedir.resolve("target/vtlab-report-smoke").toString());
        // the history of smoke comparisons stays in the build's directory, not the user's home
        history = basedir.resolve("target/vtlab-history-smoke");
        p.setProperty("compare.history", history.toString());
        report = Compare.run(p, Lab.ROOT);
        try (JsonReader in = Json.createReader(Files.newBufferedReader(report.resolve("summary.json")))) {
            summary = in.readObject();
        }
    }

    @Test
    void everyRunOfEveryTestInBothModesHasItsFiguresAndNoErrors() {
        for (String key : List.of("cpus", "cpu_plan", "kernel", "jdk", "server_jvm_args", "order", "command")) {
            assertFalse(summary.getJsonObject("environment").getString(key).isBlank(), "environment." + key);
        }
        assertEquals(
                "monitor-1.0, filter ThreadPool,REST",
                summary.getJsonObject("environment").getString("monitoring"),
                "the report says what Liberty's monitoring collected, as the lab's server.xml has it");
        if (Runtime.getRuntime().availableProcessors() >= 2) {
            assertTrue(
                    summary.getJsonObject("environment").getString("cpu_plan").contains("(disjoint)"),
                    "by default the server and the load side get CPUs of their own");
        }
        List<JsonObject> runs = summary.getJsonArray("runs").getValuesAs(JsonObject.class);
        assertEquals(TESTS.keySet().stream().mapToInt(CompareSmokeIT::repeats).sum() * MODES.size(), runs.size());
        TESTS.keySet().forEach(test -> {
            int repeats = repeats(test);
            for (String mode : MODES) {
                List<JsonObject> mine = runs.stream()
                        .filter(r -> r.getString("test").equals(test)
                                && r.getString("mode").equals(mode))
                        .toList();
                assertEquals(repeats, mine.size(), test + "/" + mode);
                for (JsonObject run : mine) {
                    String what = test + "/" + mode + ": " + run;
                    for (String field : JsonReport.RUN_FIELDS) {
                        assertTrue(run.containsKey(field), what + " lacks " + field);
                    }
                    assertTrue(run.getJsonNumber("requests").longValue() > 0, what);
                    if (test.equals("ramp-up")) {
                        // a sudden burst on a 1-CPU server can fail calls to the remote system (see results.md);
                        // then the run must be marked, never shown as clean
                        assertEquals(
                                run.getJsonNumber("error_pct").doubleValue() > 1,
                                run.getBoolean("too_many_errors"),
                                what);
                    } else {
                        assertEquals(0, run.getJsonNumber("errors").longValue(), what);
                    }
                    assertTrue(run.getJsonNumber("rss_max_bytes").longValue() > 0, what);
                    List<String> jvmArgs = run.getJsonArray("server_jvm_args").getValuesAs(JsonString.class).stream()
                            .map(JsonString::getString)
                            .toList();
                    // as the JVM reported them: Liberty's launcher's agent, which the lab never passes, and the
                    // comparison's own options
                    assertTrue(
                            jvmArgs.stream()
                                    .anyMatch(a -> a.startsWith("-javaagent:") && a.endsWith("ws-javaagent.jar")),
                            what);
                    assertTrue(
                            jvmArgs.containsAll(List.of(summary.getJsonObject("environment")
                                    .getString("server_jvm_args")
                                    .split(" "))),
                            what);
                    assertTrue(
                            run.getJsonNumber("jmeter_cpu_pct").doubleValue() > 0, "JMeter's CPU was sampled: " + what);
                    List<JsonObject> levels = run.getJsonArray("levels").getValuesAs(JsonObject.class);
                    assertFalse(levels.isEmpty(), what);
                    for (JsonObject level : levels) {
                        if (!level.getBoolean("settled")) {
                            // seconds of a sudden load on a cold server may never be steady: then the run says why;
                            // there it is what the test measures (time to peak, over the whole run), so no flag
                            assertEquals(
                                    !test.equals("ramp-up"),
                                    run.getJsonArray("flags").contains(Json.createValue("not_steady")),
                                    what);
                            assertTrue(
                                    run.getJsonArray("warnings")
                                            .toString()
                                            .contains("level " + level.getString("level") + ": not steady: "),
                                    what);
                            continue;
                        }
                        assertTrue(level.getJsonNumber("throughput_rps").doubleValue() > 0, what);
                        assertTrue(
                                level.getJsonNumber("to_s").doubleValue()
                                        > level.getJsonNumber("from_s").doubleValue(),
                                what);
                        assertTrue(
                                level.getJsonNumber("p99_ms").doubleValue()
                                        >= level.getJsonNumber("p50_ms").doubleValue(),
                                what);
                        if (level.containsKey("bound_rps")
                                && level.getJsonNumber("throughput_rps").doubleValue()
                                        > 1.05
                                                * level.getJsonNumber("bound_rps")
                                                        .doubleValue()) {
                            // seconds-long smoke levels can: then the run must say so, never show it as a steady rate
                            assertTrue(
                                    run.getJsonArray("warnings").getValuesAs(jakarta.json.JsonString.class).stream()
                                            .anyMatch(w ->
                                                    w.getString().contains("level " + level.getString("level") + ": ")
                                                            && w.getString().contains("exceeds its bound")),
                                    "a level above its physical bound is flagged: " + what);
                        }
                    }
                    assertFalse(run.getJsonObject("latency_by_label").isEmpty(), what);
                    Path dir = report.resolve(run.getString("dir"));
                    assertTrue(
                            Files.exists(dir.resolve("results.jtl")) && Files.exists(dir.resolve("samples.csv")), what);
                    // the sampler read its figures over JMX: Liberty's pool, the JVM's, the app's, the feature's
                    List<String> samples = assertDoesNotThrow(() -> Files.readAllLines(dir.resolve("samples.csv")));
                    List<String> columns = List.of(samples.get(0).split(",", -1));
                    List<String> read = new ArrayList<>(List.of(
                            "threadpool_size",
                            "memory_usedHeap_bytes",
                            "vtlab_jit_compilation_seconds_total",
                            "vtlab_gc_collection_seconds_total",
                            "vtlab_virtual_threads_active"));
                    if (mode.equals("executor-virtual")) {
                        read.add("vtlab_executor_virtual_tasks_started");
                    }
                    for (String column : read) {
                        int at = columns.indexOf(column);
                        assertTrue(
                                samples.stream().skip(1).anyMatch(row -> !row.split(",", -1)[at].isEmpty()),
                                column + " was read in " + what);
                    }
                    assertEquals(
                            run.getInt("repetition") == 1,
                            Files.exists(dir.resolve("jmeter-dashboard/index.html")),
                            "JMeter's dashboard for the first repetition only: " + what);
                }
            }
        });
        JsonObject rampUp = runs.stream()
                .filter(r -> r.getString("test").equals("ramp-up"))
                .findFirst()
                .orElseThrow();
        assertEquals(
                JsonValue.ValueType.NUMBER, rampUp.get("time_to_90pct_peak_s").getValueType());
        // the run is flagged exactly where its rate had not stopped rising while the load lasted (a cold 5-s smoke
        // level seldom has), and a warning says so
        boolean beyond = rampUp.getJsonArray("warnings").getValuesAs(JsonString.class).stream()
                .anyMatch(w -> w.getString().contains("lie beyond the plan"));
        assertEquals(
                beyond,
                rampUp.getJsonArray("flags").getValuesAs(JsonString.class).stream()
                        .anyMatch(f -> f.getString().equals("peak_beyond_plan")),
                rampUp.toString());
        JsonObject level = rampUp.getJsonArray("levels").getJsonObject(0);
        // Little's law: users / wait, or tighter, users / the fastest answer of the window (a cold server's first
        // answers take longer than the wait)
        double usersPerWait =
                rampUp.getJsonObject("jmeter_properties").getString("THREADS").transform(Double::parseDouble)
                        / (rampUp.getJsonObject("jmeter_properties")
                                        .getString("DELAY_MS")
                                        .transform(Double::parseDouble)
                                / 1000);
        double bound = level.getJsonNumber("bound_rps").doubleValue();
        assertTrue(bound > 0 && bound <= usersPerWait + 0.1, "Little's law: " + bound + " > users / wait");
    }

    @Test
    void repetitionsAlternateTheOrderOfTheModes() {
        List<JsonObject> ping = summary.getJsonArray("runs").getValuesAs(JsonObject.class).stream()
                .filter(r -> r.getString("test").equals("ping"))
                .toList();
        int first = order(ping, "threadpool", 1), second = order(ping, "executor-virtual", 1);
        assertTrue(first < second, "repetition 1: the baseline first");
        assertTrue(
                order(ping, "executor-virtual", 2) < order(ping, "threadpool", 2), "repetition 2: the other way round");
    }

    @Test
    void aModesPingAndBankingOfARoundRanInOneJvmAndTheSuddenLoadOnAFreshOne() throws IOException {
        assertEquals(
                "one JVM per mode and round runs ping, then throughput, each warmed in turn",
                summary.getJsonObject("environment").getString("shared_jvm"));
        List<JsonObject> runs = summary.getJsonArray("runs").getValuesAs(JsonObject.class);
        for (String mode : MODES) {
            assertEquals(order(run(runs, "ping", mode), mode, 1) + 1, order(run(runs, "throughput", mode), mode, 1));
            // Liberty's log names its process (pid@host) in its header: the same JVM, or a fresh one
            String ping = process("ping", mode), banking = process("throughput", mode);
            assertEquals(ping, banking, mode + ": banking ran in ping's JVM");
            assertFalse(ping.equals(process("ramp-up", mode)), mode + ": the sudden load met a fresh JVM");
        }
    }

    private static List<JsonObject> run(List<JsonObject> runs, String test, String mode) {
        return runs.stream()
                .filter(r ->
                        r.getString("test").equals(test) && r.getString("mode").equals(mode))
                .toList();
    }

    /** The "process = pid@host" line of the server log kept with a test's first run in a mode. */
    private static String process(String test, String mode) throws IOException {
        try (Stream<String> lines = Files.lines(report.resolve("runs/" + test + "-" + mode + "-1/messages.log"))) {
            return lines.filter(l -> l.startsWith("process = ")).findFirst().orElseThrow();
        }
    }

    @Test
    void everyHeadlineHasItsIntervalAndEveryRatioAVerdict() {
        List<JsonObject> aggregates = summary.getJsonArray("aggregates").getValuesAs(JsonObject.class);
        List<JsonObject> ratios = summary.getJsonArray("ratios").getValuesAs(JsonObject.class);
        for (String mode : MODES) {
            JsonObject ping = aggregates.stream()
                    .filter(a -> a.getString("test").equals("ping")
                            && a.getString("mode").equals(mode)
                            && a.getString("metric").equals("steady_rps"))
                    .findFirst()
                    .orElseThrow();
            assertEquals(repeats("ping"), ping.getInt("n"));
            assertTrue(
                    ping.getJsonNumber("ci_low").doubleValue()
                                    <= ping.getJsonNumber("mean").doubleValue()
                            && ping.getJsonNumber("mean").doubleValue()
                                    <= ping.getJsonNumber("ci_high").doubleValue(),
                    ping.toString());
        }
        for (JsonObject r : ratios) {
            for (String field : JsonReport.RATIO_FIELDS) {
                assertTrue(r.containsKey(field), r + " lacks " + field);
            }
            assertEquals("executor-virtual", r.getString("mode"));
            assertEquals("threadpool", r.getString("baseline"));
            assertTrue(
                    // the glossary's words, and no others
                    Arrays.stream(Verdict.values()).anyMatch(v -> v.words().equals(r.getString("verdict"))),
                    r.toString());
        }
        JsonObject pingRatio = ratios.stream()
                .filter(r -> r.getString("test").equals("ping")
                        && r.getString("metric").equals("steady_rps"))
                .findFirst()
                .orElseThrow();
        // three repetitions and more give a positive interval, or (runs too far apart to bound it) say why not
        assertTrue(
                pingRatio.get("ci_low").getValueType() == JsonValue.ValueType.NUMBER
                                && pingRatio.getJsonNumber("ci_low").doubleValue() > 0
                        || pingRatio.getString("verdict").equals("undetermined")
                                && !pingRatio.getString("text").isBlank(),
                pingRatio.toString());
        long primaries = ratios.stream().filter(r -> r.getBoolean("primary")).count();
        assertEquals(TESTS.size(), primaries, "one primary figure per test");
        assertTrue(
                ratios.stream()
                        .filter(r -> !r.getBoolean("primary")
                                && r.get("p_value").getValueType() == JsonValue.ValueType.NUMBER)
                        .allMatch(r -> r.getJsonNumber("holm_adjusted_p").doubleValue()
                                >= r.getJsonNumber("p_value").doubleValue()),
                "Holm's adjusted p-values are never below the raw ones");
        JsonObject rampRatio = ratios.stream()
                .filter(r -> r.getString("test").equals("ramp-up")
                        && r.getString("metric").equals("steady_rps"))
                .findFirst()
                .orElseThrow();
        assertEquals("undetermined", rampRatio.getString("verdict"), "one repetition gives no interval, and says so");
        assertEquals(JsonValue.ValueType.NULL, rampRatio.get("ci_low").getValueType());
        assertTrue(
                ratios.stream()
                        .anyMatch(r -> r.getString("test").equals("throughput")
                                && r.getString("metric").contains("@")),
                "a stepped test is compared per load level");
    }

    /**
     * Where the variance is, per test and mode, and the CPU µs per request against the baseline; the comparison's
     * record in the history, and the history in the report once there was an earlier smoke comparison.
     */
    @Test
    void theVarianceComponentsTheCpuPerRequestAndTheHistoryAreReported() throws IOException {
        List<JsonObject> components =
                summary.getJsonArray("variance_components").getValuesAs(JsonObject.class);
        for (String test : TESTS.keySet()) {
            for (String mode : MODES) {
                JsonObject c = components.stream()
                        .filter(x -> x.getString("test").equals(test)
                                && x.getString("mode").equals(mode)
                                && x.getString("metric").startsWith("steady_rps"))
                        .findFirst()
                        .orElseThrow(() -> new AssertionError("no variance components for " + test + "/" + mode));
                // seconds-long smoke windows may be too short for batch means: then it says why
                assertTrue(
                        c.get("within_run_variance_per_s").getValueType() == JsonValue.ValueType.NUMBER
                                || !c.getString("why").isBlank(),
                        c.toString());
                assertTrue(c.containsKey("design"), c.toString());
            }
        }
        assertTrue(
                summary.getJsonArray("cpu_per_request").getValuesAs(JsonObject.class).stream()
                        .anyMatch(d -> d.getString("test").equals("ping")
                                && d.getString("mode").equals("executor-virtual")
                                && d.getString("reference").equals("threadpool")),
                "the CPU µs per request of ping against the baseline");
        assertTrue(summary.getJsonArray("contrasts").isEmpty(), "no compare.contrasts, no contrast rows");
        assertTrue(Files.exists(history.resolve(".vtlab-history")), "the history directory is marked as the lab's");
        long records;
        try (var files = Files.list(history)) {
            // this comparison's configuration's file is the one it wrote last
            Path mine = files.filter(f -> f.toString().endsWith(".jsonl"))
                    .max(Comparator.comparing(f -> f.toFile().lastModified()))
                    .orElseThrow(() -> new AssertionError("no history file in " + history));
            records = Files.readAllLines(mine).size();
        }
        assertTrue(records >= 1, "this comparison's record is in the history");
        if (records >= 2) {
            assertFalse(summary.getJsonArray("history").isEmpty(), "an earlier smoke comparison: the report shows it");
        }
        assertTrue(Files.exists(report.resolve("contrasts.csv")));
    }

    @Test
    void csvFilesHoldEveryRunAndRatio() throws IOException {
        List<String> runs = Files.readAllLines(report.resolve("runs.csv"));
        assertTrue(runs.get(0).startsWith("test,mode,repetition,order"));
        assertEquals(
                summary.getJsonArray("runs").size(),
                runs.stream().skip(1).map(l -> l.split(",")[3]).distinct().count());
        assertEquals(
                summary.getJsonArray("ratios").size() + 1,
                Files.readAllLines(report.resolve("ratios.csv")).size());
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
            // the ratio chart draws each mode against the baseline, so the baseline has no point of its own
            for (String mode : m.group(2).equals("ratio-to-baseline") ? MODES.subList(1, MODES.size()) : MODES) {
                if (STEADY_CHARTS.contains(m.group(2)) && neverSteady(m.group(1), mode)) {
                    continue; // no steady window, no steady figure to draw: the runs table says why
                }
                assertTrue(drawn(svg, mode), where + " has no data drawn for " + mode);
            }
        }
        assertEquals(TESTS.size() * HtmlReport.CHARTS.size(), figures);
        assertTrue(html.contains("id=\"verdicts\"") && html.contains("id=\"runs\""));
        assertFalse(html.contains("<script"), "the report reads offline with no script");
    }

    /** What a reader sees first, in a real browser: the answer, the flags, the primary verdicts; the rest folded. */
    @Test
    void theReportOpensWithTheAnswer() throws Exception {
        try (HeadlessChromium browser = HeadlessChromium.open(
                HeadlessChromium.find(), report.resolve("index.html").toUri().toString())) {
            // the page is a local file, but Chromium may still be loading it, or still on the blank page it starts
            // with (itself "complete"), when the DevTools socket opens
            for (long deadline = System.nanoTime() + 30_000_000_000L;
                    !JsonValue.TRUE.equals(browser.evaluate(
                                    "document.readyState === 'complete' && location.protocol === 'file:'"))
                            && System.nanoTime() < deadline; ) {
                Thread.sleep(100);
            }
            String structure = ((JsonString)
                            browser.evaluate(
                                    """
                            (() => {
                              const h2 = [...document.querySelectorAll('h2')].map(e => e.textContent);
                              const answers = [...document.querySelectorAll('#answer li.answer')];
                              const primaryRows = document.querySelectorAll('#primary tr').length - 1;
                              const folded = ['secondary', 'environment'].map(id => {
                                const d = document.getElementById(id);
                                return d && d.tagName === 'DETAILS' && !d.open;
                              });
                              const first = document.querySelector('body > *:not(h1)');
                              return JSON.stringify({first: first.id, h2: h2.slice(0, 2), answers: answers.length,
                                tests: answers.map(a => a.dataset.test), text: answers.map(a => a.textContent),
                                flags: document.getElementById('flags').textContent, primaryRows, folded,
                                verdictsInside: !!document.querySelector('#secondary #verdicts')});
                            })()"""))
                    .getString();
            JsonObject s;
            try (JsonReader in = Json.createReader(new StringReader(structure))) {
                s = in.readObject();
            }
            assertEquals("answer", s.getString("first"), "the answer comes first: " + s);
            assertEquals("The answer", s.getJsonArray("h2").getString(0), s.toString());
            assertEquals("Verdicts", s.getJsonArray("h2").getString(1), s.toString());
            assertEquals(TESTS.size() * (MODES.size() - 1), s.getInt("answers"), "a sentence per test and mode: " + s);
            for (JsonValue text : s.getJsonArray("text")) {
                assertTrue(((JsonString) text).getString().contains("executor-virtual"), text.toString());
            }
            assertTrue(
                    s.getString("flags").matches("(No run is flagged|\\d+ of \\d+ runs? (is|are) flagged).*"),
                    s.toString());
            assertEquals(TESTS.size(), s.getInt("primaryRows"), "one primary figure per test: " + s);
            assertEquals(List.of(JsonValue.TRUE, JsonValue.TRUE), s.getJsonArray("folded"), "folded: " + s);
            assertTrue(s.getBoolean("verdictsInside"), s.toString());
        }
        // the same sentences in summary.json, where a script reads them
        assertEquals(TESTS.size(), summary.getJsonArray("answers").size());
    }

    @Test
    void theReportCanBeMadeAgainFromItsRawFiles(@TempDir Path copy) throws Exception {
        copyReport(copy);
        Compare.reanalyse(copy, null);
        JsonObject again;
        try (JsonReader in = Json.createReader(Files.newBufferedReader(copy.resolve("summary.json")))) {
            again = in.readObject();
        }
        assertTrue(again.getJsonObject("environment").containsKey("reanalysed_at"));
        // the run's own analysis read the same raw files: every figure, interval and verdict is the same
        for (String part : List.of("runs", "aggregates", "ratios", "two_stage")) {
            assertEquals(summary.get(part), again.get(part), part);
        }
    }

    /**
     * A comparison cut short (Ctrl-C, a reboot) leaves its comparison.json from its start, without a wall time, and
     * the runs it finished, each with its run.json (a run cut off has none): those runs are reported, and the report
     * says the comparison was interrupted.
     */
    @Test
    void anInterruptedComparisonsFinishedRunsAreReported(@TempDir Path copy) throws Exception {
        copyReport(copy);
        Path record = copy.resolve("comparison.json");
        Files.writeString(
                record,
                Files.readString(record).replaceAll("\"wall_time_s\":\\s*[0-9.eE+-]+", "\"wall_time_s\": null"));
        assertTrue(Files.readString(record).replace(" ", "").contains("\"wall_time_s\":null"));
        List<JsonObject> runs = summary.getJsonArray("runs").getValuesAs(JsonObject.class);
        int cut = runs.size() / 2;
        for (JsonObject r : runs) {
            if (r.getInt("order") > cut) {
                Files.delete(copy.resolve(r.getString("dir")).resolve("run.json"));
            }
        }
        Compare.reanalyse(copy, null);
        JsonObject again;
        try (JsonReader in = Json.createReader(Files.newBufferedReader(copy.resolve("summary.json")))) {
            again = in.readObject();
        }
        assertEquals(
                runs.stream()
                        .filter(r -> r.getInt("order") <= cut)
                        .map(r -> r.getString("dir"))
                        .toList(),
                again.getJsonArray("runs").getValuesAs(JsonObject.class).stream()
                        .map(r -> r.getString("dir"))
                        .toList());
        assertEquals(JsonValue.NULL, again.get("wall_time_s"));
        assertTrue(Files.readString(copy.resolve("index.html")).contains("the comparison was interrupted"));
    }

    /**
     * The same runs judged as a rigorous comparison would: the smoke profile keeps its flagged runs (its levels are
     * seconds long), the method leaves out those flagged for their setup and counts those flagged for their outcome,
     * and every verdict then says on how many runs it rests, how many of them were flagged and why any were left out.
     */
    @Test
    void flaggedRunsAreLeftOutOrCountedByTheirKindAndTheReportSaysSo(@TempDir Path copy) throws Exception {
        copyReport(copy);
        List<JsonObject> pingRuns = summary.getJsonArray("runs").getValuesAs(JsonObject.class).stream()
                .filter(r -> r.getString("test").equals("ping"))
                .toList();
        long setupFlagged = pingRuns.stream()
                .filter(r -> flags(r).stream().anyMatch(f -> Flag.valueOf(f).leavesOut()))
                .count();
        long outcomeOnly = pingRuns.stream()
                .filter(r -> !flags(r).isEmpty()
                        && flags(r).stream().noneMatch(f -> Flag.valueOf(f).leavesOut()))
                .count();
        Compare.reanalyse(copy, false);
        JsonObject strict;
        try (JsonReader in = Json.createReader(Files.newBufferedReader(copy.resolve("summary.json")))) {
            strict = in.readObject();
        }
        assertEquals("false", strict.getJsonObject("environment").getString("keep_flagged"));
        JsonObject ping = strict.getJsonArray("ratios").getValuesAs(JsonObject.class).stream()
                .filter(r -> r.getString("test").equals("ping")
                        && r.getString("metric").equals("steady_rps"))
                .findFirst()
                .orElseThrow();
        assertTrue(ping.containsKey("runs_used"), ping.toString());
        String html = Files.readString(copy.resolve("index.html"));
        String runsText = ping.getJsonObject("runs_left_out").toString();
        if (setupFlagged > 0) {
            assertTrue(runsText.contains("left out: "), ping.toString());
            assertTrue(html.contains("left out: "), "the report says which runs were left out and why");
        }
        if (outcomeOnly > 0) {
            assertTrue(runsText.contains("flagged: "), ping.toString());
            assertTrue(html.contains("flagged: "), "the report says which runs were counted flagged and why");
        }
        // with every ramp-up run flagged or alone, its verdict says so instead of a number
        JsonObject ramp = strict.getJsonArray("ratios").getValuesAs(JsonObject.class).stream()
                .filter(r -> r.getString("test").equals("ramp-up"))
                .findFirst()
                .orElseThrow();
        assertEquals("undetermined", ramp.getString("verdict"));
        assertTrue(
                ramp.getString("text").startsWith("undetermined: fewer than 3 valid runs per mode"), ramp.toString());
    }

    /** A run's flags as summary.json names them, as {@link Flag} names. */
    private static List<String> flags(JsonObject run) {
        return run.getJsonArray("flags").getValuesAs(JsonString.class).stream()
                .map(f -> f.getString().toUpperCase(Locale.ROOT))
                .toList();
    }

    @Test
    void theReportShowsThePlanAndThePrimaryIntervalHasItsHalfWidth() throws IOException {
        JsonObject twoStage = summary.getJsonObject("two_stage");
        assertEquals(0.02, twoStage.getJsonNumber("target").doubleValue(), 1e-12);
        assertEquals(BUDGET_S, twoStage.getInt("budget_s"));
        assertEquals(MAX_REPEATS, twoStage.getInt("max_runs"));
        JsonObject ping = plan("ping");
        assertEquals("", ping.getString("why"), "the smoke profile keeps its flagged runs: a plan always: " + ping);
        assertEquals(3, ping.getInt("first_runs"));
        for (String test : TESTS.keySet()) {
            if (TESTS.get(test) < 3) {
                JsonObject single = plan(test);
                assertEquals(0, single.getInt("added_runs"), single.toString());
                assertFalse(single.getString("why").isBlank(), "says why not: " + single);
            }
        }
        JsonObject mode = ping.getJsonArray("modes").getJsonObject(0);
        assertEquals("executor-virtual", mode.getString("mode"));
        double halfWidth = mode.getJsonNumber("half_width").doubleValue();
        assertTrue(halfWidth >= 0.02, mode.toString());
        // the mode that binds is planned all the runs that ran (smoke keeps flagged ones: every run counted)
        int all = repeats("ping");
        assertTrue(mode.getInt("planned_mode_runs") <= all, mode.toString());
        assertTrue(
                mode.getInt("planned_baseline_runs") == all || mode.getInt("planned_mode_runs") == all,
                "the mode that binds is planned all the runs that ran: " + mode);

        JsonObject primary = summary.getJsonArray("ratios").getValuesAs(JsonObject.class).stream()
                .filter(r -> r.getString("test").equals("ping") && r.getBoolean("primary"))
                .findFirst()
                .orElseThrow();
        assertEquals("tps_per_cpu_s", primary.getString("metric"));
        // fixed by the first stage where every run has the figure; a run whose 2-s smoke window got no CPU sample
        // (the sampler missed it on a cold server) has none, and the interval of fewer runs is only wider
        boolean everyRunHasIt = summary.getJsonArray("runs").getValuesAs(JsonObject.class).stream()
                .filter(r -> r.getString("test").equals("ping"))
                .allMatch(r ->
                        r.getJsonArray("levels").getJsonObject(0).get("cpu_pct").getValueType()
                                == JsonValue.ValueType.NUMBER);
        double reached, tolerance;
        if (primary.get("ci_low").getValueType() == JsonValue.ValueType.NUMBER) {
            tolerance = 1e-9;
            reached = Math.sqrt(primary.getJsonNumber("ci_high").doubleValue()
                            / primary.getJsonNumber("ci_low").doubleValue())
                    - 1;
        } else {
            // wider than a factor of 4 end to end: said so, with the ends (to 3 digits) of an interval that wide
            Matcher ends = ENDS.matcher(primary.getString("text"));
            assertTrue(halfWidth > 1 && ends.find(), primary.toString());
            tolerance = 0.01 * (1 + halfWidth); // the ends are printed to 3 digits
            reached = Math.sqrt(Double.parseDouble(ends.group(2)) / Double.parseDouble(ends.group(1))) - 1;
        }
        if (everyRunHasIt) {
            assertEquals(halfWidth, reached, tolerance, "fixed by the first stage: " + primary);
        } else {
            assertTrue(reached >= halfWidth - tolerance, "fewer runs, a wider interval: " + primary);
        }
        assertTrue(primary.getString("text").contains("two-stage: half-width fixed at ±"), primary.toString());
        assertTrue(
                primary.getString("text").contains("what compare.maxRepeats reaches, not the target ±2.0 %"),
                "the cap, not the budget, held it: " + primary);

        String html = Files.readString(report.resolve("index.html"));
        assertTrue(html.contains("id=\"two-stage-plans\"") && html.contains("To a fixed precision: ±2.0 %"));
        assertTrue(Files.exists(report.resolve("two-stage.json")));
    }

    @Test
    void theSecondStagesRunsCarryOnTheRepetitionsInterleaved() {
        int added = plan("ping").getInt("added_runs");
        assertEquals(MAX_REPEATS - 3, added, "compare.maxRepeats, not the budget, ends the second stage");
        List<JsonObject> runs = summary.getJsonArray("runs").getValuesAs(JsonObject.class);
        for (String mode : MODES) {
            List<Integer> repetitions = runs.stream()
                    .filter(r -> r.getString("test").equals("ping")
                            && r.getString("mode").equals(mode))
                    .map(r -> r.getInt("repetition"))
                    .sorted()
                    .toList();
            assertEquals(3 + added, repetitions.size(), mode + ": " + repetitions);
            for (int i = 0; i < repetitions.size(); i++) {
                assertEquals(i + 1, repetitions.get(i), mode + ": " + repetitions);
            }
        }
        // every second-stage run comes after every first-stage run of every test
        int lastFirst = runs.stream()
                .filter(r -> r.getInt("repetition") <= TESTS.get(r.getString("test")))
                .mapToInt(r -> r.getInt("order"))
                .max()
                .orElseThrow();
        assertTrue(runs.stream()
                .filter(r -> r.getInt("repetition") > TESTS.get(r.getString("test")))
                .allMatch(r -> r.getInt("order") > lastFirst));
        assertTrue(
                summary.getJsonNumber("wall_time_s").doubleValue() < BUDGET_S + 60,
                "within the budget, but for the last run's overrun: " + summary.getJsonNumber("wall_time_s"));
    }

    /** A test's two-stage plan. */
    private static JsonObject plan(String test) {
        return summary.getJsonObject("two_stage").getJsonArray("tests").getValuesAs(JsonObject.class).stream()
                .filter(t -> t.getString("test").equals(test))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no two-stage plan for " + test));
    }

    /** A test's runs per mode: its first stage, and for ping the second stage's. */
    private static int repeats(String test) {
        return TESTS.get(test) + plan(test).getInt("added_runs");
    }

    /** Whether every level of every run of a test in a mode was not steady. */
    private static boolean neverSteady(String test, String mode) {
        return summary.getJsonArray("runs").getValuesAs(JsonObject.class).stream()
                .filter(r ->
                        r.getString("test").equals(test) && r.getString("mode").equals(mode))
                .flatMap(r -> r.getJsonArray("levels").getValuesAs(JsonObject.class).stream())
                .noneMatch(l -> l.getBoolean("settled"));
    }

    /** The report's directory copied, to be analysed again without touching the original. */
    private static void copyReport(Path copy) throws IOException {
        try (var files = Files.walk(report)) {
            for (Path f : files.toList()) {
                Path to = copy.resolve(report.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(f, to);
                }
            }
        }
    }

    @Test
    void theServersItStartedAreStopped() {
        for (int p : new int[] {port, remotePort}) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("localhost", p), 500);
                throw new AssertionError("something still listens on port " + p);
            } catch (IOException expected) {
                // refused: stopped
            }
        }
    }

    private static int order(List<JsonObject> runs, String mode, int repetition) {
        return runs.stream()
                .filter(r -> r.getString("mode").equals(mode) && r.getInt("repetition") == repetition)
                .findFirst()
                .orElseThrow()
                .getInt("order");
    }

    /** A polyline with at least two points, or a bar or point with a value above zero, for the mode's series. */
    private static boolean drawn(String svg, String mode) {
        Matcher line = Pattern.compile("<polyline data-series=\"" + mode + "[^\"]*\" data-points=\"(\\d+)\"")
                .matcher(svg);
        while (line.find()) {
            if (Integer.parseInt(line.group(1)) >= 2) {
                return true;
            }
        }
        Matcher bar = Pattern.compile("<(?:rect|circle) data-series=\"" + mode + "[^\"]*\" data-value=\"([0-9.]+)\"")
                .matcher(svg);
        while (bar.find()) {
            if (Double.parseDouble(bar.group(1)) > 0) {
                return true;
            }
        }
        return false;
    }
}
