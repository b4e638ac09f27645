package dev.vtlab.compare.run;

import dev.vtlab.compare.raw.ServerMetric;
import dev.vtlab.compare.raw.ServerSample;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.CountDownLatch;

/**
 * Ends a plan's warm-up (its setUp thread group at the test's highest load, in the same JMeter process as the
 * measurement) once the server is warm: the JIT has gone quiet — it compiled for at most {@value #JIT_QUIET_SHARE}
 * of the last {@value #QUIET_S} s — and the last {@value #INTERVALS} of JMeter's 5-s rates show no trend (they lie
 * within {@value #RATE_SPREAD} of their mean); or at the cap, when the run is marked not warm. It ends the warm-up by
 * creating the file the plan's warm-up loop waits for.
 */
final class WarmUp {

    static final int QUIET_S = 5;
    static final double JIT_QUIET_SHARE = 0.01;
    static final int INTERVALS = 3;
    static final double RATE_SPREAD = 0.10;
    /** Not before this: the first seconds are JMeter's own start and the first compilations. */
    static final int MIN_S = 15;

    private final Path done;
    private final int capSeconds;
    private final ProcessSampler sampler;
    private final List<Double> rates = new ArrayList<>();
    private final long started = System.currentTimeMillis();
    private volatile long endedEpochMs = -1;
    private final CountDownLatch ended = new CountDownLatch(1);
    private volatile boolean warm;

    WarmUp(Path done, int capSeconds, ProcessSampler sampler) {
        this.done = done;
        this.capSeconds = capSeconds;
        this.sampler = sampler;
    }

    /** JMeter's rate over its last 5-s interval (its summariser); each one may end the warm-up. */
    synchronized void rate(double perSecond) {
        if (endedEpochMs >= 0) {
            return;
        }
        rates.add(perSecond);
        long seconds = (System.currentTimeMillis() - started) / 1000;
        if (seconds >= MIN_S && noTrend() && jitQuiet()) {
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
        if (rates.size() < INTERVALS) {
            return false;
        }
        List<Double> last = rates.subList(rates.size() - INTERVALS, rates.size());
        double mean = last.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        double spread = last.stream().mapToDouble(Double::doubleValue).max().orElse(0)
                - last.stream().mapToDouble(Double::doubleValue).min().orElse(0);
        return mean > 0 && spread <= RATE_SPREAD * mean;
    }

    /** True when the JIT's total grew by at most {@link #JIT_QUIET_SHARE} of the last seconds (or is not known). */
    private boolean jitQuiet() {
        List<ServerSample> s = sampler.samples();
        if (s.size() <= QUIET_S) {
            return false;
        }
        OptionalDouble now = value(s.get(s.size() - 1)), then = value(s.get(s.size() - 1 - QUIET_S));
        return now.isEmpty() || then.isEmpty() || now.getAsDouble() - then.getAsDouble() <= JIT_QUIET_SHARE * QUIET_S;
    }

    private static OptionalDouble value(ServerSample s) {
        double v = s.metric(ServerMetric.JIT_COMPILATION_SECONDS);
        return Double.isNaN(v) ? OptionalDouble.empty() : OptionalDouble.of(v);
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
