package it.dev.vtlab;

import dev.vtlab.compare.preflight.Prepared;
import dev.vtlab.compare.run.LabServers;
import dev.vtlab.compare.run.ServerLayout;
import dev.vtlab.compare.settings.CompareSettings;
import dev.vtlab.compare.settings.Layout;
import dev.vtlab.dispatch.DispatchMode;
import dev.vtlab.measurement.Machine;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The servers the integration tests run against. Under {@code ./mvnw verify}: one app server per
 * dispatch mode ({@link DispatchMode}), each with the remote-system process it launched (URLs from
 * failsafe's system properties {@code it.<mode>.url}). Under {@code liberty:dev} (press Enter to run
 * tests): only the dev server, in whatever mode it runs, and the tests that would disturb it are skipped.
 */
public final class Lab {

    public static final HttpClient HTTP = newClient(Duration.ofSeconds(5));
    /** The project's root: its docs, plans, samples and modules, and where the lab writes by default. */
    public static final Path ROOT =
            Path.of(System.getProperty("vtlab.root", "..")).toAbsolutePath().normalize();
    /** Where the build left what the lab runs. */
    public static final Layout LAYOUT = new Layout(ROOT);

    /** Set by liberty:dev for the tests it runs against the dev server. */
    private static final String DEV_PORT = System.getProperty("liberty.http.port");

    public static final boolean DEV_MODE = DEV_PORT != null;

    private static final Map<DispatchMode, Lab> BY_MODE = new EnumMap<>(DispatchMode.class);

    static {
        for (DispatchMode mode : DispatchMode.values()) {
            BY_MODE.put(mode, new Lab(mode));
        }
    }

    public static final Lab THREADPOOL = of(DispatchMode.THREADPOOL);
    public static final Lab VIRTUAL = of(DispatchMode.VIRTUAL);

    /** The mode's name, as the X-Dispatch header says it. */
    public final String mode;

    public final DispatchMode dispatch;

    private Lab(DispatchMode dispatch) {
        this.dispatch = dispatch;
        this.mode = dispatch.label();
    }

    public static Lab of(DispatchMode mode) {
        return BY_MODE.get(mode);
    }

    /** Every mode the build started a server for (or the dev server's mode). */
    public static Stream<Lab> modes() {
        if (DEV_MODE) {
            String devMode = get(URI.create("http://localhost:" + DEV_PORT + "/api/ping"))
                    .headers()
                    .firstValue("X-Dispatch")
                    .orElseThrow();
            return Stream.of(of(DispatchMode.parse(devMode)));
        }
        return BY_MODE.values().stream().filter(lab -> System.getProperty("it." + lab.mode + ".url") != null);
    }

    /**
     * The comparison's servers (the build's vtlab-compare, laid out per mode as a comparison does) on the ports
     * the stop tests own, sharing every CPU: the same code a comparison starts its runs with.
     */
    public static LabServers compareServers() throws IOException {
        Properties p = new Properties();
        p.setProperty("compare.port", System.getProperty("it.stop.port"));
        p.setProperty("compare.remotePort", System.getProperty("it.stop.remote.port"));
        p.setProperty("compare.serverCpus", "all"); // a functional test: no pinning
        p.setProperty(
                "compare.modes",
                Stream.of(DispatchMode.values()).map(DispatchMode::label).collect(Collectors.joining(",")));
        CompareSettings settings =
                CompareSettings.from(p, ROOT, Machine.allowedCpus(), System.getProperty("user.home"));
        int port = Integer.parseInt(System.getProperty("it.stop.port"));
        ServerLayout.prepare(settings, null, port);
        String java = ProcessHandle.current().info().command().orElseThrow();
        return new LabServers(new Prepared(settings, null, port, null, java, List.of(), List.of(), null, null));
    }

    /** Deletes {@code dir} and all it holds, when it exists: only for directories a test created. */
    public static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    @Override
    public String toString() {
        return mode;
    }

    /**
     * An HTTP/1.1 client like the one load tools use (one connection per request in flight). Tests
     * that open thousands of connections take their own and close it, so none stay open after them.
     */
    public static HttpClient newClient(Duration connectTimeout) {
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(connectTimeout)
                .build();
    }

    public URI app(String path) {
        return URI.create((DEV_MODE ? "http://localhost:" + DEV_PORT : property("it." + mode + ".url")) + path);
    }

    public URI remote(String path) {
        String devRemote = "http://localhost:" + System.getenv().getOrDefault("REMOTE_PORT", "9081");
        return URI.create((DEV_MODE ? devRemote : property("it." + mode + ".remote.url")) + path);
    }

    public static int remoteTimeoutMs() {
        return Integer.parseInt(property("it.remote.timeout.ms"));
    }

    private static String property(String name) {
        String value = System.getProperty(name);
        if (value == null) {
            throw new IllegalStateException(name + " is not set: run the integration tests with ./mvnw verify");
        }
        return value;
    }

    public static HttpResponse<String> get(URI uri) {
        return send(HttpRequest.newBuilder(uri).GET());
    }

    public static HttpResponse<String> postJson(URI uri, String json) {
        return send(HttpRequest.newBuilder(uri)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    public static HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return HTTP.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new AssertionError("request failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    public static JsonObject json(HttpResponse<String> response) {
        try (JsonReader reader = Json.createReader(new StringReader(response.body()))) {
            return reader.readObject();
        }
    }

    /** The sum of all balances, read from the bank (which asks its remote). */
    public String ledgerTotal() {
        HttpResponse<String> response = get(app("/api/bank/ledger/total?delayMs=0"));
        if (response.statusCode() != 200) {
            throw new AssertionError("ledger/total answered " + response.statusCode() + ": " + response.body());
        }
        return json(response).getJsonNumber("total").bigDecimalValue().toPlainString();
    }
}
