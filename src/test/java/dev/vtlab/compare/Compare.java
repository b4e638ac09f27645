package dev.vtlab.compare;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * The A/B comparison: every chosen test, in each dispatch mode, each run against a fresh server JVM
 * with the same heap and JVM options, driven by JMeter in non-GUI mode; then a report.
 *
 * <pre>./mvnw -Pcompare verify [-Dcompare.tests=ping,ramp-up] [-Dcompare.profile=quick|full|smoke] ...</pre>
 */
public final class Compare {

    record Run(TestSpec spec, String mode, JtlStats stats, List<ServerSampler.Sample> samples, Path dir) {
    }

    private static final Pattern SUMMARY = Pattern.compile("summary \\+ .*?=\\s*([0-9.]+)/s.*?Err:\\s*(\\d+)");

    private Compare() {
    }

    public static void main(String[] args) throws Exception {
        Path report = run(System.getProperties(), Path.of(System.getProperty("basedir", ".")).toAbsolutePath());
        System.out.println("[compare] report: " + report.resolve("index.html"));
    }

    /** Runs the comparison and returns the report directory. */
    public static Path run(Properties properties, Path basedir) throws Exception {
        CompareSettings settings = CompareSettings.from(properties, basedir);
        List<TestSpec> specs = settings.tests().stream().map(t -> TestSpec.of(t, settings.profile(), properties)).toList();
        int total = specs.size() * settings.modes().size();
        int loadSeconds = specs.stream().mapToInt(s -> s.seconds() + (s.warmUp() ? settings.warmupSeconds() : 0)).sum()
                * settings.modes().size();
        System.out.printf(Locale.ROOT, "[compare] %s profile: %s in modes %s: %d runs, %d s of load plus about 15 s per run to start and stop servers%n",
                settings.profile(), settings.tests(), settings.modes(), total, loadSeconds);
        Files.createDirectories(settings.out());
        List<Run> runs = new ArrayList<>();
        long started = System.currentTimeMillis();
        int index = 0;
        for (TestSpec spec : specs) {
            for (String mode : settings.modes()) {
                index++;
                runs.add(runOne(settings, spec, mode, index + "/" + total, basedir));
            }
        }
        double wallS = (System.currentTimeMillis() - started) / 1000.0;
        Report.write(settings, runs, basedir, wallS);
        for (Run r : runs) {
            System.out.printf(Locale.ROOT, "[compare] %-11s %-10s %8.1f req/s  p95 %6.0f ms  errors %d  cpu %5.1f %%%n",
                    r.spec().name(), r.mode(), r.stats().throughputRps(), r.stats().p95Ms(), r.stats().errors(),
                    Report.meanCpu(r.samples()));
        }
        System.out.printf(Locale.ROOT, "[compare] done in %.0f s%n", wallS);
        return settings.out();
    }

    private static Run runOne(CompareSettings settings, TestSpec spec, String mode, String progress, Path basedir)
            throws Exception {
        Path dir = settings.out().resolve("runs").resolve(spec.name() + "-" + mode);
        deleteRecursively(dir);
        Files.createDirectories(dir);
        System.out.printf("[compare] %s %s · %s: starting fresh servers%n", progress, spec.name(), mode);
        List<ServerSampler.Sample> samples;
        try (LabServers lab = new LabServers(settings)) {
            lab.start(mode);
            if (spec.warmUp() && settings.warmupSeconds() > 0) {
                boolean banking = !spec.name().equals("ping") && !spec.name().equals("hello-steps");
                jmeter(settings, banking ? "footprint.jmx" : "ping.jmx",
                        Map.of("THREADS", "20", "RAMP", "1", "DURATION", String.valueOf(settings.warmupSeconds()), "DELAY_MS", "2"),
                        dir.resolve("warmup"), basedir, progress + " " + spec.name() + " · " + mode + " · warm-up", false);
            }
            try (ServerSampler sampler = new ServerSampler(lab.serverPid(), lab.app("/metrics"))) {
                jmeter(settings, spec.plan(), spec.props(), dir, basedir, progress + " " + spec.name() + " · " + mode,
                        settings.jmeterDashboards());
                samples = sampler.samples();
            }
        }
        JtlStats stats = JtlStats.read(dir.resolve("results.jtl"));
        ServerSampler.Sample[] all = samples.toArray(ServerSampler.Sample[]::new);
        Files.write(dir.resolve("server-samples.csv"), Report.samplesCsv(all));
        return new Run(spec, mode, stats, samples, dir);
    }

    /** Runs one JMeter plan headless, echoing its live rate; bounded by the plan's own duration plus a margin. */
    private static void jmeter(CompareSettings settings, String plan, Map<String, String> props, Path dir, Path basedir,
                               String label, boolean dashboard) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        Map<String, String> all = new LinkedHashMap<>(Map.of("HOST", settings.serverHost(), "PORT", String.valueOf(settings.port())));
        all.putAll(props);
        List<String> command = new ArrayList<>(JMeter.run(settings.java(), settings.jmeterHome(),
                basedir.resolve("jmeter").resolve(plan), dir.resolve("results.jtl"), dir.resolve("jmeter.log"), all,
                settings.remoteHosts()));
        command.add("-Jsummariser.interval=5");
        if (dashboard) {
            command.addAll(List.of("-e", "-o", dir.resolve("jmeter-dashboard").toString()));
        }
        int planSeconds = props.containsKey("STEPS")
                ? Integer.parseInt(props.get("STEPS")) * Integer.parseInt(props.get("STEP_DURATION"))
                : Integer.parseInt(props.get("DURATION"));
        Process jmeter = new ProcessBuilder(command).redirectErrorStream(true).start();
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
        try (BufferedReader out = new BufferedReader(new InputStreamReader(jmeter.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = out.readLine()) != null; ) {
                Matcher m = SUMMARY.matcher(line);
                if (m.find()) {
                    System.out.printf(Locale.ROOT, "[compare] %s · %d/%d s · %s req/s · %s errors%n", label,
                            (System.currentTimeMillis() - start) / 1000, planSeconds, m.group(1), m.group(2));
                } else if (line.contains("Error") || line.contains("Exception")) {
                    System.out.println("[jmeter] " + line);
                }
            }
        }
        int exit = jmeter.waitFor();
        watchdog.interrupt();
        if (exit != 0) {
            throw new IllegalStateException("JMeter failed (exit " + exit + "); see " + dir.resolve("jmeter.log"));
        }
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
