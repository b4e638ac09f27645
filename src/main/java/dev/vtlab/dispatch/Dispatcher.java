package dev.vtlab.dispatch;

import dev.vtlab.api.ApiError;
import dev.vtlab.api.ErrorMappers;
import dev.vtlab.metrics.DispatchStats;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ContextService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.concurrent.Callable;
import java.util.logging.Logger;

/**
 * The one place that decides where a request's work runs (DISPATCH_MODE).
 * <ul>
 * <li>{@code threadpool}: on the calling thread, which is one of Liberty's Default Executor threads.</li>
 * <li>{@code virtual}: on a new virtual thread per request, never pooled, carrying the application's
 * Jakarta context (class loader, java:comp, CDI, config) captured by the ContextService.</li>
 * </ul>
 * Both modes answer through the same {@link AsyncResponse}, so they differ only in where the work runs.
 * In virtual mode at most MAX_IN_FLIGHT requests run at once (default 10 000, 0 = no limit): past it a
 * request is answered 503 with Retry-After at once, before any thread or memory is spent on it.
 */
@ApplicationScoped
public class Dispatcher {

    private static final Logger LOG = Logger.getLogger(Dispatcher.class.getName());
    static final String VIRTUAL_THREAD_NAME = "vtlab-request";
    static final int MAX_IN_FLIGHT_BOUND = 1_000_000;

    @Inject
    @ConfigProperty(name = "DISPATCH_MODE", defaultValue = "threadpool")
    String configuredMode;

    /** Virtual mode's back-pressure: the pool has its size, one-virtual-thread-per-request has only this. */
    @Inject
    @ConfigProperty(name = "MAX_IN_FLIGHT", defaultValue = "10000")
    int maxInFlight;

    @Inject
    DispatchStats stats;

    @Resource(lookup = "java:comp/DefaultContextService")
    ContextService contextService;

    private DispatchMode mode;
    private Thread.Builder.OfVirtual virtualThreads;

    @PostConstruct
    void init() {
        mode = DispatchMode.parse(configuredMode);
        if (maxInFlight < 0 || maxInFlight > MAX_IN_FLIGHT_BOUND) {
            throw new IllegalArgumentException("MAX_IN_FLIGHT must be 0 (no limit) to " + MAX_IN_FLIGHT_BOUND + ", not " + maxInFlight);
        }
        virtualThreads = Thread.ofVirtual().name(VIRTUAL_THREAD_NAME);
    }

    void announce(@Observes Startup startup) {
        LOG.info("vtlab dispatch mode: " + mode.label());
    }

    public DispatchMode mode() {
        return mode;
    }

    /** Runs {@code work} where the mode says and answers with its result, or with what it threw. */
    public void dispatch(AsyncResponse response, Callable<Response> work) {
        if (mode == DispatchMode.THREADPOOL) {
            stats.requestStarted();
            answer(response, work);
            return;
        }
        if (!stats.tryAdmit(maxInFlight)) {
            response.resume(overloaded());
            return;
        }
        stats.virtualThreadStarting();
        try {
            virtualThreads.start(contextService.contextualRunnable(() -> {
                try {
                    answer(response, work);
                } finally {
                    stats.virtualThreadFinished();
                }
            }));
        } catch (RuntimeException | Error notStarted) {
            stats.virtualThreadFinished();
            stats.requestFinished();
            throw notStarted;
        }
    }

    private Response overloaded() {
        Response error = ErrorMappers.json(Response.Status.SERVICE_UNAVAILABLE,
                new ApiError("overloaded", null, maxInFlight + " requests are in flight (MAX_IN_FLIGHT); retry later"));
        return Response.fromResponse(error).header("Retry-After", "1").build();
    }

    private void answer(AsyncResponse response, Callable<Response> work) {
        try {
            response.resume(work.call());
        } catch (Throwable failure) {
            response.resume(failure); // goes through the exception mappers
        } finally {
            stats.requestFinished();
        }
    }
}
