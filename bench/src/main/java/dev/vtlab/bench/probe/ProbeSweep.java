package dev.vtlab.bench.probe;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.vtlab.bench.report.Environment;
import dev.vtlab.bench.support.Knobs;
import dev.vtlab.measurement.MachineLock;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The probe sweep: task duration x CPUs x {virtual, platform}, one JVM per point (CPUs and scheduler
 * properties are fixed at JVM start), pinned with taskset -c 0..N-1 where taskset exists and always
 * with -XX:ActiveProcessorCount=N, and with one burn calibration measured here for all points.
 * Writes probe/probe.json, probe/probe.md and probe/probe.svg.
 *
 * <p>Knobs: vtlab.probe.taskMicros (list, 50..1000 by default), vtlab.probe.cpus (list, 1,2),
 * vtlab.probe.executors, vtlab.probe.parallelism / maxPoolSize / minRunnable (passed on as
 * jdk.virtualThreadScheduler.*), and the CpuBurnProbe knobs (concurrency, poolSize, seconds,
 * warmupSeconds), which are passed on to every point.
 */
public final class ProbeSweep {
    private static final List<String> PASSED_ON = List.of("concurrency", "poolSize", "seconds", "warmupSeconds");
    private static final List<String> SCHEDULER = List.of("parallelism", "maxPoolSize", "minRunnable");

    private ProbeSweep() {}

    public static void main(String[] args) throws IOException, InterruptedException {
        // JMH's own lock file: the probe, JMH runs and the lab's comparison never measure at the same time
        try (MachineLock lock =
                MachineLock.acquire(MachineLock.DEFAULT, Duration.ZERO, "Run the probe when it is done.")) {
            sweep();
        }
    }

    private static void sweep() throws IOException, InterruptedException {
        boolean smoke = Knobs.string("vtlab.bench.profile", "full").equals("smoke");
        Path out = Path.of(Knobs.string("vtlab.bench.results", "target/results"))
                .toAbsolutePath()
                .resolve("probe");
        Files.createDirectories(out);
        List<String> taskMicros = Knobs.list("vtlab.probe.taskMicros", smoke ? "100" : "50,100,200,500,1000");
        List<String> cpus = Knobs.list("vtlab.probe.cpus", "1,2");
        List<String> executors = Knobs.list("vtlab.probe.executors", "virtual,platform");
        int available = Runtime.getRuntime().availableProcessors();
        boolean taskset =
                Files.isExecutable(Path.of("/usr/bin/taskset")) || Files.isExecutable(Path.of("/bin/taskset"));

        Environment.capture("before", out.resolve("environment.json"));
        long iterationsPerMicro = CpuBurnProbe.calibrateIterationsPerMicro();
        System.out.println("[probe] burn calibration: " + iterationsPerMicro + " iterations per microsecond");
        List<JsonObject> points = new ArrayList<>();
        for (String micros : taskMicros) {
            Knobs.within("vtlab.probe.taskMicros", Long.parseLong(micros), 1, 100_000);
            for (String cpuCount : cpus) {
                int n = (int) Knobs.within("vtlab.probe.cpus", Integer.parseInt(cpuCount), 1, available);
                for (String executor : executors) {
                    JsonObject point = runPoint(executor, micros, n, iterationsPerMicro, taskset, smoke);
                    point.addProperty("taskset", taskset ? "0-" + (n - 1) : "none");
                    points.add(point);
                    System.out.printf(
                            Locale.ROOT,
                            "[probe] %s %s us %d CPU: %.0f tasks/s, CPU %.0f %%, p99 %.0f us%n",
                            executor,
                            micros,
                            n,
                            point.get("throughputPerSecond").getAsDouble(),
                            point.get("cpuUtilisationPercent").getAsDouble(),
                            point.get("p99Micros").getAsDouble());
                }
            }
        }
        Environment.capture("after", out.resolve("environment.json"));
        Files.writeString(
                out.resolve("probe.json"),
                new GsonBuilder().setPrettyPrinting().create().toJson(points));
        ProbeReport.write(out, points);
        System.out.println("[vtlab-bench] wrote " + out.resolve("probe.md") + " and " + out.resolve("probe.svg"));
    }

    private static JsonObject runPoint(
            String executor, String micros, int cpus, long iterationsPerMicro, boolean taskset, boolean smoke)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        if (taskset) {
            command.addAll(List.of("taskset", "-c", "0-" + (cpus - 1)));
        }
        command.addAll(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:ActiveProcessorCount=" + cpus,
                "-Xmx512m",
                "-Dvtlab.probe.executor=" + executor,
                "-Dvtlab.probe.taskMicros=" + micros,
                "-Dvtlab.probe.iterationsPerMicro=" + iterationsPerMicro));
        if (smoke) {
            command.addAll(List.of("-Dvtlab.probe.seconds=0.5", "-Dvtlab.probe.warmupSeconds=0.3"));
        }
        for (String knob : PASSED_ON) {
            Optional.ofNullable(System.getProperty("vtlab.probe." + knob))
                    .ifPresent(v -> command.add("-Dvtlab.probe." + knob + "=" + v));
        }
        for (String knob : SCHEDULER) {
            Optional.ofNullable(System.getProperty("vtlab.probe." + knob))
                    .ifPresent(v -> command.add("-Djdk.virtualThreadScheduler." + knob + "=" + v));
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), CpuBurnProbe.class.getName()));

        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String result = null;
        try (BufferedReader lines =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (line.startsWith(CpuBurnProbe.RESULT_PREFIX)) {
                    result = line.substring(CpuBurnProbe.RESULT_PREFIX.length());
                } else {
                    System.out.println("[probe-child] " + line);
                }
            }
        }
        int exit = process.waitFor();
        if (exit != 0 || result == null) {
            throw new IllegalStateException("probe point failed (exit " + exit + "): " + String.join(" ", command));
        }
        return JsonParser.parseString(result).getAsJsonObject();
    }
}
