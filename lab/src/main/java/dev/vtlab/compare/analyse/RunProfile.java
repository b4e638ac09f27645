package dev.vtlab.compare.analyse;

import dev.vtlab.compare.raw.RawRun;
import dev.vtlab.compare.raw.RunRecord;
import dev.vtlab.compare.raw.ServerSample;
import dev.vtlab.profile.Bucket;
import dev.vtlab.profile.Profile;
import dev.vtlab.profile.ProfileAnalysis;
import dev.vtlab.profile.Window;
import java.io.IOException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Map;

/**
 * Where one profiled run's server CPU went, for the judge to aggregate: over the steady window of the run's highest
 * load level (clipped to the span the recording covered), the recording's {@link Profile}, the server's CPU µs per
 * request split into {@link Bucket}s (they add up to the measured CPU per request by construction), and an
 * independent check of the sampling: the CPU the sampler saw, each sample's period plus {@code lost samples ×
 * interval}, plus the
 * JVM's own threads' measured CPU, against the CPU measured from the process's accounting.
 *
 * @param run the run as {@link RunAnalysis} analysed it (its figures never enter a verdict)
 * @param level the load level whose steady window was profiled
 * @param requests successful answers in the window
 * @param cpuSeconds the server process's CPU seconds in the window (its per-second samples)
 * @param microsPerRequest each bucket's CPU µs per request
 * @param problem why the run could not be profiled (no window inside the recording, no request in it), else null
 */
public record RunProfile(
        RunResult run,
        String level,
        Window window,
        long requests,
        double cpuSeconds,
        Profile profile,
        Map<Bucket, Double> microsPerRequest,
        double sampledMicrosPerRequest,
        String problem) {

    /** The server's measured CPU µs per request in the window. */
    public double measuredMicrosPerRequest() {
        return requests > 0 ? cpuSeconds * 1e6 / requests : Double.NaN;
    }

    /** CPU µs per request spent filling thread-locals on a thread's first use (part of the buckets, see {@link Profile#FIRST_USE}). */
    public double firstUseMicrosPerRequest() {
        return profile == null ? Double.NaN : profile.firstUseMicrosPerRequest(cpuSeconds, requests);
    }

    /** The sampled CPU's share of the measured: near 1 when the samples account for the process's CPU. */
    public double coverage() {
        return sampledMicrosPerRequest / measuredMicrosPerRequest();
    }

    public boolean analysed() {
        return problem == null;
    }

    /** The profile of a profiled run that {@link RunAnalysis} has analysed: its raw files are {@code raw}. */
    public static RunProfile of(RunResult run, RawRun raw) throws IOException {
        RunRecord.Profiling profiling = run.record().profiling();
        if (profiling == null || raw.recording() == null) {
            throw new IllegalArgumentException(run.dir() + " is not a profiled run");
        }
        RunResult.Level level = run.levels().stream()
                .max(Comparator.comparingInt(RunResult.Level::offered))
                .orElse(null);
        if (level == null) {
            return failed(run, "", "no load level");
        }
        long t0 = run.t0EpochMs();
        // the steady window in whole seconds since t0, within the recording
        int from = (int) Math.max(level.fromS(), Math.ceil((profiling.recordingStartEpochMs() - t0) / 1000.0));
        int to = (int) Math.min(
                Math.min(level.toS(), run.perSecondOk().length),
                Math.floor((profiling.recordingEndEpochMs() - t0) / 1000.0));
        if (to <= from) {
            return failed(run, level.name(), "the steady window of " + level.name() + " lies outside the recording");
        }
        long wFrom = t0 + from * 1000L, wTo = t0 + to * 1000L;
        long requests = Math.round(Arrays.stream(run.perSecondOk(), from, to).sum());
        // the server's CPU as RunAnalysis reads it for a level: the per-second samples that fall in the window
        double cpuPct = run.samples().stream()
                .filter(s -> s.epochMs() - 500 >= wFrom && s.epochMs() - 500 < wTo)
                .mapToDouble(ServerSample::serverCpuPct)
                .filter(v -> !Double.isNaN(v))
                .average()
                .orElse(Double.NaN);
        if (requests == 0 || Double.isNaN(cpuPct)) {
            return failed(run, level.name(), "no answer or no CPU sample in the profiled window");
        }
        double cpuSeconds = cpuPct / 100 * (to - from);
        Window window = new Window(wFrom, wTo);
        Profile profile = ProfileAnalysis.of(raw.recording(), window, profiling.appPackages());
        double jvmThreadsMicros = profile.threadCpu().jvmThreadNanos(window).values().stream()
                        .mapToDouble(Double::doubleValue)
                        .sum()
                / 1e3;
        // each sample by its own period; a lost one by the interval, the least it stood for
        double sampledMicros = profile.totalSampledNanos() / 1e3
                + profile.lostSamples() * profiling.intervalMs() * 1e3
                + jvmThreadsMicros;
        return new RunProfile(
                run,
                level.name(),
                window,
                requests,
                cpuSeconds,
                profile,
                profile.cpuMicrosPerRequest(cpuSeconds, requests),
                sampledMicros / requests,
                null);
    }

    private static RunProfile failed(RunResult run, String level, String why) {
        return new RunProfile(run, level, null, 0, Double.NaN, null, Map.of(), Double.NaN, why);
    }
}
