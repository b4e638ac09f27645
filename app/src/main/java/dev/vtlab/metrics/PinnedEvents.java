package dev.vtlab.metrics;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.logging.Logger;
import jdk.jfr.consumer.RecordingStream;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.annotation.RegistryScope;

/**
 * Counts jdk.VirtualThreadPinned events — a virtual thread that blocked while it could not unmount
 * from its carrier — from an in-process JFR stream. Only that one event is enabled, so the stream
 * costs nothing while no thread pins; JFR flushes about once a second, so the count lags by that.
 */
@ApplicationScoped
public class PinnedEvents {

    private static final Logger LOG = Logger.getLogger(PinnedEvents.class.getName());

    @Inject
    @RegistryScope(scope = MetricRegistry.APPLICATION_SCOPE)
    MetricRegistry registry;

    /** JFR's own default threshold for this event; 0 counts every pinned park, however short. */
    @Inject
    @ConfigProperty(name = "PIN_THRESHOLD_MS", defaultValue = "20")
    int thresholdMs;

    private RecordingStream stream;

    @PostConstruct
    void start() {
        if (thresholdMs < 0 || thresholdMs > 60_000) {
            throw new IllegalArgumentException("PIN_THRESHOLD_MS must be 0..60000, not " + thresholdMs);
        }
        Counter pinned = registry.counter(Metadata.builder()
                .withName("vtlab_virtual_threads_pinned")
                .withDescription("jdk.VirtualThreadPinned JFR events: a virtual thread blocked while pinned to its"
                        + " carrier for at least PIN_THRESHOLD_MS.")
                .build());
        stream = new RecordingStream();
        stream.enable("jdk.VirtualThreadPinned").withThreshold(Duration.ofMillis(thresholdMs));
        stream.onEvent("jdk.VirtualThreadPinned", event -> pinned.inc());
        stream.startAsync();
        LOG.info("vtlab: counting jdk.VirtualThreadPinned events of " + thresholdMs + " ms or more");
    }

    /** Starts the stream with the application rather than at the first scrape. */
    void eager(@Observes Startup startup) {
        // touching the bean is enough
    }

    @PreDestroy
    void stop() {
        stream.close();
    }
}
