package dev.vtlab.compare.run;

import dev.vtlab.compare.preflight.Prepared;
import dev.vtlab.compare.raw.ServerSample;
import dev.vtlab.compare.settings.CompareSettings;
import dev.vtlab.compare.settings.Crossover;
import dev.vtlab.compare.settings.TestSpec;
import dev.vtlab.dispatch.DispatchMode;
import dev.vtlab.metrics.ProcessStatus;
import dev.vtlab.profile.ProfileRecorder;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs the crossover design ({@link Crossover}): one server with DISPATCH_MODE=crossover, one JMeter at the test's
 * load for the whole run, and the mode switched at each slice's start. Each slice's measured part, from its discard's
 * end to the next switch, is read at its two edges: the server's CPU (utime + stime), the server CPUs' interrupt and
 * softirq time (the kernel's work for the test's loopback traffic, charged to no process), steal, and the requests
 * each mode has answered, by the server's own counters. Knows nothing of the analysis.
 */
public final class CrossoverRunner {

    /**
     * One reading at a slice's edge: the server process's CPU ticks; the server CPUs' interrupt and softirq ticks; the
     * server CPUs' busy ticks (user, nice, system, irq and softirq: everything but idle, iowait and steal); steal; and
     * the requests each mode has answered.
     */
    public record Reading(
            long epochMs,
            long serverTicks,
            long kernelTicks,
            long busyTicks,
            long stealTicks,
            Map<DispatchMode, Long> answered) {}

    /** One measured slice: its block, its place in the block, its mode, its two readings, and when it was switched to. */
    public record Slice(int block, int position, DispatchMode mode, Reading start, Reading end, long switchedEpochMs) {

        public double seconds() {
            return (end.epochMs() - start.epochMs()) / 1000.0;
        }

        public double cpuSeconds() {
            return (end.serverTicks() - start.serverTicks()) / (double) ProcessStatus.TICKS_PER_SECOND;
        }

        public double kernelSeconds() {
            return (end.kernelTicks() - start.kernelTicks()) / (double) ProcessStatus.TICKS_PER_SECOND;
        }

        /**
         * The server CPUs' whole busy time: the server, the kernel's interrupt work and anything else that ran there. On
         * a kernel without CONFIG_IRQ_TIME_ACCOUNTING the softirq work done while a server thread is current is in
         * the process's system time too, so the process's CPU plus {@link #kernelSeconds()} counts it twice; this
         * does not.
         */
        public double busySeconds() {
            return (end.busyTicks() - start.busyTicks()) / (double) ProcessStatus.TICKS_PER_SECOND;
        }

        public double stealSeconds() {
            return (end.stealTicks() - start.stealTicks()) / (double) ProcessStatus.TICKS_PER_SECOND;
        }

        /** Requests of this slice's mode answered between the two readings. */
        public long requests() {
            return end.answered().getOrDefault(mode, 0L) - start.answered().getOrDefault(mode, 0L);
        }

        /** Requests of the other modes answered meanwhile: what was still in flight when the discard ended. */
        public long others() {
            long all = 0;
            for (Map.Entry<DispatchMode, Long> e : end.answered().entrySet()) {
                all += e.getValue() - start.answered().getOrDefault(e.getKey(), 0L);
            }
            return all - requests();
        }
    }

    /**
     * What a crossover run gave: its measured slices, its profiled slices and their recording (none and null without
     * profiling), the server's seconds as sampled, the server's JVM options, and its warm-up: how long, in how many
     * slices, and whether it ended with the JIT quiet (else at its cap).
     */
    public record Result(
            List<Slice> slices,
            List<Slice> profiled,
            Path recording,
            List<ServerSample> samples,
            List<String> jvmArgs,
            double wallSeconds,
            double warmupSeconds,
            int warmupSlices,
            boolean warmed) {}

    /** The warm-up as it went. */
    private record Warm(double seconds, int slices, boolean quiet) {}

    private static final Duration FIRST_ANSWER_WAIT = Duration.ofSeconds(120);
    /**
     * How long a switch or a reading may take: the server answers them beside the test's load, and an overloaded one
     * (an open model's arrivals piling up on a cold server) answers late.
     */
    private static final Duration CONTROL_TIMEOUT = Duration.ofSeconds(30);

    private final Prepared prepared;
    private final CompareSettings settings;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    public CrossoverRunner(Prepared prepared) {
        this.prepared = prepared;
        this.settings = prepared.settings();
    }

