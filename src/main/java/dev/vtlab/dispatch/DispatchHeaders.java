package dev.vtlab.dispatch;

import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.ext.Provider;

/**
 * Marks every /api answer with the dispatch mode (X-Dispatch) and the thread that produced it
 * (X-Dispatch-Thread). Response filters run on the thread that resumes the request, which is the
 * thread the work ran on.
 */
@Provider
public class DispatchHeaders implements ContainerResponseFilter {

    @Inject
    Dispatcher dispatcher;

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        response.getHeaders().putSingle("X-Dispatch", dispatcher.mode().label());
        response.getHeaders().putSingle("X-Dispatch-Thread", Thread.currentThread().toString());
    }
}
