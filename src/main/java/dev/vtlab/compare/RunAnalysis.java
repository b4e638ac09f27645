package dev.vtlab.compare;

import dev.vtlab.dispatch.DispatchMode;
import dev.vtlab.measurement.MachineState;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/**
 * Derives a {@link RunResult} from one run's JTL and samples. Only successful requests count toward
 * throughput and latency. Each load level is measured over its steady window: from the moment its rate
 * has settled (the 3-second moving average first reaches 90 % of the median rate of the level's second
 * half, plus {@value #SETTLE_MARGIN_S} s) to the last second in which the level's requests were still
 * being sent (after that the level drains or the next one starts).
 */
final class RunAnalysis {

    static final int SETTLE_MARGIN_S = 1;
    /** The label the open-model plans give an arrival they refused to send (more than MAX_THREADS alive). */
    static final String DROPPED = "dropped";
    /** A window shorter than this says nothing steady; the level is then measured whole and flagged. */
    static final int MIN_WINDOW_S = 2;
    /** Liberty's pool counts as converged in a window when its size moved by at most this share (or 2 threads). */
    static final double POOL_STABLE_SHARE = 0.10;
    /** Mean CPU of everything else on the machine above which a run is marked as taken on a busy machine. */
    static final double BUSY_OTHER_CPU_PCT = 15;
    /** The load side's CPU use, as a share of its CPUs, above which it is suspected of limiting the test. */
    static final double LOAD_BOUND_SHARE = 0.90;

    private RunAnalysis() {}

    /** {@code poolMaxThreads}: Liberty's maxThreads when capped (null: Liberty's default). */
    record Context(
            Schedule.Slot slot,
            int order,
            CpuPlan cpus,
            Integer poolMaxThreads,
            MachineState before,
            MachineState after) {}

    static RunResult analyse(Context c, List<Jtl.Sample> all, List<ProcessSampler.Sample> samples) {
        TestSpec spec = c.slot().spec();
        Catalogue.Shape shape = spec.test().shape();
        List<String> warnings = new ArrayList<>();
        List<Jtl.Sample> ok = all.stream().filter(Jtl.Sample::success).toList();
        Map<String, Long> errorsByCode = new TreeMap<>();
        all.stream()
                .filter(s -> !s.success())
                .forEach(s -> errorsByCode.merge(s.code().isEmpty() ? "none" : s.code(), 1L, Long::sum));
        long t0 = origin(spec, all);
        double[] perSecond = perSecond(ok, t0);

        List<RunResult.Level> levels = new ArrayList<>();
        List<Span> spans = spans(spec, all, t0);
        for (Span span : spans) {
            levels.add(level(span, spans.size() == 1, perSecond, all, ok, samples, t0, spec, bound(c, span), warnings));
        }
        Map<String, RunResult.Percentiles> byLabel = new LinkedHashMap<>();
        ok.stream()
                .map(Jtl.Sample::label)
                .distinct()
                .sorted()
                .forEach(label -> byLabel.put(
                        label,
                        percentiles(ok.stream()
                                .filter(s -> s.label().equals(label) && inAnyWindow(s, levels, t0))
                                .mapToLong(Jtl.Sample::elapsed))));

        Map<String, Double> metricsMax = new LinkedHashMap<>();
        for (String metric : ProcessSampler.METRICS) {
            double m = max(samples, s -> s.metric(metric));
            if (!Double.isNaN(m)) {
                metricsMax.put(metric, m);
            }
        }
        double jmeter = mean(samples, ProcessSampler.Sample::jmeterCpuPct),
                remote = mean(samples, ProcessSampler.Sample::remoteCpuPct);
        double other = mean(samples, ProcessSampler.Sample::otherCpuPct);
        double server = mean(samples, ProcessSampler.Sample::serverCpuPct);
        boolean loadBound;
        loadBound = c.cpus().shared()
                ? server + jmeter + remote + other >= 100 * c.cpus().server().size() * LOAD_BOUND_SHARE
                        && jmeter >= server / 2
                : jmeter + remote >= 100 * c.cpus().load().size() * LOAD_BOUND_SHARE;
        if (loadBound) {
            warnings.add(String.format(
                    java.util.Locale.ROOT,
                    "load-generator bound: JMeter %.0f %% + remote %.0f %% of CPUs %s",
                    jmeter,
                    remote,
                    CpuPlan.list(c.cpus().load())));
        }
        Catalogue.Arrival arrival = spec.test().arrival();
        if (arrival != null) {
            // an open model is only as open as JMeter's one scheduling thread keeps it: check it kept the rate
            for (RunResult.Level l : levels) {
                long sent = all.stream()
                        .filter(x -> x.label().equals(arrival.firstLabel())
                                || x.label().equals(DROPPED))
                        .filter(x -> x.start() >= t0 + l.fromS() * 1000 && x.start() < t0 + l.toS() * 1000)
                        .count();
                double sentPerSecond = sent / Math.max(1, l.toS() - l.fromS());
                if (sentPerSecond < 0.9 * l.offered()) {
                    loadBound = true;
                    warnings.add(String.format(
                            java.util.Locale.ROOT,
                            "level %s: JMeter sent %.1f arrivals/s of the %d/s planned: load-generator bound",
                            l.name(),
                            sentPerSecond,
                            l.offered()));
                }
            }
            long late = all.stream()
                    .filter(x -> x.label().equals(arrival.firstLabel())
                            && x.start() > t0 + spec.loadSeconds() * 1000L + 1000)
                    .count();
            if (late > 0) {
                loadBound = true;
                warnings.add(late + " arrivals were sent more than 1 s after the schedule ended: JMeter fell behind");
            }
        }
        boolean busy = other > BUSY_OTHER_CPU_PCT;
        if (busy) {
            warnings.add(String.format(
                    java.util.Locale.ROOT,
                    "busy machine: other processes used %.0f %% of a CPU during the run",
                    other));
        }
        Double t90 = spec.test().sudden() ? secondsTo90PctOfPeak(perSecond) : null;
        return new RunResult(
                spec.name(),
                c.slot().mode(),
                c.slot().repetition(),
                c.order(),
                spec.props(),
                all.size(),
                ok.size(),
                errorsByCode,
                perSecond,
                levels,
                byLabel,
                max(samples, ProcessSampler.Sample::rssBytes),
                max(samples, ProcessSampler.Sample::osThreads),
                metricsMax,
                t90,
                jmeter,
                remote,
                other,
                loadBound,
                busy,
                c.before(),
                c.after(),
                samples,
                t0,
                warnings);
    }

