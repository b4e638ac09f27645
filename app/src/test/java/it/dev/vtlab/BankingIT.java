package it.dev.vtlab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import jakarta.json.JsonObject;
import java.math.BigDecimal;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The online bank end to end, against the server and its separate remote process, in both modes. */
class BankingIT {

    static List<Lab> modes() {
        return Lab.modes().toList();
    }

    private static BigDecimal balance(Lab lab, int id) {
        HttpResponse<String> response = Lab.get(lab.app("/api/bank/accounts/" + id + "?delayMs=0"));
        assertEquals(200, response.statusCode(), response.body());
        return Lab.json(response).getJsonNumber("balance").bigDecimalValue();
    }

    @ParameterizedTest
    @MethodSource("modes")
    void accountLookupShowsBalanceTierAndProjection(Lab lab) {
        HttpResponse<String> response = Lab.get(lab.app("/api/bank/accounts/42"));
        assertEquals(200, response.statusCode(), response.body());
        JsonObject account = Lab.json(response);
        assertEquals(42, account.getInt("id"));
        assertEquals(2, account.getJsonNumber("balance").bigDecimalValue().scale());
        assertEquals("standard", account.getString("tier"));
        assertTrue(account.getJsonNumber("projectedBalanceIn12Months")
                        .bigDecimalValue()
                        .compareTo(account.getJsonNumber("balance").bigDecimalValue())
                > 0);
        assertEquals(32, account.getString("signature").length());
    }

    @ParameterizedTest
    @MethodSource("modes")
    void transferMovesMoneyChargesAFeeAndKeepsTheLedgerTotal(Lab lab) {
        String totalBefore = lab.ledgerTotal();
        BigDecimal fromBefore = balance(lab, 11);
        BigDecimal toBefore = balance(lab, 12);

        HttpResponse<String> response =
                Lab.postJson(lab.app("/api/bank/transfers"), "{\"from\":11,\"to\":12,\"amount\":250.00}");
        assertEquals(201, response.statusCode(), response.body());
        JsonObject transfer = Lab.json(response);
        assertEquals(new BigDecimal("250.00"), transfer.getJsonNumber("amount").bigDecimalValue());
        assertEquals(new BigDecimal("0.25"), transfer.getJsonNumber("fee").bigDecimalValue());
        assertEquals(
                fromBefore.subtract(new BigDecimal("250.25")),
                transfer.getJsonNumber("fromBalance").bigDecimalValue());
        assertEquals(
                toBefore.add(new BigDecimal("250.00")),
                transfer.getJsonNumber("toBalance").bigDecimalValue());
        assertTrue(transfer.getJsonObject("risk").getInt("score") >= 0);
        assertEquals(fromBefore.subtract(new BigDecimal("250.25")), balance(lab, 11));
        assertEquals(totalBefore, lab.ledgerTotal());
    }

    @ParameterizedTest
    @MethodSource("modes")
    void statementListsTheNewestTransfersWithTotals(Lab lab) {
        assertEquals(
                201,
                Lab.postJson(lab.app("/api/bank/transfers"), "{\"from\":21,\"to\":22,\"amount\":\"5.50\"}")
                        .statusCode());
        assertEquals(
                201,
                Lab.postJson(lab.app("/api/bank/transfers"), "{\"from\":22,\"to\":21,\"amount\":2}")
                        .statusCode());
        HttpResponse<String> response = Lab.get(lab.app("/api/bank/accounts/21/statement?limit=2"));
        assertEquals(200, response.statusCode(), response.body());
        JsonObject statement = Lab.json(response);
        assertEquals(2, statement.getJsonArray("lines").size());
        JsonObject newest = statement.getJsonArray("lines").getJsonObject(0);
        assertEquals(22, newest.getInt("counterparty"));
        assertEquals(new BigDecimal("2.00"), newest.getJsonNumber("amount").bigDecimalValue());
        assertEquals(
                statement.getJsonNumber("balance").bigDecimalValue(),
                newest.getJsonNumber("balanceAfter").bigDecimalValue());
        assertEquals(new BigDecimal("2.00"), statement.getJsonNumber("totalIn").bigDecimalValue());
        assertEquals(new BigDecimal("5.50"), statement.getJsonNumber("totalOut").bigDecimalValue());
    }

    @ParameterizedTest
    @MethodSource("modes")
    void aRetriedTransferWithTheSameIdempotencyKeyIsAppliedOnce(Lab lab) {
        String key = lab.mode + "-" + UUID.randomUUID();
        BigDecimal before = balance(lab, 31);
        HttpRequest.Builder request = HttpRequest.newBuilder(lab.app("/api/bank/transfers"))
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", key)
                .POST(HttpRequest.BodyPublishers.ofString("{\"from\":31,\"to\":32,\"amount\":10}"));
        HttpResponse<String> first = Lab.send(request);
        HttpResponse<String> retry = Lab.send(request);
        assertEquals(201, first.statusCode(), first.body());
        assertEquals(200, retry.statusCode(), retry.body());
        assertTrue(Lab.json(retry).getBoolean("replayed"));
        assertEquals(Lab.json(first).getString("transferId"), Lab.json(retry).getString("transferId"));
        assertEquals(before.subtract(new BigDecimal("10.10")), balance(lab, 31));

        HttpResponse<String> reused = Lab.send(HttpRequest.newBuilder(lab.app("/api/bank/transfers"))
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", key)
                .POST(HttpRequest.BodyPublishers.ofString("{\"from\":31,\"to\":32,\"amount\":99}")));
        assertEquals(409, reused.statusCode(), reused.body());
        BadInputIT.assertErrorJson(reused, "Idempotency-Key");
        assertEquals(before.subtract(new BigDecimal("10.10")), balance(lab, 31));
    }

    @ParameterizedTest
    @MethodSource("modes")
    void theRequestedRemoteDelayIsHonoured(Lab lab) {
        long start = System.nanoTime();
        assertEquals(200, Lab.get(lab.app("/api/bank/accounts/3?delayMs=400")).statusCode());
        long tookMs = (System.nanoTime() - start) / 1_000_000;
        assertTrue(tookMs >= 400, "answered in " + tookMs + " ms, sooner than the remote's 400 ms");
    }

    /**
     * Every mode at once, after the tests above (a nested class runs after its outer class's own tests, and alone):
     * each case only waits for the timeout (it.remote.timeout.ms).
     */
    @Nested
    class RemoteTimeout {

        @ParameterizedTest
        @MethodSource("it.dev.vtlab.BankingIT#modes")
        @Execution(ExecutionMode.CONCURRENT)
        void aRemoteSlowerThanTheClientTimeoutIsA504AtTheTimeout(Lab lab) {
            assumeFalse(Lab.DEV_MODE, "needs the servers ./mvnw verify starts");
            int timeoutMs = Lab.remoteTimeoutMs();
            long start = System.nanoTime();
            HttpResponse<String> response = Lab.get(lab.app("/api/bank/accounts/3?delayMs=" + (timeoutMs + 2000)));
            long tookMs = (System.nanoTime() - start) / 1_000_000;
            assertEquals(504, response.statusCode(), response.body());
            assertEquals("remote_timeout", Lab.json(response).getString("error"));
            assertTrue(
                    tookMs >= timeoutMs && tookMs < timeoutMs + 1500,
                    "504 after " + tookMs + " ms, timeout " + timeoutMs);
        }
    }
}
