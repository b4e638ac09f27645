package it.dev.vtlab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.vtlab.compare.Compare;
import dev.vtlab.compare.report.CrossoverReport;
import dev.vtlab.compare.run.LabServers;
import dev.vtlab.dispatch.DispatchMode;
import jakarta.json.Json;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The crossover design's server and pipeline, for real: one Liberty server with DISPATCH_MODE=crossover answers every
 * application-level mode's requests through the same paths, each twin doing the same work and answering bad input
 * alike; and a smoke crossover
 * comparison runs end to end with real JMeter.
 */
class CrossoverIT {

    private static final List<DispatchMode> ARMS = Stream.of(DispatchMode.values())
            .filter(DispatchMode::applicationLevel)
            .toList();

    @Test
    void everyModesTwinAnswersTheSameBytesAndDoesOneTransferPerRequest() throws Exception {
        assumeFalse(Lab.DEV_MODE, "the crossover starts a server of its own; run it with ./mvnw verify");
        try (LabServers lab = Lab.compareServers()) {
            lab.startAs(DispatchMode.THREADPOOL, "crossover", List.of());
            Map<String, String> first = null;
            for (DispatchMode arm : ARMS) {
                HttpResponse<String> switched =
                        Lab.send(HttpRequest.newBuilder(lab.app("/api/lab/crossover?mode=" + arm.label()))
                                .PUT(HttpRequest.BodyPublishers.noBody()));
                assertEquals(200, switched.statusCode(), switched.body());
                Map<String, String> answers = answers(lab, arm);
                if (first == null) {
                    first = answers;
                } else {
                    assertEquals(
                            first,
                            answers,
                            arm.label() + " against " + ARMS.get(0).label());
                }
            }
            // every request of each mode counted under it by the server: 6 each
            JsonObject state = Lab.json(Lab.get(lab.app("/api/lab/crossover")));
            for (DispatchMode arm : ARMS) {
                assertEquals(
                        6,
                        state.getJsonObject("answered")
                                .getJsonNumber(arm.label())
                                .longValue(),
                        arm.label());
            }
            HttpResponse<String> bad =
                    Lab.send(HttpRequest.newBuilder(lab.app("/api/lab/crossover?mode=executor-virtual"))
                            .PUT(HttpRequest.BodyPublishers.noBody()));
            assertEquals(400, bad.statusCode());
            assertEquals("mode", Lab.json(bad).getString("field"));
            // bad input gets the same 4xx JSON in every arm, threadpool-async too, which has no IT server
            for (DispatchMode arm : ARMS) {
                assertEquals(
                        200,
                        Lab.send(HttpRequest.newBuilder(lab.app("/api/lab/crossover?mode=" + arm.label()))
                                        .PUT(HttpRequest.BodyPublishers.noBody()))
                                .statusCode());
                for (BadInputIT.Case c : BadInputIT.CASES) {
                    try {
                        BadInputIT.check(lab::app, c);
                    } catch (AssertionError e) {
                        throw new AssertionError(arm.label() + ": " + c + ": " + e.getMessage(), e);
                    }
                }
            }
        }
    }

    /**
     * What {@code arm} answers to the same requests, with what differs by design taken out: where the work ran is
     * checked against the mode, the rest must be the same in every mode. A transfer adds exactly one entry to the
     * account's statement: one call of the remote system's transfer per request.
     */
    private static Map<String, String> answers(LabServers lab, DispatchMode arm) {
        Map<String, String> a = new LinkedHashMap<>();
        HttpResponse<String> ping = Lab.get(lab.app("/api/ping"));
        assertEquals(arm.label(), ping.headers().firstValue("X-Dispatch").orElse(""), "X-Dispatch");
        assertTrue(
                ping.headers().firstValue("X-Virtual").orElse("").endsWith("resource=" + arm.runsOnVirtualThread()),
                arm.label() + ": " + ping.headers().firstValue("X-Virtual"));
        a.put(
                "ping",
                ping.statusCode() + " "
                        + ping.headers().firstValue("Content-Type").orElse("") + " " + ping.body());
        HttpResponse<String> account = Lab.get(lab.app("/api/bank/accounts/7?delayMs=0"));
        a.put(
                "account",
                account.statusCode() + " "
                        + account.headers().firstValue("Content-Type").orElse(""));
        int before = statement(lab);
        HttpResponse<String> transfer =
                Lab.postJson(lab.app("/api/bank/transfers?delayMs=0"), "{\"from\":3,\"to\":2,\"amount\":1.00}");
        a.put("transfer", String.valueOf(transfer.statusCode()) + " " + keys(transfer.body()));
        a.put("one transfer", String.valueOf(statement(lab) - before));
        HttpResponse<String> missing = Lab.get(lab.app("/api/bank/accounts/0?delayMs=0"));
        a.put("bad id", missing.statusCode() + " " + missing.body());
        return a;
    }

