package dev.vtlab.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Benchmark;
import org.w3c.dom.Document;

/**
 * Reads what the runs of this build wrote (the smoke profile runs everything) and fails on a missing
 * or malformed output: every benchmark method has a finite positive score in JMH's JSON, an
 * observation line and a Markdown row; the probe wrote its points, table and a well-formed SVG.
 */
class OutputsIT {
    private static final Path RESULTS = Path.of(System.getProperty("vtlab.bench.results", "target/results"));

    @Test
    void everyBenchmarkWroteAScoreAnObservationAndAMarkdownRow() throws IOException {
        Assumptions.assumeTrue(Boolean.getBoolean("vtlab.check.jmh"), "JMH was not run in this build");
        String markdown = Files.readString(RESULTS.resolve("results.md"));
        for (var experiment : RunBenchmarks.EXPERIMENTS.entrySet()) {
            JsonArray runs = JsonParser.parseString(
                            Files.readString(RESULTS.resolve("jmh-" + experiment.getKey() + ".json")))
                    .getAsJsonArray();
            List<JsonObject> observations =
                    Files.readAllLines(RESULTS.resolve("observations-" + experiment.getKey() + ".jsonl")).stream()
                            .filter(l -> !l.isBlank())
                            .map(l -> JsonParser.parseString(l).getAsJsonObject())
                            .toList();
            Set<String> seen = new HashSet<>();
            for (JsonElement element : runs) {
                JsonObject run = element.getAsJsonObject();
                String benchmark = run.get("benchmark").getAsString();
                seen.add(benchmark);
                double score = run.getAsJsonObject("primaryMetric").get("score").getAsDouble();
                assertTrue(Double.isFinite(score) && score > 0, benchmark + " has score " + score);
                assertTrue(
                        observations.stream()
                                .anyMatch(o -> o.get("benchmark").getAsString().equals(benchmark)
                                        && o.getAsJsonObject("params").equals(run.getAsJsonObject("params"))),
                        "no observation for " + benchmark + " " + run.getAsJsonObject("params"));
                String shortName = benchmark.substring(benchmark.lastIndexOf('.', benchmark.lastIndexOf('.') - 1) + 1);
                assertTrue(markdown.contains("| " + shortName + " |"), "results.md has no row for " + shortName);
            }
            Set<String> declared = Arrays.stream(experiment.getValue().getDeclaredMethods())
                    .filter(m -> m.isAnnotationPresent(Benchmark.class))
                    .map(m -> experiment.getValue().getName() + "." + m.getName())
                    .collect(Collectors.toSet());
            assertEquals(declared, seen, experiment.getKey() + ": benchmarks that ran");
        }
    }

    @Test
    void theGridRanMaxPoolSizeBothWaysAndTheCachedPoolWasCapped() throws IOException {
        Assumptions.assumeTrue(Boolean.getBoolean("vtlab.check.jmh"), "JMH was not run in this build");
        JsonArray grid = JsonParser.parseString(Files.readString(RESULTS.resolve("jmh-executor-grid.json")))
                .getAsJsonArray();
        assertTrue(stream(grid)
                .anyMatch(r -> param(r, "maxPoolSizeFrom").equals("setup")
                        && r.get("benchmark").getAsString().endsWith("virtualThreadPerTask")));
        assertTrue(stream(grid)
                .anyMatch(r -> param(r, "maxPoolSizeFrom").equals("fork")
                        && r.getAsJsonArray("jvmArgs")
                                .toString()
                                .contains("-Djdk.virtualThreadScheduler.maxPoolSize=" + param(r, "nThreads"))));
        String sleepObservations = Files.readString(RESULTS.resolve("observations-sleep-tasks.jsonl"));
        assertTrue(sleepObservations.contains("\"hitCap\""), "the cached pool reports whether it hit its cap");
        assertTrue(sleepObservations.contains("peakOsThreads"));
        List<JsonObject> pinning = Files.readAllLines(RESULTS.resolve("observations-pinning.jsonl")).stream()
                .filter(l -> !l.isBlank())
                .map(l -> JsonParser.parseString(l).getAsJsonObject().getAsJsonObject("values"))
                .toList();
        assertFalse(pinning.isEmpty());
        for (JsonObject values : pinning) {
            assertTrue(values.get("pinnedEvents").getAsLong() >= 0);
            // The class-initializer sleep pins on every JDK: if JFR saw nothing, the counts mean nothing.
            assertTrue(
                    values.get("positiveControlPinnedEvents").getAsLong() >= 1, "JFR recorded no pinned event at all");
        }
        assertTrue(Files.readString(RESULTS.resolve("observations-threadlocal.jsonl"))
                .contains("\"retainedBytesPerThread\""));
    }

    @Test
    void theProbeWroteItsPointsTableAndPlot() throws Exception {
        Assumptions.assumeTrue(Boolean.getBoolean("vtlab.check.probe"), "the probe was not run in this build");
        Path probe = RESULTS.resolve("probe");
        JsonArray points = JsonParser.parseString(Files.readString(probe.resolve("probe.json")))
                .getAsJsonArray();
        assertFalse(points.isEmpty());
        Set<String> executors = new HashSet<>();
        Set<Integer> cpus = new HashSet<>();
        for (JsonObject point : stream(points).toList()) {
            executors.add(point.get("executor").getAsString());
            cpus.add(point.get("cpus").getAsInt());
            assertTrue(point.get("throughputPerSecond").getAsDouble() > 0, "throughput of " + point);
            double cpu = point.get("cpuUtilisationPercent").getAsDouble();
            assertTrue(cpu > 0 && cpu < 150, "CPU utilisation of " + point);
            assertTrue(point.get("p99Micros").getAsDouble()
                    >= point.get("p50Micros").getAsDouble());
            assertFalse(point.get("kernel").getAsString().isBlank());
        }
        assertEquals(Set.of("virtual", "platform"), executors);
        assertEquals(Set.of(1, 2), cpus);
        String table = Files.readString(probe.resolve("probe.md"));
        assertTrue(table.contains("virtual / platform throughput %"));
        assertTrue(table.lines()
                        .filter(l -> l.matches("\\| [0-9.]+ \\| \\d \\| [0-9.]+ \\|.*"))
                        .count()
                >= cpus.size());
        Document svg = DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(probe.resolve("probe.svg").toFile());
        assertEquals("svg", svg.getDocumentElement().getNodeName());
        assertTrue(svg.getElementsByTagName("polyline").getLength() >= 3 * cpus.size());
    }

    private static Stream<JsonObject> stream(JsonArray array) {
        return StreamSupport.stream(array.spliterator(), false).map(JsonElement::getAsJsonObject);
    }

    private static String param(JsonObject run, String name) {
        JsonElement value = run.getAsJsonObject("params").get(name);
        return value == null ? "" : value.getAsString();
    }
}
