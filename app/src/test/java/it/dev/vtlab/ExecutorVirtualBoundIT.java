package it.dev.vtlab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.vtlab.compare.run.LabServers;
import dev.vtlab.dispatch.DispatchMode;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * executor-virtual past its bound: with -Dvtlab.executorVirtual.maxInFlight=4, twelve concurrent
 * one-second requests all succeed on virtual threads, but at most four run at once — the rest wait in
 * Liberty's pool, as they would without the feature. Counted, not timed: a request answered in under
 * two seconds must have started its one-second sleep within the first second, and only four permits
 * exist until the first sleeps end.
 */
class ExecutorVirtualBoundIT {

    private static final int BOUND = 4;
    private static final int REQUESTS = 12;
    private static final int SLEEP_MS = 1000;

    @Test
    void requestsPastTheBoundWaitInLibertysPoolAndAllSucceed() throws Exception {
        assumeFalse(Lab.DEV_MODE, "starts a server of its own; run it with ./mvnw verify");
        try (LabServers lab = Lab.compareServers()) {
            lab.start(DispatchMode.EXECUTOR_VIRTUAL, List.of("-Dvtlab.executorVirtual.maxInFlight=" + BOUND));
            HttpResponse<String> warm = Lab.send(HttpRequest.newBuilder(lab.app("/api/hello/1")));
            assertEquals(200, warm.statusCode(), warm.body());

            long start = System.nanoTime();
            List<CompletableFuture<Long>> answers = new ArrayList<>();
            for (int i = 0; i < REQUESTS; i++) {
                answers.add(Lab.HTTP
                        .sendAsync(
                                HttpRequest.newBuilder(lab.app("/api/hello/" + SLEEP_MS))
                                        .timeout(Duration.ofSeconds(60))
                                        .build(),
                                HttpResponse.BodyHandlers.ofString())
                        .thenApply(r -> {
                            assertEquals(200, r.statusCode(), r.body());
                            assertTrue(
                                    r.headers()
                                            .firstValue("X-Virtual")
                                            .orElse("")
                                            .contains("resource=true"),
                                    "the resource ran on a virtual thread: "
                                            + r.headers().map());
                            return (System.nanoTime() - start) / 1_000_000;
                        }));
            }
            List<Long> elapsedMs = new ArrayList<>();
            for (CompletableFuture<Long> a : answers) {
                elapsedMs.add(a.get());
            }
            long early = elapsedMs.stream().filter(ms -> ms < 2 * SLEEP_MS).count();
            assertTrue(
                    early <= BOUND,
                    "at most " + BOUND + " requests can have slept at once in the first second; answered in ms: "
                            + elapsedMs);
            assertTrue(elapsedMs.stream().allMatch(ms -> ms >= SLEEP_MS), elapsedMs.toString());
            // the submitter (the TCP channel's selector) never waits for a slot: past the bound the task
            // goes through the pool, whose thread waits for one and starts it
            Metrics metrics = Metrics.of(lab.app("/metrics"));
            assertTrue(
                    metrics.get("vtlab_executor_virtual_tasks_started_on_pool_thread") >= REQUESTS - BOUND,
                    "the requests past the bound were started by pool threads");
        }
    }

    /**
     * A bound that is not a number is refused like one out of bounds: the feature says so in one line, the
     * app repeats it as it refuses to start the mode, and nothing runs on pool threads under its name. The
     * server is started by hand, as the comparison's start would wait for a readiness that never comes.
     */
    @Test
    void aBoundThatIsNotANumberRefusesTheModeWithOneLineNamingIt() throws Exception {
        assumeFalse(Lab.DEV_MODE, "starts a server of its own; run it with ./mvnw verify");
        Path wlp = Path.of(System.getProperty("basedir"), "target/liberty/wlp");
        String server = "vtlab-compare";
        Path messages = wlp.resolve("usr/servers").resolve(server).resolve("logs/messages.log");
        Files.deleteIfExists(messages);
        ProcessBuilder start = new ProcessBuilder(wlp.resolve("bin/server").toString(), "start", server, "--clean")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        start.environment()
                .putAll(Map.of(
                        "DISPATCH_MODE", "executor-virtual",
                        "HTTP_PORT", System.getProperty("it.stop.port"),
                        "REMOTE_MODE", "external",
                        "REMOTE_PORT", System.getProperty("it.stop.remote.port"),
                        "JVM_ARGS", "-Dvtlab.executorVirtual.maxInFlight=abc"));
        try {
            assertEquals(0, start.start().waitFor(), "server start " + server);
            String log = awaitReady(messages);
            String reason = "vtlab.executorVirtual.maxInFlight must be a whole number 1..1000000, not 'abc'";
            assertTrue(log.contains("vtlab: executor-virtual refused: " + reason), log);
            assertTrue(
                    log.contains("DISPATCH_MODE=executor-virtual: the vtlab Liberty feature refused it: " + reason),
                    log);
            assertTrue(log.contains("CWWKZ0012I: The application vtlab was not started"), log);
            assertFalse(log.contains("CWWKZ0001I"), log);
        } finally {
            new ProcessBuilder(wlp.resolve("bin/server").toString(), "stop", server)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start()
                    .waitFor();
        }
    }

    /** messages.log once the server says it is ready (CWWKF0011I: its apps have started or failed), at most 90 s. */
    private static String awaitReady(Path messages) throws Exception {
        for (long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
                System.nanoTime() < deadline;
                Thread.sleep(200)) {
            String log = Files.exists(messages) ? Files.readString(messages) : "";
            if (log.contains("CWWKF0011I")) {
                return log;
            }
        }
        throw new AssertionError("the server did not say it was ready within 90 s; see " + messages);
    }
}
