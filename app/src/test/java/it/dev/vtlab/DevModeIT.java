package it.dev.vtlab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.vtlab.compare.run.Exited;
import dev.vtlab.remoteapi.RemoteCommand;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The README's commands as a new user types them, in a copy of the project (its own target/, its own
 * Liberty install) on ports of their own: {@code ./mvnw liberty:dev} serves the lab, reloads an edited
 * resource without a restart, runs the ITs on Enter against itself and leaves nothing running after
 * {@code q}; {@code DISPATCH_MODE=managed-virtual ./mvnw liberty:dev}; the background start/stop pair.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DevModeIT {

    private static final Duration START_TIMEOUT = Duration.ofMinutes(5);
    private static final Duration RELOAD_TIMEOUT = Duration.ofSeconds(90);
    /** How long an edit may go unseen before it is written again (dev mode recompiles and reloads within a few s). */
    private static final Duration REWRITE = Duration.ofSeconds(15);

    private static final Duration STOP_TIMEOUT = Duration.ofMinutes(2);
    /** Liberty's "the application could not be found" warning: dev mode deployed it somewhere else. */
    private static final String APP_NOT_FOUND = "CWWKZ0014W";

    private static final Set<String> NOT_COPIED = Set.of("target", ".git", ".idea", ".vscode");

    private final int port = Integer.getInteger("it.dev.port");
    private final int remotePort = Integer.getInteger("it.dev.remote.port");
    private Path project;
    private Path logs;

    @BeforeAll
    void copyTheProject() throws IOException {
        assumeFalse(Lab.DEV_MODE, "starts dev mode of its own; run it with ./mvnw verify");
        Path basedir = Path.of(System.getProperty("basedir"));
        logs = basedir.resolve("target/devmode-it");
        project = logs.resolve("vtlab");
        Lab.deleteTree(project);
        copyTree(Lab.ROOT, project);
    }

    @AfterAll
    void removeTheCopy() throws IOException, InterruptedException {
        if (project == null) {
            return;
        }
        Path server = project.resolve("app/target/liberty/wlp/bin/server");
        if (Files.exists(
                project.resolve("app/target/liberty/wlp/usr/servers/.pid/vtlab.pid"))) { // a failed background test
            new ProcessBuilder(server.toString(), "stop", "vtlab")
                    .inheritIO()
                    .start()
                    .waitFor(2, TimeUnit.MINUTES);
        }
        if (!listens(port) && !listens(remotePort)) {
            Lab.deleteTree(project);
        }
    }

    @Test
    @Order(1)
    void devModeServesTheLabReloadsAnEditAndRunsTheTestsOnEnter() throws Exception {
        try (DevMode dev = DevMode.start(
                project,
                Map.of(),
                // Enter runs the unit tests and the ITs: one of each shows both run (all 300-odd unit tests took
                // 20-30 s of this test, and ./mvnw verify runs them anyway)
                List.of(
                        "-Dtest=ParamsTest",
                        "-Dit.test=DispatchIT",
                        // the other modules have neither
                        "-Dsurefire.failIfNoSpecifiedTests=false",
                        "-Dfailsafe.failIfNoSpecifiedTests=false"),
                port,
                remotePort,
                logs.resolve("liberty-dev-threadpool.log"))) {
            HttpResponse<String> ping = dev.awaitPing();
            assertEquals("pong", ping.body());
            assertEquals("threadpool", ping.headers().firstValue("X-Dispatch").orElseThrow());

            HttpResponse<String> account = Lab.get(dev.app("/api/bank/accounts/1?delayMs=0"));
            assertEquals(200, account.statusCode(), "banking with the embedded remote: " + account.body());
            assertTrue(Lab.json(account).containsKey("balance"), account.body());
            HttpResponse<String> dashboard = Lab.get(dev.app("/dashboard/"));
            assertEquals(200, dashboard.statusCode());
            assertTrue(dashboard.body().contains("<canvas"), "the dashboard page");
            HttpResponse<String> metrics = Lab.get(dev.app("/metrics"));
            assertEquals(200, metrics.statusCode());
            assertTrue(metrics.body().contains("vtlab_"), "vtlab's own metrics on /metrics");

            long serverPid = dev.serverPid();
            ProcessHandle remote = dev.remoteProcess()
                    .orElseThrow(() -> new AssertionError("no remote-system process under the dev server"));

            Path pingSource = project.resolve("app/src/main/java/dev/vtlab/ping/PingResource.java");
            String source = Files.readString(pingSource);
            assertTrue(source.contains("\"pong\""), "PingResource answers \"pong\"");
            HttpResponse<String> edited = dev.awaitEdit(
                    pingSource,
                    source.replace("\"pong\"", "\"pong, edited\""),
                    "the edited ping",
                    RELOAD_TIMEOUT,
                    "/api/ping",
                    r -> r.statusCode() == 200 && r.body().equals("pong, edited"));
            assertEquals("pong, edited", edited.body());
            assertEquals(serverPid, dev.serverPid(), "the edit was served by the same server JVM (no restart)");
            dev.awaitEdit(
                    pingSource,
                    source,
                    "the ping restored",
                    RELOAD_TIMEOUT,
                    "/api/ping",
                    r -> r.statusCode() == 200 && r.body().equals("pong"));

            dev.type("");
            String testRun =
                    dev.awaitOutputAfter("in it.dev.vtlab.DispatchIT", "press the Enter key", Duration.ofMinutes(4));
            assertFalse(
                    testRun.contains("Failed to run") || testRun.contains("[ERROR]"),
                    "Enter ran the tests with errors:\n" + testRun);
            assertTrue(
                    testRun.matches(
                            "(?s).*Tests run: [1-9][0-9]*, Failures: 0, Errors: 0.*in it\\.dev\\.vtlab\\.DispatchIT.*"),
                    "DispatchIT ran against the dev server and passed:\n" + testRun);
            assertTrue(testRun.contains("in dev.vtlab.api.ParamsTest"), "Enter ran the unit tests too:\n" + testRun);

            dev.quit(STOP_TIMEOUT);
            assertGone(serverPid, remote);
        }
    }

    @Test
    @Order(2)
    void devModeServesBankingOnAVirtualManagedExecutorFromTheEnvironment() throws Exception {
        try (DevMode dev = DevMode.start(
                project,
                Map.of("DISPATCH_MODE", "managed-virtual"),
                List.of(),
                port,
                remotePort,
                logs.resolve("liberty-dev-managed-virtual.log"))) {
            HttpResponse<String> ping = dev.awaitPing();
            assertEquals(
                    "managed-virtual", ping.headers().firstValue("X-Dispatch").orElseThrow());
            HttpResponse<String> account = Lab.get(dev.app("/api/bank/accounts/1?delayMs=0"));
            assertEquals(200, account.statusCode(), account.body());
            assertEquals(
                    "filter=false; resource=true",
                    account.headers().firstValue("X-Virtual").orElseThrow(),
                    "the resource's work on a virtual thread, the request on Liberty's pool");
            String thread = account.headers().firstValue("X-Dispatch-Thread").orElseThrow();
            assertTrue(thread.contains("managedExecutorService[vtlabRequests]"), "the managed executor's: " + thread);
            long serverPid = dev.serverPid();
            ProcessHandle remote = dev.remoteProcess().orElseThrow();
            dev.quit(STOP_TIMEOUT);
            assertGone(serverPid, remote);
        }
    }

    @Test
    @Order(3)
    void backgroundStartAndStopAsTheReadmeTypesThem() throws Exception {
        Map<String, String> env = DevMode.environment(port, remotePort, Map.of());
        // as typed, but installing into a repository of the copy's own, read over the user's: a test leaves the
        // user's ~/.m2 as it was
        String repo = "-Dmaven.repo.local=" + project.resolve("target/m2");
        String tail = "-Dmaven.repo.local.tail=" + Path.of(System.getProperty("user.home"), ".m2", "repository");
        String installOutput = DevMode.mvnw(project, env, Duration.ofMinutes(5), repo, tail, "-DskipTests", "install");
        assertTrue(installOutput.contains("BUILD SUCCESS"), installOutput);
        String startOutput = DevMode.mvnw(
                project,
                env,
                Duration.ofMinutes(5),
                repo,
                tail,
                "-pl",
                "app",
                "liberty:create",
                "liberty:deploy",
                "liberty:start",
                "-DDISPATCH_MODE=executor-virtual");
        assertTrue(startOutput.contains("BUILD SUCCESS"), startOutput);
        URI ping = URI.create("http://localhost:" + port + "/api/ping");
        HttpResponse<String> answer = Lab.get(ping);
        assertEquals(200, answer.statusCode());
        assertEquals(
                "executor-virtual", answer.headers().firstValue("X-Dispatch").orElseThrow());
        assertEquals(
                "filter=true; resource=true",
                answer.headers().firstValue("X-Virtual").orElseThrow(),
                "Liberty ran the request on a virtual thread");
        long serverPid =
                Long.parseLong(Files.readString(project.resolve("app/target/liberty/wlp/usr/servers/.pid/vtlab.pid"))
                        .trim());
        ProcessHandle remote =
                DevMode.remoteUnder(serverPid).orElseThrow(() -> new AssertionError("no remote-system process"));

        String stopOutput = DevMode.mvnw(project, env, STOP_TIMEOUT, repo, tail, "-pl", "app", "liberty:stop");
        assertTrue(stopOutput.contains("BUILD SUCCESS"), stopOutput);
        assertGone(serverPid, remote);
    }

    private void assertGone(long serverPid, ProcessHandle remote) throws InterruptedException {
        // ended means gone or a zombie: init here reaps a detached JVM 1-2 s after it exits (run.Exited)
        Optional<ProcessHandle> server = ProcessHandle.of(serverPid);
        if (server.isPresent()) {
            assertTrue(Exited.await(server.get(), Duration.ofSeconds(30)), "the server JVM is still running");
        }
        assertTrue(Exited.await(remote, Duration.ofSeconds(30)), "the remote-system JVM is still running");
        assertFalse(listens(port), "something still listens on the app's port " + port);
        assertFalse(listens(remotePort), "something still listens on the remote's port " + remotePort);
    }

    private static boolean listens(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("localhost", port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path source : (Iterable<Path>) paths.filter(p -> !skipped(from.relativize(p)))::iterator) {
                Path target = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }

    private static boolean skipped(Path relative) {
        for (Path part : relative) {
            if (NOT_COPIED.contains(part.toString())) {
                return true;
            }
        }
        return false;
    }

    /** One {@code ./mvnw liberty:dev} process, its output collected, its standard input ours. */
    private static final class DevMode implements AutoCloseable {
        private final Process maven;
        private final int port;
        private final Path log;
        private final StringBuffer output = new StringBuffer();

        private DevMode(Process maven, int port, Path log) {
            this.maven = maven;
            this.log = log;
            this.port = port;
            Thread.ofPlatform().daemon().name("dev-mode-output").start(() -> collect(maven.getInputStream(), output));
        }

        static DevMode start(
                Path project, Map<String, String> extraEnv, List<String> extraArgs, int port, int remotePort, Path log)
                throws IOException {
            List<String> command = new ArrayList<>(List.of("./mvnw", "-B", "liberty:dev"));
            command.addAll(extraArgs);
            ProcessBuilder builder =
                    new ProcessBuilder(command).directory(project.toFile()).redirectErrorStream(true);
            builder.environment().putAll(environment(port, remotePort, extraEnv));
            return new DevMode(builder.start(), port, log);
        }

        /** What a new user's shell has: no JAVA_HOME (./mvnw finds a JDK), the ports moved off the lab's own. */
        static Map<String, String> environment(int port, int remotePort, Map<String, String> extra) {
            Map<String, String> env = new HashMap<>(System.getenv());
            env.remove("JAVA_HOME");
            env.remove("MAVEN_OPTS");
            env.put("HTTP_PORT", String.valueOf(port));
            env.put("REMOTE_PORT", String.valueOf(remotePort));
            env.putAll(extra);
            return env;
        }

        static String mvnw(Path project, Map<String, String> env, Duration timeout, String... args)
                throws IOException, InterruptedException {
            List<String> command = new ArrayList<>(List.of("./mvnw", "-B"));
            command.addAll(List.of(args));
            ProcessBuilder builder =
                    new ProcessBuilder(command).directory(project.toFile()).redirectErrorStream(true);
            builder.environment().clear();
            builder.environment().putAll(env);
            Process process = builder.start();
            StringBuffer out = new StringBuffer();
            Thread reader = Thread.ofPlatform().daemon().start(() -> collect(process.getInputStream(), out));
            if (!process.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                fail(String.join(" ", command) + " did not finish in " + timeout + ":\n" + last(out.toString(), 4000));
            }
            reader.join(5000);
            return out.toString();
        }

        URI app(String path) {
            return URI.create("http://localhost:" + port + path);
        }

        HttpResponse<String> awaitPing() throws InterruptedException {
            return await("/api/ping", START_TIMEOUT, "/api/ping", r -> r.statusCode() == 200);
        }

        HttpResponse<String> await(String what, Duration timeout, String path, Predicate<HttpResponse<String>> done)
                throws InterruptedException {
            HttpResponse<String> answer = poll(what, timeout, path, done);
            if (answer == null || !done.test(answer)) {
                fail("no " + what + " within " + timeout + " (last answer: " + describe(answer) + ")\n" + tail());
            }
            return answer;
        }

        /**
         * Writes {@code text} to {@code source} and waits for the answer it makes; writes it again every 10 s until
         * then. Dev mode starts watching its sources only after the server is ready, and a write it was not yet
         * watching for is never seen (once in about 25 clean clones, the edit came that soon).
         */
        HttpResponse<String> awaitEdit(
                Path source,
                String text,
                String what,
                Duration timeout,
                String path,
                Predicate<HttpResponse<String>> done)
                throws IOException, InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            HttpResponse<String> answer;
            do {
                Files.writeString(source, text);
                long left = deadline - System.nanoTime();
                answer = poll(what, Duration.ofNanos(Math.max(0, Math.min(left, REWRITE.toNanos()))), path, done);
            } while ((answer == null || !done.test(answer)) && System.nanoTime() < deadline);
            if (answer == null || !done.test(answer)) {
                fail("no " + what + " within " + timeout + " of writing it (last answer: " + describe(answer) + ")\n"
                        + tail());
            }
            return answer;
        }

        private static String describe(HttpResponse<String> answer) {
            return answer == null ? "none" : answer.statusCode() + " " + answer.body();
        }

        /** Polls {@code path} until {@code done} or {@code timeout}: the last answer, null if none came. */
        private HttpResponse<String> poll(
                String what, Duration timeout, String path, Predicate<HttpResponse<String>> done)
                throws InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            HttpResponse<String> last = null;
            while (System.nanoTime() < deadline) {
                if (!maven.isAlive()) {
                    fail("liberty:dev ended (exit " + maven.exitValue() + ") before " + what + ":\n" + tail());
                }
                if (output.indexOf(APP_NOT_FOUND) >= 0) {
                    fail("the server runs without the application (" + APP_NOT_FOUND + "):\n" + tail());
                }
                try {
                    last = Lab.HTTP.send(
                            HttpRequest.newBuilder(app(path))
                                    .timeout(Duration.ofSeconds(5))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
                    if (done.test(last)) {
                        return last;
                    }
                } catch (IOException notYet) {
                    // not listening yet
                }
                Thread.sleep(500);
            }
            return last;
        }

        void type(String line) throws IOException {
            OutputStream in = maven.getOutputStream();
            in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
        }

        /** Waits for {@code first}, then for {@code then} after it, in what is printed from now on; returns that text. */
        String awaitOutputAfter(String first, String then, Duration timeout) throws InterruptedException {
            int from = output.length();
            long deadline = System.nanoTime() + timeout.toNanos();
            while (System.nanoTime() < deadline && maven.isAlive()) {
                String since = output.substring(from);
                int at = since.indexOf(first);
                if (at >= 0 && since.indexOf(then, at) >= 0) {
                    return since;
                }
                Thread.sleep(250);
            }
            fail("no '" + first + "' followed by '" + then + "' within " + timeout + ":\n" + tail());
            return null;
        }

        void quit(Duration timeout) throws IOException, InterruptedException {
            type("q");
            if (!maven.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
                fail("liberty:dev did not end within " + timeout + " of 'q':\n" + tail());
            }
        }

        /** Dev mode runs the server in the foreground ('server run', no pid file): its JVM is one of ours. */
        long serverPid() {
            return maven.descendants()
                    .filter(p -> hasArgument(p, a -> a.endsWith("ws-server.jar")))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no Liberty server JVM under liberty:dev:\n" + tail()))
                    .pid();
        }

        Optional<ProcessHandle> remoteProcess() {
            return remoteUnder(serverPid());
        }

        static Optional<ProcessHandle> remoteUnder(long serverPid) {
            return ProcessHandle.of(serverPid).stream()
                    .flatMap(ProcessHandle::descendants)
                    .filter(p -> hasArgument(p, RemoteCommand.MAIN_CLASS::equals))
                    .findFirst();
        }

        private static boolean hasArgument(ProcessHandle process, Predicate<String> argument) {
            return process.info()
                    .arguments()
                    .map(args -> Stream.of(args).anyMatch(argument))
                    .orElse(false);
        }

        String output() {
            return output.toString();
        }

        String tail() {
            return last(output.toString(), 6000);
        }

        private static String last(String text, int chars) {
            return text.length() <= chars ? text : "…" + text.substring(text.length() - chars);
        }

        private static void collect(InputStream in, StringBuffer into) {
            byte[] buffer = new byte[8192];
            try (in) {
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    into.append(new String(buffer, 0, n, StandardCharsets.UTF_8));
                }
            } catch (IOException ignored) {
                // the process ended
            }
        }

        /** Never leaves a dev server behind (a failed test kills the whole process tree); keeps what it printed. */
        @Override
        public void close() throws InterruptedException, IOException {
            if (maven.isAlive()) {
                try {
                    type("q");
                } catch (IOException ignored) {
                    // stdin already closed
                }
                if (!maven.waitFor(60, TimeUnit.SECONDS)) {
                    maven.descendants().forEach(ProcessHandle::destroyForcibly);
                    maven.destroyForcibly();
                }
            }
            Files.writeString(log, output);
        }
    }
}
