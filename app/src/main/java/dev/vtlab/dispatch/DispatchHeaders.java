package dev.vtlab.dispatch;

import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.ext.Provider;

/**
 * Marks every /api answer with the dispatch mode and the threads that served it, so a test (or a curl)
 * can see where the work ran:
 * <ul>
 * <li>{@code X-Dispatch}: the mode;</li>
 * <li>{@code X-Request-Thread}: the thread the JAX-RS request filter ran on (Liberty's, in every mode);</li>
 * <li>{@code X-Dispatch-Thread}: the thread that produced the answer, which is the thread the resource
 * ran on (response filters run on the thread that resumes the request);</li>
 * <li>{@code X-Virtual}: {@code filter=<isVirtual>; resource=<isVirtual>} of those two threads.</li>
 * </ul>
 */
@Provider
public class DispatchHeaders implements ContainerRequestFilter, ContainerResponseFilter {

    private static final String REQUEST_THREAD = DispatchHeaders.class.getName() + ".thread";

    @Inject
    Dispatcher dispatcher;

    @Override
    public void filter(ContainerRequestContext request) {
        request.setProperty(REQUEST_THREAD, Thread.currentThread());
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        Thread resource = Thread.currentThread();
        var headers = response.getHeaders();
        headers.putSingle("X-Dispatch", dispatcher.mode().label());
        headers.putSingle("X-Dispatch-Thread", resource.toString());
        // absent when the request never reached the filters (e.g. no such resource)
        if (request.getProperty(REQUEST_THREAD) instanceof Thread filter) {
            headers.putSingle("X-Request-Thread", filter.toString());
            headers.putSingle("X-Virtual", "filter=" + filter.isVirtual() + "; resource=" + resource.isVirtual());
        }
    }
}