    /** A load level before its steady window is found: [from, to) in seconds since t0, and its offered load. */
    record Span(String name, int offered, int from, int to) {}

    static List<Span> spans(TestSpec spec, List<Jtl.Sample> all, long t0) {
        int lastStart = (int) ((all.stream().mapToLong(Jtl.Sample::start).max().orElse(t0) - t0) / 1000);
        return switch (spec.test().shape()) {
            case USERS -> List.of(new Span(spec.offered() + " users", spec.offered(), 0, lastStart));
            case PLAN -> {
                int threads =
                        all.stream().mapToInt(Jtl.Sample::allThreads).max().orElse(0);
                yield List.of(new Span("up to " + threads + " threads", threads, 0, lastStart));
            }
            // time 0 is the schedule's start (see origin): the steps are where the plan put them
            case RATE -> List.of(new Span(spec.offered() + "/s", spec.offered(), 0, spec.intProp("DURATION")));
            case RATE_STEPS -> {
                List<Span> spans = new ArrayList<>();
                int steps = spec.intProp("STEPS"), seconds = spec.intProp("STEP_DURATION");
                for (int i = 0; i < steps; i++) {
                    int rate = (int) Math.round(spec.offered() * (i + 1) / (double) steps);
                    spans.add(new Span(rate + "/s", rate, i * seconds, (i + 1) * seconds));
                }
                yield spans;
            }
            case USER_STEPS -> {
                // JMeter's grpThreads is the level; only the planned multiples of a step count (between
                // two levels threads come and go). A level spans its 0.5th..99.5th percentile of start
                // times, so one straggler finishing late does not stretch it.
                int steps = spec.intProp("STEPS"), step = Math.max(1, spec.offered() / steps);
                Map<Integer, List<Long>> starts = new TreeMap<>();
                for (Jtl.Sample s : all) {
                    if (s.groupThreads() > 0 && s.groupThreads() % step == 0) {
                        starts.computeIfAbsent(s.groupThreads(), k -> new ArrayList<>())
                                .add(s.start());
                    }
                }
                List<Span> spans = new ArrayList<>();
                starts.forEach((users, list) -> {
                    long[] sorted =
                            list.stream().mapToLong(Long::longValue).sorted().toArray();
                    long from = sorted[(int) (0.005 * sorted.length)],
                            to = sorted[Math.max(0, (int) Math.ceil(0.995 * sorted.length) - 1)];
                    spans.add(new Span(users + " users", users, (int) ((from - t0) / 1000), (int) ((to - t0) / 1000)));
                });
                yield spans;
            }
        };
    }

