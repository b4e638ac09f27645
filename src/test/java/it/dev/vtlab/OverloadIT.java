package it.dev.vtlab;

import org.junit.jupiter.api.Test;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * Virtual mode's admission control: twice MAX_IN_FLIGHT slow requests at once. The first
 * MAX_IN_FLIGHT run, the rest get 503 + Retry-After at once, nothing else; the server keeps answering
 * and is back to normal afterwards.
 */
class OverloadIT {

    @Test
    void pastTheLimitRequestsGet503AtOnceAndTheServerStaysResponsive() throws Exception {
        assumeFalse(Lab.DEV_MODE, "needs the IT virtual server and its MAX_IN_FLIGHT");
        Lab lab = Lab.VIRTUAL;
        int limit = Integer.parseInt(System.getProperty("it.virtual.max.in.flight"));
        double rejectedBefore = Metrics.of(lab).get("vtlab_admission_rejected_total");

        List<CompletableFuture<HttpResponse<String>>> slow = new ArrayList<>();
        for (int i = 0; i < 2 * limit; i++) {
            slow.add(Lab.HTTP.sendAsync(HttpRequest.newBuilder(lab.app("/api/hello/3000")).timeout(Duration.ofSeconds(60)).build(),
                    HttpResponse.BodyHandlers.ofString()));
        }
        // while they sleep: the server answers at once, 200 or 503, never hangs
        Thread.sleep(1000);
        long start = System.nanoTime();
        HttpResponse<String> ping = Lab.get(lab.app("/api/ping"));
        long pingMs = (System.nanoTime() - start) / 1_000_000;
        assertTrue(ping.statusCode() == 200 || ping.statusCode() == 503, ping.statusCode() + " " + ping.body());
        assertTrue(pingMs < 2000, "ping took " + pingMs + " ms under overload");
        assertEquals(200, Lab.get(lab.app("/health/live")).statusCode());

        Map<Integer, Integer> statuses = new TreeMap<>();
        for (CompletableFuture<HttpResponse<String>> call : slow) {
            HttpResponse<String> r = call.join();
            statuses.merge(r.statusCode(), 1, Integer::sum);
            if (r.statusCode() == 503) {
                assertEquals("1", r.headers().firstValue("Retry-After").orElse(null));
                assertEquals("overloaded", Lab.json(r).getString("error"));
            }
        }
        assertEquals(2, statuses.size(), "only 200 and 503: " + statuses);
        assertTrue(statuses.get(200) >= limit / 2, "most of the first " + limit + " ran: " + statuses);
        assertTrue(statuses.get(503) >= limit / 2, "the excess was refused: " + statuses);
        assertTrue(Metrics.of(lab).get("vtlab_admission_rejected_total") - rejectedBefore >= statuses.get(503),
                "every refusal counted");

        assertEquals(200, Lab.get(lab.app("/api/ping")).statusCode(), "back to normal");
        assertEquals(0, Metrics.of(lab).value("vtlab_requests_in_flight", "mode=\"virtual\"").orElseThrow());
    }
}
