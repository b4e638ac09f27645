package dev.vtlab.banking;

import dev.vtlab.api.ApiException;
import dev.vtlab.api.Params;
import dev.vtlab.remote.Ledger;
import dev.vtlab.remote.RemoteClient;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * The online bank: validates, scores and signs each transaction on the CPU (scaled by {@code work}),
 * and makes exactly one call to the remote system, which owns the balances.
 */
@ApplicationScoped
public class BankService {

    public static final int MAX_STATEMENT_LINES = Ledger.HISTORY;
    private static final Pattern IDEMPOTENCY_KEY = Pattern.compile("[A-Za-z0-9_-]{1,64}");

    @Inject
    RemoteClient remote;

    @Inject
    @ConfigProperty(name = "BANK_WORK", defaultValue = "1")
    int defaultWork;

    @PostConstruct
    void check() {
        if (defaultWork < 0 || defaultWork > RiskModel.MAX_WORK) {
            throw new IllegalArgumentException("BANK_WORK must be from 0 to " + RiskModel.MAX_WORK);
        }
    }

    public BankViews.Account account(String idParam, String delayMs, String workParam) {
        int id = accountId(idParam);
        int work = work(workParam);
        JsonObject remoteAccount = expectOk(remote.get("accounts/" + id, delayMs));
        BigDecimal balance = Money.ofCents(remoteAccount.getJsonNumber("balanceCents").longValueExact());
        String tier = tier(balance);
        return new BankViews.Account(id, balance, tier, projectIn12Months(balance, tier),
                RiskModel.sign("account|" + id + "|" + balance, work));
    }

    public BankViews.Transfer transfer(String body, String idempotencyKey, String delayMs, String workParam) {
        TransferRequest request = TransferRequest.parse(body, Ledger.MAX_ACCOUNTS);
        int work = work(workParam);
        String transferId = transferId(idempotencyKey);
        BigDecimal fee = FeeSchedule.feeFor(request.amount());
        RiskModel.Risk risk = RiskModel.score(request.from(), request.to(), request.amount());
        String signature = RiskModel.sign(transferId + "|" + request.from() + "|" + request.to() + "|"
                + request.amount() + "|" + fee, work);
        String form = "transferId=" + transferId + "&from=" + request.from() + "&to=" + request.to()
                + "&amountCents=" + Money.toCents(request.amount()) + "&feeCents=" + Money.toCents(fee);
        RemoteClient.Reply reply = remote.postForm("transfers", delayMs, form);
        if (reply.status() == 409) {
            throw new ApiException(Response.Status.BAD_REQUEST, "insufficient_funds", "amount",
                    "account " + request.from() + " cannot pay " + request.amount() + " plus a fee of " + fee);
        }
        JsonObject applied = expectOk(reply);
        boolean replayed = applied.getBoolean("replayed");
        if (replayed && (applied.getInt("from") != request.from() || applied.getInt("to") != request.to()
                || applied.getJsonNumber("amountCents").longValueExact() != Money.toCents(request.amount()))) {
            throw new ApiException(Response.Status.CONFLICT, "idempotency_key_reused", "Idempotency-Key",
                    "this Idempotency-Key was used for a different transfer");
        }
        return new BankViews.Transfer(transferId, request.from(), request.to(),
                Money.ofCents(applied.getJsonNumber("amountCents").longValueExact()),
                Money.ofCents(applied.getJsonNumber("feeCents").longValueExact()),
                Money.ofCents(applied.getJsonNumber("fromBalanceCents").longValueExact()),
                Money.ofCents(applied.getJsonNumber("toBalanceCents").longValueExact()),
                risk, signature, replayed);
    }

    public BankViews.Statement statement(String idParam, String limitParam, String delayMs, String workParam) {
        int id = accountId(idParam);
        int limit = Params.intOr(limitParam, "limit", 10, 1, MAX_STATEMENT_LINES);
        int work = work(workParam);
        JsonObject history = expectOk(remote.get("accounts/" + id + "/transactions?limit=" + limit, delayMs));
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
            lines.add(new BankViews.StatementLine(t.getString("transferId"), t.getJsonNumber("at").longValue(),
                    t.getInt("counterparty"), amount, fee,
                    Money.ofCents(t.getJsonNumber("balanceAfterCents").longValueExact())));
        }
        BigDecimal balance = Money.ofCents(history.getJsonNumber("balanceCents").longValueExact());
        return new BankViews.Statement(id, balance, in, out, fees, lines,
                RiskModel.sign("statement|" + id + "|" + balance + "|" + lines.size(), work));
    }

    public BankViews.LedgerTotal ledgerTotal(String delayMs) {
        JsonObject total = expectOk(remote.get("ledger/total", delayMs));
        return new BankViews.LedgerTotal(Money.ofCents(total.getJsonNumber("totalCents").longValueExact()),
                total.getInt("accounts"));
    }

    private int work(String workParam) {
        return Params.intOr(workParam, "work", defaultWork, 0, RiskModel.MAX_WORK);
    }

    private static int accountId(String raw) {
        return Params.requiredInt(raw, "id", 1, Ledger.MAX_ACCOUNTS);
    }

    private static String transferId(String idempotencyKey) {
        if (idempotencyKey == null) {
            return UUID.randomUUID().toString();
        }
        if (!IDEMPOTENCY_KEY.matcher(idempotencyKey).matches()) {
            throw ApiException.badRequest("Idempotency-Key", "Idempotency-Key must be 1 to 64 letters, digits, '-' or '_'");
        }
        return "key-" + idempotencyKey;
    }

    private static JsonObject expectOk(RemoteClient.Reply reply) {
        return switch (reply.status()) {
            case 200, 201 -> reply.body();
            case 404 -> throw new ApiException(Response.Status.NOT_FOUND, "unknown_account",
                    reply.body().getString("field", "id"), reply.body().getString("message", "no such account"));
            default -> throw new ApiException(Response.Status.BAD_GATEWAY, "remote_unavailable", null,
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
        BigDecimal yearly = switch (tier) {
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
