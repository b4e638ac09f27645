package dev.vtlab.compare.run;

import dev.vtlab.compare.raw.ServerMetric;
import dev.vtlab.compare.raw.ServerSample;
import dev.vtlab.compare.settings.JitRule;
import dev.vtlab.compare.stats.Stats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * Ends a plan's warm-up (its setUp thread group at the test's highest load, in the same JMeter process as the
 * measurement) once the server is warm: the JIT has gone quiet — its compiler threads used at most {@value
 * JitRule#WARM_UP_CPU_SHARE} of a CPU over the last {@value #QUIET_S} s — and the last {@value #INTERVALS} of JMeter's 5-s rates
 * show no trend (they lie within {@value #RATE_SPREAD} of their mean; for a paced test, whose rate JMeter holds flat
 * anyway, the server's CPU over the last {@value #INTERVALS} 5-s spans) and, where Liberty's pool runs the requests,
 * the pool has settled; or at the cap, when the run is marked not warm.
 * It ends the warm-up by creating the file the plan's warm-up loop waits for.
 *
 * <p>Before it, {@link #compilePhase} at a light load: on a server of one or two CPUs the compiler threads are a few
 * among the request threads the CPU scheduler shares it with, so at the test's highest load (a pool of 30–40 threads
 * runnable) the JIT gets a small share and compiles for minutes; at a light load it gets a large one.
 */
final class WarmUp {

    static final int QUIET_S = 10;
    /** Busy request threads per server CPU in the compile phase: few enough that the compiler threads get CPU. */
    static final int COMPILE_PHASE_USERS_PER_CPU = 2;
    /** A cold request's CPU, about: what a user of a test whose requests wait is busy for between its waits. */
    static final double COLD_REQUEST_CPU_MS = 1;

    /** Seconds of pool sizes whose halves must agree before a warm-up under the pool ends. */
    static final int POOL_S = 20;

    static final int INTERVALS = 3;
    /** Seconds of samples per span of the paced rule, as JMeter's summariser's interval. */
    static final int SPAN_S = JMeterRun.SUMMARY_SECONDS;

    static final double RATE_SPREAD = 0.10;
    /** Not before this: the first seconds are JMeter's own start and the first compilations. */
    static final int MIN_S = 15;

    private final Path done;
    private final int capSeconds;
    private final ProcessSampler sampler;
    private final boolean poolRuns;
    private final boolean paced;
    private final List<Double> rates = new ArrayList<>();
    private final long started = System.currentTimeMillis();
    private volatile long endedEpochMs = -1;
    private final CountDownLatch ended = new CountDownLatch(1);
    private volatile boolean warm;

    /**
     * {@code poolRuns}: Liberty's pool runs the requests, so the warm-up waits for it to settle too; {@code paced}: the
     * plan paces its users (the warm-up too), so the server's CPU, not JMeter's rate, shows whether it has settled.
     */
    WarmUp(Path done, int capSeconds, ProcessSampler sampler, boolean poolRuns, boolean paced) {
        this.done = done;
        this.capSeconds = capSeconds;
        this.sampler = sampler;
        this.poolRuns = poolRuns;
        this.paced = paced;
    }

    /** JMeter's rate over its last 5-s interval (its summariser); each one may end the warm-up. */
    synchronized void rate(double perSecond) {
        if (endedEpochMs >= 0) {
            return;
        }
        rates.add(perSecond);
        long seconds = (System.currentTimeMillis() - started) / 1000;
        List<ServerSample> samples = sampler.samples();
        boolean flat = paced ? cpuFlat(samples) : noTrend();
        if (seconds >= MIN_S && flat && jitQuiet(samples) && (!poolRuns || poolSettled(samples))) {
            end(true);
        } else if (seconds >= capSeconds) {
            end(false);
        }
    }

    /** The cap, for a plan that sends too little for JMeter to print a rate: called once a second. */
    synchronized void tick() {
        if (endedEpochMs < 0 && (System.currentTimeMillis() - started) / 1000 >= capSeconds) {
            end(false);
        }
    }

    private boolean noTrend() {
        return rates.size() >= INTERVALS && withinSpread(rates.subList(rates.size() - INTERVALS, rates.size()));
    }

    /** Whether these figures lie within {@link #RATE_SPREAD} of their (positive) mean. */
    private static boolean withinSpread(List<Double> last) {
        double mean = last.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        double spread = last.stream().mapToDouble(Double::doubleValue).max().orElse(0)
                - last.stream().mapToDouble(Double::doubleValue).min().orElse(0);
        return mean > 0 && spread <= RATE_SPREAD * mean;
    }

    /**
     * For a paced plan: whether the server's CPU over the last {@link #INTERVALS} spans of {@link #SPAN_S} samples
     * lies within {@link #RATE_SPREAD} of its mean. At a held rate its CPU per request is what still moves: measured
     * here, after a warm-up unpaced at the same users, the CPU of a ping paced at 2 500/s fell 20-25 % over the
     * level's first 20-30 s in 3 of 6 runs (late compilations of the paths a server with idle time takes).
     */
    static boolean cpuFlat(List<ServerSample> s) {
        if (s.size() < INTERVALS * SPAN_S) {
            return false;
        }
        List<Double> spans = new ArrayList<>();
        for (int i = INTERVALS; i > 0; i--) {
            spans.add(s.subList(s.size() - i * SPAN_S, s.size() - (i - 1) * SPAN_S).stream()
                    .mapToDouble(ServerSample::serverCpuPct)
                    .average()
                    .orElse(0));
        }
        return withinSpread(spans);
    }

    /**
     * True when the compiler threads used at most {@link JitRule#WARM_UP_CPU_SHARE} of a CPU over the last {@link #QUIET_S}
     * samples and the compilations' own (elapsed) time grew by at most {@link JitRule#WARM_UP_ELAPSED_SHARE} of it — each
     * where known (the threads' CPU from /proc, the time from the compilation bean). Both, because a compiler starved
     * of CPU behind runnable request threads uses little CPU while its compilations take long: it is behind, not done.
     */
    static boolean jitQuiet(List<ServerSample> s) {
        if (s.size() <= QUIET_S) {
            return false;
        }
        ServerSample now = s.get(s.size() - 1), then = s.get(s.size() - 1 - QUIET_S);
        double seconds = (now.epochMs() - then.epochMs()) / 1000.0;
        double cpu = now.metric(ServerMetric.JIT_CPU_SECONDS) - then.metric(ServerMetric.JIT_CPU_SECONDS);
        double elapsed =
                now.metric(ServerMetric.JIT_COMPILATION_SECONDS) - then.metric(ServerMetric.JIT_COMPILATION_SECONDS);
        return !(cpu > JitRule.WARM_UP_CPU_SHARE * seconds) && !(elapsed > JitRule.WARM_UP_ELAPSED_SHARE * seconds);
    }

    /**
     * Whether Liberty's pool has settled over the last {@value #POOL_S} samples ({@link Stats#poolSettled}, the rule
     * a measured window is held to); true where the server publishes no pool size.
     */
    static boolean poolSettled(List<ServerSample> s) {
        if (s.size() < POOL_S) {
            return false;
        }
        double[] sizes = s.subList(s.size() - POOL_S, s.size()).stream()
                .mapToDouble(x -> x.metric(ServerMetric.THREADPOOL_SIZE))
                .toArray();
        return !Boolean.FALSE.equals(Stats.poolSettled(sizes));
    }

    /**
     * Users of the compile phase: {@link #COMPILE_PHASE_USERS_PER_CPU} busy ones per server CPU. A user whose request
     * waits {@code waitMs} is busy about 1 ms of every 1 + {@code waitMs}, so there are that many times more of them
     * (at most the test's highest load): at 2 users the banking test (a 2-ms wait on the remote) kept its server's CPU
     * 35–75 % busy and the JIT still compiled at a quarter of a CPU after 80 s, the cap.
     */
    static int compilePhaseUsers(int serverCpus, double waitMs, int highest) {
        long users = Math.round(COMPILE_PHASE_USERS_PER_CPU * serverCpus * (1 + waitMs / COLD_REQUEST_CPU_MS));
        return (int) Math.max(1, highest > 0 ? Math.min(users, highest) : users);
    }

    /**
     * The compile phase: runs {@code jmeter} (the test at {@link #COMPILE_PHASE_USERS_PER_CPU} users per server CPU,
     * in a JMeter of its own) until the JIT is quiet, at least {@link #MIN_S} s and at most {@code capSeconds}; true
     * when it ended quiet.
     */
    static boolean compilePhase(List<String> jmeter, Path log, String label, ProcessSampler sampler, int capSeconds)
            throws IOException, InterruptedException {
        CountDownLatch quiet = new CountDownLatch(1);
        int before = sampler.samples().size();
        Thread watcher = Thread.ofPlatform().daemon().start(() -> {
            try {
                while (quiet.getCount() > 0) {
                    Thread.sleep(1000);
                    List<ServerSample> s = sampler.samples();
                    if (s.size() - before > Math.max(MIN_S, QUIET_S) && jitQuiet(s)) {
                        quiet.countDown();
                    }
                }
            } catch (InterruptedException ended) {
                // the phase ended at its cap
            }
        });
        try {
            JMeterRun.run(jmeter, capSeconds + 10, log, label, sampler, capSeconds, quiet, rate -> {});
        } finally {
            watcher.interrupt();
        }
        return quiet.getCount() == 0;
    }

    private void end(boolean warmNow) {
        warm = warmNow;
        endedEpochMs = System.currentTimeMillis();
        try {
            Files.writeString(done, warm ? "warm\n" : "cap reached\n");
        } catch (IOException e) {
            throw new Stopped("could not end the warm-up (" + done + "): " + e.getMessage());
        } finally {
            ended.countDown();
        }
    }

    /** Waits until the warm-up has ended (warm or at its cap): when a profiled run's recording starts. */
    void awaitEnd() throws InterruptedException {
        ended.await();
    }

    /** Seconds the warm-up lasted (to now if it has not ended). */
    double seconds() {
        return ((endedEpochMs < 0 ? System.currentTimeMillis() : endedEpochMs) - started) / 1000.0;
    }

    boolean warm() {
        return warm;
    }
}
