package dev.vtlab.compare.run;

import dev.vtlab.compare.preflight.Prepared;
import dev.vtlab.compare.preflight.UserApp;
import dev.vtlab.compare.settings.CompareSettings;
import dev.vtlab.compare.settings.CpuPlan;
import dev.vtlab.dispatch.DispatchMode;
import dev.vtlab.remoteapi.RemoteCommand;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/**
 * Starts a fresh remote-system JVM and a fresh Liberty server JVM for one run, and always stops both:
 * after the run, on failure, and (through a shutdown hook) when the comparison is interrupted.
 * Both modes get the same server, heap and JVM options; only DISPATCH_MODE differs.
 * <p>
 * Each mode has a server directory of its own ({@link ServerLayout}), laid out afresh when the comparison
 * starts: its first run starts clean, the next ones warm (Liberty keeps its resolved bundles in the workarea:
 * about 1 s less to ready in the quick profile's runs; the JVM is new every time). A single directory shared by
 * the modes would need a clean start every time, as a warm start keeps the previous start's features.
 */
public final class LabServers implements AutoCloseable {

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(90);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(60);
    private static final int PIN_ATTEMPTS = 5;
    /** What the lab's server keeps of this process's environment: enough to find and run a JVM. */
    private static final Set<String> INHERITED =
            Set.of("PATH", "HOME", "USER", "LANG", "LC_ALL", "TZ", "TMPDIR", "JAVA_HOME");

    private final Prepared prepared;
    private final CompareSettings settings;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final Thread stopOnExit = new Thread(this::stop, "vtlab-compare-stop");

    private Process remote;
    private boolean serverStarted;
    private List<String> jvmArgs = List.of();
    private String server;

    /** Servers for the runs of a comparison that passed its preflight (the directories laid out by {@link ServerLayout}). */
    public LabServers(Prepared prepared) {
        this.prepared = prepared;
        this.settings = prepared.settings();
        this.server = settings.server();
        Runtime.getRuntime().addShutdownHook(stopOnExit);
    }

    public void start(DispatchMode mode) throws IOException, InterruptedException {
        start(mode, List.of());
    }

    /** Starts both, with {@code extraJvmArgs} after the comparison's own server JVM options. */
    public void start(DispatchMode mode, List<String> extraJvmArgs) throws IOException, InterruptedException {
        startAs(mode, mode.label(), extraJvmArgs);
    }

