package it.dev.vtlab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.vtlab.compare.Compare;
import dev.vtlab.compare.preflight.Preflight;
import dev.vtlab.compare.raw.Jtl;
import dev.vtlab.compare.run.JMeter;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JMeter's distributed mode on loopback: a jmeter-server engine started here runs the ping plan
 * against the threadpool server while this test's JMeter client only steers it and collects the
 * results, as a load generator on another host would (docs/deploy.md).
 */
class DistributedJMeterIT {

    @Test
    void aPlanRunsOnARemoteEngineAndItsResultsComeBack(@TempDir Path dir) throws Exception {
        assumeFalse(Lab.DEV_MODE, "needs the JMeter the build lays out in pre-integration-test");
        Path home = Preflight.jmeterHome(Lab.LAYOUT);
        String java = ProcessHandle.current().info().command().orElseThrow();
        int enginePort = Integer.parseInt(System.getProperty("it.jmeter.engine.port"));
        URI server = Lab.THREADPOOL.app("/");
        String remote = "127.0.0.1:" + enginePort;

        Process engine = startEngine(home, "127.0.0.1", enginePort, dir);
        try {
            List<String> client = new ArrayList<>(JMeter.run(
                    java,
                    home,
                    Lab.LAYOUT.plans().resolve("ping.jmx"),
                    dir.resolve("results.jtl"),
                    dir.resolve("client.log"),
                    Map.of(
                            "HOST",
                            server.getHost(),
                            "PORT",
                            String.valueOf(server.getPort()),
                            "THREADS",
                            "4",
                            "RAMP",
                            "1",
                            "DURATION",
                            "4"),
                    List.of(remote)));
            Process run = new ProcessBuilder(client)
                    .redirectErrorStream(true)
                    .redirectOutput(dir.resolve("client.out").toFile())
                    .start();
            if (!run.waitFor(120, TimeUnit.SECONDS)) {
                run.destroyForcibly();
                throw new AssertionError(
                        "the distributed run did not end within 120 s: " + Files.readString(dir.resolve("client.out")));
            }
            String clientOut = Files.readString(dir.resolve("client.out"));
            assertEquals(0, run.exitValue(), clientOut);
            assertTrue(
                    Files.readString(dir.resolve("client.log"))
                            .contains("Starting distributed test with remote engines: [" + remote + "]"),
                    "the client drove the remote engine");
            assertTrue(
                    Files.readString(dir.resolve("engine.log")).contains("Running the test!"),
                    "the engine ran the plan");
            // an engine names its threads after itself: every sample must come from one of them
            List<String> samples = Files.readAllLines(dir.resolve("results.jtl"));
            assertTrue(samples.size() > 1, "no samples came back");
            for (String sample : samples.subList(1, samples.size())) {
                assertTrue(sample.contains("," + remote + "-ping users "), "a sample not run by the engine: " + sample);
            }

            List<Jtl.Sample> results = Jtl.read(dir.resolve("results.jtl"));
            assertFalse(results.isEmpty(), "results came back from the engine: " + clientOut);
            assertEquals(0, results.stream().filter(s -> !s.success()).count(), clientOut);
        } finally {
            engine.descendants().forEach(ProcessHandle::destroyForcibly);
            engine.destroyForcibly();
            engine.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /**
     * The comparison scaled out as docs/deploy.md describes, on two more loopback addresses of this machine: its
     * server bound to 127.0.0.2 only, the load from a jmeter-server engine on 127.0.0.3.
     */
    @Test
    void aComparisonRunsItsServerOnTheHostItIsGivenWithTheLoadFromARemoteEngine(@TempDir Path dir) throws Exception {
        assumeFalse(Lab.DEV_MODE, "the comparison starts servers of its own; run it with ./mvnw verify");
        int enginePort = Integer.parseInt(System.getProperty("it.scaleout.engine.port"));
        int port = Integer.parseInt(System.getProperty("it.scaleout.port"));
        Process engine = startEngine(Preflight.jmeterHome(Lab.LAYOUT), "127.0.0.3", enginePort, dir);
        try {
            Properties p = new Properties();
            p.setProperty("compare.profile", "smoke");
            p.setProperty("compare.tests", "ping");
            p.setProperty("compare.repeats", "1");
            p.setProperty("compare.modes", "threadpool");
            p.setProperty("compare.port", String.valueOf(port));
            p.setProperty("compare.remotePort", System.getProperty("it.scaleout.remote.port"));
            p.setProperty("compare.serverHost", "127.0.0.2");
            p.setProperty("compare.remoteHosts", "127.0.0.3:" + enginePort);
            p.setProperty("compare.out", dir.resolve("report").toString());
            p.setProperty("compare.history", "none");
            Path report = Compare.run(p, Lab.ROOT);
            JsonObject run;
            try (JsonReader in = Json.createReader(Files.newBufferedReader(report.resolve("summary.json")))) {
                run = in.readObject().getJsonArray("runs").getJsonObject(0);
            }
            assertTrue(run.getJsonNumber("successes").longValue() > 0, run.toString());
            assertEquals(0, run.getJsonNumber("errors").longValue(), run.toString());
            assertTrue(
                    Files.readString(dir.resolve("engine.log")).contains("Running the test!"),
                    "the engine on 127.0.0.3 ran the plan");
            String messages =
                    Files.readString(report.resolve(run.getString("dir")).resolve("messages.log"));
            assertTrue(
                    messages.contains("listening for requests on host 127.0.0.2 ") && messages.contains("port " + port),
                    "the server listened on 127.0.0.2 only: "
                            + messages.lines()
                                    .filter(l -> l.contains("CWWKO0219I"))
                                    .toList());
        } finally {
            engine.descendants().forEach(ProcessHandle::destroyForcibly);
            engine.destroyForcibly();
            engine.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** A jmeter-server engine on {@code host}:{@code port}, once it says it is ready. */
    private static Process startEngine(Path home, String host, int port, Path dir) throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process engine = new ProcessBuilder(engine(java, home, host, port, dir.resolve("engine.log")))
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("engine.out").toFile())
                .start();
        try {
            waitForLine(dir.resolve("engine.out"), "Created remote object", engine);
        } catch (Exception | AssertionError e) {
            engine.destroyForcibly();
            throw e;
        }
        return engine;
    }

    private static void waitForLine(Path file, String text, Process process) throws IOException, InterruptedException {
        for (long deadline = System.nanoTime() + 60_000_000_000L; System.nanoTime() < deadline; Thread.sleep(200)) {
            if (Files.exists(file) && Files.readString(file).contains(text)) {
                return;
            }
            if (!process.isAlive()) {
                throw new AssertionError("jmeter-server exited: " + Files.readString(file));
            }
        }
        throw new AssertionError("jmeter-server did not start within 60 s: " + Files.readString(file));
    }

    /** A remote engine as docs/deploy.md starts one: jmeter-server on {@code port} of {@code host}, RMI without TLS. */
    private static List<String> engine(String java, Path home, String host, int port, Path log) {
        return List.of(
                java,
                "-Djava.rmi.server.hostname=" + host,
                "-jar",
                home.resolve("bin").resolve(JMeter.JAR).toString(),
                "-s",
                "-j",
                log.toString(),
                "-Jserver.rmi.ssl.disable=true",
                "-Jserver_port=" + port,
                "-Jserver.rmi.localport=" + port);
    }
}
