package it.dev.vtlab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every kind of bad input gets a 4xx JSON error naming the field, in every mode the build started a server for; never
 * a 500 or a stack trace. The crossover server's arms, threadpool-async among them, get the same cases in CrossoverIT.
 */
class BadInputIT {

    record Case(String method, String path, String body, int status, String field) {
        static Case get(String path, int status, String field) {
            return new Case("GET", path, null, status, field);
        }

        static Case transfer(String body, int status, String field) {
            return new Case("POST", "/api/bank/transfers", body, status, field);
        }

        @Override
        public String toString() {
            return method + " " + path + (body == null ? "" : " " + body) + " -> " + status + " " + field;
        }
    }

    static final List<Case> CASES = List.of(
            Case.get("/api/hello/-1", 400, "millis"),
            Case.get("/api/hello/abc", 400, "millis"),
            Case.get("/api/hello/60001", 400, "millis"),
            Case.get("/api/hello/99999999999999999999999", 400, "millis"),
            Case.get("/api/bank/accounts/0", 400, "id"),
            Case.get("/api/bank/accounts/x1", 400, "id"),
            Case.get("/api/bank/accounts/-4", 400, "id"),
            Case.get("/api/bank/accounts/999999", 404, "id"),
            Case.get("/api/bank/accounts/5?delayMs=-1", 400, "delayMs"),
            Case.get("/api/bank/accounts/5?delayMs=60001", 400, "delayMs"),
            Case.get("/api/bank/accounts/5?delayMs=soon", 400, "delayMs"),
            Case.get("/api/bank/accounts/5?work=1001", 400, "work"),
            Case.get("/api/bank/accounts/5?work=-3", 400, "work"),
            Case.get("/api/bank/accounts/5/statement?limit=0", 400, "limit"),
            Case.get("/api/bank/accounts/5/statement?limit=51", 400, "limit"),
            Case.get("/api/bank/accounts/999999/statement", 404, "id"),
            Case.get("/api/bank/ledger/total?delayMs=1e3", 400, "delayMs"),
            Case.transfer("", 400, "body"),
            Case.transfer("{not json", 400, "body"),
            Case.transfer("[1,2]", 400, "body"),
            Case.transfer("{\"to\":2,\"amount\":1}", 400, "from"),
            Case.transfer("{\"from\":\"1\",\"to\":2,\"amount\":1}", 400, "from"),
            Case.transfer("{\"from\":1.5,\"to\":2,\"amount\":1}", 400, "from"),
            Case.transfer("{\"from\":1,\"to\":null,\"amount\":1}", 400, "to"),
            Case.transfer("{\"from\":1,\"to\":1,\"amount\":1}", 400, "to"),
            Case.transfer("{\"from\":1,\"to\":2}", 400, "amount"),
            Case.transfer("{\"from\":1,\"to\":2,\"amount\":-5}", 400, "amount"),
            Case.transfer("{\"from\":1,\"to\":2,\"amount\":0}", 400, "amount"),
            Case.transfer("{\"from\":1,\"to\":2,\"amount\":1.005}", 400, "amount"),
            Case.transfer("{\"from\":1,\"to\":2,\"amount\":\"ten\"}", 400, "amount"),
            Case.transfer("{\"from\":1,\"to\":2,\"amount\":1000000.01}", 400, "amount"),
            Case.transfer("{\"from\":1,\"to\":2,\"amount\":999999}", 400, "amount"),
            Case.transfer("{\"from\":1,\"to\":999999,\"amount\":1}", 404, "to"),
            Case.transfer("{\"from\":999998,\"to\":1,\"amount\":1}", 404, "from"),
            // hostile: values that cost the server if handled naively, answers that could be amplified
            Case.get("/api/bank/accounts/5?delayMs=%E2%82%AC", 400, "delayMs"),
            Case.get("/api/lab/pin?millis=0", 400, "millis"),
            Case.get("/api/lab/pin?millis=5001", 400, "millis"),
            Case.transfer("{\"from\":1,\"to\":2,\"amount\":1e999999}", 400, "amount"),
            Case.transfer("{\"from\":1,\"to\":2,\"amount\":1e-999999}", 400, "amount"),
            Case.transfer("{\"from\":99999999999999999999,\"to\":2,\"amount\":1}", 400, "from"),
            Case.transfer("[".repeat(20_000) + "]".repeat(20_000), 400, "body"),
            Case.transfer("{\"from\":1,\"to\":2,\"amount\":1,\"memo\":\"" + "x".repeat(60_000) + "\"}", 400, "body"));

