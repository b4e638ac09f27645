package dev.vtlab.compare.analyse;

import dev.vtlab.compare.raw.Jtl;
import dev.vtlab.compare.raw.RawRun;
import dev.vtlab.compare.raw.ServerMetric;
import dev.vtlab.compare.raw.ServerSample;
import dev.vtlab.compare.settings.CpuPlan;
import dev.vtlab.compare.settings.TestSpec;
import dev.vtlab.compare.stats.Stats;
import dev.vtlab.dispatch.DispatchMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import java.util.stream.LongStream;

/**
 * Derives a {@link RunResult} from one run's raw files. Only successful requests count toward throughput and
 * latency. Each load level ({@link Levels}) is measured over its steady window ({@link SteadyWindow}); what
 * makes a run doubtful is {@link Validity}'s to say.
 */
public final class RunAnalysis {

    /** The name of the lab's plans' warm-up thread group: its threads' samples carry it ("warm-up 1-1"). */
    static final String WARMUP_GROUP = "warm-up";

    /** A user served fewer answers than this at the median says too little for the least-served share. */
    static final int MIN_ANSWERS_PER_USER = 10;

    private RunAnalysis() {}

    /** {@code poolMaxThreads}: Liberty's maxThreads when the comparison capped it (null: Liberty's default). */
    public static RunResult analyse(
            TestSpec spec, RawRun raw, CpuPlan cpus, Integer poolMaxThreads, double calibrationReference) {
        // the plan's warm-up group ran before the measurement, in the same JMeter: not part of any level
        List<Jtl.Sample> all = raw.jtl().stream()
                .filter(s -> !s.thread().startsWith(WARMUP_GROUP + " "))
                .toList();
        List<ServerSample> samples = raw.samples();
        List<String> warnings = new ArrayList<>();
        Validity validity = new Validity(warnings, spec);
        List<Jtl.Sample> ok = all.stream().filter(Jtl.Sample::success).toList();
        long t0 = Levels.origin(spec, all);
        double[] perSecond = Levels.perSecond(ok, t0);
        List<RunResult.Level> levels = new ArrayList<>();
        for (Levels.Span span : Levels.spans(spec, all, t0)) {
            DispatchMode mode = raw.record().mode();
            Double bound = Validity.bound(spec, mode, poolMaxThreads, span);
            levels.add(level(
                    span,
                    perSecond,
                    all,
                    samples,
                    t0,
                    spec,
                    bound,
                    mode,
                    cpus.server().size(),
                    validity));
        }
        LoadSide side = LoadSide.of(samples, levels, t0);
        boolean loadBound =
                validity.loadGeneratorBound(cpus, side.server(), side.jmeter(), side.remote(), side.otherMeasured());
        loadBound = !validity.keptSchedule(all, levels, t0) || loadBound;
        boolean busy = validity.machineBusy(side.other()) | validity.stolen(side.steal());
        validity.calibration(raw.record().calibration(), calibrationReference);
        validity.warmedUp(raw.record().warm(), raw.record().warmupSeconds());
        validity.errors(100.0 * (all.size() - ok.size()) / Math.max(1, all.size()) > RunResult.ERROR_LIMIT_PCT);
        Double t90 = spec.test().sudden() ? SteadyWindow.secondsTo90PctOfPeak(perSecond) : null;
        return new RunResult(
                raw.record(),
                all.size(),
                ok.size(),
                errorsByCode(all),
                perSecond,
                levels,
                latencyByLabel(ok, all, levels, t0),
                max(samples, ServerSample::rssBytes),
                max(samples, ServerSample::osThreads),
                metricsMax(samples),
                t90,
                side.jmeter(),
                side.remote(),
                side.other(),
                side.steal(),
                loadBound,
                busy,
                samples,
                t0,
                warnings,
                validity.runFlags(),
                validity.levelFlags());
    }

    /**
     * The CPU of the processes beside the server, in percent. The load side as it was while it was measured: over the
     * whole run, its idle start and drain would hide a JMeter at 100 % of its CPU in the windows (read 62-70 % in
     * closed ping runs where it paced the server). Other processes and steal over the whole run.
     */
    private record LoadSide(
            double jmeter, double remote, double server, double otherMeasured, double other, double steal) {

        static LoadSide of(List<ServerSample> samples, List<RunResult.Level> levels, long t0) {
            List<ServerSample> measured = samples.stream()
                    .filter(s -> levels.stream().anyMatch(l -> inWindow(s, l, t0)))
                    .toList();
            List<ServerSample> load = measured.isEmpty() ? samples : measured;
            return new LoadSide(
                    mean(load, ServerSample::jmeterCpuPct),
                    mean(load, ServerSample::remoteCpuPct),
                    mean(load, ServerSample::serverCpuPct),
                    mean(load, ServerSample::otherCpuPct),
                    mean(samples, ServerSample::otherCpuPct),
                    mean(samples, ServerSample::stealPct));
        }
    }

