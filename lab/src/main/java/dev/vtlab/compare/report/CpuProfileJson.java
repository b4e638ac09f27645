package dev.vtlab.compare.report;

import static dev.vtlab.compare.raw.JsonNumbers.num;

import dev.vtlab.compare.analyse.RunProfile;
import dev.vtlab.compare.judge.Comparison;
import dev.vtlab.compare.judge.CpuProfiles;
import dev.vtlab.compare.stats.Contrasts;
import dev.vtlab.compare.stats.LogRatio;
import dev.vtlab.compare.stats.Stats;
import dev.vtlab.dispatch.DispatchMode;
import dev.vtlab.profile.Bucket;
import dev.vtlab.profile.Profile;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.util.List;
import java.util.Locale;

/**
 * summary.json's {@code profiles} (per test and mode: the buckets' CPU µs per request with intervals and differences
 * from the baseline, the coverage check, GC, allocation, JIT, pinned stacks, the flame graphs' paths) and {@code
 * profiled_runs} (each profiled run's own figures). Formats {@link CpuProfiles}.
 */
final class CpuProfileJson {

    /** Fields every (test, mode) entry of {@code profiles} has. */
    static final List<String> FIELDS = List.of(
            "runs",
            "buckets",
            "total_us_per_request",
            "recording_cost_us_per_request",
            "recording_cost_ratio_paired",
            "coverage_pct",
            "window_s",
            "gc_count",
            "gc_pause_ms",
            "allocated_bytes_per_request",
            "stack_chunk_bytes_per_request",
            "direct_buffer_bytes_per_request",
            "direct_buffer_sites",
            "jit_compilations",
            "context_switches_per_s",
            "submit_failed",
            "samples",
            "lost_samples",
            "pinned",
            "flame_graphs",
            "diff_flame_graphs");

    /** Direct-buffer allocation sites listed per (test, mode), the most bytes first. */
    static final int SITES = 10;

    private CpuProfileJson() {}

    /** {@code {test: {mode: {...}}}}. */
    static JsonObjectBuilder profiles(Comparison c) {
        JsonObjectBuilder tests = Json.createObjectBuilder();
        for (String test : c.tests()) {
            JsonObjectBuilder modes = Json.createObjectBuilder();
            boolean any = false;
            for (DispatchMode mode : c.modes()) {
                CpuProfiles.ModeProfile m = c.profiles().of(test, mode);
                if (m != null) {
                    modes.add(mode.label(), mode(c, m));
                    any = true;
                }
            }
            if (any) {
                tests.add(test, modes);
            }
        }
        return tests;
    }

    private static JsonObjectBuilder mode(Comparison c, CpuProfiles.ModeProfile m) {
        JsonObjectBuilder buckets = Json.createObjectBuilder();
        for (Bucket b : Bucket.values()) {
            buckets.add(key(b), figure(m.buckets().get(b)).add("label", b.label()));
        }
        List<RunProfile> runs = c.profiles().runs().stream()
                .filter(p -> p.analysed()
                        && p.run().test().equals(m.test())
                        && p.run().mode() == m.mode())
                .toList();
        JsonArrayBuilder flames = Json.createArrayBuilder(), diffs = Json.createArrayBuilder();
        for (RunProfile p : runs) {
            flames.add(FlameGraphReport.flame(p));
            if (m.mode() != c.baseline()) {
                diffs.add(FlameGraphReport.diff(p, c.baseline()));
            }
        }
        JsonArrayBuilder stacks = Json.createArrayBuilder();
        for (CpuProfiles.PinnedSite s : m.pinned().sites()) {
            stacks.add(Json.createObjectBuilder()
                    .add("count", s.stack().count())
                    .add("pinned_ms", s.stack().nanos() / 1e6)
                    .add("reason", s.stack().reason())
                    .add("blocking_operation", s.stack().blockingOperation())
                    .add("in_app", s.inApp())
                    .add("frames", Json.createArrayBuilder(s.stack().frames())));
        }
        JsonArrayBuilder buffers = Json.createArrayBuilder();
        for (Profile.AllocationSite s : m.directBufferSites()
                .subList(0, Math.min(SITES, m.directBufferSites().size()))) {
            buffers.add(Json.createObjectBuilder()
                    .add("samples", s.samples())
                    .add("bytes", s.bytes())
                    .add("frames", Json.createArrayBuilder(s.frames())));
        }
        return Json.createObjectBuilder()
                .add("runs", m.runs())
                .add("buckets", buckets)
                .add("total_us_per_request", figure(m.total()))
                .add("thread_local_first_use_us_per_request", figure(m.firstUse()))
                .add("recording_cost_us_per_request", difference(m.recordingCost()))
                .add("recording_cost_ratio_paired", ratio(m.recordingRatio()))
                .add("coverage_pct", interval(m.coveragePct()))
                .add("window_s", interval(m.windowS()))
                .add("gc_count", interval(m.gcCount()))
                .add("gc_pause_ms", interval(m.gcPauseMs()))
                .add("allocated_bytes_per_request", interval(m.allocatedBytesPerRequest()))
                .add("stack_chunk_bytes_per_request", interval(m.stackChunkBytesPerRequest()))
                .add("direct_buffer_bytes_per_request", interval(m.directBufferBytesPerRequest()))
                .add("direct_buffer_sites", buffers)
                .add("jit_compilations", interval(m.jitCompilations()))
                .add("context_switches_per_s", interval(m.contextSwitchesPerS()))
                .add("submit_failed", m.submitFailed())
                .add("samples", m.samples())
                .add("lost_samples", m.lostSamples())
                .add(
                        "pinned",
                        Json.createObjectBuilder()
                                .add("count", m.pinned().count())
                                .add("pinned_ms", m.pinned().nanos() / 1e6)
                                .add("in_app", m.pinned().inApp())
                                .add("stacks", stacks))
                .add("flame_graphs", flames)
                .add("diff_flame_graphs", diffs);
    }

