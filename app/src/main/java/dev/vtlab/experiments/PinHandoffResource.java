package dev.vtlab.experiments;

import dev.vtlab.dispatch.Dispatcher;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.MediaType;

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
    public void pin(@QueryParam("millis") String millisParam, @Suspended AsyncResponse response) {
        int millis = PinResource.millis(millisParam);
        dispatcher.dispatch(response, () -> pin.pinAnswer(millis));
    }
}