    private static Map<String, Long> errorsByCode(List<Jtl.Sample> all) {
        Map<String, Long> errorsByCode = new TreeMap<>();
        all.stream()
                .filter(s -> !s.success())
                .forEach(s -> errorsByCode.merge(s.code().isEmpty() ? "none" : s.code(), 1L, Long::sum));
        return errorsByCode;
    }

    /** Each label's latency over the levels' steady windows. */
    private static Map<String, RunResult.Percentiles> latencyByLabel(
            List<Jtl.Sample> ok, List<Jtl.Sample> all, List<RunResult.Level> levels, long t0) {
        Map<String, RunResult.Percentiles> byLabel = new LinkedHashMap<>();
        ok.stream()
                .map(Jtl.Sample::label)
                .distinct()
                .sorted()
                .forEach(label -> byLabel.put(
                        label,
                        latency(all.stream()
                                .filter(s -> s.label().equals(label) && inAnyWindow(s, levels, t0))
                                .toList())));
        return byLabel;
    }

    private static Map<String, Double> metricsMax(List<ServerSample> samples) {
        Map<String, Double> metricsMax = new LinkedHashMap<>();
        for (ServerMetric metric : ServerMetric.values()) {
            double m = max(samples, s -> s.metric(metric));
            if (!Double.isNaN(m)) {
                metricsMax.put(metric.id(), m);
            }
        }
        return metricsMax;
    }

    private static RunResult.Level level(
            Levels.Span span,
            double[] perSecond,
            List<Jtl.Sample> all,
            List<ServerSample> samples,
            long t0,
            TestSpec spec,
            Double bound,
            DispatchMode mode,
            int serverCpus,
            Validity validity) {
        // a paced level's rate is JMeter's: whether the server has settled shows in its CPU
        SteadyWindow.Window window = spec.pacedRate() == null
                ? SteadyWindow.find(perSecond, span.from(), span.to())
                : SteadyWindow.find(perSecond(samples, t0, perSecond.length), "server CPU", span.from(), span.to());
        int from = window.from(), to = window.to();
        boolean settled = window.steady();
        validity.steady(span, window);
        validity.peakReached(span, window);
        long wFrom = t0 + from * 1000L, wTo = t0 + to * 1000L; // the window in epoch ms
        double rps = to > from ? Arrays.stream(perSecond, from, to).sum() / (to - from) : 0;
        List<ServerSample> in =
                samples.stream().filter(s -> inWindow(s, wFrom, wTo)).toList();
        double cpu = mean(in, ServerSample::serverCpuPct);
        validity.memorySettled(
                span, in.stream().mapToDouble(ServerSample::rssBytes).toArray());
        List<Jtl.Sample> sent =
                all.stream().filter(s -> s.start() >= wFrom && s.start() < wTo).toList();
        RunResult.Percentiles latency = latency(sent);
        double poolMin = min(in, s -> s.metric(ServerMetric.THREADPOOL_SIZE));
        double poolMax = max(in, s -> s.metric(ServerMetric.THREADPOOL_SIZE));
        Boolean converged = validity.poolConverged(
                span,
                in.stream()
                        .mapToDouble(s -> s.metric(ServerMetric.THREADPOOL_SIZE))
                        .toArray(),
                mode.poolThreadPerRequest());
        if (!spec.test().shape().openModel()) {
            // Little's law: users cannot be answered faster than one per fastest response each
            bound = Validity.tighter(bound, Validity.littlesLaw(span, sent));
        }
        validity.withinBound(span, rps, bound);
        validity.keptPace(span, rps);
        validity.withinCpus(span, cpu, serverCpus);
        // the compiler threads' CPU where the sampler read it; older runs have the compilations' own time only
        double jitCpu = growth(in, ServerMetric.JIT_CPU_SECONDS);
        double jit = Double.isNaN(jitCpu) ? growth(in, ServerMetric.JIT_COMPILATION_SECONDS) : jitCpu;
        validity.warm(span, jit, to - from);
        RunResult.PerUser perUser = spec.test().shape().openModel()
                ? null
                : perUser(
                        all.stream()
                                .filter(s -> s.start() < wTo && s.end() >= wFrom)
                                .toList(),
                        wFrom,
                        wTo);
        return new RunResult.Level(
                span.name(),
                span.offered(),
                from,
                to,
                settled,
                rps,
                cpu,
                cpu > 0 ? rps / (cpu / 100) : Double.NaN,
                latency,
                bound,
                poolMin,
                poolMax,
                converged,
                perUser,
                jit,
                growth(in, ServerMetric.GC_COLLECTION_SECONDS));
    }

