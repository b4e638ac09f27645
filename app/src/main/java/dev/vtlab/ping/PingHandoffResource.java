package dev.vtlab.ping;

import dev.vtlab.dispatch.Dispatcher;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.MediaType;

/** {@link PingResource} in the modes that hand each request off (see {@code Dispatcher}). */
@Path("/ping")
@ApplicationScoped
public class PingHandoffResource {

    @Inject
    Dispatcher dispatcher;

    @GET
    @Produces(MediaType.TEXT_PLAIN)
    public void ping(@Suspended AsyncResponse response) {
        dispatcher.dispatch(response, PingResource::pong);
    }
}
