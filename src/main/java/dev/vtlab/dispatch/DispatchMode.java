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
     * The study's prototype: a Liberty user feature runs every Default Executor task on a new virtual thread,
     * started by the thread that submits the task (for HTTP, the TCP channel's selector).
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
    PLATFORM_HANDOFF(Where.HANDOFF);

    private enum Where {
        POOL_THREAD,
        CONTAINER_VIRTUAL,
        HANDOFF
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
        return where == Where.HANDOFF;
    }

    /** True where the resource method runs on a virtual thread. */
    public boolean runsOnVirtualThread() {
        return this != THREADPOOL && this != PLATFORM_HANDOFF;
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
        return where == Where.POOL_THREAD || this == POOL_VIRTUAL_WORKERS;
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
