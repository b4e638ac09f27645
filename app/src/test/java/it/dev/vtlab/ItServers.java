package it.dev.vtlab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Starts the integration tests' servers (created and deployed by liberty:create and liberty:deploy) all at once and
 * waits until each says it is ready, as liberty:start does for one; later stops them all at once, as liberty:stop
 * does for one. One after the other, the starts took 70–100 s of every {@code ./mvnw verify} and the stops about
 * 20 s, mostly waiting. Run by the build in pre- and post-integration-test. Arguments: {@code start} or {@code stop},
 * the Liberty install (wlp), then the server names.
 */
public final class ItServers {

    /** Liberty's "the server is ready" (its applications have started or failed), what liberty:start waits for. */
    private static final String READY = "CWWKF0011I";

    private static final long TIMEOUT_S = 180;

    private ItServers() {}

    public static void main(String[] args) throws Exception {
        boolean start =
                switch (args[0]) {
                    case "start" -> true;
                    case "stop" -> false;
                    default -> throw new IllegalArgumentException("start or stop, not " + args[0]);
                };
        Path wlp = Path.of(args[1]);
        List<String> servers = List.of(args).subList(2, args.length);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_S);
        List<Process> commands = new ArrayList<>();
        for (String server : servers) {
            Path logs = logs(wlp, server);
            Files.createDirectories(logs);
            if (start) {
                Files.deleteIfExists(logs.resolve("messages.log"));
            }
            // clean, as the liberty plugin's <clean>true</clean> starts every server
            List<String> command = start
                    ? List.of(wlp.resolve("bin/server").toString(), "start", server, "--clean")
                    : List.of(wlp.resolve("bin/server").toString(), "stop", server);
            commands.add(new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(logs.resolve(args[0] + ".out").toFile())
                    .start());
        }
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < servers.size(); i++) {
            String server = servers.get(i);
            Path out = logs(wlp, server).resolve(args[0] + ".out");
            Process command = commands.get(i);
            if (!command.waitFor(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                command.destroyForcibly();
                failed.add("'server " + args[0] + " " + server + "' did not return within " + TIMEOUT_S + " s; see "
                        + out);
            } else if (command.exitValue() != 0) {
                failed.add("'server " + args[0] + " " + server + "' failed with exit " + command.exitValue() + ": "
                        + Files.readString(out).strip());
            }
        }
        if (start) {
            for (String server : servers) {
                Path messages = logs(wlp, server).resolve("messages.log");
                while (!ready(messages) && System.nanoTime() < deadline) {
                    Thread.sleep(200);
                }
                if (!ready(messages)) {
                    failed.add(server + " did not say " + READY + " within " + TIMEOUT_S + " s; see " + messages);
                }
            }
        }
        if (!failed.isEmpty() && start) {
            throw new IllegalStateException(String.join("\n", failed));
        }
        // a server that never started is no reason to fail the build here: the tests' own failures say what went wrong
        failed.forEach(f -> System.out.println("[it] " + f));
        System.out.println("[it] " + (start ? "started: " : "stopped: ") + String.join(", ", servers));
    }

    private static Path logs(Path wlp, String server) {
        return wlp.resolve("usr/servers").resolve(server).resolve("logs");
    }

    private static boolean ready(Path messages) throws IOException {
        return Files.exists(messages) && Files.readString(messages).contains(READY);
    }
}
