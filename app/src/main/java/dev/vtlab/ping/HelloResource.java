package dev.vtlab.ping;

import dev.vtlab.api.Params;
import dev.vtlab.dispatch.Dispatcher;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** The published Spring Boot sample's endpoint: blocks for {millis} (simulated IO) and says where it ran. */
@Path("/hello/{millis}")
@ApplicationScoped
public class HelloResource {

    public static final int MAX_MILLIS = 60_000;

    public record Hello(long time, String msg, String thread, boolean virtual) {}

    @Inject
    Dispatcher dispatcher;

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response hello(@PathParam("millis") String millis) throws Exception {
        return dispatcher.inPlace(() -> sleep(millis));
    }

    /** The work: sleeps {@code millis} and says where it ran. */
    static Response sleep(String millis) throws InterruptedException {
        int sleep = Params.requiredInt(millis, "millis", 0, MAX_MILLIS);
        long time = System.currentTimeMillis();
        Thread.sleep(sleep);
        Thread current = Thread.currentThread();
        return Response.ok(new Hello(time, "Hello World!", current.toString(), current.isVirtual()))
                .build();
    }
}
