package dev.vtlab.compare;

import dev.vtlab.dispatch.DispatchMode;
import dev.vtlab.measurement.MachineState;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The reports again from a report directory's raw files (each run's results.jtl and samples.csv, and
 * summary.json for what ran where and in which order), with this version's analysis: nothing is
 * re-measured. {@code ./mvnw -Pcompare verify -Dcompare.reanalyse=target/vtlab-report}
 */
final class Reanalysis {

    private Reanalysis() {}

    static Path run(Path out) throws IOException {
        JsonObject summary;
        try (JsonReader in = Json.createReader(Files.newBufferedReader(out.resolve("summary.json")))) {
            summary = in.readObject();
        }
        Map<String, String> environment = new LinkedHashMap<>();
        summary.getJsonObject("environment")
                .forEach((k, v) -> environment.put(k, ((jakarta.json.JsonString) v).getString()));
        environment.put("reanalysed_at", java.time.Instant.now().toString());
        List<DispatchMode> modes = java.util.Arrays.stream(
                        environment.get("modes").split(","))
                .map(DispatchMode::parse)
                .toList();
        CpuPlan cpus = cpuPlan(environment);
        String poolMax = environment.getOrDefault("pool_max_threads", "");
        Integer poolMaxThreads = poolMax.matches("[0-9]+") ? Integer.valueOf(poolMax) : null;

        List<JsonObject> entries = summary.getJsonArray("runs").getValuesAs(JsonObject.class);
        List<String> tests =
                entries.stream().map(e -> e.getString("test")).distinct().toList();
        List<RunResult> runs = new ArrayList<>();
        for (JsonObject e : entries) {
            String test = e.getString("test");
            DispatchMode mode = DispatchMode.parse(e.getString("mode"));
            Map<String, String> props = new LinkedHashMap<>();
            e.getJsonObject("jmeter_properties")
                    .forEach((k, v) -> props.put(k, ((jakarta.json.JsonString) v).getString()));
            int repeats = (int) entries.stream()
                    .filter(x -> x.getString("test").equals(test)
                            && x.getString("mode").equals(mode.label()))
                    .count();
            TestSpec spec = new TestSpec(Catalogue.resolve(test, environment), props, repeats);
            Path dir = out.resolve(e.getString("dir"));
            List<Jtl.Sample> jtl = Jtl.read(dir.resolve("results.jtl"));
            long t0 = RunAnalysis.origin(spec, jtl);
            RunAnalysis.Context context = new RunAnalysis.Context(
                    new Schedule.Slot(spec, mode, e.getInt("repetition")),
                    e.getInt("order"),
                    cpus,
                    poolMaxThreads,
                    machine(e, "before"),
                    machine(e, "after"));
            runs.add(RunAnalysis.analyse(context, jtl, samples(dir.resolve("samples.csv"), t0)));
        }
        Compare.write(
                Comparison.of(
                        environment,
                        tests,
                        modes,
                        runs,
                        summary.getJsonNumber("wall_time_s").doubleValue()),
                out);
        return out;
    }

    /** The CPU lists, from their own keys or (reports written before they had them) from the plan's words. */
    private static CpuPlan cpuPlan(Map<String, String> environment) {
        String plan = environment.getOrDefault("cpu_plan", "");
        String server = environment.get("server_cpus"), load = environment.get("load_cpus");
        if (server == null) {
            java.util.regex.Matcher m =
                    java.util.regex.Pattern.compile("CPUs ([0-9,]+)").matcher(plan);
            server = m.find() ? m.group(1) : "0";
            load = m.find() ? m.group(1) : server;
        }
        TreeSet<Integer> s = CpuPlan.parse("server_cpus", server, null), l = CpuPlan.parse("load_cpus", load, null);
        return new CpuPlan(s, l, plan.startsWith("shared"));
    }

    private static MachineState machine(JsonObject run, String when) {
        JsonValue load = run.get("load_average_" + when);
        return new MachineState(
                load == null || load.getValueType() != JsonValue.ValueType.NUMBER
                        ? Double.NaN
                        : run.getJsonNumber("load_average_" + when).doubleValue(),
                run.getJsonArray("other_jvms_" + when).getValuesAs(jakarta.json.JsonString.class).stream()
                        .map(jakarta.json.JsonString::getString)
                        .toList());
    }

    /** samples.csv back into samples: its times are seconds since the run's time 0. */
    static List<ProcessSampler.Sample> samples(Path csv, long t0) throws IOException {
        List<String> lines = Files.readAllLines(csv);
        List<String> header = List.of(lines.get(0).split(","));
        List<ProcessSampler.Sample> samples = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            Map<String, Double> metrics = new LinkedHashMap<>();
            for (String m : ProcessSampler.METRICS) {
                int i = header.indexOf(m);
                if (i >= 0 && i < f.length && !f[i].isEmpty()) {
                    metrics.put(m, Double.parseDouble(f[i]));
                }
            }
            samples.add(new ProcessSampler.Sample(
                    t0 + Math.round(Double.parseDouble(f[0]) * 1000),
                    value(f, header, "server_cpu_pct"),
                    value(f, header, "jmeter_cpu_pct"),
                    value(f, header, "remote_cpu_pct"),
                    value(f, header, "other_cpu_pct"),
                    value(f, header, "rss_bytes"),
                    value(f, header, "os_threads"),
                    metrics));
        }
        return samples;
    }

    private static double value(String[] f, List<String> header, String column) {
        int i = header.indexOf(column);
        return i < 0 || i >= f.length || f[i].isEmpty() || f[i].equals("NaN") ? Double.NaN : Double.parseDouble(f[i]);
    }
}
