package it.dev.vtlab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.dispatch.DispatchMode;
import jakarta.json.JsonObject;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** vtlab's own metrics are on /metrics in both modes and move the right way under load. */
class LabMetricsIT {

    static final List<String> LAB_METRICS = List.of(
            "vtlab_process_rss_bytes",
            "vtlab_process_native_threads",
            "vtlab_direct_buffers_used_bytes",
            "vtlab_direct_buffers_count",
            "vtlab_virtual_threads_started_total",
            "vtlab_virtual_threads_active",
            "vtlab_virtual_threads_pinned_total",
            "vtlab_carrier_parallelism",
            "vtlab_carrier_pool_size",
            "vtlab_carrier_mounted",
            "vtlab_carrier_queued",
            "vtlab_requests_in_flight",
            "vtlab_admission_rejected_total",
            "vtlab_remote_call_seconds_count",
            "vtlab_remote_call_seconds_sum",
            "threadpool_size",
            "threadpool_activeThreads",
            "memory_usedHeap_bytes",
            "cpu_processCpuLoad_percent",
            "REST_request_seconds_count");

    static List<Lab> modes() {
        return Lab.modes().toList();
    }

    @ParameterizedTest
    @MethodSource("modes")
    void everyMetricIsOnMetricsWithSaneValues(Lab lab) {
        assertEquals(200, Lab.get(lab.app("/api/bank/accounts/1")).statusCode()); // at least one remote call
        Metrics m = Metrics.of(lab);
        for (String name : LAB_METRICS) {
            assertTrue(m.has(name), name + " is not on /metrics");
        }
        assertTrue(m.get("vtlab_process_rss_bytes") > 50e6, "RSS of a Liberty server is more than 50 MB");
        assertTrue(m.get("vtlab_process_native_threads") >= 10);
        assertTrue(m.get("vtlab_direct_buffers_count") >= 0);
        assertTrue(m.get("vtlab_carrier_parallelism") >= 1);
        assertTrue(
                m.value("vtlab_requests_in_flight", "mode=\"" + lab.mode + "\"").isPresent(),
                "in-flight tagged with the mode");
        assertTrue(m.get("vtlab_remote_call_seconds_count") >= 1);
        // monitor-1.0 filtered to the pool's and the REST statistics: no meter with an entry per thread that served
        for (String perThread : List.of(
                "servlet_request_total", "session_create_total", "http_server_request_duration_seconds_count")) {
            assertFalse(m.has(perThread) || m.value(perThread, "=").isPresent(), perThread + " is on /metrics");
        }
    }

    @ParameterizedTest
    @MethodSource("modes")
    void virtualThreadsStartedCountsEveryRequestInVirtualModeOnly(Lab lab) {
        double before = Metrics.of(lab).get("vtlab_virtual_threads_started_total");
        int requests = 40;
        for (int i = 0; i < requests; i++) {
            assertEquals(200, Lab.get(lab.app("/api/ping")).statusCode());
        }
        double grew = Metrics.of(lab).get("vtlab_virtual_threads_started_total") - before;
        if (lab == Lab.VIRTUAL) {
            assertTrue(grew >= requests, "started grew by " + grew + " for " + requests + " requests");
        } else {
            assertEquals(0, grew, "the pool runs requests on its own threads");
        }
    }