    /** Entries in account 3's statement, at most 50. */
    private static int statement(LabServers lab) {
        HttpResponse<String> r = Lab.get(lab.app("/api/bank/accounts/3/statement?limit=50&delayMs=0"));
        assertEquals(200, r.statusCode(), r.body());
        try (JsonReader in = Json.createReader(new java.io.StringReader(r.body()))) {
            return in.readObject().getJsonArray("lines").size();
        }
    }

    private static String keys(String json) {
        try (JsonReader in = Json.createReader(new java.io.StringReader(json))) {
            return in.readObject().keySet().toString();
        }
    }

    @Test
    void aSmokeCrossoverComparisonMeasuresEveryModeInEveryBlock() throws Exception {
        assumeFalse(Lab.DEV_MODE, "the comparison starts servers of its own; run it with ./mvnw verify");
        Path basedir = Path.of(System.getProperty("basedir"));
        Properties p = new Properties();
        p.setProperty("compare.profile", "smoke");
        p.setProperty("compare.design", "crossover");
        p.setProperty("compare.tests", "throughput");
        p.setProperty("compare.modes", "threadpool,managed-virtual");
        p.setProperty("compare.crossover.sliceSeconds", "6");
        p.setProperty("compare.crossover.discardSeconds", "2");
        p.setProperty("compare.crossover.blocks", "2");
        p.setProperty("compare.warmupSeconds", "24");
        // one square of profiled blocks after the measured ones
        p.setProperty("compare.cpuProfile", "true");
        p.setProperty("compare.cpuProfile.runs", "1");
        p.setProperty("compare.port", System.getProperty("it.compare.port"));
        p.setProperty("compare.remotePort", System.getProperty("it.compare.remote.port"));
        p.setProperty(
                "compare.out", basedir.resolve("target/vtlab-report-crossover").toString());
        p.setProperty("compare.history", "none");
        Path out = Compare.run(p, Lab.ROOT);
        List<String> rows = Files.readAllLines(out.resolve(CrossoverReport.SLICES));
        assertEquals(1 + 2 * 2, rows.size(), rows.toString());
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split(",");
            assertTrue(Long.parseLong(f[5]) > 0, "requests in " + row);
            assertTrue(Double.parseDouble(f[7]) > 0, "server CPU in " + row);
        }
        try (JsonReader in = Json.createReader(Files.newBufferedReader(out.resolve(CrossoverReport.JSON)))) {
            JsonObject result = in.readObject();
            assertEquals(2, result.getJsonArray("modes").size());
            JsonObject contrast = result.getJsonArray("contrasts").getJsonObject(0);
            assertEquals("managed-virtual", contrast.getString("mode"));
            assertTrue(contrast.getJsonObject("requests_per_cpu_second")
                            .getJsonNumber("ratio")
                            .doubleValue()
                    > 0);
            for (JsonValue m : result.getJsonArray("modes")) {
                // Little's law against the plan's closed users: the smoke level has 20, each one request in flight
                double inFlight =
                        m.asJsonObject().getJsonNumber("in_flight_littles_law").doubleValue();
                assertTrue(inFlight > 15 && inFlight <= 20.5, "in flight " + inFlight + " of 20 users");
            }
            JsonObject profile = result.getJsonObject("profile");
            assertEquals(2, profile.getInt("blocks"));
            assertTrue(profile.getJsonNumber("samples").longValue() > 0, profile.toString());
            for (JsonValue m : profile.getJsonArray("modes")) {
                // each mode's buckets are its measured CPU a request, shared out: they add up to it
                JsonObject mode = m.asJsonObject();
                JsonObject buckets = mode.getJsonObject("buckets_us_per_request");
                double sum = buckets.values().stream()
                        .mapToDouble(v -> ((JsonNumber) v).doubleValue())
                        .sum();
                double total = mode.getJsonNumber("cpu_us_per_request").doubleValue();
                assertEquals(total, sum, 0.01 * buckets.size() + 1e-6, mode.toString());
                assertTrue(buckets.getJsonNumber("application").doubleValue() > 0, mode.toString());
                assertTrue(buckets.getJsonNumber("http").doubleValue() > 0, mode.toString());
            }
            JsonObject d = profile.getJsonArray("differences").getJsonObject(0);
            assertEquals("managed-virtual", d.getString("mode"));
            assertEquals(2, d.getJsonObject("cpu_us_per_request").getInt("blocks"));
        }
        assertTrue(Files.readString(out.resolve(CrossoverReport.MARKDOWN)).contains("managed-virtual ÷ threadpool"));
    }
}
