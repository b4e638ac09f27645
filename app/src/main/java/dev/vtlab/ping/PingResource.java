package dev.vtlab.ping;

import dev.vtlab.dispatch.Dispatcher;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** mp-ping: the shortest possible request, for the study's short-task throughput case. */
@Path("/ping")
@ApplicationScoped
public class PingResource {

    @Inject
    Dispatcher dispatcher;

    @GET
    @Produces(MediaType.TEXT_PLAIN)
    public Response ping() throws Exception {
        return dispatcher.inPlace(PingResource::pong);
    }

    static Response pong() {
        return Response.ok("pong").build();
    }
}
