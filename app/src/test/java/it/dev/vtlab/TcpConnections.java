package it.dev.vtlab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The kernel's view of a local server's TCP connections (/proc/net/tcp and tcp6): which connections it
 * has established, and how many wait in its listener's accept queue. No HTTP client says when its
 * connection was accepted, and the server's own metrics only count requests a thread has picked up.
 */
final class TcpConnections {
    private static final String ESTABLISHED = "01";
    private static final String LISTEN = "0A";

    private TcpConnections() {}

    /** The client ports of the established connections to {@code port}, seen from the server's end. */
    static Set<Integer> established(int port) throws IOException {
        Set<Integer> clients = new HashSet<>();
        for (String[] socket : sockets()) {
            if (localPort(socket) == port && socket[3].equals(ESTABLISHED)) {
                clients.add(Integer.parseInt(socket[2].substring(socket[2].indexOf(':') + 1), 16));
            }
        }
        return clients;
    }

    /** Connections waiting in the accept queue of the listener on {@code port} (-1: nothing listens). */
    static int acceptBacklog(int port) throws IOException {
        int backlog = -1;
        for (String[] socket : sockets()) {
            if (localPort(socket) == port && socket[3].equals(LISTEN)) {
                // for a listener, rx_queue is the accept queue's length
                backlog = Math.max(backlog, 0) + Integer.parseInt(socket[4].substring(socket[4].indexOf(':') + 1), 16);
            }
        }
        return backlog;
    }

    /**
     * Waits (at most 10 s) until {@code count} connections to {@code port} other than {@code earlier} are
     * established and the server has taken every one of them from its accept queue.
     */
    static void awaitAccepted(int port, Set<Integer> earlier, int count) throws IOException, InterruptedException {
        int made = 0, queued = -1;
        for (long deadline = System.nanoTime() + 10_000_000_000L; System.nanoTime() < deadline; Thread.sleep(50)) {
            Set<Integer> now = established(port);
            now.removeAll(earlier);
            made = now.size();
            queued = acceptBacklog(port);
            if (made >= count && queued == 0) {
                return;
            }
        }
        throw new AssertionError(count + " connections to port " + port + " were not accepted within 10 s: " + made
                + " established, " + queued + " in the accept queue");
    }

    /** Every socket line as fields: sl, local, remote, state, tx:rx queues, ... */
    private static List<String[]> sockets() throws IOException {
        List<String[]> all = new ArrayList<>();
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            Path file = Path.of(table);
            if (Files.exists(file)) {
                Files.readAllLines(file).stream()
                        .skip(1)
                        .map(l -> l.trim().split("\\s+"))
                        .forEach(all::add);
            }
        }
        return all;
    }

    private static int localPort(String[] socket) {
        return Integer.parseInt(socket[1].substring(socket[1].indexOf(':') + 1), 16);
    }
}
