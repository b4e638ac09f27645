package it.dev.vtlab;

import jakarta.json.JsonObject;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.math.BigDecimal;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Hundreds of concurrent transfers between a few accounts: no money appears, disappears or moves twice. */
class ConservationIT {

    private static final int TRANSFERS = 400;
    private static final int FIRST = 101;
    private static final int ACCOUNTS = 40;

    static List<Lab> modes() {
        return Lab.modes().toList();
    }

    @ParameterizedTest
    @MethodSource("modes")
    void concurrentTransfersConserveMoney(Lab lab) {
        String totalBefore = lab.ledgerTotal();
        BigDecimal balancesBefore = sumOfBalances(lab);
        Random random = new Random(lab.ordinal());

        List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
        for (int i = 0; i < TRANSFERS; i++) {
            int from = FIRST + random.nextInt(ACCOUNTS);
            int to = FIRST + (from - FIRST + 1 + random.nextInt(ACCOUNTS - 1)) % ACCOUNTS;
            String amount = (1 + random.nextInt(400)) + "." + random.nextInt(10) + random.nextInt(10);
            calls.add(Lab.HTTP.sendAsync(HttpRequest.newBuilder(lab.app("/api/bank/transfers?delayMs=20"))
                    .timeout(Duration.ofSeconds(60)).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(
                            "{\"from\":" + from + ",\"to\":" + to + ",\"amount\":" + amount + "}")).build(),
                    HttpResponse.BodyHandlers.ofString()));
        }
        int applied = 0;
        BigDecimal fees = BigDecimal.ZERO;
        for (CompletableFuture<HttpResponse<String>> call : calls) {
            HttpResponse<String> response = call.join();
            JsonObject body = Lab.json(response);
            if (response.statusCode() == 201) {
                applied++;
                fees = fees.add(body.getJsonNumber("fee").bigDecimalValue());
            } else {
                assertEquals(400, response.statusCode(), response.body());
                assertEquals("insufficient_funds", body.getString("error"));
            }
        }
        assertTrue(applied > TRANSFERS / 2, "only " + applied + " of " + TRANSFERS + " transfers applied");
        assertEquals(totalBefore, lab.ledgerTotal(), "the ledger total changed");
        // Customers' money fell by exactly the fees of the applied transfers: each applied once, none lost.
        assertEquals(balancesBefore.subtract(fees), sumOfBalances(lab));
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