    /**
     * Successful answers per user (JMeter thread) sent in a closed-model window [from, to): every user busy
     * in the window counts, one whose request hung across all of it with 0. Null with fewer than two users
     * or a median under {@value #MIN_ANSWERS_PER_USER} answers, where one answer more or less would decide
     * the figure (an open model's arrivals are threads of one session each: nothing to compare).
     */
    static RunResult.PerUser perUser(List<Jtl.Sample> busy, long from, long to) {
        Map<String, Long> counts = new HashMap<>();
        busy.stream()
                .filter(s -> !s.thread().isEmpty())
                .forEach(s -> counts.merge(
                        s.thread(), s.success() && s.start() >= from && s.start() < to ? 1L : 0L, Long::sum));
        long[] sorted =
                counts.values().stream().mapToLong(Long::longValue).sorted().toArray();
        if (sorted.length < 2) {
            return null;
        }
        double median = Stats.median(Arrays.stream(sorted).asDoubleStream().toArray());
        return median < MIN_ANSWERS_PER_USER
                ? null
                : new RunResult.PerUser(sorted.length, sorted[0], median, sorted[sorted.length - 1]);
    }

    /**
     * Latency of the requests sent in a window, failures included: a failed request is not a fast one, so it
     * counts as at least as slow as the slowest answer of the window (it ranks above every success). With 1 %
     * errors the p99 is the slowest answer; runs with more errors are flagged and kept out of the verdicts.
     */
    static RunResult.Percentiles latency(List<Jtl.Sample> sent) {
        long slowest = sent.stream()
                .filter(Jtl.Sample::success)
                .mapToLong(Jtl.Sample::elapsed)
                .max()
                .orElse(0);
        boolean anySuccess = sent.stream().anyMatch(Jtl.Sample::success);
        return percentiles(
                anySuccess
                        ? sent.stream().mapToLong(s -> s.success() ? s.elapsed() : Math.max(s.elapsed(), slowest))
                        : LongStream.empty());
    }

    static RunResult.Percentiles percentiles(LongStream elapsed) {
        long[] sorted = elapsed.sorted().toArray();
        return new RunResult.Percentiles(
                sorted.length,
                Stats.percentile(sorted, 50),
                Stats.percentile(sorted, 95),
                Stats.percentile(sorted, 99));
    }

    /**
     * The server's CPU (% of one CPU) per second of the run, aligned with the answers per second: a sample covers the
     * second before it; a second the sampler missed takes its neighbour's value.
     */
    static double[] perSecond(List<ServerSample> samples, long t0, int seconds) {
        double[] cpu = new double[seconds];
        Arrays.fill(cpu, Double.NaN);
        for (ServerSample s : samples) {
            long i = Math.floorDiv(s.epochMs() - 500 - t0, 1000);
            if (i >= 0 && i < seconds && !Double.isNaN(s.serverCpuPct())) {
                cpu[(int) i] = s.serverCpuPct();
            }
        }
        double last =
                Arrays.stream(cpu).filter(v -> !Double.isNaN(v)).findFirst().orElse(0);
        for (int i = 0; i < seconds; i++) {
            last = Double.isNaN(cpu[i]) ? last : cpu[i];
            cpu[i] = last;
        }
        return cpu;
    }

    /** How much a cumulative figure grew across the samples of a window (NaN when it was not sampled). */
    private static double growth(List<ServerSample> in, ServerMetric metric) {
        double first = in.stream()
                .mapToDouble(s -> s.metric(metric))
                .filter(v -> !Double.isNaN(v))
                .findFirst()
                .orElse(Double.NaN);
        return max(in, s -> s.metric(metric)) - first;
    }

    /** A sample covers the second before it: it belongs to a window when its middle does. */
    private static boolean inWindow(ServerSample s, long fromEpochMs, long toEpochMs) {
        return s.epochMs() - 500 >= fromEpochMs && s.epochMs() - 500 < toEpochMs;
    }

    private static boolean inWindow(ServerSample s, RunResult.Level l, long t0) {
        return inWindow(s, t0 + Math.round(l.fromS() * 1000), t0 + Math.round(l.toS() * 1000));
    }

    private static boolean inAnyWindow(Jtl.Sample s, List<RunResult.Level> levels, long t0) {
        for (RunResult.Level l : levels) {
            if (s.start() >= t0 + l.fromS() * 1000 && s.start() < t0 + l.toS() * 1000) {
                return true;
            }
        }
        return false;
    }

    private static double mean(List<ServerSample> samples, ToDoubleFunction<ServerSample> f) {
        return samples.stream()
                .mapToDouble(f)
                .filter(v -> !Double.isNaN(v))
                .average()
                .orElse(Double.NaN);
    }

    private static double max(List<ServerSample> samples, ToDoubleFunction<ServerSample> f) {
        return samples.stream()
                .mapToDouble(f)
                .filter(v -> !Double.isNaN(v))
                .max()
                .orElse(Double.NaN);
    }

    private static double min(List<ServerSample> samples, ToDoubleFunction<ServerSample> f) {
        return samples.stream()
                .mapToDouble(f)
                .filter(v -> !Double.isNaN(v))
                .min()
                .orElse(Double.NaN);
    }
}
