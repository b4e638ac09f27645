package dev.vtlab.experiments;

import dev.vtlab.api.ApiException;
import dev.vtlab.api.Params;
import dev.vtlab.dispatch.Dispatcher;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.util.concurrent.Semaphore;

/**
 * GET /api/lab/pin?millis=N (1..5000): pins the request's carrier on purpose for N ms, so the pinned
 * metric and JFR's jdk.VirtualThreadPinned can be seen moving. In threadpool mode it only blocks a
 * pool thread. One pin at a time: a pinned carrier is a carrier no other virtual thread can use, and
 * on a 2-CPU box two of them would stop every virtual thread in the server. Needs the lab-admin role
 * once the server has application security (deploy/secure); open on a dev box.
 */
@Path("/lab/pin")
@RolesAllowed("lab-admin")
@ApplicationScoped
public class PinResource {

    static final int MAX_MILLIS = 5000;
    static final ThreadLocal<Integer> PIN_MILLIS = new ThreadLocal<>();
    private static final byte[] CLINIT_CLASS = classBytes();
    private final Semaphore onePinAtATime = new Semaphore(1);

    @Inject
    Dispatcher dispatcher;

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response pin(@QueryParam("millis") String millisParam) throws Exception {
        int millis = millis(millisParam);
        return dispatcher.inPlace(() -> pinAnswer(millis));
    }

    /** The pin's length, checked on the request's thread before any work is dispatched. */
    static int millis(String millisParam) {
        return Params.requiredInt(millisParam, "millis", 1, MAX_MILLIS);
    }

    /** The work, for this class and its hand-off twin ({@link PinHandoffResource}) alike. */
    Response pinAnswer(int millis) throws IllegalAccessException {
        if (!onePinAtATime.tryAcquire()) {
            throw new ApiException(
                    Response.Status.CONFLICT, "pin_busy", null, "another request is pinning a carrier; try again");
        }
        long start = System.nanoTime();
        try {
            PIN_MILLIS.set(millis);
            MethodHandles.lookup().defineHiddenClass(CLINIT_CLASS, true); // runs the blocking initializer
        } finally {
            PIN_MILLIS.remove();
            onePinAtATime.release();
        }
        Thread t = Thread.currentThread();
        return Response.ok(Json.createObjectBuilder()
                        .add("pinnedMillis", (System.nanoTime() - start) / 1_000_000)
                        .add("thread", t.toString())
                        .add("virtual", t.isVirtual())
                        .build())
                .build();
    }

    private static byte[] classBytes() {
        try (InputStream in = PinResource.class.getResourceAsStream("PinningClinit.class")) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