    /**
     * Starts both in {@code mode}'s server directory with DISPATCH_MODE={@code dispatch}: the mode's label, or
     * {@code crossover} for the server that switches between modes at run time.
     */
    public void startAs(DispatchMode mode, String dispatch, List<String> extraJvmArgs)
            throws IOException, InterruptedException {
        UserApp app = prepared.app();
        server = ServerLayout.serverFor(settings, mode);
        Path logs = serverDir().resolve("logs");
        Files.createDirectories(logs);
        // this run's log only (Liberty would rotate the last one away, but not before the start is read)
        Files.deleteIfExists(logs.resolve("messages.log"));
        if (app == null) {
            List<String> remoteCommand = new ArrayList<>(settings.cpus().pinLoad());
            remoteCommand.addAll(RemoteCommand.command(
                    prepared.java(),
                    settings.layout().remoteClasspath(),
                    "localhost",
                    settings.remotePort(),
                    settings.accounts(),
                    ProcessHandle.current().pid(),
                    List.of()));
            remote = new ProcessBuilder(remoteCommand)
                    .redirectErrorStream(true)
                    .redirectOutput(logs.resolve("remote.log").toFile())
                    .start();
        }

        ProcessBuilder start = new ProcessBuilder(
                        settings.layout().wlp().resolve("bin/server").toString(), "start", server)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        Map<String, String> env = start.environment();
        if (app == null) {
            // the lab's server reads its settings from the environment (MicroProfile Config, server.xml's
            // variables): one a user exported (POOL_MAX_THREADS, BANK_WORK, MAX_IN_FLIGHT ...) would change one
            // comparison unseen, so the lab's servers get only what runs a JVM and what the comparison sets
            env.keySet().retainAll(INHERITED);
            env.put("HTTP_HOST", settings.serverHost());
            env.put("DISPATCH_MODE", dispatch);
            env.put("HTTP_PORT", String.valueOf(prepared.port()));
            env.put("REMOTE_MODE", "external");
            env.put("REMOTE_PORT", String.valueOf(settings.remotePort()));
        }
        List<String> args = new ArrayList<>(settings.serverJvmArgs());
        args.addAll(extraJvmArgs);
        jvmArgs = List.copyOf(args);
        env.put("JVM_ARGS", String.join(" ", jvmArgs));
        if (settings.poolMaxThreads() != null) {
            env.put("POOL_MAX_THREADS", String.valueOf(settings.poolMaxThreads()));
        }
        if (settings.poolCoreThreads() != null) {
            env.put("POOL_CORE_THREADS", String.valueOf(settings.poolCoreThreads()));
        }
        serverStarted = true;
        int exit = start.start().waitFor();
        if (exit != 0) {
            throw new Stopped(
                    "'server start " + server + "' failed with exit " + exit + "; see " + logs.resolve("messages.log"));
        }
        if (!settings.cpus().shared()) {
            pinServer();
        }
        if (app == null) {
            waitFor(remote("/health"));
            try {
                waitFor(app("/health/ready"));
            } catch (Stopped notReady) {
                // the app's readiness is DOWN where its managed executor runs the wrong kind of thread: Liberty's
                // reason
                ServerLog.checkVirtualHonoured(logs.resolve("messages.log"), mode);
                throw notReady;
            }
        } else {
            List<String> errors = ServerLog.awaitStarted(
                    logs.resolve("messages.log"),
                    READY_TIMEOUT,
                    settings.layout().modesDir().resolve(mode.label() + ".xml"));
            if (!errors.isEmpty()) {
                System.out.println("[compare] your server logged " + errors.size() + " error(s) while starting, first: "
                        + errors.get(0) + " (see " + logs.resolve("messages.log") + ")");
            }
        }
        ServerLog.checkVirtualHonoured(logs.resolve("messages.log"), mode)
                .ifPresent(flag -> System.out.println("[compare] flagged: " + flag));
    }

    /**
     * The server starts on every CPU (on one CPU Liberty took 18 s to start instead of 8), sized by
     * -XX:ActiveProcessorCount for the CPUs it gets, and is pinned, every thread of it, once started: threads it
     * creates later inherit their creator's CPUs.
     */
    void pinServer() throws IOException, InterruptedException {
        pin(settings.cpus().server());
    }

    /**
     * Lends the load CPUs to the server (compare.compileOnAllCpus) until the server is pinned again: a compile
     * phase's JIT then runs beside the request threads instead of behind them. Threads created meanwhile inherit the
     * wider set; taking it back pins every thread again.
     */
    void lendLoadCpus() throws IOException, InterruptedException {
        pin(settings.cpus().all());
    }

    private void pin(TreeSet<Integer> cpus) throws IOException, InterruptedException {
        List<String> pin = List.of("taskset", "-a", "-p", "-c", CpuPlan.list(cpus), String.valueOf(serverPid()));
        // taskset -a walks the process's threads and fails on one that ends under it (a starting server's short-lived
        // threads do): a few tries, then the failure
        for (int attempt = 1; ; attempt++) {
            if (new ProcessBuilder(pin)
                            .redirectErrorStream(true)
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                            .start()
                            .waitFor()
                    == 0) {
                return;
            }
            if (attempt == PIN_ATTEMPTS) {
                throw new Stopped("could not pin the server: " + String.join(" ", pin));
            }
            Thread.sleep(200);
        }
    }

