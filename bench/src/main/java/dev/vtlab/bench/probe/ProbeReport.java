package dev.vtlab.bench.probe;

import com.google.gson.JsonObject;
import dev.vtlab.measurement.SvgChart;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;

/** probe.md (every point, and virtual as a share of the platform pool) and probe.svg from the sweep's points. */
final class ProbeReport {
    private static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd"};

    private ProbeReport() {}

    static void write(Path out, List<JsonObject> points) throws IOException {
        JsonObject first = points.getFirst();
        String machine = "kernel " + first.get("kernel").getAsString() + ", JDK "
                + first.get("jdk").getAsString()
                + ", concurrency " + first.get("concurrency").getAsInt()
                + ", burn " + first.get("iterationsPerMicro").getAsLong() + " iterations/us" + ", scheduler "
                + first.get("scheduler").getAsString();
        TreeSet<Long> micros = new TreeSet<>();
        TreeSet<Integer> cpus = new TreeSet<>();
        points.forEach(p -> {
            micros.add(p.get("taskMicros").getAsLong());
            cpus.add(p.get("cpus").getAsInt());
        });

        StringBuilder md = new StringBuilder("# CPU-burn scheduler probe\n\n")
                .append(machine)
                .append("\n\n")
                .append(
                        "| task ms | CPUs | executor | tasks/s | CPU % | p50 us | p90 us | p99 us | max us | tasks per client min / median / max |\n")
                .append("|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (JsonObject p : points) {
            md.append(String.format(
                    Locale.ROOT,
                    "| %.2f | %d | %s | %.0f | %.1f | %.0f | %.0f | %.0f | %.0f | %s |%n",
                    p.get("taskMicros").getAsLong() / 1000.0,
                    p.get("cpus").getAsInt(),
                    p.get("executor").getAsString(),
                    p.get("throughputPerSecond").getAsDouble(),
                    p.get("cpuUtilisationPercent").getAsDouble(),
                    p.get("p50Micros").getAsDouble(),
                    p.get("p90Micros").getAsDouble(),
                    p.get("p99Micros").getAsDouble(),
                    p.get("maxMicros").getAsDouble(),
                    p.has("tasksPerClientMin")
                            ? p.get("tasksPerClientMin") + " / " + p.get("tasksPerClientMedian") + " / "
                                    + p.get("tasksPerClientMax")
                            : "-"));
        }
        md.append("\n## Virtual threads as a share of the platform pool\n\n")
                .append("| task ms | CPUs | virtual / platform throughput % | virtual CPU % | platform CPU % |\n")
                .append("|---:|---:|---:|---:|---:|\n");
        List<SvgChart.Series> ratioSeries = new ArrayList<>();
        List<SvgChart.Series> cpuSeries = new ArrayList<>();
        int colour = 0;
        for (int cpuCount : cpus) {
            List<double[]> ratios = new ArrayList<>();
            List<double[]> virtualCpu = new ArrayList<>();
            List<double[]> platformCpu = new ArrayList<>();
            for (long m : micros) {
                Optional<JsonObject> virtual = find(points, m, cpuCount, "virtual");
                Optional<JsonObject> platform = find(points, m, cpuCount, "platform");
                virtual.ifPresent(v -> virtualCpu.add(
                        new double[] {m / 1000.0, v.get("cpuUtilisationPercent").getAsDouble()}));
                platform.ifPresent(p -> platformCpu.add(
                        new double[] {m / 1000.0, p.get("cpuUtilisationPercent").getAsDouble()}));
                if (virtual.isPresent() && platform.isPresent()) {
                    double ratio = 100
                            * virtual.get().get("throughputPerSecond").getAsDouble()
                            / platform.get().get("throughputPerSecond").getAsDouble();
                    ratios.add(new double[] {m / 1000.0, ratio});
                    md.append(String.format(
                            Locale.ROOT,
                            "| %.2f | %d | %.1f | %.1f | %.1f |%n",
                            m / 1000.0,
                            cpuCount,
                            ratio,
                            virtual.get().get("cpuUtilisationPercent").getAsDouble(),
                            platform.get().get("cpuUtilisationPercent").getAsDouble()));
                }
            }
            String c = COLOURS[colour++ % COLOURS.length];
            ratioSeries.add(series(cpuCount + " CPU", c, false, ratios));
            cpuSeries.add(series("virtual " + cpuCount + " CPU", c, false, virtualCpu));
            cpuSeries.add(series("pool " + cpuCount + " CPU", c, true, platformCpu));
        }
        Files.writeString(out.resolve("probe.md"), md, StandardCharsets.UTF_8);

        double[] ticks = micros.stream().mapToDouble(m -> m / 1000.0).toArray();
        double ratioMax = Math.max(
                120,
                ratioSeries.stream()
                                .flatMapToDouble(r -> Arrays.stream(r.y()))
                                .max()
                                .orElse(100)
                        * 1.1);
        String ratioChart = SvgChart.line(
                "ratio",
                "Throughput, virtual as % of platform pool",
                "task CPU time (ms, log scale)",
                "virtual / pool throughput %",
                ratioSeries,
                SvgChart.Axes.logX(
                        ticks,
                        ratioMax,
                        List.of(
                                new SvgChart.Band("published, 2 CPU, kernel 4.18: 50-55 %", 50, 55, "#ff7f0e"),
                                new SvgChart.Band("published, newer kernels: 70-80 %", 70, 80, "#7f7f7f"))));
        String cpuChart = SvgChart.line(
                "cpu",
                "Process CPU utilisation of the allowed CPUs",
                "task CPU time (ms, log scale)",
                "CPU %",
                cpuSeries,
                SvgChart.Axes.logX(ticks, 120, List.of()));
        Files.writeString(
                out.resolve("probe.svg"),
                SvgChart.document(
                        "CPU-burn scheduler probe: virtual threads vs fixed platform pool",
                        machine,
                        ratioChart,
                        cpuChart),
                StandardCharsets.UTF_8);
    }

    private static SvgChart.Series series(String name, String colour, boolean dashed, List<double[]> points) {
        return new SvgChart.Series(
                name,
                colour,
                dashed,
                points.stream().mapToDouble(p -> p[0]).toArray(),
                points.stream().mapToDouble(p -> p[1]).toArray());
    }

    private static Optional<JsonObject> find(List<JsonObject> points, long micros, int cpus, String executor) {
        return points.stream()
                .filter(p -> p.get("taskMicros").getAsLong() == micros
                        && p.get("cpus").getAsInt() == cpus
                        && p.get("executor").getAsString().equals(executor))
                .findFirst();
    }
}