    private static RunResult.Level level(
            Span span,
            boolean single,
            double[] perSecond,
            List<Jtl.Sample> all,
            List<Jtl.Sample> ok,
            List<ProcessSampler.Sample> samples,
            long t0,
            TestSpec spec,
            Double bound,
            List<String> warnings) {
        int to = Math.min(span.to(), perSecond.length);
        int from = Math.max(
                0, settledAt(perSecond, span.from(), to, levelRate(perSecond, span.from(), to)) + SETTLE_MARGIN_S);
        boolean settled = to - from >= MIN_WINDOW_S;
        if (!settled) {
            // measured whole: from the level's start to its end, or for a test of one level to the last answer
            // (a server that answered nothing while the plan ran still answers during the drain)
            warnings.add(
                    "level " + span.name() + ": too short to settle (" + (to - span.from()) + " s); measured whole");
            from = span.from();
            to = single ? perSecond.length : Math.max(to, from + 1);
        }
        long wFrom = t0 + from * 1000L, wTo = t0 + to * 1000L; // the window in epoch ms
        double rps = to > from ? Arrays.stream(perSecond, from, to).sum() / (to - from) : 0;
        List<ProcessSampler.Sample> in = samples.stream()
                .filter(s -> s.epochMs() - 500 >= wFrom && s.epochMs() - 500 < wTo)
                .toList();
        double cpu = mean(in, ProcessSampler.Sample::serverCpuPct);
        RunResult.Percentiles latency = percentiles(
                ok.stream().filter(s -> s.start() >= wFrom && s.start() < wTo).mapToLong(Jtl.Sample::elapsed));
        double poolMin = min(in, s -> s.metric("threadpool_size")), poolMax = max(in, s -> s.metric("threadpool_size"));
        Boolean converged =
                Double.isNaN(poolMin) ? null : poolMax - poolMin <= Math.max(2, POOL_STABLE_SHARE * poolMax);
        if (Boolean.FALSE.equals(converged)) {
            warnings.add(String.format(
                    java.util.Locale.ROOT,
                    "level %s: Liberty's pool had not converged (%.0f to %.0f threads in the window)",
                    span.name(),
                    poolMin,
                    poolMax));
        }
        if (bound != null && rps > bound * 1.05) {
            warnings.add(String.format(
                    java.util.Locale.ROOT,
                    "level %s: %.1f req/s exceeds its bound of %.1f: the window holds a burst"
                            + " or a backlog being cleared, not a steady rate (lengthen the level)",
                    span.name(),
                    rps,
                    bound));
        }
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
                perUser);
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
        int n = sorted.length;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
        return median < MIN_ANSWERS_PER_USER ? null : new RunResult.PerUser(n, sorted[0], median, sorted[n - 1]);
    }

    static final int MIN_ANSWERS_PER_USER = 10;

    /**
     * Time 0 of the run: for an open model the start of its arrival schedule (JMeter's test start, from
     * the TESTSTART column, plus START_PAUSE), so steps are cut where the plan put them; otherwise the
     * first request sent.
     */
    static long origin(TestSpec spec, List<Jtl.Sample> all) {
        long first = all.stream().mapToLong(Jtl.Sample::start).min().orElse(System.currentTimeMillis());
        if (spec.test().shape().openModel()) {
            long testStart = all.stream()
                    .mapToLong(Jtl.Sample::testStart)
                    .filter(t -> t > 0)
                    .min()
                    .orElse(0);
            if (testStart > 0) {
                return Math.min(first, testStart + spec.intProp("START_PAUSE") * 1000L);
            }
        }
        return first;
    }

    /**
     * The level's physical bound: an open model cannot answer more than arrives; a closed IO-bound one
     * no more than users / wait (Little's law), nor, where requests hold a pool thread for the wait,
     * more than maxThreads / wait. Null when the CPU, not a wait, is the limit.
     */
    static Double bound(Context c, Span span) {
        TestSpec spec = c.slot().spec();
        if (spec.test().shape().openModel()) {
            return (double) span.offered() * spec.test().arrival().requests();
        }
        if (spec.ioWaitMs() == null) {
            return null;
        }
        int concurrency = span.offered();
        if (c.poolMaxThreads() != null
                && !c.slot().mode().handsOff()
                && c.slot().mode() != DispatchMode.EXECUTOR_VIRTUAL) {
            concurrency = Math.min(concurrency, c.poolMaxThreads());
        }
        return concurrency / (spec.ioWaitMs() / 1000);
    }

    /** The first second in [from, to) whose 3-second moving average reaches 90 % of {@code rate}. */
    static int settledAt(double[] perSecond, int from, int to, double rate) {
        double[] smooth = movingAverage(Arrays.copyOfRange(perSecond, from, Math.max(from, to)), 3);
        for (int i = 0; i < smooth.length; i++) {
            if (rate > 0 && smooth[i] >= 0.9 * rate) {
                return from + i;
            }
        }
        return from;
    }

    /**
     * The rate a level settles at: the median answers per second of its second half. A median, not the
     * peak, so that one burst (a noisy mode, a pool releasing a queue) does not push the settling point
     * to the burst.
     */
    static double levelRate(double[] perSecond, int from, int to) {
        int end = Math.min(to, perSecond.length);
        int mid = from + (end - from) / 2;
        if (end - mid < 1) {
            return 0;
        }
        double[] half = Arrays.copyOfRange(perSecond, mid, end);
        Arrays.sort(half);
        return half.length % 2 == 1 ? half[half.length / 2] : (half[half.length / 2 - 1] + half[half.length / 2]) / 2;
    }

    /**
     * Seconds from the first request until throughput (3-second moving average) first reaches 90 % of
     * its peak: how fast a mode takes a sudden load.
     */
    static Double secondsTo90PctOfPeak(double[] perSecond) {
        double peak = Arrays.stream(movingAverage(perSecond, 3)).max().orElse(0);
        return peak == 0 ? null : (double) settledAt(perSecond, 0, perSecond.length, peak) + 1;
    }

    /** Successful answers per second of the run, by the second in which each answer arrived. */
    static double[] perSecond(List<Jtl.Sample> ok, long t0) {
        long last = ok.stream().mapToLong(Jtl.Sample::end).max().orElse(t0);
        double[] out = new double[(int) ((last - t0) / 1000) + 1];
        for (Jtl.Sample s : ok) {
            out[(int) ((s.end() - t0) / 1000)]++;
        }
        return out;
    }

    static double[] movingAverage(double[] values, int window) {
        double[] out = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            int from = Math.max(0, i - window + 1);
            double sum = 0;
            for (int j = from; j <= i; j++) {
                sum += values[j];
            }
            out[i] = sum / (i - from + 1);
        }
        return out;
    }

    static RunResult.Percentiles percentiles(java.util.stream.LongStream elapsed) {
        long[] sorted = elapsed.sorted().toArray();
        return new RunResult.Percentiles(
                sorted.length, percentile(sorted, 50), percentile(sorted, 95), percentile(sorted, 99));
    }

    /** Nearest-rank percentile of sorted values (NaN for none). */
    static double percentile(long[] sorted, double p) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    private static boolean inAnyWindow(Jtl.Sample s, List<RunResult.Level> levels, long t0) {
        for (RunResult.Level l : levels) {
            if (s.start() >= t0 + l.fromS() * 1000 && s.start() < t0 + l.toS() * 1000) {
                return true;
            }
        }
        return false;
    }

    private static double mean(List<ProcessSampler.Sample> samples, ToDoubleFunction<ProcessSampler.Sample> f) {
        return samples.stream()
                .mapToDouble(f)
                .filter(v -> !Double.isNaN(v))
                .average()
                .orElse(Double.NaN);
    }

    private static double max(List<ProcessSampler.Sample> samples, ToDoubleFunction<ProcessSampler.Sample> f) {
        return samples.stream()
                .mapToDouble(f)
                .filter(v -> !Double.isNaN(v))
                .max()
                .orElse(Double.NaN);
    }

    private static double min(List<ProcessSampler.Sample> samples, ToDoubleFunction<ProcessSampler.Sample> f) {
        return samples.stream()
                .mapToDouble(f)
                .filter(v -> !Double.isNaN(v))
                .min()
                .orElse(Double.NaN);
    }
}