    /** Every profiled run, in the order they ran. */
    static JsonArrayBuilder runs(Comparison c) {
        JsonArrayBuilder out = Json.createArrayBuilder();
        for (RunProfile p : c.profiles().runs()) {
            JsonObjectBuilder run = Json.createObjectBuilder()
                    .add("test", p.run().test())
                    .add("mode", p.run().mode().label())
                    .add("profiled_run", p.run().repetition())
                    .add("order", p.run().order())
                    .add("dir", p.run().dir())
                    .add("level", p.level())
                    .add(
                            "server_jvm_args",
                            Json.createArrayBuilder(p.run().record().serverJvmArgs()))
                    .add("interval_ms", p.run().record().profiling().intervalMs())
                    .add(
                            "app_packages",
                            Json.createArrayBuilder(p.run().record().profiling().appPackages().stream()
                                    .sorted()
                                    .toList()));
            if (p.analysed()) {
                JsonObjectBuilder buckets = Json.createObjectBuilder();
                p.microsPerRequest().forEach((b, us) -> buckets.add(key(b), num(us)));
                run.add("window_start_epoch_ms", p.window().startEpochMs())
                        .add("window_end_epoch_ms", p.window().endEpochMs())
                        .add("requests", p.requests())
                        .add("cpu_s", num(p.cpuSeconds()))
                        .add("measured_us_per_request", num(p.measuredMicrosPerRequest()))
                        .add("sampled_us_per_request", num(p.sampledMicrosPerRequest()))
                        .add("coverage_pct", num(100 * p.coverage()))
                        .add("buckets_us_per_request", buckets)
                        .add("samples", p.profile().totalSamples())
                        .add("lost_samples", p.profile().lostSamples())
                        .add("pinned", p.profile().pinning().count());
            } else {
                run.add("problem", p.problem());
            }
            out.add(run);
        }
        return out;
    }

    /** A bucket's key: its constant in lower case ({@code application}, {@code jax_rs}). */
    static String key(Bucket b) {
        return b.name().toLowerCase(Locale.ROOT);
    }

    private static JsonObjectBuilder figure(CpuProfiles.Figure f) {
        JsonObjectBuilder o = interval(f.interval());
        Contrasts.Difference d = f.vsBaseline();
        if (d != null) {
            o.add("diff_vs_baseline", num(d.estimate()))
                    .add("diff_ci_low", num(d.low()))
                    .add("diff_ci_high", num(d.high()))
                    .add("diff_p_value", num(d.pValue()));
        }
        return o;
    }

    /** A difference with its interval; null without one (no measured run to compare with). */
    private static JsonValue difference(Contrasts.Difference d) {
        return d == null
                ? JsonValue.NULL
                : Json.createObjectBuilder()
                        .add("estimate", num(d.estimate()))
                        .add("ci_low", num(d.low()))
                        .add("ci_high", num(d.high()))
                        .add("p_value", num(d.pValue()))
                        .build();
    }

    /** A paired ratio with its interval (null ends when undetermined, with the reason); null without a pair. */
    private static JsonValue ratio(LogRatio r) {
        if (r == null) {
            return JsonValue.NULL;
        }
        JsonObjectBuilder o = Json.createObjectBuilder()
                .add("pairs", r.n1())
                .add("estimate", num(r.estimate()))
                .add("ci_low", num(r.low()))
                .add("ci_high", num(r.high()))
                .add("p_value", num(r.pValue()));
        if (!r.determined()) {
            o.add("why", r.why());
        }
        return o.build();
    }

    private static JsonObjectBuilder interval(Stats.Interval i) {
        return Json.createObjectBuilder()
                .add("n", i.n())
                .add("mean", num(i.mean()))
                .add("ci_low", num(i.low()))
                .add("ci_high", num(i.high()));
    }
}
