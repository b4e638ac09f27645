package dev.vtlab.compare;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * JMeter 5.6.3 as the jmeter-maven-plugin laid it out, and the command lines vtlab runs it with:
 * a local engine, or remote engines ({@code jmeter-server}) driven with {@code -R}.
 */
public final class JMeter {

    public static final String JAR = "ApacheJMeter-5.6.3.jar";

    private JMeter() {}

    /** Where the jmeter-configure execution put JMeter (the plugin records it in target/config.json). */
    public static Path home(Path basedir) throws IOException {
        Path config = basedir.resolve("target/config.json");
        if (!Files.exists(config)) {
            throw new Compare.Stopped(
                    config + " is missing: JMeter is set up by the build (./mvnw verify, or bin/jmeter)");
        }
        try (Reader reader = Files.newBufferedReader(config);
                JsonReader json = Json.createReader(reader)) {
            for (JsonValue c : json.readObject().getJsonArray("configurations")) {
                JsonObject conf = c.asJsonObject();
                if (conf.getString("executionID").equals("jmeter-configure")) {
                    return Path.of(conf.getString("jmeterDirectoryPath"));
                }
            }
        }
        throw new Compare.Stopped(config + " has no jmeter-configure execution");
    }

    /**
     * A headless run of {@code plan}. With no remote hosts the plan's properties go in as {@code -J};
     * with remote hosts the test runs on those engines, which do not see {@code -J}, so they go in as
     * {@code -G} (global) properties, and results stream back to this process.
     */
    public static List<String> run(
            String java,
            Path home,
            Path plan,
            Path jtl,
            Path log,
            Map<String, String> props,
            List<String> remoteHosts) {
        List<String> command = new ArrayList<>(List.of(
                java,
                "-jar",
                home.resolve("bin").resolve(JAR).toString(),
                "-n",
                "-t",
                plan.toString(),
                "-l",
                jtl.toString(),
                "-j",
                log.toString()));
        String flag = remoteHosts.isEmpty() ? "-J" : "-G";
        props.forEach((k, v) -> command.add(flag + k + "=" + v));
        if (!remoteHosts.isEmpty()) {
            // RMI without TLS: fine on loopback or a private test network; see docs/deploy.md for the keystore
            command.addAll(List.of("-R", String.join(",", remoteHosts), "-Jserver.rmi.ssl.disable=true"));
        }
        return command;
    }

    /** A remote engine (jmeter-server) listening on {@code port} of {@code host}, RMI without TLS. */
    public static List<String> engine(String java, Path home, String host, int port, Path log) {
        return List.of(
                java,
                "-Djava.rmi.server.hostname=" + host,
                "-jar",
                home.resolve("bin").resolve(JAR).toString(),
                "-s",
                "-j",
                log.toString(),
                "-Jserver.rmi.ssl.disable=true",
                "-Jserver_port=" + port,
                "-Jserver.rmi.localport=" + port);
    }
}
