package it.dev.vtlab;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Assumptions;

/**
 * A real headless Chromium driven over the DevTools protocol with the JDK's own HTTP and WebSocket
 * clients (no WebDriver download): open a page, evaluate JavaScript in it, always kill the browser.
 */
final class HeadlessChromium implements AutoCloseable {

    private static final Duration STARTUP = Duration.ofSeconds(30);
    private final Process process;
    private final Path profile;
    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonObject>> replies = new ConcurrentHashMap<>();

    private HeadlessChromium(Process process, Path profile, WebSocket socket) {
        this.process = process;
        this.profile = profile;
        this.socket = socket;
    }

    /** Debian's chromium; CI installs it (.ci/run) and sets VTLAB_REQUIRE_BROWSER so its absence fails there. */
    static Path find() {
        for (String candidate : List.of("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")) {
            if (Files.isExecutable(Path.of(candidate))) {
                return Path.of(candidate);
            }
        }
        String message = "no headless Chromium here (apt-get install chromium)";
        if (System.getenv("VTLAB_REQUIRE_BROWSER") != null) {
            throw new AssertionError(message);
        }
        Assumptions.abort(message);
        return null;
    }

    /** Starts Chromium showing {@code url}. */
    static HeadlessChromium open(Path chromium, String url) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory("vtlab-chromium");
        Process process = new ProcessBuilder(
                        chromium.toString(),
                        "--headless",
                        "--no-sandbox",
                        "--disable-gpu",
                        "--disable-dev-shm-usage",
                        "--no-first-run",
                        // no updates, sync or extensions: nothing but the page competes for the shared CPUs
                        "--disable-background-networking",
                        "--disable-component-update",
                        "--disable-extensions",
                        "--disable-sync",
                        "--mute-audio",
                        "--remote-debugging-port=0",
                        "--remote-allow-origins=*",
                        "--user-data-dir=" + profile,
                        url)
                .redirectErrorStream(true)
                .redirectOutput(profile.resolve("chromium.log").toFile())
                .start();
        try {
            URI page = pageSocket(profile);
            HeadlessChromium[] self = new HeadlessChromium[1];
            WebSocket socket = HttpClient.newHttpClient()
                    .newWebSocketBuilder()
                    .buildAsync(page, new WebSocket.Listener() {
                        private final StringBuilder text = new StringBuilder();

                        @Override
                        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
                            text.append(data);
                            if (last) {
                                self[0].reply(text.toString());
                                text.setLength(0);
                            }
                            ws.request(1);
                            return null;
                        }
                    })
                    .get(STARTUP.toSeconds(), TimeUnit.SECONDS);
            self[0] = new HeadlessChromium(process, profile, socket);
            return self[0];
        } catch (Exception e) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            throw new IOException("could not drive chromium: " + e + "; log: " + profile.resolve("chromium.log"), e);
        }
    }

    /** The value of a JavaScript expression in the page (strings, numbers, booleans). */
    JsonValue evaluate(String expression) throws Exception {
        int id = ids.incrementAndGet();
        CompletableFuture<JsonObject> reply = new CompletableFuture<>();
        replies.put(id, reply);
        socket.sendText(
                        Json.createObjectBuilder()
                                .add("id", id)
                                .add("method", "Runtime.evaluate")
                                .add(
                                        "params",
                                        Json.createObjectBuilder()
                                                .add("expression", expression)
                                                .add("returnByValue", true))
                                .build()
                                .toString(),
                        true)
                .get(10, TimeUnit.SECONDS);
        JsonObject result =
                reply.get(20, TimeUnit.SECONDS).getJsonObject("result").getJsonObject("result");
        return result.containsKey("value") ? result.get("value") : JsonValue.NULL;
    }

    /** The last lines Chromium printed, for a failure's message: the profile holding them goes at close. */
    String logTail() throws IOException {
        List<String> lines = Files.readAllLines(profile.resolve("chromium.log"));
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
    }

    private void reply(String message) {
        try (JsonReader reader = Json.createReader(new StringReader(message))) {
            JsonObject json = reader.readObject();
            if (json.containsKey("id")) {
                CompletableFuture<JsonObject> waiting = replies.remove(json.getInt("id"));
                if (waiting != null) {
                    waiting.complete(json);
                }
            }
        }
    }

    /** Chromium writes the port it chose into DevToolsActivePort; the page's socket is listed on /json/list. */
    private static URI pageSocket(Path profile) throws Exception {
        Path portFile = profile.resolve("DevToolsActivePort");
        HttpClient http = HttpClient.newHttpClient();
        for (long deadline = System.nanoTime() + STARTUP.toNanos(); System.nanoTime() < deadline; Thread.sleep(200)) {
            if (!Files.exists(portFile)) {
                continue;
            }
            List<String> lines = Files.readAllLines(portFile);
            if (lines.isEmpty() || lines.get(0).isBlank()) {
                continue;
            }
            HttpResponse<String> list = http.send(
                    HttpRequest.newBuilder(URI.create(
                                    "http://127.0.0.1:" + lines.get(0).trim() + "/json/list"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            try (JsonReader reader = Json.createReader(new StringReader(list.body()))) {
                for (JsonValue target : reader.readArray()) {
                    JsonObject t = target.asJsonObject();
                    if (t.getString("type", "").equals("page") && t.containsKey("webSocketDebuggerUrl")) {
                        return URI.create(t.getString("webSocketDebuggerUrl"));
                    }
                }
            }
        }
        throw new IllegalStateException("chromium did not open its DevTools port within " + STARTUP.toSeconds() + " s");
    }

    @Override
    public void close() {
        socket.abort();
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
            deleteProfile();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The profile directory open() created, unless the browser is still writing to it. */
    private void deleteProfile() {
        if (process.isAlive()) {
            return;
        }
        try {
            Lab.deleteTree(profile);
        } catch (IOException e) {
            System.out.println("[chromium] could not delete " + profile + ": " + e);
        }
    }
}
