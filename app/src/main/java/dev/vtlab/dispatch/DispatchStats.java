package dev.vtlab.dispatch;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.inject.Inject;
import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;
import javax.management.JMException;
import javax.management.ObjectName;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;
import org.eclipse.microprofile.metrics.annotation.RegistryScope;

/**
 * What the Dispatcher reports as it runs requests: requests in flight (every mode, tagged with the
 * mode the Dispatcher runs) and the request virtual threads it started and that have not finished
 * yet. Counters on the hot path; the gauges are read only when /metrics is scraped.
 */
@ApplicationScoped
public class DispatchStats implements DispatchMXBean {

    private static final Logger LOG = Logger.getLogger(DispatchStats.class.getName());

    @Inject
    @RegistryScope(scope = MetricRegistry.APPLICATION_SCOPE)
    MetricRegistry registry;

    /** The server's DISPATCH_MODE, as configured: a mode, or {@code crossover}. */
    @Inject
    @ConfigProperty(name = Dispatcher.MODE_KEY, defaultValue = Dispatcher.DEFAULT_MODE)
    String mode;

    private final AtomicLong inFlight = new AtomicLong();
    private final AtomicLong virtualActive = new AtomicLong();
    private Counter virtualStarted;
    private Counter rejected;

    @PostConstruct
    void register() {
        virtualStarted = registry.counter(Metadata.builder()
                .withName("vtlab_virtual_threads_started")
                .withDescription("Request virtual threads the Dispatcher started.")
                .build());
        rejected = registry.counter(Metadata.builder()
                .withName("vtlab_admission_rejected")
                .withDescription("Requests answered 503 because MAX_IN_FLIGHT requests were already in flight.")
                .build());
        registry.gauge(
                Metadata.builder()
                        .withName("vtlab_virtual_threads_active")
                        .withDescription("Request virtual threads started and not yet finished.")
                        .build(),
                virtualActive::get);
        registry.gauge(
                Metadata.builder()
                        .withName("vtlab_requests_in_flight")
                        .withDescription("Requests handed to the Dispatcher and not answered yet.")
                        .build(),
                inFlight::get,
                new Tag("mode", mode.trim().toLowerCase(java.util.Locale.ROOT)));
        try {
            ManagementFactory.getPlatformMBeanServer().registerMBean(this, new ObjectName(NAME));
        } catch (JMException e) {
            // the figure is still on /metrics; only the comparison's sampler reads it over JMX
            LOG.warning("vtlab: " + NAME + " not registered: " + e);
        }
    }

    @PreDestroy
    void unregister() {
        try {
            ManagementFactory.getPlatformMBeanServer().unregisterMBean(new ObjectName(NAME));
        } catch (JMException e) {
            // not registered, or gone already
        }
    }

    @Override
    public long getVirtualThreadsActive() {
        return virtualActive.get();
    }

    /** Registers the metrics at start, so they are on /metrics before the first request. */
    void eager(@Observes Startup startup) {
        // touching the bean is enough
    }

    public void requestStarted() {
        inFlight.incrementAndGet();
    }

    /**
     * Counts the request in, unless {@code limit} requests are already in flight (0: no limit); a
     * refusal is counted in vtlab_admission_rejected_total.
     */
    public boolean tryAdmit(int limit) {
        if (limit == 0) {
            inFlight.incrementAndGet();
            return true;
        }
        for (long n = inFlight.get(); ; n = inFlight.get()) {
            if (n >= limit) {
                rejected.inc();
                return false;
            }
            if (inFlight.compareAndSet(n, n + 1)) {
                return true;
            }
        }
    }

    public void requestFinished() {
        inFlight.decrementAndGet();
    }

    /** Waits until no request is in flight, at most {@code seconds}; whether none is. */
    boolean awaitNoneInFlight(long seconds) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (inFlight.get() > 0) {
            if (System.nanoTime() > until) {
                return false;
            }
            Thread.sleep(20);
        }
        return true;
    }

    /** Called just before a request's virtual thread is started. */
    public void virtualThreadStarting() {
        virtualStarted.inc();
        virtualActive.incrementAndGet();
    }

    /** Called as the request's virtual thread ends (or when it could not be started). */
    public void virtualThreadFinished() {
        virtualActive.decrementAndGet();
    }
}
