package it.dev.vtlab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.vtlab.compare.run.LabServers;
import dev.vtlab.dispatch.DispatchMode;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.Reader;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Where the executor-virtual feature starts its virtual threads. executor-virtual (the build's IT server):
 * on the thread that submits the task, for HTTP the TCP channel's selector, so the work never waits in the
 * pool's queue for a pool thread, as the study's prototype dispatched; Liberty's web container still runs on
 * those virtual threads. executor-virtual-at-run (a server of its own): on the pool thread that takes it.
 */
class ExecutorVirtualStartIT {

    private static final String AT_SUBMIT = "vtlab_executor_virtual_tasks_started_at_submit";
    private static final String ON_POOL_THREAD = "vtlab_executor_virtual_tasks_started_on_pool_thread";
    private static final int REQUESTS = 40;

    @Test
    void atSubmitHttpWorkStartsItsVirtualThreadOnTheSubmittingThreadNotAPoolThread() {
        assumeFalse(Lab.DEV_MODE, "needs the build's executor-virtual server; run it with ./mvnw verify");
        Lab lab = Lab.of(DispatchMode.EXECUTOR_VIRTUAL);
        Started started = requests(lab.app(""), lab.mode);
        assertTrue(started.atSubmit() >= REQUESTS, started.toString());
        // a caller waiting on a Future (submit) may start a few on pool threads meanwhile; requests start none
        assertTrue(started.onPoolThread() < REQUESTS / 10.0, started.toString());
    }

    @Test
    void atRunThePoolThreadThatTakesTheTaskStartsIt() throws Exception {
        assumeFalse(Lab.DEV_MODE, "starts a server of its own; run it with ./mvnw verify");
        try (LabServers lab = Lab.compareServers()) {
            lab.start(DispatchMode.EXECUTOR_VIRTUAL_AT_RUN);
            Started started = requests(lab.app(""), DispatchMode.EXECUTOR_VIRTUAL_AT_RUN.label());
            assertTrue(started.onPoolThread() >= REQUESTS, started.toString());
            assertEquals(0, started.atSubmit(), started.toString());
        }
    }

    /** How many virtual threads the feature started, and where, while {@code REQUESTS} requests ran. */
    private record Started(double atSubmit, double onPoolThread) {}

    private static Started requests(URI app, String mode) {
        URI metrics = app.resolve("/metrics");
        Metrics before = Metrics.of(metrics);
        for (int i = 0; i < REQUESTS; i++) {
            HttpResponse<String> ping = Lab.get(app.resolve("/api/ping"));
            assertEquals(200, ping.statusCode());
            assertEquals(mode, ping.headers().firstValue("X-Dispatch").orElseThrow());
            assertEquals(
                    "filter=true; resource=true",
                    ping.headers().firstValue("X-Virtual").orElseThrow(),
                    "Liberty's request filter and the resource ran on virtual threads");
        }
        Metrics after = Metrics.of(metrics);
        return new Started(
                after.get(AT_SUBMIT) - before.get(AT_SUBMIT), after.get(ON_POOL_THREAD) - before.get(ON_POOL_THREAD));
    }

    /**
     * A JDK thread dump (jcmd Thread.dump_to_file, which lists virtual threads too) of the executor-virtual
     * server with 20 requests asleep in the resource: each sleeps on one of the feature's virtual threads
     * under Liberty's web container and the TCP channel's task, and no platform thread runs the web container.
     */
    @Test
    void underLoadLibertysWebContainerRunsOnTheFeaturesVirtualThreads() throws Exception {
        assumeFalse(Lab.DEV_MODE, "needs the build's executor-virtual server; run it with ./mvnw verify");
        Lab lab = Lab.of(DispatchMode.EXECUTOR_VIRTUAL);
        int concurrent = 20;
        List<CompletableFuture<HttpResponse<String>>> sleeping = new ArrayList<>();
        for (int i = 0; i < concurrent; i++) {
            sleeping.add(Lab.HTTP.sendAsync(
                    HttpRequest.newBuilder(lab.app("/api/hello/4000"))
                            .timeout(Duration.ofSeconds(60))
                            .build(),
                    HttpResponse.BodyHandlers.ofString()));
        }
        Metrics.await(lab, "vtlab_requests_in_flight", "mode=\"" + lab.mode + "\"", v -> v >= concurrent);
        List<JsonObject> threads = threadDump(serverPid(lab));

        long requestsOnFeatureThreads = threads.stream()
                .filter(t -> t.getBoolean("virtual", false)
                        && t.getString("name", "").startsWith("vtlab-executor-"))
                .filter(t -> hasFrame(t, "com.ibm.ws.webcontainer.") && hasFrame(t, "WorkQueueManager$Worker.run"))
                .filter(t -> hasFrame(t, "dev.vtlab.ping.HelloResource"))
                .count();
        assertTrue(
                requestsOnFeatureThreads >= concurrent,
                requestsOnFeatureThreads + " of " + concurrent + " sleeping requests on the feature's virtual threads");
        List<String> platformInWebContainer = threads.stream()
                .filter(t -> !t.getBoolean("virtual", false) && hasFrame(t, "com.ibm.ws.webcontainer."))
                .map(t -> t.getString("name", "?"))
                .toList();
        assertEquals(List.of(), platformInWebContainer, "platform threads in Liberty's web container");

        for (CompletableFuture<HttpResponse<String>> answer : sleeping) {
            assertEquals(200, answer.get(60, TimeUnit.SECONDS).statusCode());
        }
    }

    private static long serverPid(Lab lab) throws Exception {
        Path pid = Path.of(
                System.getProperty("basedir"), "target/liberty/wlp/usr/servers/.pid/vtlab-it-" + lab.mode + ".pid");
        return Long.parseLong(Files.readString(pid).trim());
    }

    /** Every thread of every container of the JSON thread dump of process {@code pid}. */
    private static List<JsonObject> threadDump(long pid) throws Exception {
        Path dir = Files.createTempDirectory("vtlab-threads");
        Path dump = dir.resolve("threads.json");
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        Process p = new ProcessBuilder(
                        jcmd.toString(), String.valueOf(pid), "Thread.dump_to_file", "-format=json", dump.toString())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("jcmd.log").toFile())
                .start();
        assertTrue(
                p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0 && Files.exists(dump),
                "jcmd Thread.dump_to_file failed: " + Files.readString(dir.resolve("jcmd.log")));
        try (Reader in = Files.newBufferedReader(dump);
                JsonReader reader = Json.createReader(in)) {
            return reader.readObject().getJsonObject("threadDump").getJsonArray("threadContainers").stream()
                    .flatMap(c -> c.asJsonObject().getJsonArray("threads").stream())
                    .map(JsonValue::asJsonObject)
                    .toList();
        } finally {
            Files.deleteIfExists(dump);
            Files.deleteIfExists(dir.resolve("jcmd.log"));
            Files.delete(dir);
        }
    }

    private static boolean hasFrame(JsonObject thread, String part) {
        return thread.getJsonArray("stack").stream()
                .map(frame -> ((JsonString) frame).getString())
                .anyMatch(frame -> frame.contains(part));
    }
}
