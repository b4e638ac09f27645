package dev.vtlab.remotesystem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The remote system's HTTP protocol, on an ephemeral port in this JVM. */
class RemoteSystemTest {

    static RemoteSystem remote;
    static final HttpClient HTTP = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        remote = RemoteSystem.start("localhost", 0, 5);
    }

    @AfterAll
    static void stop() {
        remote.close();
    }

    static HttpResponse<String> send(String method, String path, String form) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + remote.port() + path));
        if (form != null) {
            request.header("Content-Type", "application/x-www-form-urlencoded");
        }
        request.method(
                method, form == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(form));
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void answersAccountsAfterTheRequestedDelay() throws Exception {
        long start = System.nanoTime();
        HttpResponse<String> response = send("GET", "/accounts/2?delayMs=150", null);
        long tookMs = (System.nanoTime() - start) / 1_000_000;
        assertEquals(200, response.statusCode());
        assertEquals("{\"id\":2,\"balanceCents\":100000}", response.body());
        assertTrue(tookMs >= 150, "answered after " + tookMs + " ms");
        // the count drops just after the answer is written, so the client may read it a moment before
        for (long deadline = System.currentTimeMillis() + 2_000;
                remote.pending() > 0 && System.currentTimeMillis() < deadline; ) {
            Thread.sleep(5);
        }
        assertEquals(0, remote.pending());
        // what the remote reports of its own time and capacity, for the tests that load it
        String health = send("GET", "/health", null).body();
        assertTrue(health.contains("\"capacity\":" + RemoteSystem.CAPACITY), health);
        assertTrue(health.matches(".*\"pendingPeak\":[1-9].*"), health);
        assertTrue(health.matches(".*\"queueWaitMsMax\":\\d+.*"), health);
        assertTrue(health.matches(".*\"lateMsMax\":\\d+.*"), health);
    }

    @Test
    void appliesTransfersOnceAndKeepsTheTotal() throws Exception {
        String form = "transferId=abc&from=3&to=4&amountCents=1000&feeCents=10";
        HttpResponse<String> first = send("POST", "/transfers", form);
        HttpResponse<String> again = send("POST", "/transfers", form);
        assertEquals(201, first.statusCode(), first.body());
        assertEquals(200, again.statusCode(), again.body());
        assertTrue(again.body().contains("\"replayed\":true"));
        assertEquals(98_990, remote.ledger().balance(3));
        assertEquals(200, send("GET", "/ledger/total", null).statusCode());
        assertEquals(500_000, remote.ledger().totalCents());
    }

    @Test
    void refusesWhatItCannotDo() throws Exception {
        assertEquals(404, send("GET", "/accounts/6", null).statusCode());
        assertEquals(
                409,
                send("POST", "/transfers", "transferId=x&from=1&to=2&amountCents=100001&feeCents=0")
                        .statusCode());
        HttpResponse<String> unknownTo =
                send("POST", "/transfers", "transferId=y&from=1&to=9&amountCents=1&feeCents=0");
        assertEquals(404, unknownTo.statusCode());
        assertTrue(unknownTo.body().contains("\"field\":\"to\""), unknownTo.body());
        assertEquals(400, send("GET", "/accounts/1?delayMs=60001", null).statusCode());
        assertEquals(400, send("GET", "/accounts/one", null).statusCode());
        assertEquals(
                400,
                send("POST", "/transfers", "from=1&to=2&amountCents=1&feeCents=0")
                        .statusCode());
        assertEquals(404, send("GET", "/nothing/here", null).statusCode());
    }
}
