package dev.vtlab.dispatch;

import dev.vtlab.banking.BankHandoffResource;
import dev.vtlab.ping.HelloHandoffResource;
import dev.vtlab.ping.PingHandoffResource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Typed;
import jakarta.inject.Inject;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.UriInfo;
import java.net.URI;
import java.util.Set;

/**
 * The crossover design's router (DISPATCH_MODE=crossover): before JAX-RS matches a request to a resource, it sends
 * the request to the synchronous resource where the current mode answers synchronously ({@code threadpool}), or to the
 * asynchronous twin under {@link #ASYNC} in every other mode. Every request is re-addressed, to its own path or to its
 * twin's, so each mode pays the same for the routing. Registered only in the crossover's server, so a server of one
 * mode never runs it.
 */
@PreMatching
@ApplicationScoped
public class CrossoverRouter implements ContainerRequestFilter {

    /** Where the crossover's server serves the asynchronous twins. */
    public static final String ASYNC = "crossover-async";

    /** The first segments of the paths that have twins: the rest (health, the lab's endpoints) is never moved. */
    static final Set<String> TWINNED = Set.of("ping", "hello", "bank");

    @Inject
    Dispatcher dispatcher;

    @Override
    public void filter(ContainerRequestContext request) {
        UriInfo uri = request.getUriInfo();
        String path = uri.getPath(false);
        String relative = path.startsWith("/") ? path.substring(1) : path;
        int slash = relative.indexOf('/');
        String first = slash < 0 ? relative : relative.substring(0, slash);
        if (!TWINNED.contains(first)) {
            return;
        }
        String target = dispatcher.mode().answersAsync() ? ASYNC + "/" + relative : relative;
        String query = uri.getRequestUri().getRawQuery();
        URI base = uri.getBaseUri();
        request.setRequestUri(base, base.resolve(target + (query == null ? "" : "?" + query)));
    }

    /** {@link PingHandoffResource} where the crossover's router sends the asynchronous modes. */
    @Path(ASYNC + "/ping")
    @Typed(Ping.class)
    public static class Ping extends PingHandoffResource {}

    /** {@link HelloHandoffResource} where the crossover's router sends the asynchronous modes. */
    @Path(ASYNC + "/hello/{millis}")
    @Typed(Hello.class)
    public static class Hello extends HelloHandoffResource {}

    /** {@link BankHandoffResource} where the crossover's router sends the asynchronous modes. */
    @Path(ASYNC + "/bank")
    @Typed(Bank.class)
    public static class Bank extends BankHandoffResource {}
}
