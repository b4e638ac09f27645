package dev.vtlab.ping;

import dev.vtlab.dispatch.Dispatcher;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.concurrent.CompletionStage;

/** {@link HelloResource} in the modes that hand each request off (see {@code Dispatcher}). */
@Path("/hello/{millis}")
@ApplicationScoped
public class HelloHandoffResource {

    @Inject
    Dispatcher dispatcher;

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public CompletionStage<Response> hello(@PathParam("millis") String millis) {
        return dispatcher.dispatch(() -> HelloResource.sleep(millis));
    }
}