    /** The JVM options the lab passed to the server it started last: the comparison's, then the run's. */
    public List<String> jvmArgs() {
        return jvmArgs;
    }

    /** The server's directory: its server.xml, logs and, for a user's app, the lab's overrides. */
    public Path serverDir() {
        return settings.layout().wlp().resolve("usr/servers").resolve(server);
    }

    /** The remote system's process id, or -1 when the run has none (a user's app). */
    public long remotePid() {
        return remote == null ? -1 : remote.pid();
    }

    public long serverPid() throws IOException {
        return Long.parseLong(Files.readString(pidFile()).trim());
    }

    /** Where 'server start' wrote the server JVM's PID. */
    private Path pidFile() {
        return settings.layout().wlp().resolve("usr/servers/.pid/" + server + ".pid");
    }

    public URI app(String path) {
        return URI.create("http://" + hostInUri(settings.serverHost()) + ":" + prepared.port() + path);
    }

    public URI remote(String path) {
        return URI.create("http://localhost:" + settings.remotePort() + path);
    }

    /** Stops both: the server first, then the remote system. */
    synchronized void stop() {
        stopServer();
        if (remote != null) {
            remote.destroy();
            try {
                remote.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                remote.destroyForcibly();
            }
            remote = null;
        }
    }

    /**
     * Stops the server; the remote system keeps running. The lab's own server gets SIGTERM, on which Liberty stops
     * as it does for 'server stop' (CWWKE0036I in its log) without a JVM started to ask it (2.2 s instead of 3.5 s
     * here). A user's server gets 'server stop': under SIGTERM its apps stop while the JVM is already shutting
     * down, when java.util.logging has been reset, so what an app logs as it stops would be lost.
     */
    public synchronized void stopServer() {
        if (!serverStarted) {
            return;
        }
        serverStarted = false;
        try {
            if (prepared.app() == null) {
                ProcessHandle.of(serverPid()).ifPresent(p -> {
                    p.destroy();
                    try {
                        if (!Exited.await(p, STOP_TIMEOUT)) {
                            p.destroyForcibly();
                        }
                    } catch (InterruptedException e) {
                        p.destroyForcibly();
                        Thread.currentThread().interrupt();
                    }
                });
            } else {
                // Given the PID file, Liberty's stop polls 'ps' for the PID once the server has released its lock,
                // and sees the exited JVM until init reaps it (1.2-1.8 s late here); pointed at no file, it returns
                // on the lock's release, and the JVM's end is awaited here as for the lab's server
                Path pidFile = pidFile();
                Optional<ProcessHandle> jvm = ProcessHandle.of(serverPid());
                ProcessBuilder stop = new ProcessBuilder(
                                settings.layout().wlp().resolve("bin/server").toString(), "stop", server)
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD);
                stop.environment()
                        .put(
                                "PID_FILE",
                                pidFile.resolveSibling(server + ".none").toString());
                stop.start().waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
                if (jvm.isPresent() && Exited.await(jvm.get(), STOP_TIMEOUT)) {
                    Files.deleteIfExists(pidFile); // as 'server stop' does with the file it was given
                }
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
            System.err.println("[compare] could not stop server " + server + ": " + e);
        }
    }

    @Override
    public void close() {
        stop();
        try {
            Runtime.getRuntime().removeShutdownHook(stopOnExit);
        } catch (IllegalStateException alreadyExiting) {
            // the hook is running or has run
        }
    }

    private static String hostInUri(String host) {
        return host.contains(":") ? "[" + host + "]" : host;
    }

    private void waitFor(URI uri) throws InterruptedException {
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            try {
                HttpResponse<Void> r = http.send(
                        HttpRequest.newBuilder(uri)
                                .timeout(Duration.ofSeconds(2))
                                .build(),
                        HttpResponse.BodyHandlers.discarding());
                if (r.statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        throw new Stopped(uri + " was not ready within " + READY_TIMEOUT.toSeconds() + " s");
    }
}
