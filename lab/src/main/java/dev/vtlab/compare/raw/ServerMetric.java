package dev.vtlab.compare.raw;

/**
 * The server's figures sampled once a second besides CPU and memory, under the names the lab's /metrics gives
 * them, read over JMX. The one list of them: the sampler, the samples
 * file, the analysis and the report's charts all use these.
 */
public enum ServerMetric {
    THREADPOOL_SIZE("threadpool_size"),
    THREADPOOL_ACTIVE_THREADS("threadpool_activeThreads"),
    MEMORY_USED_HEAP_BYTES("memory_usedHeap_bytes"),
    VIRTUAL_THREADS_ACTIVE("vtlab_virtual_threads_active"),
    EXECUTOR_VIRTUAL_TASKS_IN_FLIGHT("vtlab_executor_virtual_tasks_in_flight"),
    DIRECT_BUFFERS_USED_BYTES("vtlab_direct_buffers_used_bytes"),
    CARRIER_POOL_SIZE("vtlab_carrier_pool_size"),
    EXECUTOR_VIRTUAL_TASKS_STARTED("vtlab_executor_virtual_tasks_started"),
    /** Cumulative: its growth over a window is the JIT's work in it. */
    JIT_COMPILATION_SECONDS("vtlab_jit_compilation_seconds_total"),
    /** Cumulative: its growth over a window is the collectors' time in it. */
    GC_COLLECTION_SECONDS("vtlab_gc_collection_seconds_total"),
    /**
     * Cumulative CPU seconds of the server's JIT compiler threads, read by the sampler from /proc (any server, the
     * lab's or a user's): the JIT's work as CPU, which {@link #JIT_COMPILATION_SECONDS} (compilations' elapsed time)
     * overstates when the compiler threads wait for a CPU behind the request threads.
     */
    JIT_CPU_SECONDS("vtlab_jit_cpu_seconds_total");

    private final String id;

    ServerMetric(String id) {
        this.id = id;
    }

    /** The Prometheus name, also the samples file's column. */
    public String id() {
        return id;
    }
}