    @TestFactory
    Stream<DynamicTest> badInputGetsAClearJsonError() {
        return Lab.modes().flatMap(lab -> CASES.stream()
                .map(c -> DynamicTest.dynamicTest(lab.mode + ": " + c, () -> check(lab::app, c))));
    }

    /** {@code c} sent to the server {@code app} resolves paths on: its status, and a JSON error naming its field. */
    static void check(Function<String, URI> app, Case c) {
        HttpRequest.Builder request = HttpRequest.newBuilder(app.apply(c.path()));
        if (c.body() != null) {
            request.header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(c.body()));
        }
        HttpResponse<String> response = Lab.send(request);
        assertEquals(c.status(), response.statusCode(), response.body());
        assertErrorJson(response, c.field());
    }

    /**
     * Random values (seeded: it.fuzz.seed, default 42) in every parameter: numbers of every size and
     * sign, decimals, exponents, text, Unicode, control characters. Whatever comes, the answer is a
     * success or a 4xx JSON error naming the parameter, never a 5xx.
     */
    @TestFactory
    Stream<DynamicTest> fuzzedParametersNeverFailTheServer() {
        long seed = Long.getLong("it.fuzz.seed", 42);
        return Lab.modes()
                .map(lab -> DynamicTest.dynamicTest(lab.mode + " (seed " + seed + ")", () -> {
                    Random random = new Random(seed);
                    for (int i = 0; i < FUZZ_ROUNDS; i++) {
                        String v = hostileValue(random);
                        String q = URLEncoder.encode(v, StandardCharsets.UTF_8).replace("+", "%20");
                        fuzz(lab, "/api/hello/" + q, "millis");
                        fuzz(lab, "/api/bank/accounts/" + q + "?delayMs=0", "id");
                        fuzz(lab, "/api/bank/accounts/7?delayMs=" + q, "delayMs");
                        fuzz(lab, "/api/bank/accounts/7?delayMs=0&work=" + q, "work");
                        fuzz(lab, "/api/bank/accounts/7/statement?delayMs=0&limit=" + q, "limit");
                        String amount = random.nextBoolean()
                                ? v
                                : "\"" + v.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
                        HttpResponse<String> transfer =
                                Lab.send(HttpRequest.newBuilder(lab.app("/api/bank/transfers?delayMs=0"))
                                        .header("Content-Type", "application/json")
                                        .POST(HttpRequest.BodyPublishers.ofString(
                                                "{\"from\":7,\"to\":8,\"amount\":" + amount + "}")));
                        judge(transfer, null, "amount " + amount);
                    }
                }));
    }

    private static final int FUZZ_ROUNDS = 40;

    private static void fuzz(Lab lab, String pathAndQuery, String field) {
        judge(Lab.send(HttpRequest.newBuilder(lab.app(pathAndQuery))), field, pathAndQuery);
    }

    private static void judge(HttpResponse<String> response, String field, String what) {
        int status = response.statusCode();
        assertTrue(status < 500, what + " -> " + status + " " + response.body());
        assertFalse(
                response.body().contains("Exception") || response.body().contains("\tat "),
                "leaks internals: " + response.body());
        // Control characters and encoded slashes in a path are refused by Liberty itself (a 400 HTML
        // page) before the app sees them; everything the app answers is JSON.
        boolean answeredByTheApp = response.headers().firstValue("X-Dispatch").isPresent();
        if (status >= 400 && status != 404 && answeredByTheApp) {
            assertErrorJson(response, null);
            if (field != null && Lab.json(response).containsKey("field")) {
                assertEquals(field, Lab.json(response).getString("field"), what + " -> " + response.body());
            }
        }
        assertTrue(
                response.body().length() < 2048, what + ": a " + response.body().length() + "-character answer");
    }

    /** Small valid numbers now and then (so the happy path is fuzzed too), never a long sleep. */
    private static String hostileValue(Random random) {
        return switch (random.nextInt(10)) {
            case 0 -> String.valueOf(random.nextInt(50));
            case 1 -> String.valueOf(-1 - random.nextInt(Integer.MAX_VALUE));
            case 2 -> String.valueOf(random.nextLong()) + random.nextInt(1000);
            case 3 -> random.nextInt(100) + "." + random.nextInt(1000);
            case 4 -> random.nextInt(10) + "e" + (random.nextBoolean() ? "" : "-") + random.nextInt(1_000_000);
            case 5 -> "0x" + Integer.toHexString(random.nextInt());
            case 6 -> (char) random.nextInt(32) + String.valueOf(random.nextInt(9));
            case 7 -> new String(Character.toChars(0x1F300 + random.nextInt(200))) + "é€";
            case 8 -> "9".repeat(1 + random.nextInt(400));
            default ->
                List.of("", " ", "null", "true", "NaN", "-0", "+1", "1_000", "١٢", "../../etc", "%00", "{}", "[]")
                        .get(random.nextInt(13));
        };
    }

    static void assertErrorJson(HttpResponse<String> response, String field) {
        assertTrue(
                response.headers().firstValue("Content-Type").orElse("").startsWith("application/json"),
                "not JSON: " + response.headers().map());
        JsonObject error = Lab.json(response);
        assertFalse(error.getString("error").isBlank());
        assertFalse(error.getString("message").isBlank());
        if (field != null) {
            assertEquals(field, error.getString("field"), response.body());
        }
        assertFalse(
                response.body().contains("Exception") || response.body().contains("\tat "),
                "leaks internals: " + response.body());
    }

    @TestFactory
    Stream<DynamicTest> wrongMediaTypeAndMethodAreJsonToo() {
        return Lab.modes()
                .map(lab -> DynamicTest.dynamicTest(lab.mode, () -> {
                    HttpResponse<String> plain = Lab.send(HttpRequest.newBuilder(lab.app("/api/bank/transfers"))
                            .header("Content-Type", "text/plain")
                            .POST(HttpRequest.BodyPublishers.ofString("from=1")));
                    assertEquals(415, plain.statusCode());
                    assertErrorJson(plain, null);
                    HttpResponse<String> delete = Lab.send(HttpRequest.newBuilder(lab.app("/api/bank/accounts/1"))
                            .DELETE());
                    assertEquals(405, delete.statusCode());
                    assertErrorJson(delete, null);
                    HttpResponse<String> badKey = Lab.send(HttpRequest.newBuilder(lab.app("/api/bank/transfers"))
                            .header("Content-Type", "application/json")
                            .header("Idempotency-Key", "no spaces please")
                            .POST(HttpRequest.BodyPublishers.ofString("{\"from\":1,\"to\":2,\"amount\":1}")));
                    assertEquals(400, badKey.statusCode());
                    assertErrorJson(badKey, "Idempotency-Key");
                }));
    }

    /** Past httpOptions messageSizeLimit (64 KiB) a body is refused before it is held in memory. */
    @TestFactory
    Stream<DynamicTest> oversizedBodiesAreRefused() {
        byte[] big = ("{\"from\":1,\"to\":2,\"amount\":1,\"memo\":\"" + "x".repeat(200_000) + "\"}")
                .getBytes(StandardCharsets.UTF_8);
        return Lab.modes()
                .map(lab -> DynamicTest.dynamicTest(lab.mode, () -> {
                    // Expect: 100-continue, as a client sending a large body should: Liberty refuses it from the
                    // headers, before the body is sent. Without it the refusal races the client still writing the
                    // body, and a reset connection can swallow the 413.
                    HttpResponse<String> sized = Lab.send(HttpRequest.newBuilder(lab.app("/api/bank/transfers"))
                            .expectContinue(true)
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofByteArray(big)));
                    assertEquals(413, sized.statusCode(), "with a Content-Length: Liberty refuses it up front");
                    HttpResponse<String> chunked = Lab.send(HttpRequest.newBuilder(lab.app("/api/bank/transfers"))
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(big))));
                    assertEquals(413, chunked.statusCode(), "chunked: refused as it is read");
                    assertErrorJson(chunked, "body");
                }));
    }
}
