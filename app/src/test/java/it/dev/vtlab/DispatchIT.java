package it.dev.vtlab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.dispatch.DispatchMode;
import jakarta.json.JsonObject;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every endpoint runs where the server's DISPATCH_MODE says, and says so in its headers. */
class DispatchIT {

    private static final List<String> EVERY_ENDPOINT = List.of(
            "/api/ping",
            "/api/hello/1",
            "/api/bank/accounts/3",
            "/api/bank/accounts/3/statement",
            "/api/bank/ledger/total");

    static List<Lab> modes() {
        return Lab.modes().toList();
    }

    @ParameterizedTest
    @MethodSource("modes")
    void pingAnswersAtOnceWithATinyBody(Lab lab) {
        HttpResponse<String> response = Lab.get(lab.app("/api/ping"));
        assertEquals(200, response.statusCode());
        assertEquals("pong", response.body());
        assertEquals(lab.mode, response.headers().firstValue("X-Dispatch").orElseThrow());
    }

    @ParameterizedTest
    @MethodSource("modes")
    void helloSleepsAndReportsItsThread(Lab lab) {
        long start = System.nanoTime();
        HttpResponse<String> response = Lab.get(lab.app("/api/hello/120"));
        long tookMs = (System.nanoTime() - start) / 1_000_000;
        assertEquals(200, response.statusCode(), response.body());
        JsonObject hello = Lab.json(response);
        assertEquals("Hello World!", hello.getString("msg"));
        assertTrue(hello.getJsonNumber("time").longValue() > 0);
        assertTrue(tookMs >= 120, "answered after " + tookMs + " ms, before the 120 ms sleep ended");
        assertEquals(lab.dispatch.runsOnVirtualThread(), hello.getBoolean("virtual"));
        assertResourceThread(lab, "hello", hello.getString("thread"));
    }

    @ParameterizedTest
    @MethodSource("modes")
    void everyEndpointRunsItsWorkWhereTheModeSays(Lab lab) {
        for (String path : EVERY_ENDPOINT) {
            assertRanWhereTheModeSays(lab, path, Lab.get(lab.app(path)), 200);
        }
        assertRanWhereTheModeSays(
                lab,
                "POST /api/bank/transfers",
                Lab.postJson(lab.app("/api/bank/transfers"), "{\"from\":7,\"to\":8,\"amount\":1.25}"),
                201);
    }

    /**
     * Where the JAX-RS request filter ran (Liberty's thread for the request) and where the resource ran,
     * mode by mode: the hand-off modes leave Liberty's pool thread for a thread of their own; the modes
     * with the vtlab Liberty feature run both on a virtual thread.
     */
    private static void assertRanWhereTheModeSays(Lab lab, String what, HttpResponse<String> response, int status) {
        assertEquals(status, response.statusCode(), what + ": " + response.body());
        assertEquals(lab.mode, response.headers().firstValue("X-Dispatch").orElseThrow(), what);
        String filter = response.headers().firstValue("X-Request-Thread").orElseThrow();
        String resource = response.headers().firstValue("X-Dispatch-Thread").orElseThrow();
        boolean virtual = lab.dispatch.runsOnVirtualThread();
        boolean filterVirtual = lab.dispatch.needsLibertyFeature();
        assertEquals(
                "filter=" + filterVirtual + "; resource=" + virtual,
                response.headers().firstValue("X-Virtual").orElseThrow(),
                what + ": filter on " + filter + ", resource on " + resource);
        if (!filterVirtual) {
            assertTrue(filter.contains("Default Executor"), what + ": request filter on " + filter);
        }
        assertResourceThread(lab, what, resource);
    }

    private static void assertResourceThread(Lab lab, String what, String thread) {
        assertEquals(
                lab.dispatch.runsOnVirtualThread(), thread.startsWith("VirtualThread["), what + " ran on " + thread);
        switch (lab.dispatch) {
            case THREADPOOL -> assertTrue(thread.contains("Default Executor"), what + " ran on " + thread);
            case VIRTUAL -> assertTrue(thread.contains("vtlab-request"), what + " ran on " + thread);
            // its thread group is the pool's (threads inherit their creator's), its name is not
            case PLATFORM_HANDOFF ->
                assertTrue(
                        thread.contains("vtlab-handoff-") && !thread.contains("Default Executor-thread"),
                        what + " ran on " + thread);
            case MANAGED_VIRTUAL ->
                assertTrue(thread.contains("managedExecutorService[vtlabRequests]"), what + " ran on " + thread);
            // the managed executor's policy runs its platform tasks on Liberty's pool
            case MANAGED_PLATFORM -> assertTrue(thread.contains("Default Executor"), what + " ran on " + thread);
            case EXECUTOR_VIRTUAL, EXECUTOR_VIRTUAL_AT_RUN, POOL_VIRTUAL_WORKERS -> {} // virtual, checked above
        }
    }

    @ParameterizedTest
    @MethodSource("modes")
    void eachRequestGetsANewVirtualThreadInTheThreadPerTaskModes(Lab lab) {
        String first = Lab.json(Lab.get(lab.app("/api/hello/0"))).getString("thread");
        String second = Lab.json(Lab.get(lab.app("/api/hello/0"))).getString("thread");
        if (lab.dispatch == DispatchMode.VIRTUAL
                || lab.dispatch == DispatchMode.EXECUTOR_VIRTUAL
                || lab.dispatch == DispatchMode.MANAGED_VIRTUAL) {
            // VirtualThread[#id,name]/...: a new thread has a new id
            assertFalse(
                    first.substring(0, first.indexOf(',')).equals(second.substring(0, second.indexOf(','))),
                    first + " then " + second);
        }
    }

    /**
     * The work's thread reaches MP Config and, in every mode, a request scope it activates; the request's own request
     * scope follows the work only where it runs on the request's thread (Jakarta Concurrency propagates the
     * application's context to a managed task, not CDI's request scope).
     */
    @ParameterizedTest
    @MethodSource("modes")
    void theWorksThreadReachesConfigAndARequestScope(Lab lab) {
        HttpResponse<String> response = Lab.get(lab.app("/api/context"));
        assertEquals(200, response.statusCode(), response.body());
        JsonObject seen = Lab.json(response);
        assertEquals(lab.mode, seen.getString("dispatchMode"), "DISPATCH_MODE from MP Config on " + seen);
        assertEquals(lab.dispatch.runsOnVirtualThread(), seen.getBoolean("virtual"), seen.toString());
        assertResourceThread(lab, "context", seen.getString("thread"));
        assertEquals(
                lab.dispatch.handsOff() ? "NOT_ACTIVE" : "PROPAGATED", seen.getString("requestScope"), seen.toString());
        assertTrue(seen.getBoolean("activatedRequestScope"), seen.toString());
    }

    @ParameterizedTest
    @MethodSource("modes")
    void errorsCarryTheDispatchHeaderToo(Lab lab) {
        HttpResponse<String> response = Lab.get(lab.app("/api/no/such/thing"));
        assertEquals(404, response.statusCode());
        assertEquals(lab.mode, response.headers().firstValue("X-Dispatch").orElseThrow());
        assertEquals("not_found", Lab.json(response).getString("error"));
    }
}
