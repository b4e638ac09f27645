package dev.vtlab.remote;

import dev.vtlab.remoteapi.RemoteCommand;
import dev.vtlab.remoteapi.RemoteLimits;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Where the remote system runs (REMOTE_MODE):
 * <ul>
 * <li>{@code process} (default): this server starts it as its own JVM on REMOTE_PORT, from REMOTE_CLASSPATH
 * (the remote system is not in the war; the app module's build points it at its module's classes) and on the same
 * JDK, with {@link RemoteCommand}'s command, and stops it when the app stops. The child also exits if
 * this server dies, so no orphan keeps the port. If something already answers on the port, it is used.</li>
 * <li>{@code external}: it runs elsewhere (another host, or started by hand); nothing is started.</li>
 * </ul>
 */
@ApplicationScoped
public class RemoteLauncher {

    private static final Logger LOG = Logger.getLogger(RemoteLauncher.class.getName());
    private static final long READY_TIMEOUT_MS = 20_000;

    @Inject
    @ConfigProperty(name = "REMOTE_MODE", defaultValue = "process")
    String mode;

    @Inject
    @ConfigProperty(name = "REMOTE_HOST", defaultValue = "localhost")
    String host;

    @Inject
    @ConfigProperty(name = "REMOTE_PORT", defaultValue = "9081")
    int port;

    @Inject
    @ConfigProperty(name = "REMOTE_ACCOUNTS", defaultValue = "1000")
    int accounts;

    /** More JVM options for the remote, after {@link RemoteCommand#HEAP}. */
    @Inject
    @ConfigProperty(name = "REMOTE_JVM_OPTIONS")
    Optional<String> jvmOptions;

    @Inject
    @ConfigProperty(name = "REMOTE_CLASSPATH")
    Optional<String> classpath;

    private Process process;

    public URI baseUri() {
        return URI.create("http://" + host + ":" + port + "/");
    }

    void start(@Observes Startup startup) throws IOException, InterruptedException {
        if (mode.equals("external")) {
            LOG.info("vtlab remote system: external, at " + baseUri());
            return;
        }
        if (!mode.equals("process")) {
            throw new IllegalArgumentException("REMOTE_MODE must be 'process' or 'external', not '" + mode + "'");
        }
        if (accounts < 1 || accounts > RemoteLimits.MAX_ACCOUNTS) {
            throw new IllegalArgumentException("REMOTE_ACCOUNTS must be from 1 to " + RemoteLimits.MAX_ACCOUNTS);
        }
        if (answers()) {
            LOG.warning("vtlab remote system: something already listens on " + baseUri() + "; using it");
            return;
        }
        List<String> options = jvmOptions.stream()
                .flatMap(o -> Arrays.stream(o.trim().split("\\s+")))
                .filter(option -> !option.isEmpty())
                .toList();
        List<String> command = RemoteCommand.command(
                RemoteCommand.currentJava(),
                classpath.orElseThrow(
                        () -> new IllegalStateException("REMOTE_MODE=process needs REMOTE_CLASSPATH, where the"
                                + " remote system's classes are (" + RemoteCommand.MAIN_CLASS
                                + "; the build sets it for its"
                                + " servers), or use REMOTE_MODE=external")),
                host,
                port,
                accounts,
                ProcessHandle.current().pid(),
                options);
        Path log = Path.of("logs", "remote.log").toAbsolutePath();
        Files.createDirectories(log.getParent());
        process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        long deadline = System.currentTimeMillis() + READY_TIMEOUT_MS;
        while (!answers()) {
            if (!process.isAlive() || System.currentTimeMillis() > deadline) {
                throw new IllegalStateException("the remote system did not start on " + baseUri() + "; see " + log);
            }
            Thread.sleep(50);
        }
        LOG.info("vtlab remote system: started as pid " + process.pid() + " at " + baseUri() + " (log: " + log + ")");
    }

    @PreDestroy
    void stop() {
        if (process == null) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private boolean answers() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
