package dev.vtlab.banking;

import dev.vtlab.dispatch.Dispatcher;
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
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.MediaType;

/** {@link BankResource} in the modes that hand each request off (see {@code Dispatcher}): the same work. */
@Path("/bank")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
public class BankHandoffResource {

    @Inject
    Dispatcher dispatcher;

    @Inject
    BankResource bank;

    @GET
    @Path("/accounts/{id}")
    public void account(
            @PathParam("id") String id,
            @QueryParam("delayMs") String delayMs,
            @QueryParam("work") String work,
            @Suspended AsyncResponse response) {
        dispatcher.dispatch(response, () -> bank.accountAnswer(id, delayMs, work));
    }

    @GET
    @Path("/accounts/{id}/statement")
    public void statement(
            @PathParam("id") String id,
            @QueryParam("limit") String limit,
            @QueryParam("delayMs") String delayMs,
            @QueryParam("work") String work,
            @Suspended AsyncResponse response) {
        dispatcher.dispatch(response, () -> bank.statementAnswer(id, limit, delayMs, work));
    }

    @POST
    @Path("/transfers")
    @Consumes(MediaType.APPLICATION_JSON)
    public void transfer(
            String body,
            @HeaderParam("Idempotency-Key") String idempotencyKey,
            @QueryParam("delayMs") String delayMs,
            @QueryParam("work") String work,
            @Suspended AsyncResponse response) {
        dispatcher.dispatch(response, () -> bank.transferAnswer(body, idempotencyKey, delayMs, work));
    }

    @GET
    @Path("/ledger/total")
    public void ledgerTotal(@QueryParam("delayMs") String delayMs, @Suspended AsyncResponse response) {
        dispatcher.dispatch(response, () -> bank.ledgerTotalAnswer(delayMs));
    }
}
