package dev.vtlab.remotesystem;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.vtlab.remoteapi.RemoteLimits;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The remote system the bank calls: a separate JVM that owns the accounts and answers each call after
 * the delay the caller asks for. A waiting call holds no thread: the answer is a task on a small
 * scheduler, so tens of thousands of calls can be pending at once. JDK classes only (its own package
 * and {@code dev.vtlab.remoteapi}), so it starts from the build's compiled classes with nothing else on
 * the class path; it is not part of the war. {@link dev.vtlab.remoteapi.RemoteCommand} builds the
 * command that starts it.
 *
 * <pre>java -cp target/classes dev.vtlab.remotesystem.RemoteSystem --port 9081 --accounts 1000</pre>
 */
public final class RemoteSystem implements AutoCloseable {

    /** Connections the kernel holds for us until we accept them; Linux caps it at net.core.somaxconn (4096 since 5.4). */
    private static final int BACKLOG = 8192;

    /**
     * Calls the remote holds in flight at once: each is an open connection (the bank's HTTP/1.1 client opens one
     * per call) and a scheduled task, no thread, so the bound is the connections kept open, at the 20 000 file
     * descriptors a JVM gets here. The heaviest test's need is SuddenLoadIT's 1 000 calls at once (ConservationIT's
     * transfers pass the bank's MAX_IN_FLIGHT of 1 000 first): twenty times that. /health reports it beside the
     * peak, so a test prints the margin.
     */
    public static final int CAPACITY = 20_000;

    private static final int MAX_BODY = 4096;

    private final HttpServer server;
    private final ScheduledThreadPoolExecutor workers;
    private final Ledger ledger;
    private final AtomicInteger pending = new AtomicInteger();
    // What /health reports of the remote's own time, so a test or a comparison can tell a slow remote from a slow
    // caller: the most calls in flight at once, the longest a request waited for a worker after it was read off
    // the socket, and the most an answer went out later than the delay it was asked for.
    private final AtomicInteger pendingPeak = new AtomicInteger();
    private final AtomicLong queueWaitMaxNanos = new AtomicLong();
    private final AtomicLong lateMaxNanos = new AtomicLong();

    private RemoteSystem(HttpServer server, ScheduledThreadPoolExecutor workers, Ledger ledger) {
        this.server = server;
        this.workers = workers;
        this.ledger = ledger;
    }

