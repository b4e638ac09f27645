package it.dev.vtlab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import jakarta.json.JsonObject;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The remote system is its own process and waits without threads: 10 000 delayed calls pending at once. */
class RemoteSystemIT {

    private static final int CALLS = 10_000;
    private static final int DELAY_MS = 8_000; // longer than opening 10 000 connections takes here

    static List<Lab> modes() {
        return Lab.modes().toList();
    }

    @ParameterizedTest
    @MethodSource("modes")
    void theRemoteRunsInItsOwnProcess(Lab lab) {
        JsonObject health = Lab.json(Lab.get(lab.remote("/health")));
        assertEquals("UP", health.getString("status"));
        long remotePid = health.getJsonNumber("pid").longValue();
        assertNotEquals(ProcessHandle.current().pid(), remotePid);
        // the app server (its parent) is another process again
        long parent =
                ProcessHandle.of(remotePid).orElseThrow().parent().orElseThrow().pid();
        assertNotEquals(remotePid, parent);
        assertTrue(
                ProcessHandle.of(parent)
                        .orElseThrow()
                        .info()
                        .commandLine()
                        .orElse("")
                        .contains("ws-server"),
                "the remote's parent is not a Liberty server");
    }

    @Test
    void tenThousandDelayedCallsArePendingAtOnceOnAFewThreads() throws Exception {
        assumeFalse(Lab.DEV_MODE, "needs the servers ./mvnw verify starts");
        Lab lab = Lab.THREADPOOL;
        HttpClient client = Lab.newClient(Duration.ofSeconds(20));
        List<CompletableFuture<HttpResponse<Void>>> calls = new ArrayList<>(CALLS);
        AtomicInteger ok = new AtomicInteger();
        long start = System.nanoTime();
        for (int i = 0; i < CALLS; i++) {
            HttpRequest request = HttpRequest.newBuilder(
                            lab.remote("/accounts/" + (1 + i % 1000) + "?delayMs=" + DELAY_MS))
                    .timeout(Duration.ofSeconds(60))
                    .build();
            calls.add(client.sendAsync(request, HttpResponse.BodyHandlers.discarding())
                    .whenComplete((r, e) -> {
                        if (r != null && r.statusCode() == 200) {
                            ok.incrementAndGet();
                        }
                    }));
        }
        int peakPending = 0;
        int peakThreads = 0;
        while (calls.stream().anyMatch(c -> !c.isDone()) && System.nanoTime() - start < 90_000_000_000L) {
            JsonObject health = Lab.json(Lab.get(lab.remote("/health")));
            peakPending = Math.max(peakPending, health.getInt("pending"));
            peakThreads = Math.max(peakThreads, health.getInt("threads"));
            Thread.sleep(100);
        }
        CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new))
                .exceptionally(e -> null)
                .join();
        client.close();
        assertEquals(CALLS, ok.get(), "calls answered 200");
        assertTrue(peakPending >= CALLS * 9 / 10, "at most " + peakPending + " calls were pending at once");
        assertTrue(peakThreads < 64, "the remote used " + peakThreads + " threads");
    }
}
