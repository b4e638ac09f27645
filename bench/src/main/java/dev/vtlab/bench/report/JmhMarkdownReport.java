package dev.vtlab.bench.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Writes results.md from the JMH JSON files (jmh-NAME.json) of a results directory, joined with the
 * forks' observation lines (observations-NAME.jsonl) on benchmark name and params. Our own because
 * JMH has no Markdown output, and this is a few lines over its JSON.
 */
public final class JmhMarkdownReport {
    private JmhMarkdownReport() {}

    public static void main(String[] args) throws IOException {
        System.out.println(write(Path.of(args.length > 0 ? args[0] : "target/results")));
    }

    public static Path write(Path results) throws IOException {
        StringBuilder md = new StringBuilder("# vtlab-bench JMH results\n\n");
        Path environment = results.resolve("environment-jmh.json");
        if (Files.exists(environment)) {
            JsonObject snapshots =
                    JsonParser.parseString(Files.readString(environment)).getAsJsonObject();
            for (String label : snapshots.keySet()) {
                JsonObject s = snapshots.getAsJsonObject(label);
                JsonObject machine = s.getAsJsonObject("machine");
                JsonObject state = s.getAsJsonObject("state");
                md.append(String.format(
                        Locale.ROOT,
                        "- %s: %s; %s; kernel %s; %s, %d CPUs; MemTotal %s; load average %s; other JVMs: %s%n",
                        label,
                        s.get("time").getAsString(),
                        machine.get("jdk").getAsString(),
                        machine.get("kernel").getAsString(),
                        machine.get("cpuModel").getAsString(),
                        machine.get("cpus").getAsInt(),
                        machine.get("memory").getAsString(),
                        state.get("loadAverage1m").getAsString(),
                        state.getAsJsonArray("otherJvms").isEmpty()
                                ? "none"
                                : state.getAsJsonArray("otherJvms").toString()));
            }
            md.append('\n');
        }
        List<Path> jsonFiles;
        try (Stream<Path> files = Files.list(results)) {
            jsonFiles = files.filter(p -> p.getFileName().toString().matches("jmh-.*\\.json"))
                    .sorted()
                    .toList();
        }
        for (Path json : jsonFiles) {
            String experiment = json.getFileName().toString().replaceAll("^jmh-|\\.json$", "");
            List<JsonObject> observations = readObservations(results.resolve("observations-" + experiment + ".jsonl"));
            md.append("## ")
                    .append(experiment)
                    .append("\n\n")
                    .append("| benchmark | params | JDK | mode | score | error | unit | fork -D args | observed |\n")
                    .append("|---|---|---|---|---:|---:|---|---|---|\n");
            for (JsonElement element :
                    JsonParser.parseString(Files.readString(json)).getAsJsonArray()) {
                JsonObject run = element.getAsJsonObject();
                String benchmark = run.get("benchmark").getAsString();
                String jdk = run.get("jdkVersion").getAsString();
                Map<String, String> params = params(run.getAsJsonObject("params"));
                JsonObject metric = run.getAsJsonObject("primaryMetric");
                md.append("| ")
                        .append(benchmark.substring(benchmark.lastIndexOf('.', benchmark.lastIndexOf('.') - 1) + 1))
                        .append(" | ")
                        .append(params.entrySet().stream()
                                .map(e -> e.getKey() + "=" + e.getValue())
                                .collect(Collectors.joining(" ")))
                        .append(" | ")
                        .append(jdk)
                        .append(" | ")
                        .append(run.get("mode").getAsString())
                        .append(" | ")
                        .append(number(metric.get("score")))
                        .append(" | ")
                        .append(number(metric.get("scoreError")))
                        .append(" | ")
                        .append(metric.get("scoreUnit").getAsString())
                        .append(" | ")
                        .append(schedulerArgs(run.getAsJsonArray("jvmArgs")))
                        .append(" | ")
                        .append(observed(observations, benchmark, jdk, params))
                        .append(" |\n");
            }
            md.append('\n');
        }
        Path report = results.resolve("results.md");
        Files.writeString(report, md, StandardCharsets.UTF_8);
        return report;
    }

    private static Map<String, String> params(JsonObject params) {
        Map<String, String> values = new LinkedHashMap<>();
        if (params != null) {
            params.entrySet().forEach(e -> values.put(e.getKey(), e.getValue().getAsString()));
        }
        return values;
    }

    /** JMH writes NaN as a string (e.g. the error of a single iteration). */
    private static String number(JsonElement value) {
        if (value == null || value.isJsonNull() || !value.getAsJsonPrimitive().isNumber()) {
            return value == null || value.isJsonNull() ? "" : value.getAsString();
        }
        double number = value.getAsDouble();
        return Double.isNaN(number) ? "NaN" : String.format(Locale.ROOT, "%.3f", number);
    }

    /** Only the -D arguments that configure the JDK (the observation-file path is plumbing). */
    private static String schedulerArgs(JsonArray jvmArgs) {
        List<String> shown = new ArrayList<>();
        if (jvmArgs != null) {
            jvmArgs.forEach(a -> {
                String arg = a.getAsString();
                if (arg.startsWith("-Djdk.") || arg.startsWith("-Xmx") || arg.startsWith("-XX:ActiveProcessorCount")) {
                    shown.add(arg);
                }
            });
        }
        return String.join(" ", shown);
    }

    private static List<JsonObject> readObservations(Path file) throws IOException {
        if (!Files.exists(file)) {
            return List.of();
        }
        return Files.readAllLines(file).stream()
                .filter(l -> !l.isBlank())
                .map(l -> JsonParser.parseString(l).getAsJsonObject())
                .toList();
    }

    /**
     * The observation lines of the forks that produced this result: same benchmark, JDK and params
     * (a line without a JDK, from before lines carried one, matches any).
     */
    private static String observed(
            List<JsonObject> observations, String benchmark, String jdk, Map<String, String> params) {
        return observations.stream()
                .filter(o -> o.get("benchmark").getAsString().equals(benchmark)
                        && (!o.has("jdkVersion")
                                || o.get("jdkVersion").getAsString().equals(jdk))
                        && params(o.getAsJsonObject("params")).equals(params))
                .map(o -> o.getAsJsonObject("values").entrySet().stream()
                        .map(e -> e.getKey() + "=" + e.getValue().getAsString())
                        .collect(Collectors.joining(", ")))
                .collect(Collectors.joining("; "));
    }
}
