package it.dev.vtlab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** /metrics is open (on a dev box) and carries the Liberty pool and per-endpoint REST timings. */
class MetricsIT {

    static List<Lab> modes() {
        return Lab.modes().toList();
    }

    @ParameterizedTest
    @MethodSource("modes")
    void poolMetricsAndRestTimingsAreOnMetrics(Lab lab) {
        assertEquals(200, Lab.get(lab.app("/api/ping")).statusCode());
        assertEquals(200, Lab.get(lab.app("/api/bank/accounts/1")).statusCode());
        HttpResponse<String> metrics = Lab.get(lab.app("/metrics"));
        assertEquals(200, metrics.statusCode());
        String text = metrics.body();
        assertTrue(
                text.contains("threadpool_size{mp_scope=\"vendor\",pool=\"Default_Executor\""), "no threadpool_size");
        assertTrue(
                text.contains("threadpool_activeThreads{mp_scope=\"vendor\",pool=\"Default_Executor\""),
                "no threadpool_activeThreads");
        // the resources of the mode: in place, or their hand-off twins (ApiApplication registers one set)
        String twin = lab.dispatch.handsOff() ? "Handoff" : "";
        for (String resource : List.of("dev.vtlab.ping.Ping", "dev.vtlab.banking.Bank")) {
            String timing = "REST_request_seconds_count{class=\"" + resource + twin + "Resource\"";
            assertTrue(text.lines().anyMatch(l -> l.startsWith(timing)), "no " + timing);
        }
    }

    @ParameterizedTest
    @MethodSource("modes")
    void readinessIncludesTheRemoteSystem(Lab lab) {
        HttpResponse<String> ready = Lab.get(lab.app("/health/ready"));
        assertEquals(200, ready.statusCode(), ready.body());
        assertTrue(ready.body().contains("remote-system"), ready.body());
        // in the managed-* modes UP only once a task of the managed executor ran on the thread the mode names
        assertTrue(ready.body().contains("\"managed-executor\""), ready.body());
    }
}
