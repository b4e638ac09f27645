package it.dev.vtlab;

import jakarta.json.JsonObject;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every kind of bad input gets a 4xx JSON error naming the field, in both modes; never a 500 or a stack trace. */
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
            Case.transfer("{\"from\":999998,\"to\":1,\"amount\":1}", 404, "from"));

    @TestFactory
    Stream<DynamicTest> badInputGetsAClearJsonError() {
        return Lab.modes().flatMap(lab -> CASES.stream().map(c ->
                DynamicTest.dynamicTest(lab.mode + ": " + c, () -> check(lab, c))));
    }

    private static void check(Lab lab, Case c) {
        HttpRequest.Builder request = HttpRequest.newBuilder(lab.app(c.path()));
        if (c.body() != null) {
            request.header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(c.body()));
        }
        HttpResponse<String> response = Lab.send(request);
        assertEquals(c.status(), response.statusCode(), response.body());
        assertErrorJson(response, c.field());
    }

    static void assertErrorJson(HttpResponse<String> response, String field) {
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("application/json"),
                "not JSON: " + response.headers().map());
        JsonObject error = Lab.json(response);
        assertFalse(error.getString("error").isBlank());
        assertFalse(error.getString("message").isBlank());
        if (field != null) {
            assertEquals(field, error.getString("field"), response.body());
        }
        assertFalse(response.body().contains("Exception") || response.body().contains("\tat "), "leaks internals: " + response.body());
    }

    @TestFactory
    Stream<DynamicTest> wrongMediaTypeAndMethodAreJsonToo() {
        return Lab.modes().map(lab -> DynamicTest.dynamicTest(lab.mode, () -> {
            HttpResponse<String> plain = Lab.send(HttpRequest.newBuilder(lab.app("/api/bank/transfers"))
                    .header("Content-Type", "text/plain").POST(HttpRequest.BodyPublishers.ofString("from=1")));
            assertEquals(415, plain.statusCode());
            assertErrorJson(plain, null);
            HttpResponse<String> delete = Lab.send(HttpRequest.newBuilder(lab.app("/api/bank/accounts/1")).DELETE());
            assertEquals(405, delete.statusCode());
            assertErrorJson(delete, null);
            HttpResponse<String> badKey = Lab.send(HttpRequest.newBuilder(lab.app("/api/bank/transfers"))
                    .header("Content-Type", "application/json").header("Idempotency-Key", "no spaces please")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"from\":1,\"to\":2,\"amount\":1}")));
            assertEquals(400, badKey.statusCode());
            assertErrorJson(badKey, "Idempotency-Key");
        }));
    }
}
