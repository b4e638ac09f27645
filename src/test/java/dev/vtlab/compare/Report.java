package dev.vtlab.compare;

import dev.vtlab.dispatch.DispatchMode;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonWriter;
import jakarta.json.JsonWriterFactory;
import jakarta.json.stream.JsonGenerator;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Writes target/vtlab-report/: summary.json and an offline index.html with the charts side by side per test. */
public final class Report {

    /** One colour per dispatch mode (threadpool blue and virtual red, as before). */
    private static final Map<DispatchMode, String> COLORS = Map.of(DispatchMode.THREADPOOL, "#1f77b4",
            DispatchMode.EXECUTOR_VIRTUAL, "#9467bd", DispatchMode.POOL_VIRTUAL_WORKERS, "#2ca02c",
            DispatchMode.VIRTUAL, "#d62728", DispatchMode.PLATFORM_HANDOFF, "#ff7f0e");
    /** Every chart each test gets; the smoke test checks the page holds all of them. */
    public static final List<String> CHARTS = List.of("throughput-over-time", "tps-per-level", "latency-percentiles",
            "server-cpu", "memory", "threads");
    /** The fields every summary.json entry has, whatever the test. */
    public static final List<String> REQUIRED_FIELDS = List.of("test", "mode", "threads", "duration_s", "requests",
            "errors", "throughput_rps", "p50_ms", "p95_ms", "p99_ms", "cpu_pct", "rss_max_bytes");

    private Report() {
    }

    static void write(CompareSettings settings, List<Compare.Run> runs, Path basedir, double wallS) throws IOException {
        Map<String, String> machine = machine(settings);
        JsonObjectBuilder summary = Json.createObjectBuilder();
        JsonObjectBuilder env = Json.createObjectBuilder();
        machine.forEach(env::add);
        summary.add("environment", env);
        summary.add("wall_time_s", round(wallS));
        JsonArrayBuilder entries = Json.createArrayBuilder();
        for (Compare.Run run : runs) {
            entries.add(entry(run));
        }
        summary.add("runs", entries);
        JsonWriterFactory pretty = Json.createWriterFactory(Map.of(JsonGenerator.PRETTY_PRINTING, true));
        try (Writer out = Files.newBufferedWriter(settings.out().resolve("summary.json"));
             JsonWriter json = pretty.createWriter(out)) {
            json.writeObject(summary.build());
        }
        Files.writeString(settings.out().resolve("index.html"), html(settings, runs, machine, wallS));
    }

    static JsonObjectBuilder entry(Compare.Run run) {
        JtlStats s = run.stats();
        TestSpec spec = run.spec();
        JsonObjectBuilder e = Json.createObjectBuilder()
                .add("test", spec.name()).add("mode", run.mode()).add("threads", spec.users())
                .add("duration_s", round(s.durationS())).add("requests", s.requests()).add("errors", s.errors())
                .add("throughput_rps", round(s.throughputRps())).add("steady_rps", round(steadyRps(s)))
                .add("p50_ms", s.p50Ms()).add("p95_ms", s.p95Ms()).add("p99_ms", s.p99Ms()).add("mean_ms", round(s.meanMs()))
                .add("cpu_pct", round(meanCpu(run.samples())))
                .add("rss_max_bytes", (long) max(run.samples(), ServerSampler.Sample::rssBytes))
                .add("os_threads_max", (long) max(run.samples(), ServerSampler.Sample::osThreads));
        for (String metric : ServerSampler.METRICS) {
            double m = max(run.samples(), x -> x.metrics().getOrDefault(metric, Double.NaN));
            if (!Double.isNaN(m)) {
                e.add(metric + "_max", m);
            }
        }
        if (spec.name().equals("ramp-up")) {
            e.add("time_to_90pct_peak_s", s.secondsTo90PctOfPeak());
        }
        Double delay = spec.ioDelayMs();
        if (delay != null && !spec.stepped()) {
            double limit = JtlStats.littlesLawLimitRps(spec.users(), delay);
            e.add("littles_law_limit_rps", round(limit)).add("littles_law_fraction", round3(steadyRps(s) / limit));
        }
        if (spec.stepped()) {
            JsonArrayBuilder levels = Json.createArrayBuilder();
            for (JtlStats.Level level : levels(run)) {
                JsonObjectBuilder l = Json.createObjectBuilder().add("users", level.users())
                        .add("throughput_rps", round(level.throughputRps())).add("mean_ms", round(level.meanMs()))
                        .add("p95_ms", level.p95Ms());
                if (delay != null) {
                    double limit = JtlStats.littlesLawLimitRps(level.users(), delay);
                    l.add("littles_law_limit_rps", round(limit)).add("littles_law_fraction", round3(level.throughputRps() / limit));
                }
                levels.add(l);
            }
            e.add("levels", levels);
        }
        JsonObjectBuilder props = Json.createObjectBuilder();
        spec.props().forEach(props::add);
        e.add("jmeter_properties", props);
        e.add("jmeter_dashboard", "runs/" + spec.name() + "-" + run.mode() + "/jmeter-dashboard/index.html");
        return e;
    }

