package dev.vtlab.compare;

import dev.vtlab.dispatch.DispatchMode;
import dev.vtlab.measurement.Machine;
import dev.vtlab.measurement.MachineLock;
import dev.vtlab.measurement.MachineState;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The A/B comparison: every chosen test in each dispatch mode, repeated and interleaved, each run on a
 * fresh server and remote-system JVM with the same heap and JVM options, driven by JMeter in non-GUI
 * mode on CPUs of its own; then one result model and the reports that format it.
 *
 * <pre>./mvnw -Pcompare verify [-Dcompare.profile=smoke|quick|rigorous|full] [-Dcompare.tests=ping] ...</pre>
 */
public final class Compare {

    private static final Pattern SUMMARY = Pattern.compile("summary \\+ .*?=\\s*([0-9.]+)/s.*?Err:\\s*(\\d+)");
    /**
     * Seconds each run spends outside its load, for the estimate printed up front: server ready (8-9 s),
     * stopped (4 s), JMeter's start (3 s) and its dashboard, as measured on 2 cores.
     */
    private static final int RESTART_SECONDS = 20;

    private Compare() {}

    public static void main(String[] args) throws Exception {
        try {
            String again = System.getProperty("compare.reanalyse");
            Path report = again != null
                    ? reanalyse(Path.of(again))
                    : run(
                            System.getProperties(),
                            Path.of(System.getProperty("basedir", ".")).toAbsolutePath());
            System.out.println("[compare] report: " + report.resolve("index.html"));
        } catch (IllegalArgumentException badSetting) {
            // a bad -Dcompare.* value: one clear line, before anything started
            System.err.println("[compare] " + badSetting.getMessage());
            System.exit(2);
        } catch (Stopped stopped) {
            // a server or JMeter that failed: why, and where its log is, in one line (the servers are stopped by then)
            System.err.println("[compare] stopped: " + stopped.getMessage());
            System.exit(1);
        }
    }

    /** The comparison cannot go on; the message says why and names the log to read. */
    static final class Stopped extends RuntimeException {
        Stopped(String message) {
            super(message);
        }
    }

    /** Runs the comparison and returns the report directory. */
    public static Path run(Properties properties, Path basedir) throws Exception {
        CompareSettings settings = CompareSettings.from(properties, basedir);
        List<Schedule.Slot> slots = Schedule.of(settings.specs(), settings.modes(), settings.order(), settings.seed());
        int loadSeconds = slots.stream()
                .mapToInt(s -> s.spec().seconds() + (s.spec().test().sudden() ? 0 : settings.warmupSeconds()))
                .sum();
        // a user's plan runs as long as it runs, unless compare.DURATION says how long that is
        boolean unknownLength = settings.specs().stream()
                .anyMatch(s ->
                        s.test().shape() == Catalogue.Shape.PLAN && !s.props().containsKey("DURATION"));
        System.out.printf(
                Locale.ROOT,
                "[compare] %s profile: %s in modes %s (baseline %s), %s order: %d runs, %s%n",
                settings.profile().label(),
                settings.specs().stream()
                        .map(s -> s.name() + " ×" + s.repeats())
                        .toList(),
                settings.modes().stream().map(DispatchMode::label).toList(),
                settings.baseline().label(),
                settings.order().name().toLowerCase(Locale.ROOT),
                slots.size(),
                unknownLength
                        ? "each as long as your plan runs plus about " + RESTART_SECONDS + " s"
                        : "about " + (loadSeconds + RESTART_SECONDS * slots.size() + 59) / 60 + " min");
        System.out.println("[compare] CPUs: " + settings.cpus().describe(settings.app() == null));
        if (settings.app() != null) {
            System.out.printf(
                    Locale.ROOT,
                    "[compare] your app: %s (%s), on port %d as server %s-<mode>%n",
                    settings.app().source(),
                    settings.app().kind().name().toLowerCase(Locale.ROOT).replace('_', ' '),
                    settings.port(),
                    settings.server());
            for (String note : settings.app().preflight(settings.wlp())) {
                System.out.println("[compare] note: " + note);
            }
        }
        List<String> planNotes = settings.app() != null
                        && settings.specs().get(0).test().shape() == Catalogue.Shape.PLAN
                ? UserApp.planNotes(Path.of(settings.specs().get(0).test().plan()))
                : List.of();
        planNotes.forEach(note -> System.out.println("[compare] note: your plan's " + note));
        Files.createDirectories(settings.out());
        deleteRecursively(settings.out().resolve("runs"));
        LabServers.prepare(settings);
        List<RunResult> runs = new ArrayList<>();
        long started = System.currentTimeMillis();
        try (MachineLock lock = MachineLock.acquire(
                settings.lockFile(),
                Duration.ofSeconds(TestSpec.bounded(
                        "compare.lockWaitSeconds",
                        properties.getProperty("compare.lockWaitSeconds", "600"),
                        0,
                        86_400)),
                "Wait for it, or raise compare.lockWaitSeconds")) {
            for (int i = 0; i < slots.size(); i++) {
                RunResult r = runOne(settings, slots.get(i), i + 1, slots.size(), basedir);
                runs.add(r);
                System.out.printf(
                        Locale.ROOT,
                        "[compare] %d/%d %s · %s #%d: %s; errors %d%s%n",
                        i + 1,
                        slots.size(),
                        r.test(),
                        r.mode().label(),
                        r.repetition(),
                        r.levels().stream()
                                .map(l -> String.format(
                                        Locale.ROOT,
                                        "%s %.1f req/s p95 %.0f ms cpu %.0f %%",
                                        l.name(),
                                        l.rps(),
                                        l.latency().p95(),
                                        l.cpuPct()))
                                .toList(),
                        r.errors(),
                        r.warnings().isEmpty() ? "" : "; " + String.join("; ", r.warnings()));
            }
        }
        double wallS = (System.currentTimeMillis() - started) / 1000.0;
        Map<String, String> environment = environment(settings, properties);
        if (!planNotes.isEmpty()) {
            environment.put("plan_notes", String.join("; ", planNotes));
        }
        Comparison comparison = Comparison.of(
                environment, settings.specs().stream().map(TestSpec::name).toList(), settings.modes(), runs, wallS);
        write(comparison, settings.out());
        System.out.printf(Locale.ROOT, "[compare] done in %.0f s%n", wallS);
        return settings.out();
    }

