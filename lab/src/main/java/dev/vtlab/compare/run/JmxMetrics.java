package dev.vtlab.compare.run;

import static java.util.stream.Collectors.groupingBy;
import static java.util.stream.Collectors.toList;

import dev.vtlab.compare.raw.ServerMetric;
import dev.vtlab.dispatch.DispatchMXBean;
import dev.vtlab.liberty.FeatureContract;
import dev.vtlab.metrics.GcTime;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.LongStream;
import javax.management.Attribute;
import javax.management.AttributeList;
import javax.management.InstanceNotFoundException;
import javax.management.MBeanServerConnection;
import javax.management.MalformedObjectNameException;
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
 * whose read walks an entry per thread that served a request (docs/notebook.md §3).
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

    /** The sources by bean, each bean's name parsed once: the sampler reads them every second. */
    private static final Map<ObjectName, List<Source>> BY_BEAN =
            Arrays.stream(SOURCES).collect(groupingBy(s -> name(s.bean()), LinkedHashMap::new, toList()));

    /** Every collector's bean: their collection times add up to {@link ServerMetric#GC_COLLECTION_SECONDS}. */
    private static final ObjectName COLLECTORS = name("java.lang:type=GarbageCollector,name=*");

    private static final ObjectName RUNTIME = name(ManagementFactory.RUNTIME_MXBEAN_NAME);

    private final Path addressFile;
    private JMXConnector connector;
    private MBeanServerConnection server;
    private Set<ObjectName> collectors = Set.of();

    JmxMetrics(Path serverOutputDir) {
        this.addressFile = serverOutputDir.resolve(ADDRESS_FILE);
    }

    @Override
    public synchronized Map<ServerMetric, Double> get() {
        Map<ServerMetric, Double> values = new EnumMap<>(ServerMetric.class);
        try {
            MBeanServerConnection mbs = connection();
            // one remote call per bean, not per figure: the sampler runs beside the measured server every second
            for (Map.Entry<ObjectName, List<Source>> bean : BY_BEAN.entrySet()) {
                AttributeList read;
                try {
                    read = mbs.getAttributes(
                            bean.getKey(),
                            bean.getValue().stream().map(Source::attribute).toArray(String[]::new));
                } catch (InstanceNotFoundException absent) {
                    continue; // e.g. the feature's bean in threadpool mode
                }
                for (Attribute a : read.asList()) {
                    for (Source s : bean.getValue()) {
                        if (s.attribute().equals(a.getName())) {
                            values.put(s.metric(), value(s, a.getValue()));
                        }
                    }
                }
            }
            LongStream.Builder gcMs = LongStream.builder();
            for (ObjectName collector : collectors) {
                gcMs.add(((Number) mbs.getAttribute(collector, "CollectionTime")).longValue());
            }
            values.put(ServerMetric.GC_COLLECTION_SECONDS, GcTime.seconds(gcMs.build()));
        } catch (Exception e) {
            // a missed read leaves a gap, not zeros; reconnect next time
            close();
        }
        return values;
    }

    /**
     * The options the server's JVM was started with, as the JVM reports them (Liberty's launcher's, jvm.options',
     * the comparison's and the test's): what ran, not what the lab meant to pass. Empty if the server cannot be
     * read.
     */
    synchronized List<String> inputArguments() {
        try {
            return List.of((String[]) connection().getAttribute(RUNTIME, "InputArguments"));
        } catch (Exception e) {
            close();
            return List.of();
        }
    }

    private static double value(Source s, Object v) {
        if (s.compositeKey() != null) {
            v = ((CompositeData) v).get(s.compositeKey());
        }
        // the JDK gives the JIT's total in ms; the samples file has seconds
        double scale = s.metric() == ServerMetric.JIT_COMPILATION_SECONDS ? 1e-3 : 1;
        return ((Number) v).doubleValue() * scale;
    }

    private static ObjectName name(String bean) {
        try {
            return new ObjectName(bean);
        } catch (MalformedObjectNameException e) {
            throw new IllegalArgumentException(bean, e);
        }
    }

    private MBeanServerConnection connection() throws IOException {
        if (server == null) {
            connector = JMXConnectorFactory.connect(
                    new JMXServiceURL(Files.readString(addressFile).trim()));
            server = connector.getMBeanServerConnection();
            // a JVM's collectors are fixed for its life
            collectors = Set.copyOf(server.queryNames(COLLECTORS, null));
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
        collectors = Set.of();
    }
}
