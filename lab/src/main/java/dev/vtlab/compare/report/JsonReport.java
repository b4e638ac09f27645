package dev.vtlab.compare.report;

import static dev.vtlab.compare.raw.JsonNumbers.num;

import dev.vtlab.compare.analyse.RunResult;
import dev.vtlab.compare.judge.Comparison;
import dev.vtlab.compare.stats.Pivot;
import dev.vtlab.compare.stats.Stats;
import dev.vtlab.compare.stats.Verdicts;
import dev.vtlab.measurement.MemoryLatency;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.json.JsonWriter;
import jakarta.json.stream.JsonGenerator;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** summary.json: the environment, every run, and per test the aggregates and ratios with their intervals. */
public final class JsonReport {

    /** Fields every run entry has, whatever the test (the smoke IT checks them). */
    public static final List<String> RUN_FIELDS = List.of(
            "test",
            "mode",
            "repetition",
            "order",
            "requests",
            "errors",
            "error_pct",
            "errors_by_code",
            "levels",
            "headlines",
            "latency_by_label",
            "rss_max_bytes",
            "jmeter_cpu_pct",
            "remote_cpu_pct",
            "other_cpu_pct",
            "load_generator_bound",
            "machine_busy",
            "too_many_errors",
            "warnings",
            "flags",
            "steal_pct",
            "calibration_units_per_s",
            "cache_ns_per_load",
            "memory_ns_per_load",
            "warmup_s",
            "warm",
            "server_jvm_args");
    /** Fields every ratio entry has. */
    public static final List<String> RATIO_FIELDS = List.of(
            "test",
            "mode",
            "baseline",
            "metric",
            "ratio",
            "ci_low",
            "ci_high",
            "verdict",
            "judgement",
            "text",
            "runs_used",
            "runs_left_out");

    /** Fields every (test, mode) entry of {@code profiles} has (profiled runs, compare.cpuProfile). */
    public static final List<String> PROFILE_FIELDS = CpuProfileJson.FIELDS;

    private JsonReport() {}

    public static void write(Comparison c, Path file) throws IOException {
        JsonObjectBuilder root = Json.createObjectBuilder();
        JsonObjectBuilder env = Json.createObjectBuilder();
        c.environment().entries().forEach(env::add);
        root.add("environment", env)
                .add("wall_time_s", num(round(c.wallS())))
                .add("confidence", Stats.CONFIDENCE)
                .add("baseline", c.modes().get(0).label());
        JsonArrayBuilder runs = Json.createArrayBuilder();
        c.runs().forEach(r -> runs.add(run(r)));
        JsonArrayBuilder aggregates = Json.createArrayBuilder();
        for (Comparison.Aggregate a : c.aggregates()) {
            aggregates.add(Json.createObjectBuilder()
                    .add("test", a.test())
                    .add("mode", a.mode().label())
                    .add("metric", a.headline().key())
                    .add("n", a.interval().n())
                    .add("mean", num(a.interval().mean()))
                    .add("ci_low", num(a.interval().low()))
                    .add("ci_high", num(a.interval().high())));
        }
        JsonArrayBuilder ratios = Json.createArrayBuilder();
        for (Comparison.RatioRow r : c.ratios()) {
            ratios.add(ratio(
                            Json.createObjectBuilder()
                                    .add("test", r.test())
                                    .add("mode", r.mode().label())
                                    .add("baseline", r.baseline().label()),
                            r)
                    .add("primary", r.primary())
                    .add("equivalence_ci_low", num(r.verdict().equivalence().low()))
                    .add("equivalence_ci_high", num(r.verdict().equivalence().high()))
                    .add(
                            "runs_left_out",
                            Json.createObjectBuilder()
                                    .add(r.mode().label(), r.modeRuns().text())
                                    .add(r.baseline().label(), r.baselineRuns().text())));
        }
        JsonArrayBuilder answers = Json.createArrayBuilder();
        for (Answers.Answer a : Answers.of(c)) {
            answers.add(Json.createObjectBuilder()
                    .add("test", a.test())
                    .add("mode", a.mode().label())
                    .add("metric", a.headline().key())
                    .add("verdict", a.ratio().verdict().verdict().words())
                    .add("text", a.text()));
        }
        JsonObjectBuilder twoStage = TwoStageReport.json(c);
        if (twoStage != null) {
            root.add("two_stage", twoStage);
        }
        root.add("answers", answers)
                .add("flags", Answers.flags(c))
                .add("runs", runs)
                .add("aggregates", aggregates)
                .add("ratios", ratios);
        ContrastsReport.json(root, c);
        VariabilityReport.json(root, c);
        SequentialReport.json(root, c);
        if (!c.profiles().isEmpty()) {
            // the profiled runs: never among "runs", never in a verdict
            root.add("profiles", CpuProfileJson.profiles(c)).add("profiled_runs", CpuProfileJson.runs(c));
        }
        try (Writer out = Files.newBufferedWriter(file);
                JsonWriter json = Json.createWriterFactory(Map.of(JsonGenerator.PRETTY_PRINTING, true))
                        .createWriter(out)) {
            json.writeObject(root.build());
        }
    }

