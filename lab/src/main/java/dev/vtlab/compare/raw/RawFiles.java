package dev.vtlab.compare.raw;

import static dev.vtlab.compare.raw.JsonNumbers.num;

import dev.vtlab.compare.settings.Contrast;
import dev.vtlab.compare.settings.CpuPlan;
import dev.vtlab.compare.settings.TestSpec;
import dev.vtlab.compare.stats.TwoStage;
import dev.vtlab.dispatch.DispatchMode;
import dev.vtlab.measurement.MachineState;
import dev.vtlab.measurement.MemoryLatency;
import dev.vtlab.profile.ProfileRecorder;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.JsonWriter;
import jakarta.json.stream.JsonGenerator;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The raw-run format, written and read here only: a report directory's {@code comparison.json} (what the
 * comparison was) and, per run, {@code runs/TEST-MODE-REP/} with {@code run.json} (what ran), {@code results.jtl}
 * (JMeter's samples, written by JMeter) and {@code samples.csv} (the server's seconds, epoch ms and full
 * precision); a profiled run ({@code runs/TEST-MODE-profile-N/}) also {@code profile/profile.jfr} (JFR's recording,
 * written by jcmd) and {@code profile/profile.threads.tsv}, and its {@code run.json} records the recording's span.
 * Everything the analysis reads comes from these files, so a comparison re-analysed gives what its run gave.
 */
public final class RawFiles {

    public static final String COMPARISON = "comparison.json";
    public static final String RUN = "run.json";
    public static final String JTL = "results.jtl";
    public static final String SAMPLES = "samples.csv";
    public static final String TWO_STAGE = "two-stage.json";
    private static final List<String> SAMPLE_COLUMNS = List.of(
            "epoch_ms",
            "server_cpu_pct",
            "jmeter_cpu_pct",
            "remote_cpu_pct",
            "other_cpu_pct",
            "steal_pct",
            "rss_bytes",
            "os_threads");

    private RawFiles() {}

    public static void writeComparison(Path out, ComparisonRecord c) throws IOException {
        JsonObjectBuilder env = Json.createObjectBuilder();
        c.environment().entries().forEach(env::add);
        JsonObjectBuilder root = Json.createObjectBuilder()
                .add("environment", env)
                .add("tests", Json.createArrayBuilder(c.tests()))
                .add(
                        "modes",
                        Json.createArrayBuilder(
                                c.modes().stream().map(DispatchMode::label).toList()))
                .add("server_cpus", CpuPlan.list(c.cpus().server()))
                .add("load_cpus", CpuPlan.list(c.cpus().load()))
                .add("cpus_shared", c.cpus().shared())
                .add("keep_flagged", c.keepFlagged())
                .add("margin", c.margin())
                .add("sequential", c.sequential())
                .add("calibration_units_per_s", c.calibration())
                .add("wall_time_s", num(c.wallS()))
                .add(
                        "contrasts",
                        Json.createArrayBuilder(
                                c.contrasts().stream().map(Contrast::label).toList()));
        if (c.poolMaxThreads() != null) {
            root.add("pool_max_threads", c.poolMaxThreads());
        }
        if (c.userTest() != null) {
            root.add("user_test", c.userTest());
        }
        write(out.resolve(COMPARISON), root.build());
    }

    public static ComparisonRecord readComparison(Path out) throws IOException {
        JsonObject root = read(out.resolve(COMPARISON));
        Map<String, String> environment = new LinkedHashMap<>();
        root.getJsonObject("environment").forEach((k, v) -> environment.put(k, ((JsonString) v).getString()));
        return new ComparisonRecord(
                new Environment(environment),
                strings(root, "tests"),
                strings(root, "modes").stream().map(DispatchMode::parse).toList(),
                new CpuPlan(
                        CpuPlan.parse("server_cpus", root.getString("server_cpus"), null),
                        CpuPlan.parse("load_cpus", root.getString("load_cpus"), null),
                        root.getBoolean("cpus_shared")),
                root.containsKey("pool_max_threads") ? root.getInt("pool_max_threads") : null,
                root.getString("user_test", null),
                root.getBoolean("keep_flagged"),
                root.getJsonNumber("margin").doubleValue(),
                root.getJsonNumber("calibration_units_per_s").doubleValue(),
                // null: the comparison did not end
                orNaN(root, "wall_time_s"),
                // a directory written before contrasts were recorded had none
                root.containsKey("contrasts")
                        ? strings(root, "contrasts").stream()
                                .map(RawFiles::contrast)
                                .toList()
                        : List.of(),
                // a directory written before the sequential design ran its fixed repetitions
                root.getBoolean("sequential", false));
    }

