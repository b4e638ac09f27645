package dev.vtlab.remotesystem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.vtlab.remoteapi.RemoteLimits;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class LedgerTest {

    @Test
    void accountsOpenWithOneThousandEach() {
        Ledger ledger = new Ledger(10);
        assertEquals(100_000, ledger.balance(1));
        assertEquals(100_000, ledger.balance(10));
        assertEquals(-1, ledger.balance(11));
        assertEquals(-1, ledger.balance(Ledger.FEE_ACCOUNT));
        assertEquals(1_000_000, ledger.totalCents());
    }

    @Test
    void transferMovesAmountAndFeeAtomically() {
        Ledger ledger = new Ledger(3);
        Ledger.TransferResult r = ledger.transfer("t1", 1, 2, 2_500, 25);
        assertEquals(Ledger.Outcome.APPLIED, r.outcome());
        assertEquals(100_000 - 2_525, r.fromBalanceCents());
        assertEquals(102_500, r.toBalanceCents());
        assertEquals(300_000, ledger.totalCents());
        assertEquals(-2_500, ledger.recent(1, 5).get(0).amountCents());
        assertEquals(2_500, ledger.recent(2, 5).get(0).amountCents());
    }

    @Test
    void refusedTransfersMoveNothing() {
        Ledger ledger = new Ledger(3);
        assertEquals(
                Ledger.Outcome.INSUFFICIENT_FUNDS,
                ledger.transfer("t1", 1, 2, 100_000, 1).outcome());
        assertEquals(
                Ledger.Outcome.UNKNOWN_ACCOUNT,
                ledger.transfer("t2", 1, 4, 1, 0).outcome());
        assertEquals(
                Ledger.Outcome.UNKNOWN_ACCOUNT,
                ledger.transfer("t3", 0, 1, 1, 0).outcome());
        assertEquals(100_000, ledger.balance(1));
        assertEquals(0, ledger.recent(1, 5).size());
        assertNull(ledger.recent(9, 5));
    }

    @Test
    void aRepeatedTransferIdIsAppliedOnce() {
        Ledger ledger = new Ledger(3);
        ledger.transfer("same", 1, 2, 1_000, 10);
        Ledger.TransferResult again = ledger.transfer("same", 1, 2, 1_000, 10);
        assertEquals(Ledger.Outcome.REPLAYED, again.outcome());
        assertEquals(100_000 - 1_010, ledger.balance(1));
        assertEquals(1, ledger.recent(1, 50).size());
    }

    @Test
    void historyKeepsTheNewestEntries() {
        Ledger ledger = new Ledger(2);
        for (int i = 0; i < RemoteLimits.HISTORY + 7; i++) {
            ledger.transfer("t" + i, 1, 2, 1, 0);
        }
        List<Ledger.Entry> recent = ledger.recent(1, RemoteLimits.HISTORY);
        assertEquals(RemoteLimits.HISTORY, recent.size());
        assertEquals("t" + (RemoteLimits.HISTORY + 6), recent.get(0).transferId());
    }

    @Test
    void concurrentTransfersConserveTheTotal() throws Exception {
        Ledger ledger = new Ledger(20);
        long total = ledger.totalCents();
        try (ExecutorService pool = Executors.newFixedThreadPool(8)) {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                int seed = t;
                done.add(pool.submit(() -> {
                    Random random = new Random(seed);
                    for (int i = 0; i < 5_000; i++) {
                        int from = 1 + random.nextInt(20);
                        int to = 1 + (from + random.nextInt(19)) % 20;
                        ledger.transfer(seed + "-" + i, from, to, 1 + random.nextInt(5_000), random.nextInt(50));
                    }
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        }
        assertEquals(total, ledger.totalCents());
    }

    @Test
    void accountCountIsBounded() {
        assertThrows(IllegalArgumentException.class, () -> new Ledger(0));
        assertThrows(IllegalArgumentException.class, () -> new Ledger(RemoteLimits.MAX_ACCOUNTS + 1));
    }
}
