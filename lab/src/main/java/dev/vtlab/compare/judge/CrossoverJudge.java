package dev.vtlab.compare.judge;

import dev.vtlab.compare.raw.Jtl;
import dev.vtlab.compare.raw.ServerMetric;
import dev.vtlab.compare.raw.ServerSample;
import dev.vtlab.compare.run.CrossoverRunner;
import dev.vtlab.compare.settings.Crossover;
import dev.vtlab.compare.stats.Contrasts;
import dev.vtlab.compare.stats.LogRatio;
import dev.vtlab.compare.stats.Ratios;
import dev.vtlab.compare.stats.Stats;
import dev.vtlab.compare.stats.Verdicts;
import dev.vtlab.dispatch.DispatchMode;
import dev.vtlab.profile.Profile;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The crossover design's judgement, built once from its slices: per mode, what its slices measured; per contrast
 * (each mode against the baseline, each mode against its control), the ratio of requests per CPU-second from the
 * blocks taken as pairs (a paired t interval over blocks: whatever the host did during a block is in every mode of
 * it), of the process's CPU and of the server CPUs' whole busy time, and its verdict.
 */
public final class CrossoverJudge {

    /** What one mode's slices measured, as means over its slices. */
    public record ModeFigures(
            DispatchMode mode,
            int slices,
            double requestsPerSecond,
            double cpuUsPerRequest,
            double kernelUsPerRequest,
            double busyUsPerRequest,
            double meanLatencyMs,
            double p95LatencyMs,
            double inFlight,
            double poolThreads,
            double osThreads,
            double othersShare,
            double stealPct) {}

    /** One contrast's ratio, mode ÷ baseline in requests per CPU-second, and its verdict. */
    public record Contrast(
            DispatchMode mode,
            DispatchMode baseline,
            Verdicts.Judgement cpu,
            Verdicts.Judgement cpuWithKernel,
            Verdicts.Judgement rate) {}

    /**
     * How a mode recovers from a switch: for each second k since the switch, the median over slices of that second's
     * rate of answers and CPU per answer, each relative to the same slice's last third. {@code switched} holds the
     * slices that follow another mode, {@code same} those that follow their own (ABBA's middle pair): a curve below 1
     * after a switch and near 1 without one is carry-over, which the discard must outlast.
     */
    public record Settling(Curve switched, Curve same) {}

    /** Per second since the switch: rate and CPU per request against the slice's last third, over {@code slices}. */
    public record Curve(int slices, double[] rate, double[] cpuPerRequest) {}

    /**
     * Each mode's CPU µs a request in its slices that follow another mode less in those that follow itself, with
     * Welch's interval; undetermined where either kind has fewer than two slices (every Williams square of more than
     * two modes). A difference beyond its interval is carry-over that the discard did not remove.
     */
    public record CarryOver(DispatchMode mode, Contrasts.Difference afterAnotherLessAfterItself) {}

    /**
     * The judged crossover, with its warm-up: how long, in how many slices, and whether the JIT was quiet at its end;
     * {@code profile} is where the CPU went in the profiled blocks, null without them.
     */
    public record Result(
            Crossover design,
            String test,
            List<ModeFigures> modes,
            List<Contrast> contrasts,
            Settling settling,
            List<CarryOver> carryOver,
            CrossoverProfile profile,
            double wallSeconds,
            double warmupSeconds,
            int warmupSlices,
            boolean warmed) {}

    private CrossoverJudge() {}

    public static Result judge(
            Crossover design, String test, CrossoverRunner.Result run, List<Jtl.Sample> samples, double margin) {
        return judge(design, test, run, samples, margin, List.of());
    }

    /**
     * @param profiles one profile for each of the run's profiled slices, in their order (none without profiling)
     */
    public static Result judge(
            Crossover design,
            String test,
            CrossoverRunner.Result run,
            List<Jtl.Sample> samples,
            double margin,
            List<Profile> profiles) {
        List<ModeFigures> figures = new ArrayList<>();
        for (DispatchMode mode : design.modes()) {
            figures.add(figures(mode, run, samples));
        }
        List<Contrast> contrasts = new ArrayList<>();
        DispatchMode baseline = design.modes().get(0);
        for (DispatchMode mode : design.modes().subList(1, design.modes().size())) {
            contrasts.add(contrast(design, run.slices(), mode, baseline, margin));
        }
        for (DispatchMode mode : design.modes()) {
            DispatchMode control = mode.control();
            if (control != null && control != baseline && design.modes().contains(control)) {
                contrasts.add(contrast(design, run.slices(), mode, control, margin));
            }
        }
        return new Result(
                design,
                test,
                List.copyOf(figures),
                List.copyOf(contrasts),
                settling(design, run, samples),
                carryOver(design, run.slices()),
                run.profiled().isEmpty()
                        ? null
                        : CrossoverProfile.of(
                                design.modes(),
                                design.profiledBlocks(),
                                run.profiled(),
                                profiles,
                                run.slices(),
                                design.blocks(),
                                contrasts),
                run.wallSeconds(),
                run.warmupSeconds(),
                run.warmupSlices(),
                run.warmed());
    }