    /** Runs {@code design} on {@code spec}'s load; JMeter's files go to {@code dir}. */
    public Result run(Crossover design, TestSpec spec, Path dir) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        long began = System.nanoTime();
        try (LabServers lab = new LabServers(prepared)) {
            ProfileRecorder recorder = new ProfileRecorder(settings.cpuProfile());
            List<String> jvmArgs = new ArrayList<>(spec.test().serverJvmArgs());
            if (design.profiledBlocks() > 0) {
                jvmArgs.addAll(recorder.jvmArgs());
            }
            lab.startAs(settings.baseline(), "crossover", jvmArgs);
            int loadSeconds = design.maxLoadSeconds();
            Runner runner = new Runner(prepared);
            List<String> command = runner.jmeter(spec, Crossover.oneLevel(spec, loadSeconds + 60), dir, false);
            CountDownLatch stopNow = new CountDownLatch(1);
            AtomicReference<Exception> failed = new AtomicReference<>();
            try (JmxMetrics jmx = new JmxMetrics(lab.serverDir());
                    ProcessSampler sampler = new ProcessSampler(lab.serverPid(), lab.remotePid(), jmx)) {
                Thread jmeter = Thread.ofPlatform()
                        .name("vtlab-crossover-jmeter")
                        .start(() -> {
                            try {
                                JMeterRun.run(
                                        command,
                                        loadSeconds + 60,
                                        dir.resolve("jmeter.log"),
                                        "crossover · " + spec.name(),
                                        sampler,
                                        loadSeconds + 60,
                                        stopNow,
                                        rate -> {});
                            } catch (IOException | InterruptedException | RuntimeException e) {
                                failed.set(e);
                            }
                        });
                List<Slice> slices;
                List<Slice> profiled = List.of();
                Path recording = null;
                Warm warm;
                try {
                    awaitFirstAnswers(lab, failed);
                    warm = warmUp(design, lab, sampler, failed);
                    slices = slices(design.order(), design, lab, failed, "block");
                    if (design.profiledBlocks() > 0) {
                        // after the measured blocks, so that the recording's cost is in none of them
                        ProfileRecorder.Recording r = recorder.start(lab.serverPid(), dir);
                        profiled = slices(design.profiledOrder(), design, lab, failed, "profiled block");
                        recording = recorder.stop(r);
                    }
                } finally {
                    stopNow.countDown();
                    jmeter.join(Duration.ofSeconds(240));
                }
                if (failed.get() != null) {
                    throw new Stopped("JMeter failed during the crossover: "
                            + failed.get().getMessage());
                }
                List<String> serverArgs = jmx.inputArguments();
                return new Result(
                        slices,
                        profiled,
                        recording,
                        sampler.samples(),
                        serverArgs.isEmpty() ? lab.jvmArgs() : serverArgs,
                        (System.nanoTime() - began) / 1e9,
                        warm.seconds(),
                        warm.slices(),
                        warm.quiet());
            }
        }
    }

    /**
     * Whole rounds of every mode in slices, at least {@link Crossover#MIN_WARMUP_ROUNDS}, until the JIT is quiet at a
     * round's end by the fresh-JVM design's rule ({@link WarmUp#jitQuiet}), or the cap.
     */
    private Warm warmUp(Crossover design, LabServers lab, ProcessSampler sampler, AtomicReference<Exception> failed)
            throws IOException, InterruptedException {
        long started = System.nanoTime();
        List<DispatchMode> modes = design.modes();
        int slices = 0;
        for (int round = 1; ; round++) {
            for (DispatchMode mode : modes) {
                switchTo(lab, mode);
                slices++;
                sleepChecking(design.sliceSeconds() * 1000L, failed);
            }
            double seconds = (System.nanoTime() - started) / 1e9;
            boolean quiet = WarmUp.jitQuiet(sampler.samples());
            System.out.printf(
                    Locale.ROOT,
                    "[compare] crossover · warm-up round %d · %.0f s · JIT %s%n",
                    round,
                    seconds,
                    quiet ? "quiet" : "still compiling");
            if (round >= Crossover.MIN_WARMUP_ROUNDS && quiet) {
                return new Warm(seconds, slices, true);
            }
            if (seconds + modes.size() * design.sliceSeconds() > design.warmupCapSeconds()) {
                return new Warm(seconds, slices, false);
            }
        }
    }

    /** The slices of {@code order}'s blocks, switching the server's mode at each; {@code what} names them on the console. */
    private List<Slice> slices(
            List<List<DispatchMode>> order,
            Crossover design,
            LabServers lab,
            AtomicReference<Exception> failed,
            String what)
            throws IOException, InterruptedException {
        long serverPid = lab.serverPid();
        List<Slice> slices = new ArrayList<>();
        for (int b = 0; b < order.size(); b++) {
            for (int pos = 0; pos < order.get(b).size(); pos++) {
                DispatchMode mode = order.get(b).get(pos);
                long sliceStart = System.nanoTime();
                long switched = System.currentTimeMillis();
                switchTo(lab, mode);
                sleepChecking(design.discardSeconds() * 1000L - (System.nanoTime() - sliceStart) / 1_000_000, failed);
                Reading start = read(lab, serverPid);
                sleepChecking(design.sliceSeconds() * 1000L - (System.nanoTime() - sliceStart) / 1_000_000, failed);
                Reading end = read(lab, serverPid);
                Slice slice = new Slice(b + 1, pos + 1, mode, start, end, switched);
                slices.add(slice);
                System.out.printf(
                        Locale.ROOT,
                        "[compare] crossover · %s %d/%d · %s · %.0f req/s · %.1f µs CPU a request%n",
                        what,
                        b + 1,
                        order.size(),
                        mode.label(),
                        slice.requests() / slice.seconds(),
                        slice.requests() == 0 ? Double.NaN : 1e6 * slice.cpuSeconds() / slice.requests());
            }
        }
        return slices;
    }

    private void awaitFirstAnswers(LabServers lab, AtomicReference<Exception> failed)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + FIRST_ANSWER_WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            if (failed.get() != null) {
                throw new Stopped("JMeter failed before its first request: "
                        + failed.get().getMessage());
            }
            if (state(lab).answered().values().stream()
                            .mapToLong(Long::longValue)
                            .sum()
                    > 0) {
                return;
            }
            Thread.sleep(200);
        }
        throw new Stopped("the crossover's server answered no request within " + FIRST_ANSWER_WAIT.toSeconds() + " s");
    }

    private static void sleepChecking(long ms, AtomicReference<Exception> failed) throws InterruptedException {
        if (ms > 0) {
            Thread.sleep(ms);
        }
        if (failed.get() != null) {
            throw new Stopped(
                    "JMeter failed during the crossover: " + failed.get().getMessage());
        }
    }

    private Reading read(LabServers lab, long serverPid) throws IOException, InterruptedException {
        // the server's CPU and the kernel's as near each other as can be, the counters just after
        long ticks = ProcessSampler.processTicks(serverPid);
        long[] kernel =
                kernelAndSteal(settings.cpus().shared() ? null : settings.cpus().server());
        State state = state(lab);
        return new Reading(System.currentTimeMillis(), ticks, kernel[0], kernel[2], kernel[1], state.answered());
    }

    private record State(String mode, Map<DispatchMode, Long> answered) {}

    private State state(LabServers lab) throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(
                HttpRequest.newBuilder(lab.app("/api/lab/crossover"))
                        .timeout(CONTROL_TIMEOUT)
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        return parse(r, "read");
    }

    private void switchTo(LabServers lab, DispatchMode mode) throws IOException, InterruptedException {
        URI uri = lab.app("/api/lab/crossover?mode=" + mode.label());
        HttpResponse<String> r = http.send(
                HttpRequest.newBuilder(uri)
                        .timeout(CONTROL_TIMEOUT)
                        .PUT(HttpRequest.BodyPublishers.noBody())
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        State state = parse(r, "switch to " + mode.label());
        if (!state.mode().equals(mode.label())) {
            throw new Stopped("the crossover's server did not switch to " + mode.label() + ": " + r.body());
        }
    }

    private static State parse(HttpResponse<String> r, String what) {
        if (r.statusCode() != 200) {
            throw new Stopped("the crossover's server could not " + what + ": HTTP " + r.statusCode() + " " + r.body());
        }
        try (JsonReader in = Json.createReader(new StringReader(r.body()))) {
            JsonObject o = in.readObject();
            Map<DispatchMode, Long> answered = new EnumMap<>(DispatchMode.class);
            o.getJsonObject("answered")
                    .forEach((mode, n) ->
                            answered.put(DispatchMode.parse(mode), ((jakarta.json.JsonNumber) n).longValue()));
            return new State(o.getString("mode"), answered);
        }
    }

    /**
     * From /proc/stat's per-CPU lines: interrupt and softirq ticks of {@code cpus} (null: of every CPU), steal of every
     * CPU, and the busy ticks of {@code cpus} (user, nice, system, irq, softirq).
     */
    static long[] kernelAndSteal(TreeSet<Integer> cpus) throws IOException {
        long kernel = 0, steal = 0, busy = 0;
        for (String line : Files.readAllLines(Path.of("/proc/stat"))) {
            String[] f = line.trim().split("\\s+");
            if (!f[0].startsWith("cpu") || f.length < 9) {
                continue;
            }
            boolean all = f[0].equals("cpu");
            if (all) {
                steal = Long.parseLong(f[8]);
            }
            if (all ? cpus == null : cpus != null && cpus.contains(Integer.parseInt(f[0].substring(3)))) {
                kernel += Long.parseLong(f[6]) + Long.parseLong(f[7]);
                busy += Long.parseLong(f[1])
                        + Long.parseLong(f[2])
                        + Long.parseLong(f[3])
                        + Long.parseLong(f[6])
                        + Long.parseLong(f[7]);
            }
        }
        return new long[] {kernel, steal, busy};
    }
}
