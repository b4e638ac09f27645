package it.dev.vtlab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.vtlab.remoteapi.RemoteCommand;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The remote fails in every way we can make it fail, while the bank is busy: killed with calls in
 * flight, down, replaced by a half-open peer that accepts and never answers, and by one that resets
 * every connection. The bank answers 502 or 504 (never 500, never hangs), serves again when the
 * remote is back, without a restart, and its thread counts return to where they were.
 * Runs last: afterwards each server talks to a replacement remote started by this test.
 *
 * <p>The modes run at once, each on its own server and remote. The faults whose speed is asserted, and the
 * replacement remote's start, run one mode at a time ({@link #TIMED}); the half-open wait for the bank's timeout
 * and the threads' settling, which are mostly idle, overlap across modes.
 */
@Order(Integer.MAX_VALUE)
class RemoteFaultIT {

    private static final int IN_FLIGHT = 50;
    /** Held by the one mode whose timed faults or remote start run; fair, so that no mode waits behind the rest. */
    private static final Semaphore TIMED = new Semaphore(1, true);

    static List<Lab> modes() {
        return Lab.modes().toList();
    }

    @ParameterizedTest
    @MethodSource("modes")
    @Execution(ExecutionMode.CONCURRENT)
    void everyRemoteFaultIsA502Or504AndServiceResumesWithoutLeaks(Lab lab) throws Exception {
        assumeFalse(Lab.DEV_MODE, "needs the servers ./mvnw verify starts");
        int remotePort = lab.remote("/").getPort();
        Metrics before;
        long allFailedMs;
        TIMED.acquire();
        try {
            // a server's first requests compile code: not beside another mode's timed faults
            assertEquals(200, Lab.get(lab.app("/api/bank/accounts/1")).statusCode());
            before = Metrics.of(lab);
            allFailedMs = killedAndDown(lab);
        } finally {
            TIMED.release();
        }

        // 3. half-open: the port accepts, reads, and never answers: 504 at the bank's timeout
        try (Peer silent = Peer.silent(remotePort)) {
            long start = System.nanoTime();
            HttpResponse<String> hung = Lab.get(lab.app("/api/bank/accounts/1"));
            long tookMs = (System.nanoTime() - start) / 1_000_000;
            assertEquals(504, hung.statusCode(), hung.body());
            assertEquals("remote_timeout", Lab.json(hung).getString("error"));
            int timeoutMs = Lab.remoteTimeoutMs();
            assertTrue(
                    tookMs >= timeoutMs && tookMs < timeoutMs + 1500,
                    "504 after " + tookMs + " ms, timeout " + timeoutMs);
        }

        TIMED.acquire();
        try {
            // 4. every connection reset: 502 at once
            try (Peer resetting = Peer.resetting(remotePort)) {
                long start = System.nanoTime();
                HttpResponse<String> reset = Lab.get(lab.app("/api/bank/accounts/1"));
                long tookMs = (System.nanoTime() - start) / 1_000_000;
                assertEquals(502, reset.statusCode(), reset.body());
                assertTrue(tookMs < 1000, "502 after a reset took " + tookMs + " ms");
            }

            // 5. back: service resumes by itself, and nothing was left behind
            Process replacement = startRemote(remotePort);
            long deadline = System.currentTimeMillis() + 20_000;
            int status;
            do {
                Thread.sleep(100);
                status = Lab.get(lab.app("/api/bank/accounts/1")).statusCode();
            } while (status != 200 && System.currentTimeMillis() < deadline);
            assertEquals(200, status, "service did not resume after the remote came back");
            // the replacement exits with this test JVM (--parent-pid); it serves the remaining tests
            assertTrue(replacement.isAlive());
        } finally {
            TIMED.release();
        }

        // threads parked by the faults go back (the platform hand-off retires idle threads after 10 s)
        double threadsBefore = before.get("thread_count");
        Metrics after = Metrics.of(lab);
        for (long settle = System.currentTimeMillis() + 30_000;
                after.get("thread_count") > threadsBefore + 10 && System.currentTimeMillis() < settle;
                after = Metrics.of(lab)) {
            Thread.sleep(500);
        }
        Metrics.await(lab, "vtlab_virtual_threads_active", "", v -> v == 0);
        Metrics.await(lab, "vtlab_requests_in_flight", "", v -> v == 0);
        assertTrue(
                after.get("thread_count") <= threadsBefore + 10,
                "JVM threads grew from " + threadsBefore + " to " + after.get("thread_count") + " across the faults");
        System.out.printf(
                "[faults] %s: %d calls in flight at the kill all 502 within %d ms; JVM threads %.0f -> %.0f%n",
                lab.mode, IN_FLIGHT, allFailedMs, threadsBefore, after.get("thread_count"));
    }

