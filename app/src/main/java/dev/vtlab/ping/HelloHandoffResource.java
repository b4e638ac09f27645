package dev.vtlab.ping;

import dev.vtlab.dispatch.Dispatcher;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.MediaType;

/** {@link HelloResource} in the modes that hand each request off (see {@code Dispatcher}). */
@Path("/hello/{millis}")
@ApplicationScoped
public class HelloHandoffResource {

    @Inject
    Dispatcher dispatcher;

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public void hello(@PathParam("millis") String millis, @Suspended AsyncResponse response) {
        dispatcher.dispatch(response, () -> HelloResource.sleep(millis));
    }
}
