package dev.vtlab.dispatch;

import jakarta.enterprise.context.RequestScoped;
import java.util.UUID;

/**
 * A request-scoped bean {@link ContextResource} tags on Liberty's request thread, so that it can tell whether the
 * thread its work ran on saw the same CDI request scope.
 */
@RequestScoped
public class RequestTag {

    private String id;

    /** Tags this request, once; the tag. */
    public String tag() {
        if (id == null) {
            id = UUID.randomUUID().toString();
        }
        return id;
    }

    /** The tag, or null when nothing tagged this request scope. */
    public String id() {
        return id;
    }
}