    @ParameterizedTest
    @MethodSource("modes")
    void activeAndInFlightFollowSlowRequestsAndReturnToZero(Lab lab) throws Exception {
        int concurrent = 20;
        List<Future<HttpResponse<String>>> slow = new ArrayList<>();
        try (ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < concurrent; i++) {
                slow.add(clients.submit(() -> Lab.get(lab.app("/api/hello/2000"))));
            }
            String inFlight = "mode=\"" + lab.mode + "\"";
            // a thread per request (the hand-offs, or Liberty's executor handing off): all 20 run at once
            if (lab.dispatch.handsOff() || lab.dispatch == DispatchMode.EXECUTOR_VIRTUAL) {
                Metrics.await(lab, "vtlab_requests_in_flight", inFlight, v -> v >= concurrent);
                double active = Metrics.of(lab).get("vtlab_virtual_threads_active");
                if (lab == Lab.VIRTUAL) {
                    assertTrue(
                            active >= concurrent,
                            "virtual threads active " + active + " with " + concurrent + " sleeping requests");
                } else if (lab.dispatch == DispatchMode.EXECUTOR_VIRTUAL) {
                    double feature = Metrics.of(lab).get("vtlab_executor_virtual_tasks_in_flight");
                    assertTrue(
                            feature >= concurrent,
                            "the feature's virtual threads in flight " + feature + " with " + concurrent
                                    + " sleeping requests");
                    assertEquals(0, active, "the Dispatcher runs the work inline and starts none of its own");
                } else {
                    assertEquals(0, active, "only the virtual hand-off counts its own virtual threads");
                }
            } else {
                // the autonomic pool may still be growing toward 20 threads; each request it runs is in flight
                Metrics.await(lab, "vtlab_requests_in_flight", inFlight, v -> v >= 2);
                assertEquals(0, Metrics.of(lab).get("vtlab_virtual_threads_active"));
                assertTrue(Metrics.of(lab)
                                .value("threadpool_activeThreads", "Default_Executor")
                                .orElseThrow()
                        >= 2);
            }
            for (Future<HttpResponse<String>> r : slow) {
                assertEquals(200, r.get().statusCode());
            }
        }
        String inFlight = "mode=\"" + lab.mode + "\"";
        Metrics.await(lab, "vtlab_requests_in_flight", inFlight, v -> v == 0);
        Metrics.await(lab, "vtlab_virtual_threads_active", "", v -> v == 0);
        if (lab.dispatch == DispatchMode.EXECUTOR_VIRTUAL) {
            Metrics.await(lab, "vtlab_executor_virtual_tasks_in_flight", "", v -> v < concurrent);
        }
    }

    @ParameterizedTest
    @MethodSource("modes")
    void remoteCallTimerCountsEveryCall(Lab lab) {
        double before = Metrics.of(lab).get("vtlab_remote_call_seconds_count");
        for (int i = 0; i < 3; i++) {
            assertEquals(
                    200,
                    Lab.get(lab.app("/api/bank/accounts/" + (i + 1) + "?delayMs=50"))
                            .statusCode());
        }
        Metrics after = Metrics.of(lab);
        assertTrue(after.get("vtlab_remote_call_seconds_count") - before >= 3);
        assertTrue(after.get("vtlab_remote_call_seconds_sum") >= 0.15, "three calls of 50 ms or more");
    }

    @ParameterizedTest
    @MethodSource("modes")
    void pinIsBounded(Lab lab) {
        for (String bad : List.of("", "?millis=0", "?millis=5001", "?millis=abc")) {
            HttpResponse<String> r = Lab.get(lab.app("/api/lab/pin" + bad));
            assertEquals(400, r.statusCode(), bad + ": " + r.body());
            assertEquals("millis", Lab.json(r).getString("field"), r.body());
        }
    }

    /**
     * Every mode at once, after the tests above (a nested class runs after its outer class's own tests, and alone, so
     * no other request is on a server meanwhile): a case mostly waits for JFR's pinning events, up to 2.5 s.
     */
    @Nested
    class Pinning {

        @ParameterizedTest
        @MethodSource("it.dev.vtlab.LabMetricsIT#modes")
        @Execution(ExecutionMode.CONCURRENT)
        void pinnedCountGrowsOnlyWhenAVirtualThreadPinsItsCarrier(Lab lab) throws Exception {
            double before = Metrics.of(lab).get("vtlab_virtual_threads_pinned_total");
            HttpResponse<String> pin = Lab.get(lab.app("/api/lab/pin?millis=150"));
            assertEquals(200, pin.statusCode(), pin.body());
            JsonObject body = Lab.json(pin);
            assertTrue(body.getJsonNumber("pinnedMillis").longValue() >= 150);
            if (lab.dispatch.runsOnVirtualThread()) {
                assertTrue(body.getBoolean("virtual"));
                // JFR hands events to the stream about once a second
                Metrics.await(lab, "vtlab_virtual_threads_pinned_total", "", v -> v >= before + 1);
            } else {
                assertFalse(body.getBoolean("virtual"));
                Thread.sleep(2500);
                assertEquals(
                        before, Metrics.of(lab).get("vtlab_virtual_threads_pinned_total"), "a pool thread cannot pin");
            }
        }
    }
}