    private static JsonObjectBuilder reading(Verdicts.Judgement j) {
        return Json.createObjectBuilder()
                .add("ratio", num(j.ratio().estimate()))
                .add("ci_low", num(j.ratio().low()))
                .add("ci_high", num(j.ratio().high()))
                .add("verdict", j.verdict().words());
    }

    /**
     * A ratio row's figure, ratio, interval, verdict and runs, as summary.json gives them in {@code ratios} and in
     * {@code contrasts} alike, after {@code e}'s fields that say which modes it compares.
     */
    static JsonObjectBuilder ratio(JsonObjectBuilder e, Comparison.RatioRow r) {
        if (r.allRuns() != null) {
            // a primary figure with runs left out: its verdict on every run that finished, and how evenly they fell
            e.add("all_runs", reading(r.allRuns())).add("exclusion_p", num(r.exclusionP()));
        }
        if (r.primary()) {
            // what the design could find: identical modes equivalent, at the runs and spreads measured
            e.add("equivalence_chance", num(r.reach().equivalenceChance()));
            // and the runs per mode that would find them so in Verdicts.DESIGN_POWER of comparisons (null: over 50)
            Integer needed = r.reach().runsForEquivalence();
            e.add("runs_for_equivalence", needed == null ? JsonValue.NULL : Json.createValue(needed));
        }
        if (r.unflagged() != null) {
            // a primary figure counting runs flagged for their outcome: its verdict without them, and how evenly
            e.add("unflagged_runs", reading(r.unflagged())).add("flagged_p", num(r.flaggedP()));
        }
        return e.add("metric", r.headline().key())
                .add("ratio", num(r.ratio().estimate()))
                .add("ci_low", num(r.ratio().low()))
                .add("ci_high", num(r.ratio().high()))
                .add("verdict", r.verdict().verdict().words())
                .add("judgement", r.judgement())
                .add("text", r.text())
                .add("p_value", num(r.ratio().pValue()))
                // the log ratio's standard error and its t's degrees of freedom: what joins comparisons later
                .add("log_se", num(r.ratio().logScale()))
                .add("df", r.ratio().pivot() instanceof Pivot.StudentT t ? num(t.degreesOfFreedom()) : JsonValue.NULL)
                .add(
                        "holm_adjusted_p",
                        r.holm() == null ? JsonValue.NULL : num(r.holm().adjusted()))
                .add("pairing", r.ratio().pairing().name().toLowerCase(Locale.ROOT))
                .add(
                        "runs_used",
                        Json.createObjectBuilder()
                                .add(r.mode().label(), r.modeRuns().used())
                                .add(r.baseline().label(), r.baselineRuns().used()));
    }

    /** One load level of a run: its window, figures, pool, JIT and GC time, flags and bound. */
    private static JsonObjectBuilder level(RunResult r, RunResult.Level l) {
        JsonObjectBuilder level = Json.createObjectBuilder()
                .add("level", l.name())
                .add("offered", l.offered())
                .add("from_s", l.fromS())
                .add("to_s", l.toS())
                .add("settled", l.settled())
                .add("throughput_rps", num(round(l.rps())))
                .add("cpu_pct", num(round(l.cpuPct())))
                .add("tps_per_cpu_s", num(round(l.tpsPerCpuSecond())))
                .add("p50_ms", num(l.latency().p50()))
                .add("p95_ms", num(l.latency().p95()))
                .add("p99_ms", num(l.latency().p99()))
                .add("pool_min", num(l.poolMin()))
                .add("pool_max", num(l.poolMax()))
                .add("jit_s_in_window", num(round3(l.jitSeconds())))
                .add("gc_s_in_window", num(round3(l.gcSeconds())));
        if (l.perUser() != null) {
            level.add(
                    "users_answered",
                    Json.createObjectBuilder()
                            .add("users", l.perUser().users())
                            .add("min", l.perUser().min())
                            .add("median", l.perUser().median())
                            .add("max", l.perUser().max()));
        }
        if (l.poolConverged() != null) {
            level.add("pool_converged", l.poolConverged());
        }
        level.add(
                "flags",
                Json.createArrayBuilder(r.levelFlags().getOrDefault(l.name(), Set.of()).stream()
                        .map(f -> f.name().toLowerCase(Locale.ROOT))
                        .toList()));
        if (l.boundRps() != null) {
            level.add("bound_rps", num(round(l.boundRps()))).add("fraction_of_bound", num(round3(l.fractionOfBound())));
        }
        return level;
    }

