package dev.vtlab.dispatch;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.ContextNotActiveException;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * What the thread that runs a request's work can reach, in every mode: the CDI request scope of the request (the
 * tag {@link DispatchHeaders} set on Liberty's thread), and MicroProfile Config. A diagnostic, not a load target.
 */
@Path("/context")
@ApplicationScoped
public class ContextResource {

    /** What the work saw of the request's CDI request scope. */
    public enum RequestScope {
        /** the same request scope as Liberty's request thread */
        PROPAGATED,
        /** a request scope, not the request's */
        ANOTHER,
        /** none: a request-scoped bean cannot be used there */
        NOT_ACTIVE
    }

    /**
     * Where the work ran; the request scope it saw ({@code tag}: the request's tag there, if any); whether a request
     * scope activated there ({@code @ActivateRequestContext}) serves a request-scoped bean; the DISPATCH_MODE MP Config
     * gave it.
     */
    public record Seen(
            String thread,
            boolean virtual,
            RequestScope requestScope,
            String tag,
            boolean activatedRequestScope,
            String dispatchMode) {}

    @Inject
    Dispatcher dispatcher;

    @Inject
    RequestTag tag;

    @Inject
    RequestScopeActivation activation;

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public void context(@Suspended AsyncResponse response) throws Exception {
        String expected = tag.tag();
        if (dispatcher.mode().handsOff()) {
            dispatcher.dispatch(response, () -> seen(expected));
        } else {
            response.resume(dispatcher.inPlace(() -> seen(expected)));
        }
    }

    private Response seen(String expected) {
        Thread current = Thread.currentThread();
        String seenTag;
        RequestScope scope;
        try {
            seenTag = tag.id();
            scope = expected.equals(seenTag) ? RequestScope.PROPAGATED : RequestScope.ANOTHER;
        } catch (ContextNotActiveException e) {
            seenTag = null;
            scope = RequestScope.NOT_ACTIVE;
        }
        String mode = ConfigProvider.getConfig()
                .getOptionalValue(Dispatcher.MODE_KEY, String.class)
                .orElse(Dispatcher.DEFAULT_MODE);
        boolean activated = activation.usable();
        return Response.ok(new Seen(current.toString(), current.isVirtual(), scope, seenTag, activated, mode))
                .build();
    }
}
