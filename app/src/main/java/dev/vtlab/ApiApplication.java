package dev.vtlab;

import dev.vtlab.api.ErrorMappers;
import dev.vtlab.banking.BankHandoffResource;
import dev.vtlab.banking.BankResource;
import dev.vtlab.dispatch.ContextResource;
import dev.vtlab.dispatch.CrossoverResource;
import dev.vtlab.dispatch.CrossoverRouter;
import dev.vtlab.dispatch.DispatchHeaders;
import dev.vtlab.dispatch.Dispatcher;
import dev.vtlab.experiments.PinHandoffResource;
import dev.vtlab.experiments.PinResource;
import dev.vtlab.ping.HelloHandoffResource;
import dev.vtlab.ping.HelloResource;
import dev.vtlab.ping.PingHandoffResource;
import dev.vtlab.ping.PingResource;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The REST resources of this server's mode: where Liberty runs the request (its pool, or its work on virtual
 * threads), resources that answer synchronously, as a plain JAX-RS application does; where the application hands
 * the request off, their twins that answer through an AsyncResponse (see {@link Dispatcher}). Listed, not scanned, so
 * only one of each pair serves its path.
 */
@ApplicationPath("/api")
public class ApiApplication extends Application {

    /** The providers, and the one resource that serves both kinds of mode. */
    private static final Set<Class<?>> EVERY_MODE = Set.of(
            ErrorMappers.Api.class,
            ErrorMappers.Web.class,
            ErrorMappers.Unexpected.class,
            DispatchHeaders.class,
            ContextResource.class);

    @Override
    public Set<Class<?>> getClasses() {
        return classes(Dispatcher.resources(ConfigProvider.getConfig()
                .getOptionalValue(Dispatcher.MODE_KEY, String.class)
                .orElse(Dispatcher.DEFAULT_MODE)));
    }

    private static final Set<Class<?>> SYNCHRONOUS =
            Set.of(PingResource.class, HelloResource.class, BankResource.class, PinResource.class);

    private static final Set<Class<?>> ASYNCHRONOUS = Set.of(
            PingHandoffResource.class, HelloHandoffResource.class, BankHandoffResource.class, PinHandoffResource.class);

    /**
     * The crossover's extra classes: the synchronous resources serve their paths, the asynchronous twins theirs under
     * {@link CrossoverRouter#ASYNC}, and the router sends each request to the one the current mode answers with.
     */
    private static final Set<Class<?>> CROSSOVER = Set.of(
            CrossoverRouter.class,
            CrossoverResource.class,
            CrossoverRouter.Ping.class,
            CrossoverRouter.Hello.class,
            CrossoverRouter.Bank.class);

    /** The resources and providers of a server that registers {@code resources}. */
    static Set<Class<?>> classes(Dispatcher.Resources resources) {
        Stream<Class<?>> own =
                switch (resources) {
                    case SYNCHRONOUS -> SYNCHRONOUS.stream();
                    case ASYNCHRONOUS -> ASYNCHRONOUS.stream();
                    case BOTH -> Stream.concat(SYNCHRONOUS.stream(), CROSSOVER.stream());
                };
        return Stream.concat(own, EVERY_MODE.stream()).collect(Collectors.toUnmodifiableSet());
    }
}
