package dev.vtlab.banking;

import dev.vtlab.api.ApiException;
import dev.vtlab.api.Params;
import dev.vtlab.dispatch.Dispatcher;
import dev.vtlab.remote.RemoteDelay;
import dev.vtlab.remoteapi.RemoteLimits;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.UUID;
import java.util.regex.Pattern;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Online banking over HTTP: parses and validates every parameter (a bad value is a 400 naming the
 * field) and hands {@link BankService} typed values only. The parsing runs inside the dispatched work,
 * like the rest of the request, so every mode spends the same work on the thread it measures; it runs
 * before the service's first CPU work or remote call, so a bad value costs neither.
 */
@Path("/bank")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
public class BankResource {

    private static final Pattern IDEMPOTENCY_KEY = Pattern.compile("[A-Za-z0-9_-]{1,64}");
    static final int DEFAULT_STATEMENT_LINES = 10;

    @Inject
    Dispatcher dispatcher;

    @Inject
    BankService bank;

    @Inject
    RemoteDelay remoteDelay;

    @Inject
    @ConfigProperty(name = "BANK_WORK", defaultValue = "1")
    int defaultWork;

    @PostConstruct
    void check() {
        if (defaultWork < 0 || defaultWork > RiskModel.MAX_WORK) {
            throw new IllegalArgumentException("BANK_WORK must be from 0 to " + RiskModel.MAX_WORK);
        }
    }

    @GET
    @Path("/accounts/{id}")
    public Response account(
            @PathParam("id") String id, @QueryParam("delayMs") String delayMs, @QueryParam("work") String work)
            throws Exception {
        return dispatcher.inPlace(() -> accountAnswer(id, delayMs, work));
    }

    @GET
    @Path("/accounts/{id}/statement")
    public Response statement(
            @PathParam("id") String id,
            @QueryParam("limit") String limit,
            @QueryParam("delayMs") String delayMs,
            @QueryParam("work") String work)
            throws Exception {
        return dispatcher.inPlace(() -> statementAnswer(id, limit, delayMs, work));
    }

    @POST
    @Path("/transfers")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response transfer(
            String body,
            @HeaderParam("Idempotency-Key") String idempotencyKey,
            @QueryParam("delayMs") String delayMs,
            @QueryParam("work") String work)
            throws Exception {
        return dispatcher.inPlace(() -> transferAnswer(body, idempotencyKey, delayMs, work));
    }

    @GET
    @Path("/ledger/total")
    public Response ledgerTotal(@QueryParam("delayMs") String delayMs) throws Exception {
        return dispatcher.inPlace(() -> ledgerTotalAnswer(delayMs));
    }

    // each endpoint's work, for this class and its hand-off twin (BankHandoffResource) alike

    Response accountAnswer(String id, String delayMs, String work) {
        int accountId = accountId(id);
        return Response.ok(bank.account(accountId, load(delayMs, work))).build();
    }

    Response statementAnswer(String id, String limit, String delayMs, String work) {
        int accountId = accountId(id);
        int lines = Params.intOr(limit, "limit", DEFAULT_STATEMENT_LINES, 1, RemoteLimits.HISTORY);
        return Response.ok(bank.statement(accountId, lines, load(delayMs, work)))
                .build();
    }

    Response transferAnswer(String body, String idempotencyKey, String delayMs, String work) {
        TransferRequest request = TransferRequest.parse(body, RemoteLimits.MAX_ACCOUNTS);
        BankService.Load load = load(delayMs, work);
        BankViews.Transfer transfer = bank.transfer(transferId(idempotencyKey), request, load);
        return Response.status(transfer.replayed() ? Response.Status.OK : Response.Status.CREATED)
                .entity(transfer)
                .build();
    }

    Response ledgerTotalAnswer(String delayMs) {
        return Response.ok(bank.ledgerTotal(remoteDelay.forRequest(delayMs))).build();
    }

    /** {@code ?work=} (else BANK_WORK) and {@code ?delayMs=} (else REMOTE_DELAY_MS), in that order. */
    private BankService.Load load(String delayMs, String work) {
        int units = Params.intOr(work, "work", defaultWork, 0, RiskModel.MAX_WORK);
        return new BankService.Load(remoteDelay.forRequest(delayMs), units);
    }

    private static int accountId(String raw) {
        return Params.requiredInt(raw, "id", 1, RemoteLimits.MAX_ACCOUNTS);
    }

    /** The transfer's id at the remote: the client's Idempotency-Key when it sends one, else a fresh one. */
    static String transferId(String idempotencyKey) {
        if (idempotencyKey == null) {
            return UUID.randomUUID().toString();
        }
        if (!IDEMPOTENCY_KEY.matcher(idempotencyKey).matches()) {
            throw ApiException.badRequest(
                    "Idempotency-Key", "Idempotency-Key must be 1 to 64 letters, digits, '-' or '_'");
        }
        return "key-" + idempotencyKey;
    }
}
