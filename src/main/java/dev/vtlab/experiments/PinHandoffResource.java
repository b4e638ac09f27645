package dev.vtlab.experiments;

import dev.vtlab.dispatch.Dispatcher;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.concurrent.CompletionStage;

/** {@link PinResource} in the modes that hand each request off (see {@code Dispatcher}). */
@Path("/lab/pin")
@RolesAllowed("lab-admin")
@ApplicationScoped
public class PinHandoffResource {

    @Inject
    Dispatcher dispatcher;

    @Inject
    PinResource pin;

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public CompletionStage<Response> pin(@QueryParam("millis") String millisParam) {
        int millis = PinResource.millis(millisParam);
        return dispatcher.dispatch(() -> pin.pinAnswer(millis));
    }
}
