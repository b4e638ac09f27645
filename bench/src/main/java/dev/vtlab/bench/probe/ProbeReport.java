package dev.vtlab.bench.probe;

import com.google.gson.JsonObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;

/** probe.md (every point, and virtual as a share of the platform pool) and probe.svg from the sweep's points. */
final class ProbeReport {
    private static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd"};

    private ProbeReport() {
    }

    static void write(Path out, List<JsonObject> points) throws IOException {
        JsonObject first = points.getFirst();
        String machine = "kernel " + first.get("kernel").getAsString() + ", JDK " + first.get("jdk").getAsString()
                + ", concurrency " + first.get("concurrency").getAsInt()
                + ", burn " + first.get("iterationsPerMicro").getAsLong() + " iterations/us" + ", scheduler " + first.get("scheduler").getAsString();
        TreeSet<Long> micros = new TreeSet<>();
        TreeSet<Integer> cpus = new TreeSet<>();
        points.forEach(p -> {
            micros.add(p.get("taskMicros").getAsLong());
            cpus.add(p.get("cpus").getAsInt());
        });

        StringBuilder md = new StringBuilder("# CPU-burn scheduler probe\n\n").append(machine).append("\n\n")
                .append("| task ms | CPUs | executor | tasks/s | CPU % | p50 us | p90 us | p99 us | max us |\n")
                .append("|---:|---:|---|---:|---:|---:|---:|---:|---:|\n");
        for (JsonObject p : points) {
            md.append(String.format(Locale.ROOT, "| %.2f | %d | %s | %.0f | %.1f | %.0f | %.0f | %.0f | %.0f |%n",
                    p.get("taskMicros").getAsLong() / 1000.0, p.get("cpus").getAsInt(), p.get("executor").getAsString(),
                    p.get("throughputPerSecond").getAsDouble(), p.get("cpuUtilisationPercent").getAsDouble(),
                    p.get("p50Micros").getAsDouble(), p.get("p90Micros").getAsDouble(),
                    p.get("p99Micros").getAsDouble(), p.get("maxMicros").getAsDouble()));
        }
        md.append("\n## Virtual threads as a share of the platform pool\n\n")
                .append("| task ms | CPUs | virtual / platform throughput % | virtual CPU % | platform CPU % |\n")
                .append("|---:|---:|---:|---:|---:|\n");
        List<SvgPlot.Series> ratioSeries = new ArrayList<>();
        List<SvgPlot.Series> cpuSeries = new ArrayList<>();
        int colour = 0;
        for (int cpuCount : cpus) {
            List<SvgPlot.Point> ratios = new ArrayList<>();
            List<SvgPlot.Point> virtualCpu = new ArrayList<>();
            List<SvgPlot.Point> platformCpu = new ArrayList<>();
            for (long m : micros) {
                Optional<JsonObject> virtual = find(points, m, cpuCount, "virtual");
                Optional<JsonObject> platform = find(points, m, cpuCount, "platform");
                virtual.ifPresent(v -> virtualCpu.add(new SvgPlot.Point(m / 1000.0, v.get("cpuUtilisationPercent").getAsDouble())));
                platform.ifPresent(p -> platformCpu.add(new SvgPlot.Point(m / 1000.0, p.get("cpuUtilisationPercent").getAsDouble())));
                if (virtual.isPresent() && platform.isPresent()) {
                    double ratio = 100 * virtual.get().get("throughputPerSecond").getAsDouble()
                            / platform.get().get("throughputPerSecond").getAsDouble();
                    ratios.add(new SvgPlot.Point(m / 1000.0, ratio));
                    md.append(String.format(Locale.ROOT, "| %.2f | %d | %.1f | %.1f | %.1f |%n", m / 1000.0, cpuCount, ratio,
                            virtual.get().get("cpuUtilisationPercent").getAsDouble(),
                            platform.get().get("cpuUtilisationPercent").getAsDouble()));
                }
            }
            String c = COLOURS[colour++ % COLOURS.length];
            ratioSeries.add(new SvgPlot.Series(cpuCount + " CPU", c, false, ratios));
            cpuSeries.add(new SvgPlot.Series("virtual " + cpuCount + " CPU", c, false, virtualCpu));
            cpuSeries.add(new SvgPlot.Series("pool " + cpuCount + " CPU", c, true, platformCpu));
        }
        Files.writeString(out.resolve("probe.md"), md, StandardCharsets.UTF_8);

        List<Double> ticks = micros.stream().map(m -> m / 1000.0).toList();
        double ratioMax = Math.max(120, ratioSeries.stream().flatMap(s -> s.points().stream())
                .mapToDouble(SvgPlot.Point::y).max().orElse(100) * 1.1);
        String ratioPanel = SvgPlot.panel("Throughput, virtual as % of platform pool", "task CPU time (ms, log scale)",
                "virtual / pool throughput %", ratioMax, ticks,
                List.of(new SvgPlot.Band("published, 2 CPU, kernel 4.18: 50-55 %", 50, 55, "#ff7f0e"),
                        new SvgPlot.Band("published, newer kernels: 70-80 %", 70, 80, "#7f7f7f")),
                ratioSeries);
        String cpuPanel = SvgPlot.panel("Process CPU utilisation of the allowed CPUs", "task CPU time (ms, log scale)",
                "CPU %", 110, ticks, List.of(), cpuSeries);
        Files.writeString(out.resolve("probe.svg"),
                SvgPlot.document("CPU-burn scheduler probe: virtual threads vs fixed platform pool", machine,
                        ratioPanel, cpuPanel), StandardCharsets.UTF_8);
    }

    private static Optional<JsonObject> find(List<JsonObject> points, long micros, int cpus, String executor) {
        return points.stream().filter(p -> p.get("taskMicros").getAsLong() == micros && p.get("cpus").getAsInt() == cpus
                && p.get("executor").getAsString().equals(executor)).findFirst();
    }
}
