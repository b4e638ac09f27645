package dev.vtlab.dispatch;

import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.naming.InitialContext;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * In the managed-* modes, /health/ready is UP only once a task of the managed executor ({@link
 * Dispatcher#MANAGED_EXECUTOR_JNDI}) has run on the kind of thread the mode names. Where Liberty ignored the policy's
 * {@code virtual="true"} (it logs CWWKE1208I for a server.xml policy where virtual thread creation is disabled, CWWKC1217I
 * for an application's own definition on Java 17; a Liberty without concurrent-3.1 ignores it silently) the server is
 * never ready, and the check's data says why, instead of starting and then failing every request; so is a server
 * whose policy Liberty refuses at the executor's first use (virtual="true" with maxPolicy="loose": every request
 * answered 500, the reason only in a stack trace). Dispatcher's check of each task stays the last word. Once a probe has passed the kind of thread cannot change, and the check costs nothing.
 */
@Readiness
@ApplicationScoped
public class ManagedExecutorHealth implements HealthCheck {

    static final String NAME = "managed-executor";
    static final long PROBE_SECONDS = 5;

    @Inject
    Dispatcher dispatcher;

    private volatile boolean verified;

    @Override
    public HealthCheckResponse call() {
        if (verified) {
            return HealthCheckResponse.named(NAME).up().build();
        }
        // the server's managed mode, or in the crossover design each of them
        for (DispatchMode mode : dispatcher.modes()) {
            if (mode.managedExecutor()) {
                String problem = probe(mode, dispatcher.managedJndi(mode));
                if (problem != null) {
                    return HealthCheckResponse.named(NAME)
                            .down()
                            .withData("problem", problem)
                            .build();
                }
            }
        }
        verified = true;
        return HealthCheckResponse.named(NAME).up().build();
    }

    private static String probe(DispatchMode mode, String jndi) {
        String problem;
        try {
            ManagedExecutorService executor = InitialContext.doLookup(jndi);
            Future<Boolean> probe = executor.submit(() -> Thread.currentThread().isVirtual());
            problem = problem(mode, probe.get(PROBE_SECONDS, TimeUnit.SECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            problem = "interrupted while probing " + jndi;
        } catch (TimeoutException e) {
            problem = "DISPATCH_MODE=" + mode.label() + ": a probe task of " + jndi + " did not run within "
                    + PROBE_SECONDS + " s";
        } catch (Exception e) {
            // a policy Liberty refuses fails here, at the executor's first use: with virtual="true" and
            // maxPolicy="loose", IllegalArgumentException "maxPolicy: loose, virtual: true" (Open Liberty 26.0.0.5)
            problem = "DISPATCH_MODE=" + mode.label() + ": " + jndi + " could not run a probe task: "
                    + (e instanceof ExecutionException ? e.getCause() : e);
        }
        return problem;
    }

    /** Null where a task that ran on a virtual thread ({@code ranOnVirtual}) or not is what {@code mode} names; else why. */
    static String problem(DispatchMode mode, boolean ranOnVirtual) {
        if (ranOnVirtual == mode.runsOnVirtualThread()) {
            return null;
        }
        String executor =
                "DISPATCH_MODE=" + mode.label() + ": the managed executor " + Dispatcher.MANAGED_EXECUTOR_JNDI;
        return ranOnVirtual
                ? executor + " runs its tasks on virtual threads, where its concurrencyPolicy says virtual=\"false\""
                : executor + " runs its tasks on platform threads: Liberty ignored the concurrencyPolicy's"
                        + " virtual=\"true\" (see messages.log for CWWKE1208I or CWWKC1217I; virtual=\"true\" needs"
                        + " Java 21 or later and concurrent-3.1)";
    }
}
