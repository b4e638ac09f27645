package dev.vtlab.remotesystem;

import dev.vtlab.remoteapi.RemoteLimits;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The remote system's account state: accounts 1..N (balance 1000.00 each at start) plus the bank's
 * fee account 0. Money is held in cents. Every mutation and the ledger total run under one lock, so
 * a total never sees half a transfer; the critical sections are a few array writes, so one lock
 * serves thousands of transfers per second.
 */
public final class Ledger {

    public static final int FEE_ACCOUNT = 0;
    public static final long OPENING_CENTS = 100_000;
    /** Transfer ids remembered for idempotent replays. */
    static final int REMEMBERED_TRANSFERS = 200_000;

    public enum Outcome {
        APPLIED,
        REPLAYED,
        UNKNOWN_ACCOUNT,
        INSUFFICIENT_FUNDS
    }

    public record Entry(
            String transferId, long at, int counterparty, long amountCents, long feeCents, long balanceAfterCents) {}

    public record TransferResult(
            Outcome outcome,
            String transferId,
            int from,
            int to,
            long amountCents,
            long feeCents,
            long fromBalanceCents,
            long toBalanceCents) {}

    private final int accounts;
    private final long[] balances;
    private final Entry[][] history;
    private final int[] historyNext;
    private final Map<String, TransferResult> applied = new LinkedHashMap<>(1024, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, TransferResult> eldest) {
            return size() > REMEMBERED_TRANSFERS;
        }
    };

    public Ledger(int accounts) {
        if (accounts < 1 || accounts > RemoteLimits.MAX_ACCOUNTS) {
            throw new IllegalArgumentException("accounts must be 1.." + RemoteLimits.MAX_ACCOUNTS + ": " + accounts);
        }
        this.accounts = accounts;
        this.balances = new long[accounts + 1];
        this.history = new Entry[accounts + 1][];
        this.historyNext = new int[accounts + 1];
        for (int id = 1; id <= accounts; id++) {
            balances[id] = OPENING_CENTS;
        }
    }

    public int accounts() {
        return accounts;
    }

    public boolean exists(int id) {
        return id >= 1 && id <= accounts;
    }

    /** Balance in cents, or -1 for an unknown account. */
    public synchronized long balance(int id) {
        return exists(id) ? balances[id] : -1;
    }

    /** Newest first, at most {@code limit} entries; null for an unknown account. */
    public synchronized List<Entry> recent(int id, int limit) {
        if (!exists(id)) {
            return null;
        }
        Entry[] ring = history[id];
        List<Entry> out = new ArrayList<>();
        if (ring == null) {
            return out;
        }
        for (int i = 1; i <= RemoteLimits.HISTORY && out.size() < limit; i++) {
            Entry e = ring[Math.floorMod(historyNext[id] - i, RemoteLimits.HISTORY)];
            if (e == null) {
                break;
            }
            out.add(e);
        }
        return out;
    }

    /**
     * Moves {@code amount} from one account to another and {@code fee} to the fee account, all or
     * nothing, once per transfer id: a repeated id returns the first result without moving money.
     */
    public synchronized TransferResult transfer(String transferId, int from, int to, long amountCents, long feeCents) {
        TransferResult earlier = applied.get(transferId);
        if (earlier != null) {
            return new TransferResult(
                    Outcome.REPLAYED,
                    earlier.transferId(),
                    earlier.from(),
                    earlier.to(),
                    earlier.amountCents(),
                    earlier.feeCents(),
                    earlier.fromBalanceCents(),
                    earlier.toBalanceCents());
        }
        if (!exists(from) || !exists(to)) {
            return new TransferResult(Outcome.UNKNOWN_ACCOUNT, transferId, from, to, amountCents, feeCents, -1, -1);
        }
        long debit = Math.addExact(amountCents, feeCents);
        if (balances[from] < debit) {
            return new TransferResult(
                    Outcome.INSUFFICIENT_FUNDS,
                    transferId,
                    from,
                    to,
                    amountCents,
                    feeCents,
                    balances[from],
                    balances[to]);
        }
        long now = System.currentTimeMillis();
        balances[from] -= debit;
        balances[to] += amountCents;
        balances[FEE_ACCOUNT] += feeCents;
        record(from, new Entry(transferId, now, to, -amountCents, feeCents, balances[from]));
        record(to, new Entry(transferId, now, from, amountCents, 0, balances[to]));
        TransferResult result = new TransferResult(
                Outcome.APPLIED, transferId, from, to, amountCents, feeCents, balances[from], balances[to]);
        applied.put(transferId, result);
        return result;
    }

    /** Sum of every balance, the fee account included: transfers never change it. */
    public synchronized long totalCents() {
        long sum = 0;
        for (long b : balances) {
            sum += b;
        }
        return sum;
    }

    private void record(int id, Entry e) {
        Entry[] ring = history[id];
        if (ring == null) {
            ring = history[id] = new Entry[RemoteLimits.HISTORY];
        }
        ring[historyNext[id]] = e;
        historyNext[id] = (historyNext[id] + 1) % RemoteLimits.HISTORY;
    }

    public static String cents(long cents) {
        return BigDecimal.valueOf(cents, 2).toPlainString();
    }
}
