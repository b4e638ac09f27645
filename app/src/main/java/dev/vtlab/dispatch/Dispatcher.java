package dev.vtlab.dispatch;

import static dev.vtlab.liberty.FeatureContract.MODE_PROPERTY;
import static dev.vtlab.liberty.FeatureContract.REFUSED_PREFIX;

import dev.vtlab.api.ApiError;
import dev.vtlab.api.ErrorMappers;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ContextService;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.enterprise.inject.Produces;
import jakarta.enterprise.inject.Typed;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.core.Response;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The one place that decides where a request's work runs (DISPATCH_MODE, see {@link DispatchMode}).
 * <ul>
 * <li>{@code threadpool}, {@code executor-virtual}, {@code pool-virtual-workers}: on the calling thread,
 * which is whatever Liberty's Default Executor ran the request on (a pool thread, or a virtual thread
 * when the vtlab Liberty feature of that mode is on).</li>
 * <li>{@code virtual}: handed to a new virtual thread per request, never pooled, carrying the
 * application's Jakarta context (class loader, java:comp, CDI, config) captured by the ContextService.</li>
 * <li>{@code platform-handoff}: the same hand-off onto a platform thread of an unbounded cached pool, so
 * that the hop and the virtual thread can be measured apart.</li>
 * <li>{@code managed-virtual}, {@code managed-platform}: the same hand-off onto the Jakarta Concurrency managed
 * executor {@link #MANAGED_EXECUTOR_JNDI} the mode's server-config file defines, with {@code virtual="true"} or
 * {@code "false"} on its concurrency policy: what a team can deploy on Open Liberty 26.0.0.5. Liberty carries the
 * application's context to its tasks.</li>
 * </ul>
 * The modes that run a request where Liberty ran it answer synchronously ({@link #inPlace}), as a plain JAX-RS
 * application on Liberty does; only the hand-off modes answer through an {@link AsyncResponse} ({@link #dispatch}),
 * served by the hand-off twins of the resources ({@code ApiApplication} registers one set or the other). An async
 * servlet request ends with a task Liberty queues on its Default Executor (AsyncContextImpl's CompleteRunnable): in
 * the pool modes that task waits behind every request queued before it, so under a sudden load of 1 000 users on a
 * 1-CPU server the pool answered nothing for 25-40 s and then almost everything at once.
 * In the hand-off modes at most MAX_IN_FLIGHT requests run at once (default 10 000, 0 = no limit): past
 * it a request is answered 503 with Retry-After at once, before any thread or memory is spent on it.
 */
@ApplicationScoped
public class Dispatcher {

    private static final Logger LOG = Logger.getLogger(Dispatcher.class.getName());
    static final String VIRTUAL_THREAD_NAME = "vtlab-request";
    static final String PLATFORM_THREAD_PREFIX = "vtlab-handoff-";
    static final long HANDOFF_IDLE_SECONDS = 10;

    /** The managed executor of the managed-* modes (server-config/modes/managed-virtual.xml). */
    public static final String MANAGED_EXECUTOR_JNDI = "concurrent/vtlab-requests";

    /** The setting that names the mode, and its default (read here and by {@code ApiApplication}). */
    public static final String MODE_KEY = "DISPATCH_MODE";

    public static final String DEFAULT_MODE = "threadpool";

    static final int MAX_IN_FLIGHT_BOUND = 1_000_000;
    static final long STOP_WAIT_SECONDS = 30;

    @Inject
    @ConfigProperty(name = MODE_KEY, defaultValue = DEFAULT_MODE)
    String configuredMode;

    /** The hand-off modes' back-pressure: the pool has its size, a thread per request has only this. */
    @Inject
    @ConfigProperty(name = "MAX_IN_FLIGHT", defaultValue = "10000")
    int maxInFlight;

    @Inject
    DispatchStats stats;

    @Resource(lookup = "java:comp/DefaultContextService")
    ContextService contextService;

    private DispatchMode mode;
    /** Where the hand-off modes run a request: null in the modes that run it on the calling thread. */
    private ExecutorService handoff;
    /** Whether the hand-off starts a virtual thread per request (counted in {@link DispatchStats}). */
    private boolean startsVirtualThreads;

    @PostConstruct
    void init() {
        mode = DispatchMode.parse(configuredMode);
        String feature = System.getProperty(MODE_PROPERTY);
        if (mode.needsLibertyFeature() && feature != null && feature.startsWith(REFUSED_PREFIX)) {
            throw new IllegalStateException("DISPATCH_MODE=" + mode.label() + ": the vtlab Liberty feature refused it: "
                    + feature.substring(REFUSED_PREFIX.length()));
        }
        if (mode.needsLibertyFeature() && !mode.label().equals(feature)) {
            // never a renamed threadpool mode: without the feature, Liberty's pool threads would run everything
            throw new IllegalStateException(
                    "DISPATCH_MODE=" + mode.label() + " needs the vtlab Liberty feature of that mode,"
                            + " which is not active in this server (" + MODE_PROPERTY + " is "
                            + (feature == null ? "unset" : feature)
                            + "): build it with ./mvnw package, and run the server on a JDK 24 or later (the feature's"
                            + " bundle does not resolve on 21, where Liberty's blocking socket waits pin carriers); a server"
                            + " started by hand in another mode before needs 'server start --clean', as a warm start keeps the"
                            + " features of the previous one");
        }
        if (maxInFlight < 0 || maxInFlight > MAX_IN_FLIGHT_BOUND) {
            throw new IllegalArgumentException(
                    "MAX_IN_FLIGHT must be 0 (no limit) to " + MAX_IN_FLIGHT_BOUND + ", not " + maxInFlight);
        }
        if (mode.managedExecutor()) {
            handoff = managedExecutor(mode);
        } else if (mode.handsOff()) {
            startsVirtualThreads = mode.runsOnVirtualThread();
            handoff = startsVirtualThreads
                    ? Executors.newThreadPerTaskExecutor(
                            Thread.ofVirtual().name(VIRTUAL_THREAD_NAME).factory())
                    // unbounded (MAX_IN_FLIGHT bounds it), reuses idle threads, retires them after HANDOFF_IDLE_SECONDS
                    : new ThreadPoolExecutor(
                            0,
                            Integer.MAX_VALUE,
                            HANDOFF_IDLE_SECONDS,
                            TimeUnit.SECONDS,
                            new SynchronousQueue<>(),
                            Thread.ofPlatform()
                                    .name(PLATFORM_THREAD_PREFIX, 1)
                                    .daemon()
                                    .factory());
        }
    }

    /** The managed executor server-config/modes/managed-*.xml defines. */
    private static ExecutorService managedExecutor(DispatchMode mode) {
        try {
            return InitialContext.<ManagedExecutorService>doLookup(MANAGED_EXECUTOR_JNDI);
        } catch (NamingException e) {
            throw new IllegalStateException("DISPATCH_MODE=" + mode.label() + " needs the managed executor "
                    + MANAGED_EXECUTOR_JNDI + " that server-config/modes/" + mode.label()
                    + ".xml defines, and this server has none: " + e.getMessage());
        }
    }

    /**
     * Null where the thread running a managed task is of the kind the mode names; else why not. Checked on every task,
     * not once at start (a task submitted while the app starts waits until it has started): on a Liberty without
     * Jakarta Concurrency 3.1 (26.0.0.3 and older) a policy's {@code virtual} is a beta setting it ignores, and
     * managed-virtual would silently measure platform threads.
     */
    private String wrongThread() {
        if (Thread.currentThread().isVirtual() == mode.runsOnVirtualThread()) {
            return null;
        }
        return "DISPATCH_MODE=" + mode.label() + ": the managed executor " + MANAGED_EXECUTOR_JNDI + " ran this on a "
                + (mode.runsOnVirtualThread() ? "platform" : "virtual") + " thread; a concurrencyPolicy with"
                + " virtual=\"true\" needs Jakarta Concurrency 3.1 (concurrent-3.1: Open Liberty 26.0.0.5 or later,"
                + " the lab's default runtime)";
    }

    /**
     * At the app's stop ({@link DrainOnStop}), waits at most {@link #STOP_WAIT_SECONDS} for the requests already
     * handed off to answer. Liberty's quiesce usually waits for them, but not always: in some stops it reported
     * "quiesce complete" a second in with 50 of them running, stopped the app, and each answer given after that
     * failed with SRVE8026E ("Executor Service not available") and never reached its client (GracefulStopIT). A managed
     * executor is Liberty's to shut down, so there the stop waits for the requests in flight to answer.
     */
    void drain() {
        if (handoff == null) {
            return;
        }
        long started = System.nanoTime();
        boolean drained;
        try {
            drained = mode.managedExecutor() ? stats.awaitNoneInFlight(STOP_WAIT_SECONDS) : awaitHandoff();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        long waitedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        if (!drained) {
            LOG.warning("vtlab: requests handed off were still running " + STOP_WAIT_SECONDS
                    + " s into the app's stop; their answers are lost");
        } else if (waitedMs > 100) {
            LOG.info("vtlab: the app's stop waited " + waitedMs + " ms for requests handed off to answer");
        }
    }

    private boolean awaitHandoff() throws InterruptedException {
        handoff.shutdown();
        return handoff.awaitTermination(STOP_WAIT_SECONDS, TimeUnit.SECONDS);
    }

    @PreDestroy
    void stop() {
        if (handoff != null && !mode.managedExecutor()) {
            handoff.shutdownNow(); // drained already at the app's stop; whatever is left cannot answer any more
        }
    }

    void announce(@Observes Startup startup) {
        LOG.info("vtlab dispatch mode: " + mode.label());
    }

    /** The mode, parsed and checked once, here; also what {@code @Inject DispatchMode} gets. */
    @Produces
    @Typed(DispatchMode.class)
    public DispatchMode mode() {
        return mode;
    }

    /** Whether this server's resources are the hand-off twins, answering through an {@link AsyncResponse}. */
    public static boolean handsOff(String configuredMode) {
        try {
            return DispatchMode.parse(configuredMode).handsOff();
        } catch (IllegalArgumentException e) {
            return false; // init() refuses the mode with its own message
        }
    }

    /**
     * Runs {@code work} on the calling thread, in the modes that do not hand off, and returns its answer (what it throws
     * goes to the exception mappers as the resource method's own), counted in flight like every request.
     */
    public Response inPlace(Callable<Response> work) throws Exception {
        if (handoff != null) {
            throw new IllegalStateException(
                    "DISPATCH_MODE=" + mode.label() + " hands requests off: its resources are the hand-off twins");
        }
        stats.requestStarted();
        try {
            return work.call();
        } finally {
            stats.requestFinished();
        }
    }

    /**
     * Hands {@code work} off as the mode says and answers with its result, or with what it threw. Work the executor
     * refuses runs on the calling thread: the lab's executors refuse only once they are shut down, as the server stops
     * (a managed executor can refuse before the app's own stop has begun), and a request accepted before the stop is
     * answered.
     */
    public void dispatch(AsyncResponse response, Callable<Response> work) {
        if (handoff == null) {
            throw new IllegalStateException(
                    "DISPATCH_MODE=" + mode.label() + " runs requests in place: its resources answer synchronously");
        }
        if (!stats.tryAdmit(maxInFlight)) {
            response.resume(overloaded());
            return;
        }
        if (startsVirtualThreads) {
            stats.virtualThreadStarting();
        }
        Runnable task = () -> {
            try {
                answer(response, work);
            } finally {
                if (startsVirtualThreads) {
                    stats.virtualThreadFinished();
                }
            }
        };
        try {
            // a managed executor carries the application's context itself; the plain executors get it from
            // contextService
            handoff.execute(mode.managedExecutor() ? task : contextService.contextualRunnable(task));
        } catch (RejectedExecutionException stopping) {
            task.run();
        } catch (RuntimeException | Error notStarted) {
            if (startsVirtualThreads) {
                stats.virtualThreadFinished();
            }
            stats.requestFinished();
            throw notStarted;
        }
    }

    private Response overloaded() {
        Response error = ErrorMappers.json(
                Response.Status.SERVICE_UNAVAILABLE,
                new ApiError("overloaded", null, maxInFlight + " requests are in flight (MAX_IN_FLIGHT); retry later"));
        return Response.fromResponse(error).header("Retry-After", "1").build();
    }

    private void answer(AsyncResponse response, Callable<Response> work) {
        try {
            String wrong = mode.managedExecutor() ? wrongThread() : null;
            if (wrong != null) {
                throw new IllegalStateException(wrong);
            }
            response.resume(work.call());
        } catch (Throwable failure) {
            response.resume(failure); // goes through the exception mappers
        } finally {
            stats.requestFinished();
        }
    }
}
