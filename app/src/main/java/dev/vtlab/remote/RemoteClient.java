package dev.vtlab.remote;

import dev.vtlab.api.ApiException;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.StringReader;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Timer;
import org.eclipse.microprofile.metrics.annotation.RegistryScope;

/**
 * Calls the remote system with the JDK HttpClient. A blocking {@code send} parks a virtual thread
 * without pinning its carrier, and on a pool thread it blocks like any other client; the client's own
 * completion work runs on a small fixed pool so neither mode grows hidden threads under load.
 * Failures become the bank's answers: remote down or not connected within REMOTE_CONNECT_TIMEOUT_MS 502,
 * slower than REMOTE_TIMEOUT_MS 504.
 *
 * <p>The JDK client's connect timeout is not the TCP handshake alone: its timer starts when {@code send}
 * opens the socket and stops only when one of the client's own threads has finished the connect (its
 * selector thread sees the socket connected, then a task on {@code clientThreads} takes it). When a
 * thousand requests call at once on a busy CPU, most of that time is the wait for those threads, so the
 * default is 10 s, like the JMeter plans' connect timeout; a remote that is down refuses at once anyway.
 */
@ApplicationScoped
public class RemoteClient {

    private static final Logger LOG = Logger.getLogger(RemoteClient.class.getName());
    private final AtomicLong lastFailureLogged = new AtomicLong(System.nanoTime() - 2_000_000_000L);

    public record Reply(int status, JsonObject body) {}

    @Inject
    RemoteLauncher launcher;

    @Inject
    @ConfigProperty(name = "REMOTE_TIMEOUT_MS", defaultValue = "65000")
    int timeoutMs;

    @Inject
    @ConfigProperty(name = "REMOTE_CONNECT_TIMEOUT_MS", defaultValue = "10000")
    int connectTimeoutMs;

    @Inject
    @RegistryScope(scope = MetricRegistry.APPLICATION_SCOPE)
    MetricRegistry registry;

    private Timer callTimer;
    private ExecutorService clientThreads;
    private HttpClient http;
    private URI base;

    @PostConstruct
    void init() {
        if (timeoutMs < 1 || timeoutMs > 600_000) {
            throw new IllegalArgumentException("REMOTE_TIMEOUT_MS must be from 1 to 600000, not " + timeoutMs);
        }
        if (connectTimeoutMs < 1 || connectTimeoutMs > 60_000) {
            throw new IllegalArgumentException(
                    "REMOTE_CONNECT_TIMEOUT_MS must be from 1 to 60000, not " + connectTimeoutMs);
        }
        int threads = Math.max(4, 2 * Runtime.getRuntime().availableProcessors());
        clientThreads = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "vtlab-remote-client");
            t.setDaemon(true);
            return t;
        });
        http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofMillis(connectTimeoutMs))
                .executor(clientThreads)
                .build();
        base = launcher.baseUri();
        callTimer = registry.timer(Metadata.builder()
                .withName("vtlab_remote_call")
                .withDescription(
                        "Calls to the remote system, from send to answer or failure (includes the remote delay).")
                .build());
    }

    @PreDestroy
    void close() {
        http.close();
        clientThreads.shutdownNow();
    }

    /** GET {@code path}, answered by the remote after {@code delay} (see {@link RemoteDelay}). */
    public Reply get(String path, Duration delay) {
        return call(HttpRequest.newBuilder(uri(path, delay)).GET());
    }

    /** POST {@code form} to {@code path}, answered by the remote after {@code delay}. */
    public Reply postForm(String path, Duration delay, String form) {
        return call(HttpRequest.newBuilder(uri(path, delay))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)));
    }

    private URI uri(String path, Duration delay) {
        return base.resolve(path + (path.contains("?") ? "&" : "?") + "delayMs=" + delay.toMillis());
    }

    private Reply call(HttpRequest.Builder request) {
        HttpResponse<String> response;
        long start = System.nanoTime();
        try (Timer.Context timing = callTimer.time()) {
            response = http.send(
                    request.timeout(Duration.ofMillis(timeoutMs)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (HttpConnectTimeoutException e) {
            throw notConnected(e);
        } catch (ConnectException e) {
            throw unavailable("the remote system at " + base + " is not reachable", e);
        } catch (HttpTimeoutException e) {
            if (System.nanoTime() - start < timeoutMs * 1_000_000L) {
                // Earlier than timeoutMs this is the connect timer, not the request timer: when it fires as the
                // connect completes, the JDK reports "request timed out", and send() drops the cause.
                throw notConnected(e);
            }
            logFailure("504", "no answer within " + timeoutMs + " ms", e);
            throw new ApiException(
                    Response.Status.GATEWAY_TIMEOUT,
                    "remote_timeout",
                    null,
                    "the remote system did not answer within " + timeoutMs + " ms");
        } catch (IOException e) {
            // closed or reset mid-call (e.g. the remote died); the cause is for the server log, not the client
            throw unavailable("the connection to the remote system was closed or reset before it answered", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw unavailable("interrupted while waiting for the remote system", e);
        }
        if (response.statusCode() >= 500) {
            throw unavailable("the remote system failed with HTTP " + response.statusCode(), null);
        }
        try (JsonReader reader = Json.createReader(new StringReader(response.body()))) {
            return new Reply(response.statusCode(), reader.readObject());
        } catch (JsonException | IllegalStateException e) {
            throw unavailable("the remote system sent a malformed answer", e);
        }
    }

    private ApiException notConnected(Exception cause) {
        return unavailable(
                "no connection to the remote system at " + base + " within " + connectTimeoutMs
                        + " ms (REMOTE_CONNECT_TIMEOUT_MS)",
                cause);
    }

    /**
     * A 502, and (as for a 504) its cause in messages.log — the client gets the message, not the cause —
     * at most one line a second, so a remote outage under load does not flood the log.
     */
    private ApiException unavailable(String message, Exception cause) {
        logFailure("502", message, cause);
        return unavailable(message);
    }

    private void logFailure(String status, String message, Exception cause) {
        long now = System.nanoTime();
        long last = lastFailureLogged.get();
        if (now - last > 1_000_000_000L && lastFailureLogged.compareAndSet(last, now)) {
            LOG.log(
                    Level.WARNING,
                    "remote call failed (" + status + " to the client): " + message
                            + (cause == null ? "" : ": " + cause),
                    cause);
        }
    }

    private static ApiException unavailable(String message) {
        return new ApiException(Response.Status.BAD_GATEWAY, "remote_unavailable", null, message);
    }
}