    public static RemoteSystem start(String host, int port, int accounts) throws IOException {
        // Read once by the JDK server: answer without Nagle delays, keep many idle keep-alive connections, and
        // keep them idle for 60 s, longer than the JDK client's 30 s keep-alive: the bank's client, which reuses its
        // longest-idle connection first, closes it before we do, and never sends a POST (which it does not retry)
        // on a connection we are closing.
        System.setProperty("sun.net.httpserver.nodelay", "true");
        System.setProperty("sun.net.httpserver.maxIdleConnections", Integer.toString(CAPACITY));
        System.setProperty("sun.net.httpserver.idleInterval", "60");
        Ledger ledger = new Ledger(accounts);
        int threads = Math.max(2, Runtime.getRuntime().availableProcessors());
        ScheduledThreadPoolExecutor workers = new ScheduledThreadPoolExecutor(threads, r -> {
            Thread t = new Thread(r, "remote-worker");
            t.setDaemon(true);
            return t;
        });
        workers.setRemoveOnCancelPolicy(true);
        HttpServer server = HttpServer.create(new InetSocketAddress(host, port), BACKLOG);
        RemoteSystem remote = new RemoteSystem(server, workers, ledger);
        server.createContext("/", remote::handle);
        server.setExecutor(task -> {
            long queued = System.nanoTime();
            workers.execute(() -> {
                remote.queueWaitMaxNanos.accumulateAndGet(System.nanoTime() - queued, Math::max);
                task.run();
            });
        });
        server.start();
        return remote;
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public Ledger ledger() {
        return ledger;
    }

    /** Calls accepted whose answer has not been sent yet. */
    public int pending() {
        return pending.get();
    }

    @Override
    public void close() {
        server.stop(0);
        workers.shutdownNow();
    }

    private void handle(HttpExchange ex) {
        try {
            route(ex);
        } catch (BadRequest e) {
            send(ex, 400, error("bad_request", e.field, e.getMessage()));
        } catch (RuntimeException | IOException e) {
            send(ex, 500, error("remote_error", null, e.getClass().getSimpleName()));
        }
    }

    private void route(HttpExchange ex) throws IOException {
        String method = ex.getRequestMethod();
        String[] path = ex.getRequestURI().getPath().replaceAll("^/+|/+$", "").split("/");
        Map<String, String> query = parseForm(ex.getRequestURI().getRawQuery());

        if (method.equals("GET") && path.length == 1 && path[0].equals("health")) {
            send(
                    ex,
                    200,
                    "{\"status\":\"UP\",\"pid\":" + ProcessHandle.current().pid()
                            + ",\"pending\":" + pending.get() + ",\"pendingPeak\":" + pendingPeak.get()
                            + ",\"capacity\":"
                            + CAPACITY
                            + ",\"queueWaitMsMax\":" + queueWaitMaxNanos.get() / 1_000_000
                            + ",\"lateMsMax\":" + lateMaxNanos.get() / 1_000_000 + ",\"threads\":"
                            + ManagementFactory.getThreadMXBean().getThreadCount() + ",\"accounts\":"
                            + ledger.accounts() + "}");
            return;
        }
        int delayMs = intParam(query, "delayMs", 0, 0, RemoteLimits.MAX_DELAY_MS);
        if (method.equals("GET") && path.length == 2 && path[0].equals("accounts")) {
            int id = intField(path[1], "id", 0, Integer.MAX_VALUE);
            later(ex, delayMs, () -> account(id));
        } else if (method.equals("GET")
                && path.length == 3
                && path[0].equals("accounts")
                && path[2].equals("transactions")) {
            int id = intField(path[1], "id", 0, Integer.MAX_VALUE);
            int limit = intParam(query, "limit", 10, 1, RemoteLimits.HISTORY);
            later(ex, delayMs, () -> transactions(id, limit));
        } else if (method.equals("POST") && path.length == 1 && path[0].equals("transfers")) {
            Map<String, String> form = parseForm(readBody(ex));
            String transferId = form.get("transferId");
            if (transferId == null || transferId.isBlank() || transferId.length() > 100) {
                throw new BadRequest("transferId", "transferId is required, at most 100 characters");
            }
            int from = intParam(form, "from", -1, 0, Integer.MAX_VALUE);
            int to = intParam(form, "to", -1, 0, Integer.MAX_VALUE);
            long amount = longParam(form, "amountCents", 1, Long.MAX_VALUE / 4);
            long fee = longParam(form, "feeCents", 0, Long.MAX_VALUE / 4);
            later(ex, delayMs, () -> transfer(transferId, from, to, amount, fee));
        } else if (method.equals("GET") && path.length == 2 && path[0].equals("ledger") && path[1].equals("total")) {
            later(
                    ex,
                    delayMs,
                    () -> new Answer(
                            200,
                            "{\"totalCents\":" + ledger.totalCents() + ",\"total\":\""
                                    + Ledger.cents(ledger.totalCents()) + "\",\"accounts\":" + ledger.accounts()
                                    + "}"));
        } else {
            send(
                    ex,
                    404,
                    error("not_found", null, method + " " + ex.getRequestURI().getPath()));
        }
    }

    private record Answer(int status, String json) {}

    private interface Work {
        Answer run();
    }

    /** Answers after {@code delayMs}; the state is read or changed when the delay is over. */
    private void later(HttpExchange ex, int delayMs, Work work) {
        pendingPeak.accumulateAndGet(pending.incrementAndGet(), Math::max);
        long due = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(delayMs);
        Runnable answer = () -> {
            try {
                Answer a = work.run();
                send(ex, a.status(), a.json());
            } catch (RuntimeException e) {
                send(ex, 500, error("remote_error", null, e.getClass().getSimpleName()));
            } finally {
                pending.decrementAndGet();
                lateMaxNanos.accumulateAndGet(System.nanoTime() - due, Math::max);
            }
        };
        if (delayMs == 0) {
            answer.run();
        } else {
            workers.schedule(answer, delayMs, TimeUnit.MILLISECONDS);
        }
    }

    private Answer account(int id) {
        long balance = ledger.balance(id);
        if (balance < 0) {
            return unknown(id);
        }
        return new Answer(200, "{\"id\":" + id + ",\"balanceCents\":" + balance + "}");
    }

    private Answer transactions(int id, int limit) {
        List<Ledger.Entry> entries = ledger.recent(id, limit);
        if (entries == null) {
            return unknown(id);
        }
        StringBuilder json = new StringBuilder(64 + entries.size() * 128);
        json.append("{\"id\":")
                .append(id)
                .append(",\"balanceCents\":")
                .append(ledger.balance(id))
                .append(",\"transactions\":[");
        for (int i = 0; i < entries.size(); i++) {
            Ledger.Entry e = entries.get(i);
            if (i > 0) {
                json.append(',');
            }
            json.append("{\"transferId\":\"")
                    .append(e.transferId())
                    .append("\",\"at\":")
                    .append(e.at())
                    .append(",\"counterparty\":")
                    .append(e.counterparty())
                    .append(",\"amountCents\":")
                    .append(e.amountCents())
                    .append(",\"feeCents\":")
                    .append(e.feeCents())
                    .append(",\"balanceAfterCents\":")
                    .append(e.balanceAfterCents())
                    .append('}');
        }
        return new Answer(200, json.append("]}").toString());
    }

    private Answer transfer(String transferId, int from, int to, long amount, long fee) {
        Ledger.TransferResult r = ledger.transfer(transferId, from, to, amount, fee);
        return switch (r.outcome()) {
            case UNKNOWN_ACCOUNT ->
                ledger.exists(from)
                        ? new Answer(404, error("unknown_account", "to", "no account " + to))
                        : new Answer(404, error("unknown_account", "from", "no account " + from));
            case INSUFFICIENT_FUNDS ->
                new Answer(
                        409,
                        error(
                                "insufficient_funds",
                                "amount",
                                "account " + from + " holds " + Ledger.cents(r.fromBalanceCents())));
            case APPLIED, REPLAYED ->
                new Answer(
                        r.outcome() == Ledger.Outcome.APPLIED ? 201 : 200,
                        "{\"transferId\":\"" + r.transferId() + "\",\"from\":" + r.from() + ",\"to\":" + r.to()
                                + ",\"amountCents\":" + r.amountCents() + ",\"feeCents\":" + r.feeCents()
                                + ",\"fromBalanceCents\":" + r.fromBalanceCents() + ",\"toBalanceCents\":"
                                + r.toBalanceCents()
                                + ",\"replayed\":" + (r.outcome() == Ledger.Outcome.REPLAYED) + "}");
        };
    }

    private static Answer unknown(int id) {
        return new Answer(404, error("unknown_account", "id", "no account " + id));
    }

    private static void send(HttpExchange ex, int status, String json) {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        try (OutputStream out = ex.getResponseBody()) {
            ex.getResponseHeaders().set("Content-Type", "application/json");
            ex.sendResponseHeaders(status, body.length);
            out.write(body);
        } catch (IOException e) {
            ex.close(); // the caller has gone (timed out or reset): nothing to answer
        }
    }

    private static String error(String error, String field, String message) {
        return "{\"error\":\"" + error + "\"" + (field == null ? "" : ",\"field\":\"" + field + "\"")
                + ",\"message\":\"" + message.replace("\\", "\\\\").replace("\"", "\\\"") + "\"}";
    }

    private static String readBody(HttpExchange ex) throws IOException {
        try (InputStream in = ex.getRequestBody()) {
            byte[] body = in.readNBytes(MAX_BODY + 1);
            if (body.length > MAX_BODY) {
                throw new BadRequest("body", "body larger than " + MAX_BODY + " bytes");
            }
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    static Map<String, String> parseForm(String raw) {
        Map<String, String> out = new HashMap<>();
        if (raw == null || raw.isEmpty()) {
            return out;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String key = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            out.put(key, value);
        }
        return out;
    }

    private static int intParam(Map<String, String> params, String name, int dflt, int min, int max) {
        String raw = params.get(name);
        if (raw == null) {
            if (dflt < min) {
                throw new BadRequest(name, name + " is required");
            }
            return dflt;
        }
        return (int) longField(raw, name, min, max);
    }

    private static long longParam(Map<String, String> params, String name, long min, long max) {
        String raw = params.get(name);
        if (raw == null) {
            throw new BadRequest(name, name + " is required");
        }
        return longField(raw, name, min, max);
    }

    private static int intField(String raw, String name, int min, int max) {
        return (int) longField(raw, name, min, max);
    }

    private static long longField(String raw, String name, long min, long max) {
        try {
            long v = Long.parseLong(raw);
            if (v >= min && v <= max) {
                return v;
            }
        } catch (NumberFormatException ignored) {
            // falls through to the same message as out of range
        }
        throw new BadRequest(name, name + " must be a whole number from " + min + " to " + max);
    }

    private static final class BadRequest extends RuntimeException {
        final String field;

        BadRequest(String field, String message) {
            super(message, null, false, false);
            this.field = field;
        }
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> opts = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            opts.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        String host = opts.getOrDefault("host", "localhost");
        int port = Integer.parseInt(opts.getOrDefault("port", "9081"));
        int accounts = Integer.parseInt(opts.getOrDefault("accounts", "1000"));
        RemoteSystem remote = start(host, port, accounts);
        Runtime.getRuntime().addShutdownHook(new Thread(remote::close));
        String parent = opts.get("parent-pid");
        if (parent != null) {
            // Started by a server: go when it goes, even if it was killed and could not stop us.
            ProcessHandle.of(Long.parseLong(parent))
                    .ifPresentOrElse(p -> p.onExit().thenRun(() -> System.exit(0)), () -> System.exit(0));
        }
        System.out.println("vtlab remote system listening on http://" + host + ":" + remote.port() + " with " + accounts
                + " accounts (pid " + ProcessHandle.current().pid() + ")");
        Thread.currentThread().join();
    }
}
