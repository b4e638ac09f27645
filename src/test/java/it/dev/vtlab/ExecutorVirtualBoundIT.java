package it.dev.vtlab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.vtlab.compare.run.LabServers;
import dev.vtlab.dispatch.DispatchMode;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
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
        }
    }
}