    /** The reports again from a report directory's raw files, with this version's analysis (see {@link Reanalysis}). */
    public static Path reanalyse(Path report) throws IOException {
        return Reanalysis.run(report);
    }

    /** The three reports of one result model, and the headline verdicts on the console. */
    static void write(Comparison comparison, Path out) throws IOException {
        JsonReport.write(comparison, out.resolve("summary.json"));
        CsvReport.write(comparison, out);
        HtmlReport.write(comparison, out);
        for (Comparison.RatioRow r : comparison.ratios()) {
            boolean headline = r.metric() == Metric.STEADY_RPS
                    || r.metric() == Metric.P95_MS
                    || r.metric() == Metric.TIME_TO_90PCT_S;
            if (headline && RunResult.requestTypeOf(r.headline()) == null) {
                System.out.printf(
                        Locale.ROOT,
                        "[compare] %-16s %-22s %s vs %s: %s%n",
                        r.test(),
                        HtmlReport.label(r.headline()),
                        r.mode().label(),
                        r.baseline().label(),
                        r.ratio().text());
            }
        }
    }

    private static RunResult runOne(CompareSettings settings, Schedule.Slot slot, int order, int total, Path basedir)
            throws Exception {
        TestSpec spec = slot.spec();
        String what = String.format(
                Locale.ROOT,
                "%d/%d %s · %s · repetition %d/%d",
                order,
                total,
                spec.name(),
                slot.mode().label(),
                slot.repetition(),
                spec.repeats());
        Path dir = settings.out()
                .resolve("runs")
                .resolve(spec.name() + "-" + slot.mode().label() + "-" + slot.repetition());
        Files.createDirectories(dir);
        System.out.println("[compare] " + what + ": starting fresh servers");
        MachineState before = MachineState.now();
        List<ProcessSampler.Sample> samples;
        try (LabServers lab = new LabServers(settings)) {
            long starting = System.nanoTime();
            lab.start(slot.mode());
            System.out.printf(
                    Locale.ROOT, "[compare] %s: servers ready in %.1f s%n", what, (System.nanoTime() - starting) / 1e9);
            if (!spec.test().sudden() && settings.warmupSeconds() > 0) {
                // a user's plan has no knob the lab knows for a light load: it runs as it is and is stopped
                boolean asItIs = spec.test().shape() == Catalogue.Shape.PLAN;
                jmeter(
                        settings,
                        spec.test().plan(),
                        spec.test().warmUp(spec.props(), settings.warmupSeconds()),
                        asItIs ? settings.warmupSeconds() : settings.warmupSeconds() + 10,
                        dir.resolve("warmup"),
                        basedir,
                        what + " · warm-up",
                        false,
                        null,
                        asItIs ? settings.warmupSeconds() : null);
            }
            boolean dashboard = settings.dashboards() == CompareSettings.Dashboards.ALL
                    || settings.dashboards() == CompareSettings.Dashboards.FIRST && slot.repetition() == 1;
            JmxMetrics jmx = settings.app() == null ? null : new JmxMetrics(lab.serverDir());
            try (ProcessSampler sampler = new ProcessSampler(
                    lab.serverPid(),
                    lab.remotePid(),
                    jmx != null ? jmx : ProcessSampler.prometheus(lab.app("/metrics")))) {
                jmeter(
                        settings,
                        spec.test().plan(),
                        spec.props(),
                        spec.seconds(),
                        dir,
                        basedir,
                        what,
                        dashboard,
                        sampler,
                        null);
                samples = sampler.samples();
            } finally {
                if (jmx != null) {
                    jmx.close();
                }
            }
        }
        // the server's log of this run (a warm restart rotates it away): where a 502 or a failed start is explained
        Path messages = settings.wlp()
                .resolve("usr/servers")
                .resolve(LabServers.serverFor(settings, slot.mode()))
                .resolve("logs/messages.log");
        if (Files.exists(messages)) {
            Files.copy(messages, dir.resolve("messages.log"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        MachineState after = MachineState.now();
        RunResult result = RunAnalysis.analyse(
                new RunAnalysis.Context(
                        slot,
                        order,
                        settings.cpus(),
                        settings.poolMaxThreads() == null ? null : Integer.valueOf(settings.poolMaxThreads()),
                        before,
                        after),
                Jtl.read(dir.resolve("results.jtl")),
                samples);
        Files.write(dir.resolve("samples.csv"), CsvReport.samples(samples, result.t0EpochMs()));
        return result;
    }

    /**
     * Runs one JMeter plan headless on the load CPUs, echoing its live rate; bounded by the plan's duration plus a
     * margin. {@code stopAfterSeconds}: ask JMeter to shut down (its own non-GUI shutdown port) after so many seconds.
     */
    private static void jmeter(
            CompareSettings settings,
            String plan,
            Map<String, String> props,
            int planSeconds,
            Path dir,
            Path basedir,
            String label,
            boolean dashboard,
            ProcessSampler sampler,
            Integer stopAfterSeconds)
            throws IOException, InterruptedException {
        Files.createDirectories(dir);
        Map<String, String> all =
                new LinkedHashMap<>(Map.of("HOST", settings.serverHost(), "PORT", String.valueOf(settings.port())));
        all.putAll(props);
        List<String> command = new ArrayList<>(settings.cpus().pinLoad());
        command.addAll(JMeter.run(
                settings.java(),
                settings.jmeterHome(),
                basedir.resolve("jmeter").resolve(plan),
                dir.resolve("results.jtl"),
                dir.resolve("jmeter.log"),
                all,
                settings.remoteHosts()));
        // the live rate every 5 s; TESTSTART in every row (time 0 of an open model's schedule); and exit when
        // done (an Open Model Thread Group leaves a non-daemon thread that keeps JMeter up another minute)
        command.addAll(List.of(
                "-Jsummariser.interval=5", "-Jsample_variables=TESTSTART", "-Jjmeterengine.force.system.exit=true"));
        if (dashboard) {
            command.addAll(List.of("-e", "-o", dir.resolve("jmeter-dashboard").toString()));
        }
        int shutdownPort = -1;
        if (stopAfterSeconds != null) {
            try (java.net.DatagramSocket probe = new java.net.DatagramSocket(0)) {
                shutdownPort = probe.getLocalPort();
            }
            command.addAll(List.of(
                    "-Jjmeterengine.nongui.port=" + shutdownPort, "-Jjmeterengine.nongui.maxport=" + shutdownPort));
        }
        Process jmeter = new ProcessBuilder(command).redirectErrorStream(true).start();
        // set when JMeter says its test has started (and its shutdown port listens): the stop counts from there
        java.util.concurrent.CountDownLatch testStarted = new java.util.concurrent.CountDownLatch(1);
        if (stopAfterSeconds != null) {
            int port = shutdownPort;
            Thread.ofPlatform().daemon().start(() -> {
                try {
                    testStarted.await();
                    if (!jmeter.waitFor(stopAfterSeconds, TimeUnit.SECONDS)) {
                        // what JMeter's own bin/shutdown.sh sends: end the test once the current samples finish
                        byte[] msg = "Shutdown".getBytes(StandardCharsets.US_ASCII);
                        try (java.net.DatagramSocket socket = new java.net.DatagramSocket()) {
                            socket.send(new java.net.DatagramPacket(
                                    msg, msg.length, java.net.InetAddress.getLoopbackAddress(), port));
                        }
                    }
                } catch (IOException | InterruptedException ignored) {
                    // JMeter ended by itself, or the watchdog stops it
                }
            });
        }
        if (sampler != null) {
            sampler.watchJMeter(jmeter.pid());
        }
        Thread watchdog = Thread.ofPlatform().daemon().start(() -> {
            try {
                if (!jmeter.waitFor(planSeconds + 180L, TimeUnit.SECONDS)) {
                    System.err.println("[compare] JMeter overran its plan by 180 s; stopping it");
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
                    System.out.printf(
                            Locale.ROOT,
                            "[compare] %s · %d/%d s · %s req/s · %s errors%n",
                            label,
                            (System.currentTimeMillis() - start) / 1000,
                            planSeconds,
                            m.group(1),
                            m.group(2));
                } else if (line.contains("Error") || line.contains("Exception")) {
                    System.out.println("[jmeter] " + line);
                }
            }
        }
        testStarted.countDown(); // JMeter has ended: nothing left to stop
        int exit = jmeter.waitFor();
        watchdog.interrupt();
        if (exit != 0) {
            throw new Stopped("JMeter failed (exit " + exit + "); see " + dir.resolve("jmeter.log"));
        }
    }

    /** Where, on what and how the comparison ran: enough to repeat it and to judge it. */
    private static Map<String, String> environment(CompareSettings settings, Properties properties) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("generated_at", Instant.now().toString());
        m.put("profile", settings.profile().label());
        m.put(
                "modes",
                String.join(
                        ",", settings.modes().stream().map(DispatchMode::label).toList()));
        m.put("baseline", settings.baseline().label());
        m.put(
                "order",
                settings.order().name().toLowerCase(Locale.ROOT)
                        + (settings.order() == Schedule.Order.RANDOM ? " (seed " + settings.seed() + ")" : ""));
        Machine machine = Machine.here();
        m.put("cpus", String.valueOf(machine.cpus()));
        m.put("cpu_plan", settings.cpus().describe(settings.app() == null));
        m.put("server_cpus", CpuPlan.list(settings.cpus().server()));
        m.put("load_cpus", CpuPlan.list(settings.cpus().load()));
        m.put("cpu_model", machine.cpuModel());
        m.put("memory", machine.memory());
        m.put("kernel", machine.kernel());
        m.put("jdk", machine.jdk());
        m.put("server_jvm_args", String.join(" ", settings.serverJvmArgs()));
        m.put("pool_max_threads", settings.poolMaxThreads() == null ? "Liberty default" : settings.poolMaxThreads());
        m.put(
                "jmeter_engines",
                settings.remoteHosts().isEmpty() ? "local" : "remote: " + String.join(",", settings.remoteHosts()));
        if (settings.app() != null) {
            m.put(
                    "app",
                    settings.app().source() + " ("
                            + settings.app()
                                    .kind()
                                    .name()
                                    .toLowerCase(Locale.ROOT)
                                    .replace('_', ' ') + ")");
            TestSpec spec = settings.specs().get(0);
            m.put(
                    Catalogue.USER_TEST,
                    spec.test().shape() == Catalogue.Shape.PLAN
                            ? "plan:" + spec.test().plan()
                            : "url:" + spec.props().get("PATH"));
        }
        m.put("command", command(properties));
        return m;
    }

    /** The command that repeats this comparison, from the compare.* properties it was given. */
    static String command(Properties properties) {
        StringBuilder cmd = new StringBuilder("./mvnw -Pcompare verify");
        properties.stringPropertyNames().stream()
                .filter(k -> k.startsWith("compare."))
                .sorted()
                .forEach(k -> cmd.append(" -D").append(k).append('=').append(properties.getProperty(k)));
        return cmd.toString();
    }

    static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
