package dev.vtlab.banking;

import dev.vtlab.api.ApiException;
import dev.vtlab.remote.RemoteClient;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.ws.rs.core.Response;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The online bank: scores and signs each transaction on the CPU (scaled by {@code work}), and makes
 * exactly one call to the remote system, which owns the balances. Takes values already parsed and
 * validated by {@link BankResource}.
 */
@ApplicationScoped
public class BankService {

    /**
     * What one request costs besides its own logic: how long the remote system takes to answer, and
     * the units of CPU work of its signature ({@link RiskModel#sign}).
     */
    public record Load(Duration remoteDelay, int work) {}

    @Inject
    RemoteClient remote;

    public BankViews.Account account(int id, Load load) {
        JsonObject remoteAccount = expectOk(remote.get("accounts/" + id, load.remoteDelay()));
        BigDecimal balance =
                Money.ofCents(remoteAccount.getJsonNumber("balanceCents").longValueExact());
        String tier = tier(balance);
        return new BankViews.Account(
                id,
                balance,
                tier,
                projectIn12Months(balance, tier),
                RiskModel.sign("account|" + id + "|" + balance, load.work()));
    }

    /** {@code transferId} is the remote's key for applying the transfer once (see BankResource.transferId). */
    public BankViews.Transfer transfer(String transferId, TransferRequest request, Load load) {
        BigDecimal fee = FeeSchedule.feeFor(request.amount());
        RiskModel.Risk risk = RiskModel.score(request.from(), request.to(), request.amount());
        String signature = RiskModel.sign(
                transferId + "|" + request.from() + "|" + request.to() + "|" + request.amount() + "|" + fee,
                load.work());
        String form = "transferId=" + transferId + "&from=" + request.from() + "&to=" + request.to() + "&amountCents="
                + Money.toCents(request.amount()) + "&feeCents=" + Money.toCents(fee);
        RemoteClient.Reply reply = remote.postForm("transfers", load.remoteDelay(), form);
        if (reply.status() == 409) {
            throw new ApiException(
                    Response.Status.BAD_REQUEST,
                    "insufficient_funds",
                    "amount",
                    "account " + request.from() + " cannot pay " + request.amount() + " plus a fee of " + fee);
        }
        JsonObject applied = expectOk(reply);
        boolean replayed = applied.getBoolean("replayed");
        if (replayed
                && (applied.getInt("from") != request.from()
                        || applied.getInt("to") != request.to()
                        || applied.getJsonNumber("amountCents").longValueExact() != Money.toCents(request.amount()))) {
            throw new ApiException(
                    Response.Status.CONFLICT,
                    "idempotency_key_reused",
                    "Idempotency-Key",
                    "this Idempotency-Key was used for a different transfer");
        }
        return new BankViews.Transfer(
                transferId,
                request.from(),
                request.to(),
                Money.ofCents(applied.getJsonNumber("amountCents").longValueExact()),
                Money.ofCents(applied.getJsonNumber("feeCents").longValueExact()),
                Money.ofCents(applied.getJsonNumber("fromBalanceCents").longValueExact()),
                Money.ofCents(applied.getJsonNumber("toBalanceCents").longValueExact()),
                risk,
                signature,
                replayed);
    }

    /** The newest {@code limit} transactions of account {@code id}. */
    public BankViews.Statement statement(int id, int limit, Load load) {
        JsonObject history =
                expectOk(remote.get("accounts/" + id + "/transactions?limit=" + limit, load.remoteDelay()));
        BigDecimal in = BigDecimal.ZERO.setScale(2);
        BigDecimal out = in;
        BigDecimal fees = in;
        List<BankViews.StatementLine> lines = new ArrayList<>();
        for (JsonValue value : history.getJsonArray("transactions")) {
            JsonObject t = value.asJsonObject();
            BigDecimal amount = Money.ofCents(t.getJsonNumber("amountCents").longValueExact());
            BigDecimal fee = Money.ofCents(t.getJsonNumber("feeCents").longValueExact());
            if (amount.signum() > 0) {
                in = in.add(amount);
            } else {
                out = out.add(amount.negate());
            }
            fees = fees.add(fee);
            lines.add(new BankViews.StatementLine(
                    t.getString("transferId"),
                    t.getJsonNumber("at").longValue(),
                    t.getInt("counterparty"),
                    amount,
                    fee,
                    Money.ofCents(t.getJsonNumber("balanceAfterCents").longValueExact())));
        }
        BigDecimal balance = Money.ofCents(history.getJsonNumber("balanceCents").longValueExact());
        return new BankViews.Statement(
                id,
                balance,
                in,
                out,
                fees,
                lines,
                RiskModel.sign("statement|" + id + "|" + balance + "|" + lines.size(), load.work()));
    }

    public BankViews.LedgerTotal ledgerTotal(Duration remoteDelay) {
        JsonObject total = expectOk(remote.get("ledger/total", remoteDelay));
        return new BankViews.LedgerTotal(
                Money.ofCents(total.getJsonNumber("totalCents").longValueExact()), total.getInt("accounts"));
    }

    private static JsonObject expectOk(RemoteClient.Reply reply) {
        return switch (reply.status()) {
            case 200, 201 -> reply.body();
            case 404 ->
                throw new ApiException(
                        Response.Status.NOT_FOUND,
                        "unknown_account",
                        reply.body().getString("field", "id"),
                        reply.body().getString("message", "no such account"));
            default ->
                throw new ApiException(
                        Response.Status.BAD_GATEWAY,
                        "remote_unavailable",
                        null,
                        "the remote system answered HTTP " + reply.status());
        };
    }

    static String tier(BigDecimal balance) {
        if (balance.compareTo(BigDecimal.valueOf(10_000)) >= 0) {
            return "gold";
        }
        return balance.compareTo(BigDecimal.valueOf(2_000)) >= 0 ? "silver" : "standard";
    }

    /** Twelve months of monthly compounding at the tier's yearly rate. */
    static BigDecimal projectIn12Months(BigDecimal balance, String tier) {
        BigDecimal yearly =
                switch (tier) {
                    case "gold" -> new BigDecimal("0.025");
                    case "silver" -> new BigDecimal("0.015");
                    default -> new BigDecimal("0.005");
                };
        BigDecimal monthly = BigDecimal.ONE.add(yearly.divide(BigDecimal.valueOf(12), MathContext.DECIMAL64));
        BigDecimal value = balance;
        for (int month = 0; month < 12; month++) {
            value = value.multiply(monthly, MathContext.DECIMAL64);
        }
        return value.setScale(2, RoundingMode.HALF_EVEN);
    }
}