    private static Contrast contrast(String label) {
        String[] two = label.split("/");
        return new Contrast(DispatchMode.parse(two[0]), DispatchMode.parse(two[1]));
    }

    /** The two-stage plan beside comparison.json (only a comparison to a fixed precision has one). */
    public static void writeTwoStage(Path out, TwoStageRecord t) throws IOException {
        JsonArrayBuilder tests = Json.createArrayBuilder();
        for (TwoStageRecord.TestPlan test : t.tests()) {
            JsonArrayBuilder modes = Json.createArrayBuilder();
            for (TwoStageRecord.ModePlan m : test.modes()) {
                TwoStage.Plan p = m.plan();
                modes.add(twoStageJson(m)
                        .add("mode_runs", p.modeRuns())
                        .add("baseline_runs", p.baselineRuns())
                        .add("target", p.target())
                        .add("half_width", num(p.halfWidth()))
                        .add("why", p.why()));
            }
            tests.add(twoStageJson(test).add("modes", modes).add("why", test.why()));
        }
        write(
                out.resolve(TWO_STAGE),
                Json.createObjectBuilder()
                        .add("target", t.target())
                        .add("budget_s", t.budgetSeconds())
                        .add("max_runs", t.maxRuns())
                        .add("keep_flagged", t.keepFlagged())
                        .add("first_stage_s", t.firstStageSeconds())
                        .add("tests", tests)
                        .build());
    }

    /**
     * A test's two-stage plan as two-stage.json and summary.json's {@code two_stage} both begin it (each adds its own
     * fields after these): what its first stage gave.
     */
    public static JsonObjectBuilder twoStageJson(TwoStageRecord.TestPlan test) {
        return Json.createObjectBuilder()
                .add("test", test.test())
                .add("first_runs", test.firstRuns())
                .add("added_runs", test.addedRuns())
                .add("needed_runs", test.neededRuns())
                .add("seconds_per_run", num(test.secondsPerRun()));
    }

    /** A mode's two-stage plan as two-stage.json and summary.json both begin it: its first stage's runs and variances. */
    public static JsonObjectBuilder twoStageJson(TwoStageRecord.ModePlan m) {
        TwoStage.Plan p = m.plan();
        return Json.createObjectBuilder()
                .add("mode", m.mode().label())
                .add("first_mode_runs", p.firstMode())
                .add("first_baseline_runs", p.firstBaseline())
                .add("mode_log_variance", num(p.modeLogVariance()))
                .add("baseline_log_variance", num(p.baselineLogVariance()));
    }

    /** The two-stage plan of a report directory, or null when its comparison had none. */
    public static TwoStageRecord readTwoStage(Path out) throws IOException {
        if (!Files.isRegularFile(out.resolve(TWO_STAGE))) {
            return null;
        }
        JsonObject root = read(out.resolve(TWO_STAGE));
        List<TwoStageRecord.TestPlan> tests = new ArrayList<>();
        for (JsonObject test : root.getJsonArray("tests").getValuesAs(JsonObject.class)) {
            List<TwoStageRecord.ModePlan> modes = new ArrayList<>();
            for (JsonObject m : test.getJsonArray("modes").getValuesAs(JsonObject.class)) {
                modes.add(new TwoStageRecord.ModePlan(
                        DispatchMode.parse(m.getString("mode")),
                        new TwoStage.Plan(
                                m.getInt("first_mode_runs"),
                                m.getInt("first_baseline_runs"),
                                orNaN(m, "mode_log_variance"),
                                orNaN(m, "baseline_log_variance"),
                                m.getInt("mode_runs"),
                                m.getInt("baseline_runs"),
                                m.getJsonNumber("target").doubleValue(),
                                orNaN(m, "half_width"),
                                m.getString("why"))));
            }
            tests.add(new TwoStageRecord.TestPlan(
                    test.getString("test"),
                    test.getInt("first_runs"),
                    test.getInt("added_runs"),
                    test.getInt("needed_runs"),
                    orNaN(test, "seconds_per_run"),
                    modes,
                    test.getString("why")));
        }
        return new TwoStageRecord(
                root.getJsonNumber("target").doubleValue(),
                root.getInt("budget_s"),
                // reports from before compare.maxRepeats: the budget alone bounded the plan
                root.getInt("max_runs", TestSpec.MAX_REPEATS),
                root.getBoolean("keep_flagged"),
                root.getJsonNumber("first_stage_s").doubleValue(),
                tests);
    }

