package dev.vtlab.ping;

import dev.vtlab.dispatch.Dispatcher;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.concurrent.CompletionStage;

/** {@link PingResource} in the modes that hand each request off (see {@code Dispatcher}). */
@Path("/ping")
@ApplicationScoped
public class PingHandoffResource {

    @Inject
    Dispatcher dispatcher;

    @GET
    @Produces(MediaType.TEXT_PLAIN)
    public CompletionStage<Response> ping() {
        return dispatcher.dispatch(PingResource::pong);
    }
}