    private static Contrast contrast(
            Crossover design,
            List<CrossoverRunner.Slice> slices,
            DispatchMode mode,
            DispatchMode baseline,
            double margin) {
        double[][] cpu = perBlock(design, slices, mode, baseline, false);
        double[][] kernel = perBlock(design, slices, mode, baseline, true);
        double[][] rate = new double[2][design.blocks()];
        for (CrossoverRunner.Slice s : slices) {
            int side = s.mode() == mode ? 0 : s.mode() == baseline ? 1 : -1;
            if (side >= 0) {
                rate[side][s.block() - 1] = s.requests() / s.seconds();
            }
        }
        return new Contrast(
                mode,
                baseline,
                // a reading's whole ticks are off at random from slice to slice: in the blocks' spread, no shift
                Verdicts.judge(Ratios.paired(cpu[0], cpu[1], 0), margin),
                Verdicts.judge(Ratios.paired(kernel[0], kernel[1], 0), margin),
                Verdicts.judge(Ratios.paired(rate[0], rate[1], 0), margin));
    }

    /**
     * Requests per CPU-second of {@code mode} (row 0) and {@code baseline} (row 1) in each block; with {@code kernel},
     * per second of the server CPUs' whole busy time, the kernel's interrupt work for the test's traffic included once.
     */
    static double[][] perBlock(
            Crossover design,
            List<CrossoverRunner.Slice> slices,
            DispatchMode mode,
            DispatchMode baseline,
            boolean kernel) {
        double[][] v = new double[2][design.blocks()];
        for (double[] row : v) {
            Arrays.fill(row, Double.NaN);
        }
        for (CrossoverRunner.Slice s : slices) {
            int side = s.mode() == mode ? 0 : s.mode() == baseline ? 1 : -1;
            double cpu = kernel ? s.busySeconds() : s.cpuSeconds();
            if (side >= 0 && cpu > 0) {
                v[side][s.block() - 1] = s.requests() / cpu;
            }
        }
        return v;
    }

    private static ModeFigures figures(DispatchMode mode, CrossoverRunner.Result run, List<Jtl.Sample> samples) {
        List<CrossoverRunner.Slice> own =
                run.slices().stream().filter(s -> s.mode() == mode).toList();
        double seconds = 0, cpu = 0, kernel = 0, busy = 0, steal = 0;
        long requests = 0, others = 0;
        List<Long> elapsed = new ArrayList<>();
        double pool = 0, threads = 0;
        int poolN = 0, threadsN = 0;
        for (CrossoverRunner.Slice s : own) {
            seconds += s.seconds();
            cpu += s.cpuSeconds();
            kernel += s.kernelSeconds();
            busy += s.busySeconds();
            steal += s.stealSeconds();
            requests += s.requests();
            others += s.others();
            long from = s.start().epochMs(), to = s.end().epochMs();
            for (Jtl.Sample j : samples) {
                if (j.start() >= from && j.end() <= to) {
                    elapsed.add(j.elapsed());
                }
            }
            for (ServerSample ss : run.samples()) {
                if (ss.epochMs() > from && ss.epochMs() <= to) {
                    double size = ss.metric(ServerMetric.THREADPOOL_SIZE);
                    if (!Double.isNaN(size)) {
                        pool += size;
                        poolN++;
                    }
                    if (!Double.isNaN(ss.osThreads())) {
                        threads += ss.osThreads();
                        threadsN++;
                    }
                }
            }
        }
        long[] sorted = elapsed.stream().mapToLong(Long::longValue).sorted().toArray();
        double meanMs = sorted.length == 0
                ? Double.NaN
                : Arrays.stream(sorted).average().orElse(Double.NaN);
        double rate = requests / seconds;
        return new ModeFigures(
                mode,
                own.size(),
                rate,
                requests == 0 ? Double.NaN : 1e6 * cpu / requests,
                requests == 0 ? Double.NaN : 1e6 * kernel / requests,
                requests == 0 ? Double.NaN : 1e6 * busy / requests,
                meanMs,
                sorted.length == 0 ? Double.NaN : Stats.percentile(sorted, 95),
                // Little's law: the requests in flight on average, from the server's rate and JMeter's latency
                rate * meanMs / 1000,
                poolN == 0 ? Double.NaN : pool / poolN,
                threadsN == 0 ? Double.NaN : threads / threadsN,
                requests + others == 0 ? Double.NaN : others / (double) (requests + others),
                seconds == 0 ? Double.NaN : 100 * steal / seconds);
    }