    /** Writes what ran and the server's samples into the run's directory, beside JMeter's results.jtl. */
    public static void writeRun(Path runDir, RunRecord r, List<ServerSample> samples) throws IOException {
        JsonObjectBuilder props = Json.createObjectBuilder();
        r.props().forEach(props::add);
        JsonObjectBuilder run = Json.createObjectBuilder();
        if (r.profiled()) {
            run.add("profiling", profiling(r.profiling()));
        }
        write(
                runDir.resolve(RUN),
                run.add("test", r.test())
                        .add("mode", r.mode().label())
                        .add("repetition", r.repetition())
                        .add("order", r.order())
                        .add("calibration_units_per_s", r.calibration())
                        .add("memory_latency", memory(r.memory()))
                        .add(
                                "warmup_s",
                                Double.isNaN(r.warmupSeconds()) ? JsonValue.NULL : Json.createValue(r.warmupSeconds()))
                        .add("warm", r.warm() == null ? JsonValue.NULL : r.warm() ? JsonValue.TRUE : JsonValue.FALSE)
                        .add("jmeter_properties", props)
                        .add("before", machine(r.before()))
                        .add("after", machine(r.after()))
                        .add("wall_s", Double.isNaN(r.wallS()) ? JsonValue.NULL : Json.createValue(r.wallS()))
                        .add("server_jvm_args", Json.createArrayBuilder(r.serverJvmArgs()))
                        .build());
        List<String> lines = new ArrayList<>();
        List<String> header = new ArrayList<>(SAMPLE_COLUMNS);
        for (ServerMetric m : ServerMetric.values()) {
            header.add(m.id());
        }
        lines.add(String.join(",", header));
        for (ServerSample s : samples) {
            StringBuilder line = new StringBuilder().append(s.epochMs());
            for (double v : new double[] {
                s.serverCpuPct(),
                s.jmeterCpuPct(),
                s.remoteCpuPct(),
                s.otherCpuPct(),
                s.stealPct(),
                s.rssBytes(),
                s.osThreads()
            }) {
                line.append(',').append(number(v));
            }
            for (ServerMetric m : ServerMetric.values()) {
                line.append(',').append(number(s.metric(m)));
            }
            lines.add(line.toString());
        }
        Files.write(runDir.resolve(SAMPLES), lines);
    }

    /** One run's raw data: its record, JMeter's samples and the server's, and a profiled run's recording. */
    public static RawRun readRun(Path runDir) throws IOException {
        RunRecord record = readRecord(runDir);
        return new RawRun(
                record,
                Jtl.read(runDir.resolve(JTL)),
                samples(runDir.resolve(SAMPLES)),
                record.profiled() ? recording(runDir) : null);
    }

    /** What ran in one run, without its samples. */
    public static RunRecord readRecord(Path runDir) throws IOException {
        JsonObject run = read(runDir.resolve(RUN));
        Map<String, String> props = new LinkedHashMap<>();
        run.getJsonObject("jmeter_properties").forEach((k, v) -> props.put(k, ((JsonString) v).getString()));
        return new RunRecord(
                run.getString("test"),
                DispatchMode.parse(run.getString("mode")),
                run.getInt("repetition"),
                run.getInt("order"),
                run.getJsonNumber("calibration_units_per_s").doubleValue(),
                // runs recorded before the lab measured it have none
                run.get("memory_latency") instanceof JsonObject m
                        ? new MemoryLatency(
                                m.getJsonNumber("cache_ns_per_load").doubleValue(),
                                m.getJsonNumber("memory_ns_per_load").doubleValue())
                        : null,
                run.get("warmup_s") instanceof JsonNumber w ? w.doubleValue() : Double.NaN,
                run.get("warm") == JsonValue.TRUE
                        ? Boolean.TRUE
                        : run.get("warm") == JsonValue.FALSE ? Boolean.FALSE : null,
                props,
                machine(run.getJsonObject("before")),
                machine(run.getJsonObject("after")),
                run.get("wall_s") instanceof JsonNumber wall ? wall.doubleValue() : Double.NaN,
                serverJvmArgs(run),
                run.containsKey("profiling") ? profiling(run.getJsonObject("profiling")) : null);
    }

    /** A profiled run's JFR recording (jcmd writes it there, the profile library reads it). */
    public static Path recording(Path runDir) {
        return ProfileRecorder.recordingFile(runDir);
    }

    /** A run's server JVM options: reports before they were kept for every run had them for profiled runs only. */
    private static List<String> serverJvmArgs(JsonObject run) {
        if (run.containsKey("server_jvm_args")) {
            return strings(run, "server_jvm_args");
        }
        JsonObject profiling = run.getJsonObject("profiling");
        return profiling != null && profiling.containsKey("server_jvm_args")
                ? strings(profiling, "server_jvm_args")
                : List.of();
    }

