package dev.vtlab.remote;

import dev.vtlab.api.Params;
import dev.vtlab.remoteapi.RemoteLimits;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The one place that decides how long the remote system takes to answer: the server-wide
 * REMOTE_DELAY_MS (default 2 ms), unless a request asks for its own with {@code ?delayMs=}.
 * Both are bounded to 0..60000 ms. Resources call it as they parse a request, so that a bad
 * {@code delayMs} is refused before any work is done for the request.
 */
@ApplicationScoped
public class RemoteDelay {

    @Inject
    @ConfigProperty(name = "REMOTE_DELAY_MS", defaultValue = "2")
    int defaultMs;

    @PostConstruct
    void check() {
        if (defaultMs < 0 || defaultMs > RemoteLimits.MAX_DELAY_MS) {
            throw new IllegalArgumentException(
                    "REMOTE_DELAY_MS must be from 0 to " + RemoteLimits.MAX_DELAY_MS + ", not " + defaultMs);
        }
    }

    /** The delay for one request: its {@code delayMs} parameter when given, else the server default. */
    public Duration forRequest(String delayMsParam) {
        return Duration.ofMillis(Params.intOr(delayMsParam, "delayMs", defaultMs, 0, RemoteLimits.MAX_DELAY_MS));
    }
}