    /** The planned load levels of a stepped test (multiples of the step), ignoring the moments in between. */
    static List<JtlStats.Level> levels(Compare.Run run) {
        int step = run.spec().stepUsers();
        return run.stats().levels().values().stream().filter(l -> l.users() % step == 0).toList();
    }

    /** Mean answers per second over the second half of the run (the last, partial second left out). */
    static double steadyRps(JtlStats s) {
        double[] ps = s.perSecondRps();
        int end = ps.length - 1;
        int from = end / 2;
        if (end - from < 1) {
            return s.throughputRps();
        }
        double sum = 0;
        for (int i = from; i < end; i++) {
            sum += ps[i];
        }
        return sum / (end - from);
    }

    static double meanCpu(List<ServerSampler.Sample> samples) {
        return samples.stream().mapToDouble(ServerSampler.Sample::cpuPct).average().orElse(0);
    }

    private static double max(List<ServerSampler.Sample> samples, ToDoubleFunction<ServerSampler.Sample> f) {
        return samples.stream().mapToDouble(f).filter(v -> !Double.isNaN(v)).max().orElse(Double.NaN);
    }

    static List<String> samplesCsv(ServerSampler.Sample[] samples) {
        List<String> lines = new ArrayList<>();
        lines.add("t_s,cpu_pct,rss_bytes,os_threads," + String.join(",", ServerSampler.METRICS));
        for (ServerSampler.Sample s : samples) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%.1f,%.1f,%.0f,%.0f", s.t(), s.cpuPct(), s.rssBytes(), s.osThreads()));
            for (String m : ServerSampler.METRICS) {
                Double v = s.metrics().get(m);
                line.append(',').append(v == null ? "" : String.format(Locale.ROOT, "%.0f", v));
            }
            lines.add(line.toString());
        }
        return lines;
    }

    private static Map<String, String> machine(CompareSettings settings) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("generated_at", Instant.now().toString());
        m.put("profile", settings.profile());
        m.put("cpus", String.valueOf(Runtime.getRuntime().availableProcessors()));
        m.put("memory", readFirst("/proc/meminfo", "MemTotal"));
        m.put("kernel", readFirst("/proc/sys/kernel/osrelease", ""));
        m.put("jdk", System.getProperty("java.vm.vendor") + " " + System.getProperty("java.runtime.version"));
        m.put("server_jvm_args", String.join(" ", settings.serverJvmArgs()));
        m.put("server_cpus", settings.serverCpus() == null ? "all" : settings.serverCpus());
        m.put("pool_max_threads", settings.poolMaxThreads() == null ? "Liberty default" : settings.poolMaxThreads());
        m.put("jmeter_engines", settings.remoteHosts().isEmpty() ? "local (same machine)" : "remote: " + String.join(",", settings.remoteHosts()));
        m.put("command", command(settings));
        return m;
    }

    private static String command(CompareSettings settings) {
        StringBuilder cmd = new StringBuilder("./mvnw -Pcompare verify");
        System.getProperties().stringPropertyNames().stream().filter(k -> k.startsWith("compare.")).sorted()
                .forEach(k -> cmd.append(" -D").append(k).append('=').append(System.getProperty(k)));
        return cmd.toString();
    }

    private static String readFirst(String file, String prefix) {
        try {
            return Files.readAllLines(Path.of(file)).stream().filter(l -> l.startsWith(prefix)).findFirst()
                    .map(l -> l.substring(prefix.isEmpty() ? 0 : prefix.length() + 1).trim()).orElse("?");
        } catch (IOException e) {
            return "?";
        }
    }

    private static String html(CompareSettings settings, List<Compare.Run> runs, Map<String, String> machine, double wallS) {
        StringBuilder h = new StringBuilder(64 * 1024);
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>vtlab comparison</title>\n<style>")
                .append("body{font-family:sans-serif;margin:24px;color:#222}table{border-collapse:collapse;font-size:13px}")
                .append("td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}th{background:#f4f4f4}td:first-child,td:nth-child(2){text-align:left}")
                .append(".charts{display:flex;flex-wrap:wrap;gap:12px}.chart{margin:0;border:1px solid #eee}")
                .append(COLORS.entrySet().stream().map(c -> "." + c.getKey().label() + "{color:" + c.getValue() + "}").collect(Collectors.joining()))
                .append("</style></head><body>\n<h1>vtlab: Liberty thread pool vs virtual threads</h1>\n<p>");
        machine.forEach((k, v) -> h.append("<b>").append(k).append("</b>: ").append(SvgChart.escape(v)).append(" &nbsp; "));
        h.append("<b>wall time</b>: ").append(String.format(Locale.ROOT, "%.0f s", wallS)).append("</p>\n");
        h.append("<p>Raw numbers: <a href=\"summary.json\">summary.json</a>. Each run: <code>runs/&lt;test&gt;-&lt;mode&gt;/</code> holds JMeter's results.jtl, its log, JMeter's own HTML dashboard and the server samples.</p>\n");
        h.append("<h2>Summary</h2>\n<table><tr><th>test</th><th>mode</th><th>users</th><th>requests</th><th>errors</th><th>req/s</th><th>steady req/s</th>")
                .append("<th>p50 ms</th><th>p95 ms</th><th>p99 ms</th><th>server CPU %</th><th>max RSS MiB</th><th>to 90% of peak s</th><th>Little's law fraction</th><th>JMeter dashboard</th></tr>\n");
        for (Compare.Run r : runs) {
            JtlStats s = r.stats();
            Double delay = r.spec().ioDelayMs();
            String fraction = delay == null || r.spec().stepped() ? "" : String.format(Locale.ROOT, "%.3f",
                    steadyRps(s) / JtlStats.littlesLawLimitRps(r.spec().users(), delay));
            String link = "runs/" + r.spec().name() + "-" + r.mode() + "/jmeter-dashboard/index.html";
            h.append(String.format(Locale.ROOT, "<tr><td>%s</td><td class=\"%s\">%s</td><td>%d</td><td>%d</td><td>%d</td><td>%.1f</td><td>%.1f</td><td>%.0f</td><td>%.0f</td><td>%.0f</td><td>%.1f</td><td>%.0f</td><td>%s</td><td>%s</td><td><a href=\"%s\">open</a></td></tr>%n",
                    r.spec().name(), r.mode(), r.mode(), r.spec().users(), s.requests(), s.errors(), s.throughputRps(), steadyRps(s),
                    s.p50Ms(), s.p95Ms(), s.p99Ms(), meanCpu(r.samples()), max(r.samples(), ServerSampler.Sample::rssBytes) / 1048576,
                    r.spec().name().equals("ramp-up") ? SvgChart.fmt(s.secondsTo90PctOfPeak()) : "", fraction, link));
        }
        h.append("</table>\n");
        for (String test : settings.tests()) {
            List<Compare.Run> pair = runs.stream().filter(r -> r.spec().name().equals(test)).toList();
            h.append("<h2 id=\"").append(test).append("\">").append(test).append("</h2>\n<p>JMeter properties: <code>")
                    .append(SvgChart.escape(pair.get(0).spec().props().toString())).append("</code></p>\n<div class=\"charts\">\n");
            for (String chart : CHARTS) {
                h.append("<figure class=\"chart\" data-test=\"").append(test).append("\" data-chart=\"").append(chart).append("\">")
                        .append(chart(test, chart, pair)).append("</figure>\n");
            }
            h.append("</div>\n");
        }
        return h.append("</body></html>\n").toString();
    }

    private static String chart(String test, String chart, List<Compare.Run> pair) {
        String id = test + "-" + chart;
        return switch (chart) {
            case "throughput-over-time" -> SvgChart.line(id, "Throughput over time", "seconds", "req/s",
                    pair.stream().map(r -> series(r.mode(), color(r), false, r.stats().perSecondRps())).toList());
            case "tps-per-level" -> {
                List<String> groups = new ArrayList<>();
                for (Compare.Run r : pair) {
                    for (JtlStats.Level l : r.spec().stepped() ? levels(r) : List.of(new JtlStats.Level(r.spec().users(), 0, 0,
                            r.stats().throughputRps(), 0, 0))) {
                        if (!groups.contains(l.users() + " users")) {
                            groups.add(l.users() + " users");
                        }
                    }
                }
                yield SvgChart.bars(id, "Throughput per load level", "req/s", groups, pair.stream().map(r -> {
                    double[] values = new double[groups.size()];
                    if (r.spec().stepped()) {
                        for (JtlStats.Level l : levels(r)) {
                            values[groups.indexOf(l.users() + " users")] = l.throughputRps();
                        }
                    } else {
                        values[0] = r.stats().throughputRps();
                    }
                    return new SvgChart.Bars(r.mode(), color(r), values);
                }).toList());
            }
            case "latency-percentiles" -> SvgChart.bars(id, "Latency percentiles", "ms", List.of("p50", "p95", "p99"),
                    pair.stream().map(r -> new SvgChart.Bars(r.mode(), color(r),
                            new double[]{r.stats().p50Ms(), r.stats().p95Ms(), r.stats().p99Ms()})).toList());
            case "server-cpu" -> SvgChart.line(id, "Server CPU", "seconds", "% of one core",
                    pair.stream().map(r -> sampled(r.mode(), color(r), false, r, ServerSampler.Sample::cpuPct)).toList());
            case "memory" -> SvgChart.line(id, "Server RSS (solid) and heap used (dashed)", "seconds", "bytes",
                    pair.stream().flatMap(r -> List.of(sampled(r.mode() + " RSS", color(r), false, r, ServerSampler.Sample::rssBytes),
                            sampled(r.mode() + " heap", color(r), true, r, x -> x.metrics().getOrDefault("memory_usedHeap_bytes", Double.NaN))).stream()).toList());
            case "threads" -> SvgChart.line(id, "Liberty pool size (solid) vs virtual threads in flight (dashed)", "seconds", "threads",
                    pair.stream().flatMap(r -> {
                        SvgChart.Series pool = sampled(r.mode() + ": pool size", color(r), false, r,
                                x -> x.metrics().getOrDefault("threadpool_size", Double.NaN));
                        return r.mode().equals(DispatchMode.VIRTUAL.label())
                                ? Stream.of(pool, sampled(r.mode() + ": virtual threads in flight", color(r), true, r,
                                        x -> x.metrics().getOrDefault("vtlab_virtual_threads_active", Double.NaN)))
                                : Stream.of(pool);
                    }).toList());
            default -> throw new IllegalArgumentException(chart);
        };
    }

    private static String color(Compare.Run r) {
        return COLORS.get(DispatchMode.parse(r.mode()));
    }

    private static SvgChart.Series series(String name, String color, boolean dashed, double[] perSecond) {
        double[] x = new double[perSecond.length];
        for (int i = 0; i < x.length; i++) {
            x[i] = i;
        }
        return new SvgChart.Series(name, color, dashed, x, perSecond);
    }

    private static SvgChart.Series sampled(String name, String color, boolean dashed, Compare.Run r,
                                           ToDoubleFunction<ServerSampler.Sample> f) {
        List<ServerSampler.Sample> present = r.samples().stream().filter(s -> !Double.isNaN(f.applyAsDouble(s))).toList();
        return new SvgChart.Series(name, color, dashed, present.stream().mapToDouble(ServerSampler.Sample::t).toArray(),
                present.stream().mapToDouble(f).toArray());
    }

    private static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }

    private static double round3(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