    private static JsonObjectBuilder profiling(RunRecord.Profiling p) {
        return Json.createObjectBuilder()
                .add("interval_ms", p.intervalMs())
                .add(
                        "app_packages",
                        Json.createArrayBuilder(
                                p.appPackages().stream().sorted().toList()))
                .add("recording_start_epoch_ms", p.recordingStartEpochMs())
                .add("recording_end_epoch_ms", p.recordingEndEpochMs());
    }

    private static RunRecord.Profiling profiling(JsonObject p) {
        return new RunRecord.Profiling(
                p.getJsonNumber("interval_ms").longValue(),
                Set.copyOf(strings(p, "app_packages")),
                p.getJsonNumber("recording_start_epoch_ms").longValue(),
                p.getJsonNumber("recording_end_epoch_ms").longValue());
    }

    /**
     * What ran in every run of a report directory, in the order they ran, without their samples: a comparison's raw
     * files can outgrow the heap (a study's CPU-bound runs hold 6 GB of JTL), so a reader takes one run's at a time
     * ({@link #readRun}, the directory {@link RunRecord#dir()} under the report).
     */
    public static List<RunRecord> readRecords(Path out) throws IOException {
        List<RunRecord> runs = new ArrayList<>();
        if (!Files.isDirectory(out.resolve("runs"))) {
            return runs;
        }
        try (var dirs = Files.list(out.resolve("runs"))) {
            for (Path dir : dirs.filter(d -> Files.exists(d.resolve(RUN))).toList()) {
                runs.add(readRecord(dir));
            }
        }
        runs.sort((a, b) -> Integer.compare(a.order(), b.order()));
        return runs;
    }

    /** JSON has no NaN: an absent figure is null. */
    private static double orNaN(JsonObject o, String key) {
        return o.get(key) instanceof JsonNumber n ? n.doubleValue() : Double.NaN;
    }

    private static List<ServerSample> samples(Path csv) throws IOException {
        List<String> lines = Files.readAllLines(csv);
        List<String> header = List.of(lines.get(0).split(","));
        List<ServerSample> samples = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            Map<ServerMetric, Double> metrics = new EnumMap<>(ServerMetric.class);
            for (ServerMetric m : ServerMetric.values()) {
                double v = value(f, header, m.id());
                if (!Double.isNaN(v)) {
                    metrics.put(m, v);
                }
            }
            samples.add(new ServerSample(
                    Long.parseLong(f[0]),
                    value(f, header, "server_cpu_pct"),
                    value(f, header, "jmeter_cpu_pct"),
                    value(f, header, "remote_cpu_pct"),
                    value(f, header, "other_cpu_pct"),
                    value(f, header, "steal_pct"),
                    value(f, header, "rss_bytes"),
                    value(f, header, "os_threads"),
                    metrics));
        }
        return samples;
    }

    /** The memory probe's reading, or null where the run has none. */
    private static JsonValue memory(MemoryLatency memory) {
        return memory == null
                ? JsonValue.NULL
                : Json.createObjectBuilder()
                        .add("cache_ns_per_load", memory.cacheNs())
                        .add("memory_ns_per_load", memory.memoryNs())
                        .build();
    }

    private static JsonObjectBuilder machine(MachineState state) {
        JsonObjectBuilder m = Json.createObjectBuilder();
        if (Double.isNaN(state.loadAverage1m())) {
            m.addNull("load_average");
        } else {
            m.add("load_average", state.loadAverage1m());
        }
        JsonArrayBuilder jvms = Json.createArrayBuilder(state.otherJvms());
        return m.add("other_jvms", jvms);
    }

    private static MachineState machine(JsonObject m) {
        JsonValue load = m.get("load_average");
        return new MachineState(load instanceof JsonNumber n ? n.doubleValue() : Double.NaN, strings(m, "other_jvms"));
    }

    private static List<String> strings(JsonObject o, String key) {
        return o.getJsonArray(key).getValuesAs(JsonString.class).stream()
                .map(JsonString::getString)
                .toList();
    }

    private static String number(double v) {
        return Double.isNaN(v) ? "" : Double.toString(v);
    }

    private static double value(String[] f, List<String> header, String column) {
        int i = header.indexOf(column);
        return i < 0 || i >= f.length || f[i].isEmpty() || f[i].equals("NaN") ? Double.NaN : Double.parseDouble(f[i]);
    }

    private static JsonObject read(Path file) throws IOException {
        try (JsonReader in = Json.createReader(Files.newBufferedReader(file))) {
            return in.readObject();
        }
    }

    private static void write(Path file, JsonObject value) throws IOException {
        try (Writer out = Files.newBufferedWriter(file);
                JsonWriter json = Json.createWriterFactory(Map.of(JsonGenerator.PRETTY_PRINTING, true))
                        .createWriter(out)) {
            json.writeObject(value);
        }
    }
}
