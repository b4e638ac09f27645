package dev.vtlab.dispatch;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.control.ActivateRequestContext;
import jakarta.inject.Inject;

/**
 * Whether a request-scoped bean can be used once a request scope is activated on the current thread: what work
 * handed to another thread does when it needs one, as the request's own does not follow it there.
 */
@ApplicationScoped
class RequestScopeActivation {

    @Inject
    RequestTag tag;

    @ActivateRequestContext
    boolean usable() {
        return tag.tag() != null;
    }
}
