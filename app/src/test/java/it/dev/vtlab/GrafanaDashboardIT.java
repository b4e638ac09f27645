package it.dev.vtlab;

import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Every metric the Grafana dashboard queries exists on /metrics, and it covers every vtlab metric. */
class GrafanaDashboardIT {

    private static final Path DASHBOARD = Lab.ROOT.resolve("docs/grafana/vtlab-dashboard.json");
    private static final Set<String> PROMQL_WORDS = Set.of(
            "rate", "irate", "increase", "sum", "avg", "max", "min", "by", "without", "on", "ignoring", "label_values");

    @Test
    void everyQueriedMetricExistsInBothModes() throws IOException {
        Set<String> queried = metricsQueried();
        assertTrue(queried.size() >= 15, "the dashboard queries " + queried);
        for (String name : LabMetricsIT.LAB_METRICS) {
            if (name.startsWith("vtlab_")) {
                assertTrue(queried.contains(name), "the Grafana dashboard has no panel for " + name);
            }
        }
        for (Lab lab : Lab.modes().toList()) {
            Lab.get(lab.app("/api/bank/accounts/1")); // a REST timing and a remote call exist
            Metrics metrics = Metrics.of(lab);
            for (String name : queried) {
                assertTrue(
                        metrics.has(name),
                        name + " (queried by the Grafana dashboard) is not on /metrics in " + lab.mode);
            }
        }
    }

    /** Metric names in every PromQL expression: identifiers outside {label matchers}, by(...) lists and [ranges]. */
    static Set<String> metricsQueried() throws IOException {
        Set<String> names = new TreeSet<>();
        JsonObject dashboard;
        try (JsonReader in = Json.createReader(Files.newBufferedReader(DASHBOARD))) {
            dashboard = in.readObject();
        }
        for (JsonValue panel : dashboard.getJsonArray("panels")) {
            for (JsonValue target : panel.asJsonObject().getJsonArray("targets")) {
                String expr = target.asJsonObject()
                        .getString("expr")
                        .replaceAll("\\{[^}]*}", " ")
                        .replaceAll("\\[[^]]*]", " ")
                        .replaceAll("\\b(by|without)\\s*\\([^)]*\\)", " ");
                Matcher m = Pattern.compile("[a-zA-Z_][a-zA-Z0-9_]*").matcher(expr);
                while (m.find()) {
                    if (!PROMQL_WORDS.contains(m.group())) {
                        names.add(m.group());
                    }
                }
            }
        }
        return names;
    }
}