    /**
     * Each second k since a slice's switch: answers ending in it (JMeter's, by end time) and the server's CPU in it (the
     * sampler's reading that closes it), against the same slice's last third. Seconds without a reading are left out;
     * the first measured slice, which follows the warm-up, is in neither curve.
     */
    static Settling settling(Crossover design, CrossoverRunner.Result run, List<Jtl.Sample> samples) {
        int n = design.sliceSeconds();
        long[] ends = samples.stream().mapToLong(Jtl.Sample::end).sorted().toArray();
        List<List<Double>> rateS = lists(n), cpuS = lists(n), rateO = lists(n), cpuO = lists(n);
        int switched = 0, same = 0;
        List<CrossoverRunner.Slice> slices = run.slices();
        for (int i = 1; i < slices.size(); i++) {
            CrossoverRunner.Slice s = slices.get(i);
            boolean after = slices.get(i - 1).mode() != s.mode();
            double[] answers = new double[n], cpu = new double[n];
            java.util.Arrays.fill(answers, Double.NaN);
            java.util.Arrays.fill(cpu, Double.NaN);
            for (ServerSample ss : run.samples()) {
                long offset = ss.epochMs() - s.switchedEpochMs();
                int k = (int) (offset / 1000) - 1; // a reading closes the second before it
                if (offset <= 0 || k < 0 || k >= n || ss.epochMs() > s.end().epochMs()) {
                    continue;
                }
                long a = count(ends, ss.epochMs() - 1000, ss.epochMs());
                answers[k] = a;
                cpu[k] = a > 0 ? ss.serverCpuPct() / 100 / a : Double.NaN;
            }
            double refRate = meanFrom(answers, 2 * n / 3), refCpu = meanFrom(cpu, 2 * n / 3);
            for (int k = 0; k < n; k++) {
                if (refRate > 0 && !Double.isNaN(answers[k])) {
                    (after ? rateS : rateO).get(k).add(answers[k] / refRate);
                }
                if (refCpu > 0 && !Double.isNaN(cpu[k])) {
                    (after ? cpuS : cpuO).get(k).add(cpu[k] / refCpu);
                }
            }
            if (after) {
                switched++;
            } else {
                same++;
            }
        }
        return new Settling(
                new Curve(switched, medians(rateS), medians(cpuS)), new Curve(same, medians(rateO), medians(cpuO)));
    }

    private static List<List<Double>> lists(int n) {
        List<List<Double>> l = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            l.add(new ArrayList<>());
        }
        return l;
    }

    private static double[] medians(List<List<Double>> values) {
        double[] m = new double[values.size()];
        for (int k = 0; k < m.length; k++) {
            m[k] = Stats.median(
                    values.get(k).stream().mapToDouble(Double::doubleValue).toArray());
        }
        return m;
    }

    /** The mean of {@code v}'s values from index {@code from} on, NaNs left out. */
    private static double meanFrom(double[] v, int from) {
        double sum = 0;
        int k = 0;
        for (int i = from; i < v.length; i++) {
            if (!Double.isNaN(v[i])) {
                sum += v[i];
                k++;
            }
        }
        return k == 0 ? Double.NaN : sum / k;
    }

    /** Each mode's slices after another mode against those after itself, in CPU µs a request. */
    static List<CarryOver> carryOver(Crossover design, List<CrossoverRunner.Slice> slices) {
        List<CarryOver> out = new ArrayList<>();
        for (DispatchMode mode : design.modes()) {
            List<Double> after = new ArrayList<>(), same = new ArrayList<>();
            for (int i = 1; i < slices.size(); i++) {
                CrossoverRunner.Slice s = slices.get(i);
                if (s.mode() == mode && s.requests() > 0) {
                    (slices.get(i - 1).mode() == mode ? same : after).add(1e6 * s.cpuSeconds() / s.requests());
                }
            }
            out.add(new CarryOver(
                    mode,
                    Contrasts.difference(
                            after.stream().mapToDouble(Double::doubleValue).toArray(),
                            same.stream().mapToDouble(Double::doubleValue).toArray(),
                            0)));
        }
        return List.copyOf(out);
    }

    /** Values of {@code sorted} in (from, to]. */
    private static long count(long[] sorted, long from, long to) {
        return upper(sorted, to) - upper(sorted, from);
    }

    private static int upper(long[] sorted, long value) {
        int lo = 0, hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] <= value) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Each contrast's ratios by name, for the writers: "cpu", "cpu_with_kernel", "rate". */
    public static Map<String, LogRatio> ratios(Contrast c) {
        Map<String, LogRatio> m = new LinkedHashMap<>();
        m.put("requests_per_cpu_second", c.cpu().ratio());
        m.put("requests_per_server_cpu_busy_second", c.cpuWithKernel().ratio());
        m.put("requests_per_second", c.rate().ratio());
        return m;
    }
}
