package dev.vtlab.dispatch;

import dev.vtlab.api.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The crossover design's switch and counters (DISPATCH_MODE=crossover): which mode new requests take, and how many
 * requests each mode has answered, read by the lab at each slice's edges. Registered only in the crossover's server.
 */
@Path("/lab/crossover")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
public class CrossoverResource {

    /** What the lab reads: the mode now, and the requests each mode has answered since the server started. */
    public record State(String mode, Map<String, Long> answered) {}

    @Inject
    Dispatcher dispatcher;

    @GET
    public State state() {
        Map<String, Long> answered = new LinkedHashMap<>();
        dispatcher.answered().forEach((mode, n) -> answered.put(mode.label(), n));
        return new State(dispatcher.mode().label(), answered);
    }

    /** Switches new requests to {@code mode}; answers the state after the switch. */
    @PUT
    public State switchTo(@QueryParam("mode") String mode) {
        if (mode == null || mode.isBlank()) {
            throw ApiException.badRequest("mode", "is required: one of " + labels());
        }
        DispatchMode parsed;
        try {
            parsed = DispatchMode.parse(mode);
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest("mode", "must be one of " + labels() + ", not '" + mode + "'");
        }
        if (!dispatcher.modes().contains(parsed)) {
            throw ApiException.badRequest("mode", "must be one of " + labels() + ", not '" + mode + "'");
        }
        dispatcher.switchTo(parsed);
        return state();
    }

    private String labels() {
        return dispatcher.modes().stream().map(DispatchMode::label).toList().toString();
    }
}
