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
import jakarta.ws.rs.core.Response;

/**
 * Online banking. Parameters arrive as text and are parsed inside the dispatched work, so a bad
 * value is a 400 naming the field, whichever thread the work runs on.
 */
@Path("/bank")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
public class BankResource {

    @Inject
    Dispatcher dispatcher;

    @Inject
    BankService bank;

    @GET
    @Path("/accounts/{id}")
    public void account(@PathParam("id") String id, @QueryParam("delayMs") String delayMs,
                        @QueryParam("work") String work, @Suspended AsyncResponse response) {
        dispatcher.dispatch(response, () -> Response.ok(bank.account(id, delayMs, work)).build());
    }

    @GET
    @Path("/accounts/{id}/statement")
    public void statement(@PathParam("id") String id, @QueryParam("limit") String limit,
                          @QueryParam("delayMs") String delayMs, @QueryParam("work") String work,
                          @Suspended AsyncResponse response) {
        dispatcher.dispatch(response, () -> Response.ok(bank.statement(id, limit, delayMs, work)).build());
    }

    @POST
    @Path("/transfers")
    @Consumes(MediaType.APPLICATION_JSON)
    public void transfer(String body, @HeaderParam("Idempotency-Key") String idempotencyKey,
                         @QueryParam("delayMs") String delayMs, @QueryParam("work") String work,
                         @Suspended AsyncResponse response) {
        dispatcher.dispatch(response, () -> {
            BankViews.Transfer transfer = bank.transfer(body, idempotencyKey, delayMs, work);
            return Response.status(transfer.replayed() ? Response.Status.OK : Response.Status.CREATED)
                    .entity(transfer).build();
        });
    }

    @GET
    @Path("/ledger/total")
    public void ledgerTotal(@QueryParam("delayMs") String delayMs, @Suspended AsyncResponse response) {
        dispatcher.dispatch(response, () -> Response.ok(bank.ledgerTotal(delayMs)).build());
    }
}