    /**
     * The faults whose speed is asserted: the remote killed with calls waiting on it, then down. Returns how long the
     * calls in flight took to fail after the kill.
     */
    private static long killedAndDown(Lab lab) throws Exception {
        // 1. killed while calls wait on it: each of them fails fast with a 502
        List<CompletableFuture<HttpResponse<String>>> waiting = new ArrayList<>();
        for (int i = 0; i < IN_FLIGHT; i++) {
            waiting.add(Lab.HTTP.sendAsync(
                    HttpRequest.newBuilder(lab.app("/api/bank/accounts/" + (1 + i) + "?delayMs=2000"))
                            .timeout(Duration.ofSeconds(30))
                            .build(),
                    HttpResponse.BodyHandlers.ofString()));
        }
        Thread.sleep(500);
        long pid = Lab.json(Lab.get(lab.remote("/health"))).getJsonNumber("pid").longValue();
        ProcessHandle remote = ProcessHandle.of(pid).orElseThrow();
        long killedAt = System.nanoTime();
        remote.destroyForcibly();
        remote.onExit().get(10, TimeUnit.SECONDS);
        for (CompletableFuture<HttpResponse<String>> call : waiting) {
            HttpResponse<String> response = call.join();
            assertEquals(502, response.statusCode(), response.body());
            BadInputIT.assertErrorJson(response, null);
        }
        long allFailedMs = (System.nanoTime() - killedAt) / 1_000_000;
        assertTrue(allFailedMs < 1500, "calls in flight took " + allFailedMs + " ms to fail after the kill");

        // 2. down: 502 within the connect timeout
        long start = System.nanoTime();
        HttpResponse<String> down = Lab.get(lab.app("/api/bank/accounts/1"));
        long tookMs = (System.nanoTime() - start) / 1_000_000;
        assertEquals(502, down.statusCode(), down.body());
        assertEquals("remote_unavailable", Lab.json(down).getString("error"));
        assertTrue(tookMs < 1000, "502 took " + tookMs + " ms");
        return allFailedMs;
    }

    /** A new remote-system JVM on the same port, as an operator would start one by hand. */
    private static Process startRemote(int port) throws Exception {
        String classes = Lab.LAYOUT.remoteClasspath();
        return new ProcessBuilder(RemoteCommand.command(
                        RemoteCommand.currentJava(),
                        classes,
                        "localhost",
                        port,
                        1000,
                        ProcessHandle.current().pid(),
                        List.of()))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
    }

    /** A misbehaving remote on the remote's port: accepts connections, then never answers or resets them. */
    private static final class Peer implements AutoCloseable {
        private final ServerSocket server;
        private final List<Socket> accepted = new ArrayList<>();
        private final Thread acceptor;

        private Peer(int port, boolean reset) throws IOException {
            server = new ServerSocket();
            server.setReuseAddress(true);
            server.bind(new InetSocketAddress("localhost", port));
            acceptor = Thread.ofVirtual().start(() -> {
                while (!server.isClosed()) {
                    try {
                        Socket socket = server.accept();
                        if (reset) {
                            socket.setSoLinger(true, 0); // close() sends RST
                            socket.close();
                        } else {
                            synchronized (accepted) {
                                accepted.add(socket);
                            }
                            Thread.ofVirtual().start(() -> drain(socket));
                        }
                    } catch (IOException closed) {
                        return;
                    }
                }
            });
        }

        static Peer silent(int port) throws IOException {
            return new Peer(port, false);
        }

        static Peer resetting(int port) throws IOException {
            return new Peer(port, true);
        }

        private static void drain(Socket socket) {
            try (InputStream in = socket.getInputStream()) {
                in.transferTo(java.io.OutputStream.nullOutputStream());
            } catch (IOException closed) {
                // the peer is closing
            }
        }

        @Override
        public void close() throws IOException, InterruptedException {
            server.close();
            acceptor.join(); // the port is free only once the blocked accept has let go of it
            synchronized (accepted) {
                for (Socket s : accepted) {
                    s.close();
                }
            }
        }
    }
}
