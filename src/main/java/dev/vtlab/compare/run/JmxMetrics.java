package dev.vtlab.compare.run;

import dev.vtlab.compare.raw.ServerMetric;
import dev.vtlab.dispatch.DispatchMXBean;
import dev.vtlab.liberty.FeatureContract;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.Supplier;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * A server's figures under the names the lab's /metrics gives them, read over Liberty's local JMX connector
 * (localConnector-1.0 writes its address to logs/state; the comparison adds it to every server it runs): Liberty's
 * pool statistics (monitor-1.0), heap, direct buffers, the JDK's virtual-thread scheduler, vtlab's user feature,
 * the Dispatcher's virtual threads (the lab's app) and the collectors' time. Not /metrics: a user's app may have no
 * mpMetrics, or another version of it, and any scrape collects every scope, Liberty's servlet statistics included,
 * whose read walks an entry per thread that served a request (docs/results.md §3).
 */
final class JmxMetrics implements Supplier<Map<ServerMetric, Double>>, AutoCloseable {

    /** Where localConnector-1.0 publishes the JMX address of the server's JVM. */
    static final String ADDRESS_FILE = "logs/state/com.ibm.ws.jmx.local.address";

    private record Source(ServerMetric metric, String bean, String attribute, String compositeKey) {}

    private static final Source[] SOURCES = {
        new Source(
                ServerMetric.THREADPOOL_SIZE, "WebSphere:type=ThreadPoolStats,name=Default Executor", "PoolSize", null),
        new Source(
                ServerMetric.THREADPOOL_ACTIVE_THREADS,
                "WebSphere:type=ThreadPoolStats,name=Default Executor",
                "ActiveThreads",
                null),
        new Source(ServerMetric.MEMORY_USED_HEAP_BYTES, "java.lang:type=Memory", "HeapMemoryUsage", "used"),
        new Source(ServerMetric.DIRECT_BUFFERS_USED_BYTES, "java.nio:type=BufferPool,name=direct", "MemoryUsed", null),
        new Source(ServerMetric.CARRIER_POOL_SIZE, "jdk.management:type=VirtualThreadScheduler", "PoolSize", null),
        new Source(
                ServerMetric.EXECUTOR_VIRTUAL_TASKS_IN_FLIGHT,
                FeatureContract.EXECUTOR_VIRTUAL_MBEAN,
                FeatureContract.ATTRIBUTE_TASKS_IN_FLIGHT,
                null),
        new Source(
                ServerMetric.EXECUTOR_VIRTUAL_TASKS_STARTED,
                FeatureContract.EXECUTOR_VIRTUAL_MBEAN,
                FeatureContract.ATTRIBUTE_TASKS_STARTED,
                null),
        new Source(ServerMetric.JIT_COMPILATION_SECONDS, "java.lang:type=Compilation", "TotalCompilationTime", null),
        new Source(
                ServerMetric.VIRTUAL_THREADS_ACTIVE,
                DispatchMXBean.NAME,
                DispatchMXBean.ATTRIBUTE_VIRTUAL_THREADS_ACTIVE,
                null)
    };

    /** Every collector's bean: their collection times add up to {@link ServerMetric#GC_COLLECTION_SECONDS}. */
    private static final String COLLECTORS = "java.lang:type=GarbageCollector,name=*";

    private final Path addressFile;
    private JMXConnector connector;
    private MBeanServerConnection server;

    JmxMetrics(Path serverOutputDir) {
        this.addressFile = serverOutputDir.resolve(ADDRESS_FILE);
    }

    @Override
    public synchronized Map<ServerMetric, Double> get() {
        Map<ServerMetric, Double> values = new EnumMap<>(ServerMetric.class);
        try {
            MBeanServerConnection mbs = connection();
            for (Source s : SOURCES) {
                ObjectName name = new ObjectName(s.bean());
                if (!mbs.isRegistered(name)) {
                    continue; // e.g. the feature's bean in threadpool mode
                }
                Object v = mbs.getAttribute(name, s.attribute());
                if (s.compositeKey() != null) {
                    v = ((CompositeData) v).get(s.compositeKey());
                }
                // the JDK gives the JIT's total in ms; the samples file has seconds
                double scale = s.metric() == ServerMetric.JIT_COMPILATION_SECONDS ? 1e-3 : 1;
                values.put(s.metric(), ((Number) v).doubleValue() * scale);
            }
            long gcMs = 0;
            for (ObjectName collector : mbs.queryNames(new ObjectName(COLLECTORS), null)) {
                // -1 where a collector does not keep the time
                gcMs += Math.max(0, ((Number) mbs.getAttribute(collector, "CollectionTime")).longValue());
            }
            values.put(ServerMetric.GC_COLLECTION_SECONDS, gcMs / 1000.0);
        } catch (Exception e) {
            // a missed read leaves a gap, not zeros; reconnect next time
            close();
        }
        return values;
    }

    private MBeanServerConnection connection() throws IOException {
        if (server == null) {
            connector = JMXConnectorFactory.connect(
                    new JMXServiceURL(Files.readString(addressFile).trim()));
            server = connector.getMBeanServerConnection();
        }
        return server;
    }

    @Override
    public synchronized void close() {
        if (connector != null) {
            try {
                connector.close();
            } catch (IOException ignored) {
                // the server has gone
            }
        }
        connector = null;
        server = null;
    }
}
