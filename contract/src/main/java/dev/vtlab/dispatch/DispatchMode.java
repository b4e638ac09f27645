package dev.vtlab.dispatch;

import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Where request work runs (DISPATCH_MODE). The one list of modes: the app, its tests and the
 * comparison all take their names from here.
 */
public enum DispatchMode {
    /** Liberty's Default Executor (the autonomic pool) runs everything, as Liberty ships. */
    THREADPOOL(Where.POOL_THREAD),
    /**
     * vtlab's closest mode to the study's prototype (a channel-framework patch that ran each HTTP request on a new
     * virtual thread): a Liberty user feature runs every Default Executor task on a new virtual thread, started by
     * the thread that submits the task (for HTTP, the TCP channel's selector).
     */
    EXECUTOR_VIRTUAL(Where.CONTAINER_VIRTUAL),
    /**
     * The same feature with {@code vtlab.executorVirtual.start=run}: each task first goes through the pool's
     * queue, and the pool thread that takes it starts its virtual thread (what executor-virtual did before).
     */
    EXECUTOR_VIRTUAL_AT_RUN(Where.CONTAINER_VIRTUAL),
    /** Liberty's autonomic pool unchanged, but its workers are virtual threads (a user feature's ThreadFactory). */
    POOL_VIRTUAL_WORKERS(Where.CONTAINER_VIRTUAL),
    /** The application hands each request from the pool thread to a new virtual thread. */
    VIRTUAL(Where.HANDOFF),
    /** Control: the same application hand-off, onto a platform thread of an unbounded executor. */
    PLATFORM_HANDOFF(Where.HANDOFF),
    /**
     * What a team can deploy on Open Liberty 26.0.0.5: the resources hand their work to a Jakarta Concurrency 3.1
     * managed executor whose concurrency policy has {@code virtual="true"} (server-config/modes/managed-virtual.xml).
     */
    MANAGED_VIRTUAL(Where.MANAGED),
    /** Control: the same managed executor with {@code virtual="false"}: its tasks run on Liberty's Default Executor. */
    MANAGED_PLATFORM(Where.MANAGED),
    /**
     * Control of the hand-off modes: the asynchronous resources of the hand-off modes, resumed on the request's own
     * pool thread, with no hand-off: what the asynchronous path alone costs.
     */
    THREADPOOL_ASYNC(Where.POOL_THREAD_ASYNC);

    private enum Where {
        POOL_THREAD,
        POOL_THREAD_ASYNC,
        CONTAINER_VIRTUAL,
        HANDOFF,
        MANAGED
    }

    private final Where where;

    DispatchMode(Where where) {
        this.where = where;
    }

    /** The name users type: {@code DISPATCH_MODE=executor-virtual}, {@code compare.modes}, the X-Dispatch header. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** True where the application itself moves the request off Liberty's thread (Dispatcher hands it off). */
    public boolean handsOff() {
        return where == Where.HANDOFF || where == Where.MANAGED;
    }

    /** True where the resources are the asynchronous twins, answering through an {@code AsyncResponse}. */
    public boolean answersAsync() {
        return where == Where.POOL_THREAD_ASYNC || handsOff();
    }

    /**
     * True where only the application decides where the work runs, so the mode can share one server with the other
     * such modes and be switched at run time (the crossover design).
     */
    public boolean applicationLevel() {
        return where != Where.CONTAINER_VIRTUAL;
    }

    /** True where the hand-off goes through a managed executor Liberty defines from server.xml. */
    public boolean managedExecutor() {
        return where == Where.MANAGED;
    }

    /**
     * The mode that differs from this one only in the kind of thread its work runs on (a platform thread, after the same
     * hand-off), or null: a comparison with both contrasts them by default.
     */
    public DispatchMode control() {
        return switch (this) {
            case VIRTUAL -> PLATFORM_HANDOFF;
            case MANAGED_VIRTUAL -> MANAGED_PLATFORM;
            default -> null;
        };
    }

    /** True where the resource method runs on a virtual thread. */
    public boolean runsOnVirtualThread() {
        return where == Where.CONTAINER_VIRTUAL || this == VIRTUAL || this == MANAGED_VIRTUAL;
    }

    /** True where Liberty itself (a user feature) puts the work on virtual threads: needs the vtlab feature. */
    public boolean needsLibertyFeature() {
        return where == Where.CONTAINER_VIRTUAL;
    }

    /**
     * True where each request holds one of Liberty's pool threads while it runs, so the pool's maxThreads caps
     * the requests in flight (the pool itself, or its virtual workers).
     */
    public boolean poolThreadPerRequest() {
        // a managed executor without virtual threads runs its tasks on the Default Executor
        return where == Where.POOL_THREAD
                || where == Where.POOL_THREAD_ASYNC
                || this == POOL_VIRTUAL_WORKERS
                || this == MANAGED_PLATFORM;
    }

    /** True where vtlab's feature starts a virtual thread for every Default Executor task (its own in-flight count). */
    public boolean virtualThreadPerTask() {
        return this == EXECUTOR_VIRTUAL || this == EXECUTOR_VIRTUAL_AT_RUN;
    }

    public static DispatchMode parse(String value) {
        for (DispatchMode mode : values()) {
            if (mode.label().equalsIgnoreCase(value.trim())) {
                return mode;
            }
        }
        throw new IllegalArgumentException("DISPATCH_MODE must be one of " + labels() + ", not '" + value + "'");
    }

    /** 'threadpool', 'executor-virtual', ... for messages. */
    public static String labels() {
        return Stream.of(values()).map(m -> "'" + m.label() + "'").collect(Collectors.joining(", "));
    }
}
