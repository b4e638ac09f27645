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
import jakarta.inject.Inject;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.core.Response;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
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

    /** {@code DISPATCH_MODE=crossover}: one server with every application-level mode, switched at run time. */
    public static final String CROSSOVER = "crossover";

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

    /**
     * Where one mode runs a request: its executor (null: on the calling thread), whether that starts a virtual thread
     * per request, and the requests it answered (what the crossover design's slices count).
     */
    record Route(DispatchMode mode, ExecutorService executor, boolean startsVirtual, LongAdder answered) {
        Route(DispatchMode mode, ExecutorService executor) {
            this(
                    mode,
                    executor,
                    executor != null && !mode.managedExecutor() && mode.runsOnVirtualThread(),
                    new LongAdder());
        }
    }

    /** The mode's route, or in the crossover design each application-level mode's. */
    private Map<DispatchMode, Route> routes;
    /** The route requests take now: the mode's, or the crossover's current arm ({@link #switchTo}). */
    private volatile Route current;

    private boolean crossover;

    @PostConstruct
    void init() {
        if (maxInFlight < 0 || maxInFlight > MAX_IN_FLIGHT_BOUND) {
            throw new IllegalArgumentException(
                    "MAX_IN_FLIGHT must be 0 (no limit) to " + MAX_IN_FLIGHT_BOUND + ", not " + maxInFlight);
        }
        crossover = CROSSOVER.equalsIgnoreCase(configuredMode.trim());
        Map<DispatchMode, Route> built = new EnumMap<>(DispatchMode.class);
        if (crossover) {
            // modes/crossover.xml defines one managed executor of each kind
            for (DispatchMode arm : DispatchMode.values()) {
                if (arm.applicationLevel()) {
                    built.put(arm, new Route(arm, executor(arm, managedJndi(arm))));
                }
            }
            current = built.get(DispatchMode.THREADPOOL);
        } else {
            DispatchMode mode = DispatchMode.parse(configuredMode);
            checkFeature(mode);
            current = new Route(mode, executor(mode, managedJndi(mode)));
            built.put(mode, current);
        }
        routes = Collections.unmodifiableMap(built);
    }

    /**
     * The managed executor a managed mode hands its requests to: the mode file's, or in the crossover design the one of
     * its kind that modes/crossover.xml defines.
     */
    public String managedJndi(DispatchMode mode) {
        return crossover
                ? MANAGED_EXECUTOR_JNDI + "-" + (mode.runsOnVirtualThread() ? "virtual" : "platform")
                : MANAGED_EXECUTOR_JNDI;
    }

    private static void checkFeature(DispatchMode mode) {
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
    }

    /** Where {@code mode} hands requests to, or null where it runs them on the calling thread. */
    private static ExecutorService executor(DispatchMode mode, String managedJndi) {
        if (mode.managedExecutor()) {
            return managedExecutor(mode, managedJndi);
        }
        if (!mode.handsOff()) {
            return null;
        }
        return mode.runsOnVirtualThread()
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

    /** The managed executor server-config/modes/managed-*.xml (or crossover.xml) defines. */
    private static ExecutorService managedExecutor(DispatchMode mode, String jndi) {
        try {
            return InitialContext.<ManagedExecutorService>doLookup(jndi);
        } catch (NamingException e) {
            throw new IllegalStateException("DISPATCH_MODE=" + mode.label() + " needs the managed executor "
                    + jndi + " that server-config/modes/" + mode.label()
                    + ".xml defines, and this server has none: " + e.getMessage());
        }
    }

    /**
     * Null where the thread running a managed task is of the kind the mode names; else why not. Checked on every task,
     * not once at start (a task submitted while the app starts waits until it has started): on a Liberty without
     * Jakarta Concurrency 3.1 (26.0.0.3 and older) a policy's {@code virtual} is a beta setting it ignores, and
     * managed-virtual would silently measure platform threads.
     */
    private static String wrongThread(DispatchMode mode) {
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
        if (routes.values().stream().allMatch(r -> r.executor() == null)) {
            return;
        }
        long started = System.nanoTime();
        boolean drained;
        try {
            // a managed executor is Liberty's: the requests in flight are awaited; the lab's own executors are shut
            drained = stats.awaitNoneInFlight(STOP_WAIT_SECONDS) && awaitHandoff();
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
        boolean drained = true;
        for (ExecutorService own : ownExecutors()) {
            own.shutdown();
            drained &= own.awaitTermination(STOP_WAIT_SECONDS, TimeUnit.SECONDS);
        }
        return drained;
    }

    private List<ExecutorService> ownExecutors() {
        return routes.values().stream()
                .filter(r -> r.executor() != null && !r.mode().managedExecutor())
                .map(Route::executor)
                .toList();
    }

    @PreDestroy
    void stop() {
        // drained already at the app's stop; whatever is left cannot answer any more
        ownExecutors().forEach(ExecutorService::shutdownNow);
    }

    void announce(@Observes Startup startup) {
        LOG.info("vtlab dispatch mode: " + (crossover ? CROSSOVER + ", now " : "") + mode().label());
    }

    /** The mode requests take now: the server's, or in the crossover design its current arm. */
    public DispatchMode mode() {
        return current.mode();
    }

    /** Whether this server switches between modes at run time (DISPATCH_MODE=crossover). */
    public boolean crossover() {
        return crossover;
    }

    /** The modes this server can run requests in: its own, or in the crossover design each application-level one. */
    public java.util.Set<DispatchMode> modes() {
        return routes.keySet();
    }

    /** In the crossover design, makes {@code mode} the one new requests take; requests in flight end as they began. */
    public void switchTo(DispatchMode mode) {
        Route route = routes.get(mode);
        if (!crossover || route == null) {
            throw new IllegalArgumentException("mode must be one of "
                    + routes.keySet().stream().map(DispatchMode::label).toList()
                    + (crossover ? "" : " (DISPATCH_MODE is not " + CROSSOVER + ")") + ", not '" + mode.label() + "'");
        }
        current = route;
    }

    /** The requests each mode has answered since the server started. */
    public Map<DispatchMode, Long> answered() {
        Map<DispatchMode, Long> answered = new EnumMap<>(DispatchMode.class);
        routes.forEach((mode, route) -> answered.put(mode, route.answered().sum()));
        return answered;
    }

    /** Which resources a server registers: the synchronous, their asynchronous twins, or both (the crossover). */
    public enum Resources {
        SYNCHRONOUS,
        ASYNCHRONOUS,
        BOTH
    }

    public static Resources resources(String configuredMode) {
        if (CROSSOVER.equalsIgnoreCase(configuredMode.trim())) {
            return Resources.BOTH;
        }
        try {
            return DispatchMode.parse(configuredMode).answersAsync() ? Resources.ASYNCHRONOUS : Resources.SYNCHRONOUS;
        } catch (IllegalArgumentException e) {
            return Resources.SYNCHRONOUS; // init() refuses the mode with its own message
        }
    }

    /**
     * Runs {@code work} on the calling thread, in the modes that do not hand off, and returns its answer (what it throws
     * goes to the exception mappers as the resource method's own), counted in flight like every request.
     */
    public Response inPlace(Callable<Response> work) throws Exception {
        Route route = current;
        if (route.mode().answersAsync() && !crossover) {
            throw new IllegalStateException("DISPATCH_MODE=" + route.mode().label()
                    + " answers asynchronously: its resources are the hand-off twins");
        }
        stats.requestStarted();
        try {
            return work.call();
        } finally {
            stats.requestFinished();
            route.answered().increment();
        }
    }

    /**
     * Hands {@code work} off as the mode says and answers with its result, or with what it threw. Work the executor
     * refuses runs on the calling thread: the lab's executors refuse only once they are shut down, as the server stops
     * (a managed executor can refuse before the app's own stop has begun), and a request accepted before the stop is
     * answered.
     */
    public void dispatch(AsyncResponse response, Callable<Response> work) {
        Route route = current;
        if (!route.mode().answersAsync() && !crossover) {
            throw new IllegalStateException("DISPATCH_MODE=" + route.mode().label()
                    + " runs requests in place: its resources answer synchronously");
        }
        if (!stats.tryAdmit(maxInFlight)) {
            response.resume(overloaded());
            return;
        }
        ExecutorService handoff = route.executor();
        if (handoff == null) {
            // threadpool-async: the asynchronous path on the request's own thread (in the crossover design, also a
            // request that met a switch to threadpool between the router and here)
            answer(response, work, route);
            return;
        }
        boolean startsVirtual = route.startsVirtual();
        if (startsVirtual) {
            stats.virtualThreadStarting();
        }
        Runnable task = () -> {
            try {
                answer(response, work, route);
            } finally {
                if (startsVirtual) {
                    stats.virtualThreadFinished();
                }
            }
        };
        try {
            // a managed executor carries the application's context itself; the plain executors get it from
            // contextService
            handoff.execute(route.mode().managedExecutor() ? task : contextService.contextualRunnable(task));
        } catch (RejectedExecutionException stopping) {
            task.run();
        } catch (RuntimeException | Error notStarted) {
            if (startsVirtual) {
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

    private void answer(AsyncResponse response, Callable<Response> work, Route route) {
        try {
            String wrong = route.mode().managedExecutor() ? wrongThread(route.mode()) : null;
            if (wrong != null) {
                throw new IllegalStateException(wrong);
            }
            response.resume(work.call());
        } catch (Throwable failure) {
            response.resume(failure); // goes through the exception mappers
        } finally {
            stats.requestFinished();
            route.answered().increment();
        }
    }
}
