package it.dev.vtlab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import jakarta.json.JsonObject;
import java.math.BigDecimal;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Thousands of transfers at once between a few accounts (it.conservation.transfers, default 10 000 per
 * mode), each with an Idempotency-Key, retried with the same key as a client would: after a 503, a
 * dropped connection or its own timeout. One in ten is also sent twice at once, and one in a hundred
 * times out on the client mid-call on purpose. No money appears, disappears or moves twice.
 */
class ConservationIT {

    private static final int TRANSFERS = Integer.getInteger("it.conservation.transfers", 10_000);
    private static final int MAX_ATTEMPTS = 30;
    private static final int FIRST = 101;
    private static final int ACCOUNTS = 40;

    static List<Lab> modes() {
        return Lab.modes().toList();
    }

    /** What one key got: its 201s (at most one may exist), its definitive answer, how often it was sent. */
    private static final class KeyOutcome {
        final AtomicInteger created = new AtomicInteger();
        final AtomicInteger attempts = new AtomicInteger();
        final Map<String, Integer> answers = new ConcurrentHashMap<>();
        volatile JsonObject applied;
        volatile boolean declined;
    }

    @ParameterizedTest
    @MethodSource("modes")
    void concurrentTransfersWithRetriesConserveMoney(Lab lab) {
        assertTrue(TRANSFERS >= 1 && TRANSFERS <= 15_000, "it.conservation.transfers: 1..15000 (each is a connection)");
        String totalBefore = lab.ledgerTotal();
        BigDecimal balancesBefore = sumOfBalances(lab);
        Random random = new Random(lab.dispatch.ordinal());
        String run = lab.mode + "-" + System.currentTimeMillis();

        Map<String, KeyOutcome> outcomes = new ConcurrentHashMap<>();
        // A client of its own, closed after the run: its thousands of connections must not stay open
        // (idle, kept alive) into the next mode's run, or the test JVM runs out of file descriptors.
        try (HttpClient client = Lab.newClient(Duration.ofSeconds(5))) {
            List<CompletableFuture<Void>> calls = sendAll(lab, client, random, run, outcomes);
            CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new)).join();
        }

        int applied = 0;
        int declined = 0;
        int retried = 0;
        BigDecimal fees = BigDecimal.ZERO;
        Map<String, Integer> answers = new TreeMap<>();
        for (Map.Entry<String, KeyOutcome> entry : outcomes.entrySet()) {
            KeyOutcome outcome = entry.getValue();
            outcome.answers.forEach((answer, n) -> answers.merge(answer, n, Integer::sum));
            assertTrue(outcome.created.get() <= 1, entry.getKey() + " was created " + outcome.created + " times");
            retried += outcome.attempts.get() > 1 ? 1 : 0;
            if (outcome.applied != null) {
                applied++;
                fees = fees.add(outcome.applied.getJsonNumber("fee").bigDecimalValue());
            } else if (outcome.declined) {
                declined++;
            } else {
                fail(entry.getKey() + " never got a definitive answer");
            }
        }
        System.out.printf(
                "[conservation] %s: %d transfers (%d sent twice at once), %d applied, %d declined, %d needed a retry; answers: %s%n",
                lab.mode, TRANSFERS, (TRANSFERS + 4) / 10, applied, declined, retried, answers);
        assertTrue(applied > TRANSFERS / 2, "only " + applied + " of " + TRANSFERS + " transfers applied");
        assertEquals(totalBefore, lab.ledgerTotal(), "the ledger total changed");
        // Customers' money fell by exactly the fees of the applied transfers: each applied once, none lost.
        assertEquals(balancesBefore.subtract(fees), sumOfBalances(lab));
    }

    /** Sends every transfer at once (one in ten twice); returns each call, retries included. */
    private static List<CompletableFuture<Void>> sendAll(
            Lab lab, HttpClient client, Random random, String run, Map<String, KeyOutcome> outcomes) {
        List<CompletableFuture<Void>> calls = new ArrayList<>();
        for (int i = 0; i < TRANSFERS; i++) {
            int from = FIRST + random.nextInt(ACCOUNTS);
            int to = FIRST + (from - FIRST + 1 + random.nextInt(ACCOUNTS - 1)) % ACCOUNTS;
            String body = "{\"from\":" + from + ",\"to\":" + to + ",\"amount\":" + (1 + random.nextInt(4)) + "."
                    + random.nextInt(10) + random.nextInt(10) + "}";
            String key = "cons-" + run + "-" + i;
            KeyOutcome outcome = new KeyOutcome();
            outcomes.put(key, outcome);
            boolean timesOutFirst = i % 100 == 0;
            calls.add(send(lab, client, key, body, outcome, timesOutFirst, 1));
            if (i % 10 == 5) {
                calls.add(send(lab, client, key, body, outcome, false, 1)); // the same transfer, twice at once
            }
        }
        return calls;
    }

    /**
     * Sends one attempt and, like a careful client, retries with the same key until it gets a
     * definitive answer: 201 (applied now), 200 (applied before: a replay) or 400 (declined).
     */
    private static CompletableFuture<Void> send(
            Lab lab,
            HttpClient client,
            String key,
            String body,
            KeyOutcome outcome,
            boolean clientTimesOut,
            int attempt) {
        outcome.attempts.incrementAndGet();
        HttpRequest request = HttpRequest.newBuilder(
                        lab.app("/api/bank/transfers?delayMs=" + (clientTimesOut ? 1000 : 20)))
                .timeout(clientTimesOut ? Duration.ofMillis(200) : Duration.ofSeconds(60))
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", key)
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
        return client.sendAsync(request, HttpResponse.BodyHandlers.ofString())
                .handle((response, failure) -> {
                    Throwable cause = failure != null && failure.getCause() != null ? failure.getCause() : failure;
                    outcome.answers.merge(
                            cause != null ? cause.getClass().getSimpleName() : String.valueOf(response.statusCode()),
                            1,
                            Integer::sum);
                    if (response != null && (response.statusCode() == 201 || response.statusCode() == 200)) {
                        if (response.statusCode() == 201) {
                            outcome.created.incrementAndGet();
                        }
                        outcome.applied = Lab.json(response);
                        return CompletableFuture.<Void>completedFuture(null);
                    }
                    if (response != null
                            && response.statusCode() == 400
                            && Lab.json(response).getString("error").equals("insufficient_funds")) {
                        outcome.declined = true;
                        return CompletableFuture.<Void>completedFuture(null);
                    }
                    // 503: admission limit; 502/504: the bank could not reach the remote in time (under this load
                    // connects can take longer than REMOTE_CONNECT_TIMEOUT_MS). None of them can have applied twice.
                    boolean retryable =
                            failure != null || List.of(502, 503, 504).contains(response.statusCode());
                    if (!retryable) {
                        return CompletableFuture.<Void>failedFuture(
                                new AssertionError(key + ": " + response.statusCode() + " " + response.body()));
                    }
                    if (attempt >= MAX_ATTEMPTS) {
                        return CompletableFuture.<Void>failedFuture(new AssertionError(key + ": no answer after "
                                + attempt + " attempts; last: " + (failure != null ? failure : response.body())));
                    }
                    long backoffMs = Math.min(2000, 100L * attempt);
                    return CompletableFuture.supplyAsync(
                                    () -> null, CompletableFuture.delayedExecutor(backoffMs, TimeUnit.MILLISECONDS))
                            .thenCompose(x -> send(lab, client, key, body, outcome, false, attempt + 1));
                })
                .thenCompose(next -> next);
    }

    private static BigDecimal sumOfBalances(Lab lab) {
        BigDecimal sum = BigDecimal.ZERO;
        for (int id = FIRST; id < FIRST + ACCOUNTS; id++) {
            HttpResponse<String> response = Lab.get(lab.app("/api/bank/accounts/" + id + "?delayMs=0"));
            assertEquals(200, response.statusCode(), response.body());
            sum = sum.add(Lab.json(response).getJsonNumber("balance").bigDecimalValue());
        }
        return sum;
    }
}