    /** Latency per request type (JMeter's label). */
    private static JsonObjectBuilder byLabel(RunResult r) {
        JsonObjectBuilder byLabel = Json.createObjectBuilder();
        r.byLabel()
                .forEach((label, p) -> byLabel.add(
                        label,
                        Json.createObjectBuilder()
                                .add("count", p.count())
                                .add("p50_ms", num(p.p50()))
                                .add("p95_ms", num(p.p95()))
                                .add("p99_ms", num(p.p99()))));
        return byLabel;
    }

    private static JsonObjectBuilder run(RunResult r) {
        JsonObjectBuilder codes = Json.createObjectBuilder();
        r.errorsByCode().forEach(codes::add);
        JsonArrayBuilder levels = Json.createArrayBuilder();
        r.levels().forEach(l -> levels.add(level(r, l)));
        JsonObjectBuilder headlines = Json.createObjectBuilder();
        r.headlines().forEach((k, v) -> headlines.add(k.key(), num(round(v))));
        JsonObjectBuilder props = Json.createObjectBuilder();
        r.props().forEach(props::add);
        JsonObjectBuilder metricsMax = Json.createObjectBuilder();
        r.metricsMax().forEach((k, v) -> metricsMax.add(k + "_max", v));
        MemoryLatency memory = r.record().memory();
        JsonArrayBuilder warnings = Json.createArrayBuilder();
        r.warnings().forEach(warnings::add);
        JsonObjectBuilder e = Json.createObjectBuilder()
                .add("test", r.test())
                .add("mode", r.mode().label())
                .add("repetition", r.repetition())
                .add("order", r.order())
                .add("requests", r.requests())
                .add("successes", r.successes())
                .add("errors", r.errors())
                .add("error_pct", num(round3(r.errorPct())))
                .add("errors_by_code", codes)
                .add("too_many_errors", r.tooManyErrors())
                .add("levels", levels)
                .add("headlines", headlines)
                .add("latency_by_label", byLabel(r))
                .add("rss_max_bytes", (long) r.rssMaxBytes())
                .add("os_threads_max", (long) r.osThreadsMax())
                .add("server_metrics", metricsMax)
                .add("jmeter_cpu_pct", num(round(r.jmeterCpuPct())))
                .add("remote_cpu_pct", num(round(r.remoteCpuPct())))
                .add("other_cpu_pct", num(round(r.otherCpuPct())))
                // a quiet host steals a few 10-ms ticks a run, 0.01-0.3 %: a tenth would read them all as 0
                .add("steal_pct", num(round3(r.stealPct())))
                .add("calibration_units_per_s", num(round(r.record().calibration())))
                // the memory probe beside it, recorded and not judged (Calibration); null before the lab had it
                .add("cache_ns_per_load", num(round(memory == null ? Double.NaN : memory.cacheNs())))
                .add("memory_ns_per_load", num(round(memory == null ? Double.NaN : memory.memoryNs())))
                // the warm-up's length, and whether it ended warm (false: at its cap; null: the test has none)
                .add("warmup_s", num(round(r.record().warmupSeconds())))
                .add(
                        "warm",
                        r.record().warm() == null
                                ? JsonValue.NULL
                                : r.record().warm() ? JsonValue.TRUE : JsonValue.FALSE)
                .add("load_generator_bound", r.loadGeneratorBound())
                .add("machine_busy", r.machineBusy())
                .add("load_average_before", num(r.before().loadAverage1m()))
                .add("load_average_after", num(r.after().loadAverage1m()))
                .add("other_jvms_before", Json.createArrayBuilder(r.before().otherJvms()))
                .add("other_jvms_after", Json.createArrayBuilder(r.after().otherJvms()))
                .add("warnings", warnings)
                .add(
                        "flags",
                        Json.createArrayBuilder(r.flags().stream()
                                .map(f -> f.name().toLowerCase(Locale.ROOT))
                                .toList()))
                .add("jmeter_properties", props)
                .add("server_jvm_args", Json.createArrayBuilder(r.record().serverJvmArgs()))
                .add("dir", r.dir());
        if (r.secondsTo90PctOfPeak() != null) {
            e.add("time_to_90pct_peak_s", r.secondsTo90PctOfPeak());
        }
        return e;
    }

    /** JSON has no NaN: an absent figure is null. */

    /** To a tenth; NaN stays NaN (written as null by {@link #num}), where Math.round would make it 0. */
    private static double round(double v) {
        return Double.isFinite(v) ? Math.round(v * 10) / 10.0 : v;
    }

    private static double round3(double v) {
        return Double.isFinite(v) ? Math.round(v * 1000) / 1000.0 : v;
    }
}
