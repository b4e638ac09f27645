package dev.vtlab.dispatch;

/**
 * The Dispatcher's own figure over JMX, for the comparison's sampler: it reads no /metrics, since mpMetrics collects
 * every scope's figures for any scrape, Liberty's servlet statistics included, whose read walks an entry per thread
 * that served a request (docs/notebook.md §3).
 */
public interface DispatchMXBean {

    String NAME = "dev.vtlab:type=Dispatch";
    String ATTRIBUTE_VIRTUAL_THREADS_ACTIVE = "VirtualThreadsActive";

    /** Request virtual threads the Dispatcher started and that have not finished yet. */
    long getVirtualThreadsActive();
}
