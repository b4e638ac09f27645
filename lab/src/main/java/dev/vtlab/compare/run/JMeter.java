package dev.vtlab.compare.run;

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
}
