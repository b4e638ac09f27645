package dev.vtlab.metrics;

import static dev.vtlab.liberty.FeatureContract.ATTRIBUTE_TASKS_IN_FLIGHT;
import static dev.vtlab.liberty.FeatureContract.ATTRIBUTE_TASKS_STARTED;
import static dev.vtlab.liberty.FeatureContract.ATTRIBUTE_TASKS_STARTED_AT_SUBMIT;
import static dev.vtlab.liberty.FeatureContract.ATTRIBUTE_TASKS_STARTED_ON_POOL_THREAD;
import static dev.vtlab.liberty.FeatureContract.EXECUTOR_VIRTUAL_MBEAN;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.inject.Inject;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.function.Supplier;
import java.util.logging.Logger;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.annotation.RegistryScope;

/**
 * The footprint and scheduler metrics on /metrics (application scope), beside Liberty's pool metrics
 * and the base JVM metrics: process RSS and OS threads, direct buffers, and the virtual-thread
 * carrier pool. Every value is read when /metrics is scraped, from /proc or the JDK's management
 * beans: nothing is sampled in the background. (Dispatch counts: dispatch/DispatchStats; pinning: PinnedEvents.)
 */
@ApplicationScoped
public class LabMetrics {

    private static final Logger LOG = Logger.getLogger(LabMetrics.class.getName());
    /** JDK 24+ only; absent on 21-23, and then the carrier metrics are absent too (not zero). */
    static final String SCHEDULER_BEAN = "jdk.management:type=VirtualThreadScheduler";

    @Inject
    @RegistryScope(scope = MetricRegistry.APPLICATION_SCOPE)
    MetricRegistry registry;

    void register(@Observes Startup startup) {
        if (ProcessStatus.readable(ProcessHandle.current().pid())) {
            gauge(
                    "vtlab_process_rss_bytes",
                    "Resident set size of the server process (VmRSS of /proc/self/status).",
                    () -> ProcessStatus.self().rssBytes());
            gauge(
                    "vtlab_process_native_threads",
                    "OS threads of the server process (Threads of /proc/self/status).",
                    () -> ProcessStatus.self().threads());
        }
        ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class).stream()
                .filter(pool -> pool.getName().equals("direct"))
                .findFirst()
                .ifPresent(direct -> {
                    gauge(
                            "vtlab_direct_buffers_used_bytes",
                            "Native memory held by direct ByteBuffers.",
                            direct::getMemoryUsed);
                    gauge(
                            "vtlab_direct_buffers_count",
                            "Direct ByteBuffers alive (not yet collected).",
                            direct::getCount);
                });
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        if (jit != null && jit.isCompilationTimeMonitoringSupported()) {
            gauge(
                    "vtlab_jit_compilation_seconds_total",
                    "Time the JIT compilers have spent compiling since the JVM started (CompilationMXBean).",
                    () -> jit.getTotalCompilationTime() / 1000.0);
        }
        gauge(
                "vtlab_gc_collection_seconds_total",
                "Time the garbage collectors have spent collecting since the JVM started, every collector.",
                () -> GcTime.seconds(ManagementFactory.getGarbageCollectorMXBeans().stream()
                        .mapToLong(GarbageCollectorMXBean::getCollectionTime)));
        registerCarrierMetrics();
        registerExecutorVirtualMetrics();
    }

    /**
     * Only where the executor-virtual feature runs (its bean, registered by liberty-feature/): its virtual
     * threads are its own, which no JDK bean counts.
     */
    private void registerExecutorVirtualMetrics() {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ObjectName feature = name(EXECUTOR_VIRTUAL_MBEAN);
        if (server.isRegistered(feature)) {
            attribute(
                    server,
                    feature,
                    "vtlab_executor_virtual_tasks_in_flight",
                    ATTRIBUTE_TASKS_IN_FLIGHT,
                    "Default Executor tasks running on their own virtual thread now (executor-virtual mode).");
            attribute(
                    server,
                    feature,
                    "vtlab_executor_virtual_tasks_started",
                    ATTRIBUTE_TASKS_STARTED,
                    "Virtual threads the executor-virtual feature started for Default Executor tasks since the server started.");
            attribute(
                    server,
                    feature,
                    "vtlab_executor_virtual_tasks_started_at_submit",
                    ATTRIBUTE_TASKS_STARTED_AT_SUBMIT,
                    "Of those, started by the thread that submitted the task, not a Default Executor thread"
                            + " (executor-virtual: the TCP channel's selector, for HTTP).");
            attribute(
                    server,
                    feature,
                    "vtlab_executor_virtual_tasks_started_on_pool_thread",
                    ATTRIBUTE_TASKS_STARTED_ON_POOL_THREAD,
                    "Of those, started by a Default Executor thread once the task had gone through the pool's queue"
                            + " (executor-virtual-at-run; executor-virtual past its bound, and tasks a caller"
                            + " waits on).");
        }
    }

    private void registerCarrierMetrics() {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ObjectName scheduler = name(SCHEDULER_BEAN);
        if (!server.isRegistered(scheduler)) {
            LOG.info("vtlab: no " + SCHEDULER_BEAN + " on this JDK (" + Runtime.version()
                    + "); carrier metrics are absent");
            return;
        }
        attribute(
                server,
                scheduler,
                "vtlab_carrier_parallelism",
                "Parallelism",
                "Target number of carrier threads of the virtual-thread scheduler.");
        attribute(
                server,
                scheduler,
                "vtlab_carrier_pool_size",
                "PoolSize",
                "Carrier threads the scheduler has started (mounted, idle or blocked).");
        attribute(
                server,
                scheduler,
                "vtlab_carrier_mounted",
                "MountedVirtualThreadCount",
                "Virtual threads mounted on a carrier right now.");
        attribute(
                server,
                scheduler,
                "vtlab_carrier_queued",
                "QueuedVirtualThreadCount",
                "Virtual threads queued to run, waiting for a carrier.");
    }

    private static ObjectName name(String name) {
        try {
            return new ObjectName(name);
        } catch (JMException e) {
            throw new IllegalStateException(e);
        }
    }

    private void attribute(MBeanServer server, ObjectName bean, String name, String attribute, String description) {
        gauge(name, description, () -> {
            try {
                return (Number) server.getAttribute(bean, attribute);
            } catch (JMException e) {
                return Double.NaN;
            }
        });
    }

    private void gauge(String name, String description, Supplier<Number> value) {
        registry.gauge(
                Metadata.builder().withName(name).withDescription(description).build(), value);
    }
}
