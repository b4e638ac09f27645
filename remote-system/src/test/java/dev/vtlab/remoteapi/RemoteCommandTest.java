package dev.vtlab.remoteapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.remotesystem.RemoteSystem;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class RemoteCommandTest {

    @Test
    void namesTheRemoteSystemsMainClass() {
        assertEquals(RemoteSystem.class.getName(), RemoteCommand.MAIN_CLASS);
    }

    @Test
    void putsTheHeapFirstSoThatTheCallersOptionsWin() {
        List<String> command = RemoteCommand.command("java", "classes", "localhost", 9081, 1000, 42, List.of("-Xmx2g"));
        assertEquals(
                List.of(
                        "java",
                        "-Xms64m",
                        "-Xmx1g",
                        "-Xmx2g",
                        "-cp",
                        "classes",
                        RemoteCommand.MAIN_CLASS,
                        "--host",
                        "localhost",
                        "--port",
                        "9081",
                        "--accounts",
                        "1000",
                        "--parent-pid",
                        "42"),
                command);
        assertThrows(
                IllegalArgumentException.class,
                () -> RemoteCommand.command(
                        "java", "classes", "localhost", 9081, RemoteLimits.MAX_ACCOUNTS + 1, 42, List.of()));
    }

    @Test
    void theCommandStartsARemoteThatAnswers() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Process remote = new ProcessBuilder(RemoteCommand.command(
                        RemoteCommand.currentJava(),
                        // this module's classes and the contract's, as this test's own JVM has them
                        System.getProperty("java.class.path"),
                        "localhost",
                        port,
                        3,
                        ProcessHandle.current().pid(),
                        List.of()))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        try (HttpClient http = HttpClient.newHttpClient()) {
            HttpRequest health = HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/health"))
                    .timeout(Duration.ofSeconds(2))
                    .build();
            HttpResponse<String> response = null;
            for (long deadline = System.currentTimeMillis() + 20_000;
                    response == null && System.currentTimeMillis() < deadline; ) {
                try {
                    response = http.send(health, HttpResponse.BodyHandlers.ofString());
                } catch (IOException notYet) {
                    Thread.sleep(100);
                }
            }
            assertTrue(response != null && response.body().contains("\"accounts\":3"), String.valueOf(response));
        } finally {
            remote.destroy();
            remote.waitFor();
        }
    }
}
