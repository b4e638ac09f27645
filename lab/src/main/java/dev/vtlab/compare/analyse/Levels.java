package dev.vtlab.compare.analyse;

import dev.vtlab.compare.raw.Jtl;
import dev.vtlab.compare.settings.TestSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where a run's load levels are, before their steady windows are found: one span per level in seconds since the
 * run's time 0, cut as the test's shape says (users added in steps by JMeter's grpThreads, arrival-rate steps by
 * the plan's schedule), and the run's per-second answers.
 */
final class Levels {

    private Levels() {}

    /** A load level before its steady window is found: [from, to) in seconds since t0, and its offered load. */
    record Span(String name, int offered, int from, int to) {}

    static List<Span> spans(TestSpec spec, List<Jtl.Sample> all, long t0) {
        int lastStart = (int) ((all.stream().mapToLong(Jtl.Sample::start).max().orElse(t0) - t0) / 1000);
        return switch (spec.test().shape()) {
            case USERS ->
                List.of(new Span(
                        spec.offered() + " users" + (spec.pacedRate() == null ? "" : " at " + spec.pacedRate() + "/s"),
                        spec.offered(),
                        0,
                        lastStart));
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

    /** Successful answers per second of the run, by the second in which each answer arrived. */
    static double[] perSecond(List<Jtl.Sample> ok, long t0) {
        long last = ok.stream().mapToLong(Jtl.Sample::end).max().orElse(t0);
        double[] out = new double[(int) ((last - t0) / 1000) + 1];
        for (Jtl.Sample s : ok) {
            out[(int) ((s.end() - t0) / 1000)]++;
        }
        return out;
    }
}
