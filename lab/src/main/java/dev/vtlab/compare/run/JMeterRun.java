package dev.vtlab.compare.run;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.DoubleConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One JMeter process, run headless to its end: its live rate echoed every 5 s, bounded by the plan's duration
 * plus a margin (a watchdog), and optionally asked to shut down after so many seconds through JMeter's own
 * non-GUI shutdown port (what its bin/shutdown.sh sends).
 */
final class JMeterRun {

    /** Seconds between JMeter's live summaries (its summariser's interval), each a rate the lab reads. */
    static final int SUMMARY_SECONDS = 5;

    private static final Pattern SUMMARY = Pattern.compile("summary \\+ .*?=\\s*([0-9.]+)/s.*?Err:\\s*(\\d+)");
    /** How long JMeter may overrun its plan before it is stopped. */
    private static final int OVERRUN_SECONDS = 180;
    /** What JMeter logs once its engine starts the thread groups. */
    private static final String RUNNING = "o.a.j.JMeter: Running test (";

    private static final int RUNNING_WAIT_S = 10;

    private JMeterRun() {}

    /**
     * Runs {@code command}; {@code stopAfterSeconds}: ask JMeter to shut down that long after its test started
     * (null: let the plan end). {@code sampler}: told JMeter's pid, so its CPU is counted. {@code onRate}: told
     * each 5-s rate JMeter reports.
     */
    static void run(
            List<String> command,
            int planSeconds,
            Path log,
            String label,
            ProcessSampler sampler,
            Integer stopAfterSeconds,
            DoubleConsumer onRate)
            throws IOException, InterruptedException {
        run(command, planSeconds, log, label, sampler, stopAfterSeconds, null, onRate);
    }

    /** As above, and shut down as soon as {@code stopNow} is released too (null: only at {@code stopAfterSeconds}). */
    static void run(
            List<String> command,
            int planSeconds,
            Path log,
            String label,
            ProcessSampler sampler,
            Integer stopAfterSeconds,
            CountDownLatch stopNow,
            DoubleConsumer onRate)
            throws IOException, InterruptedException {
        List<String> full = new ArrayList<>(command);
        // the live rate every 5 s; TESTSTART in every row (time 0 of an open model's schedule); and exit when
        // done (an Open Model Thread Group leaves a non-daemon thread that keeps JMeter up another minute)
        full.addAll(List.of(
                "-Jsummariser.interval=" + SUMMARY_SECONDS,
                "-Jsample_variables=TESTSTART",
                "-Jjmeterengine.force.system.exit=true"));
        int shutdownPort = -1;
        if (stopAfterSeconds != null) {
            try (DatagramSocket probe = new DatagramSocket(0)) {
                shutdownPort = probe.getLocalPort();
            }
            full.addAll(List.of(
                    "-Jjmeterengine.nongui.port=" + shutdownPort, "-Jjmeterengine.nongui.maxport=" + shutdownPort));
        }
        Process jmeter = new ProcessBuilder(full).redirectErrorStream(true).start();
        // set when JMeter says its test has started (and its shutdown port listens): the stop counts from there
        CountDownLatch testStarted = new CountDownLatch(1);
        AtomicBoolean stopped = new AtomicBoolean();
        if (stopAfterSeconds != null) {
            int port = shutdownPort;
            Thread.ofPlatform()
                    .daemon()
                    .start(() -> shutDownAfter(jmeter, testStarted, log, stopAfterSeconds, stopNow, port, stopped));
        }
        if (sampler != null) {
            sampler.watchJMeter(jmeter.pid());
        }
        Thread watchdog = Thread.ofPlatform().daemon().start(() -> {
            try {
                if (!jmeter.waitFor(planSeconds + (long) OVERRUN_SECONDS, TimeUnit.SECONDS)) {
                    System.err.println("[compare] JMeter overran its plan by " + OVERRUN_SECONDS + " s; stopping it");
                    jmeter.destroyForcibly();
                }
            } catch (InterruptedException ignored) {
                // the run ended
            }
        });
        long start = System.currentTimeMillis();
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(jmeter.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = out.readLine()) != null; ) {
                if (line.startsWith("Waiting for possible Shutdown")) {
                    testStarted.countDown();
                }
                Matcher m = SUMMARY.matcher(line);
                if (m.find()) {
                    onRate.accept(Double.parseDouble(m.group(1)));
                    System.out.printf(
                            Locale.ROOT,
                            "[compare] %s · %d/%d s · %s req/s · %s errors%s%n",
                            label,
                            (System.currentTimeMillis() - start) / 1000,
                            planSeconds,
                            m.group(1),
                            m.group(2),
                            // JMeter's shutdown closes the sockets of requests in flight: they fail, uncounted
                            stopped.get() && !m.group(2).equals("0") ? " (in flight when it was stopped)" : "");
                } else if (line.contains("Error") || line.contains("Exception")) {
                    System.out.println("[jmeter] " + line);
                }
            }
        }
        testStarted.countDown(); // JMeter has ended: nothing left to stop
        int exit = jmeter.waitFor();
        watchdog.interrupt();
        if (exit != 0) {
            throw new Stopped("JMeter failed (exit " + exit + "); see " + log);
        }
    }

    private static boolean running(Path log) {
        try {
            return Files.readString(log).contains(RUNNING);
        } catch (IOException notYet) {
            return false;
        }
    }

    private static void shutDownAfter(
            Process jmeter,
            CountDownLatch testStarted,
            Path log,
            int seconds,
            CountDownLatch stopNow,
            int port,
            AtomicBoolean stopped) {
        try {
            testStarted.await();
            // JMeter listens for a shutdown before its engine starts the threads: on a slow machine its class scan
            // in between took 1.7 s of a 2-s warm-up. Count from "Running test" in its log (a controller of remote
            // engines logs otherwise: at most RUNNING_WAIT_S from the port)
            long logDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(RUNNING_WAIT_S);
            while (jmeter.isAlive()
                    && !running(log)
                    && System.nanoTime() < logDeadline
                    && (stopNow == null || stopNow.getCount() > 0)) {
                Thread.sleep(100);
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            boolean ended = false;
            while (!ended && System.nanoTime() < deadline && (stopNow == null || stopNow.getCount() > 0)) {
                ended = jmeter.waitFor(200, TimeUnit.MILLISECONDS);
            }
            if (!ended) {
                // end the test once the current samples finish
                stopped.set(true);
                byte[] msg = "Shutdown".getBytes(StandardCharsets.US_ASCII);
                try (DatagramSocket socket = new DatagramSocket()) {
                    socket.send(new DatagramPacket(msg, msg.length, InetAddress.getLoopbackAddress(), port));
                }
            }
        } catch (IOException | InterruptedException ignored) {
            // JMeter ended by itself, or the watchdog stops it
        }
    }
}
