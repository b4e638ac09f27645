package dev.vtlab.compare.judge;

import dev.vtlab.compare.analyse.Headline;
import dev.vtlab.compare.analyse.RunProfile;
import dev.vtlab.compare.analyse.RunResult;
import dev.vtlab.compare.settings.Metric;
import dev.vtlab.compare.stats.Contrasts;
import dev.vtlab.compare.stats.LogRatio;
import dev.vtlab.compare.stats.Ratios;
import dev.vtlab.compare.stats.Stats;
import dev.vtlab.dispatch.DispatchMode;
import dev.vtlab.profile.Bucket;
import dev.vtlab.profile.Profile;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import java.util.stream.IntStream;

/**
 * Where each mode's CPU went, over its profiled runs (compare.cpuProfile): per test and mode each bucket's CPU µs per
 * request with its interval across runs and its difference from the baseline mode's (Welch's interval, which carries
 * both modes' spread), the measured total, the sampling's coverage of it, and the rest of the recordings (GC,
 * allocation, JIT, context switches, pinning). Profiled runs are extra runs: none of this enters a verdict.
 *
 * @param modes one entry per (test, mode) that has a profiled run, tests in order and the baseline first
 * @param runs every profiled run in the order they ran, those that could not be profiled too (with their problem)
 */
public record CpuProfiles(List<ModeProfile> modes, List<RunProfile> runs) {

    public static final CpuProfiles NONE = new CpuProfiles(List.of(), List.of());

    /** A figure over a mode's runs, and its difference from the baseline's (null for the baseline itself). */
    public record Figure(Stats.Interval interval, Contrasts.Difference vsBaseline) {}

    /** A place where virtual threads were pinned, over the runs, and whether a frame of the application is in it. */
    public record PinnedSite(Profile.PinnedStack stack, boolean inApp) {}

    /** Every pinning of a mode's runs: how often, for how long, and where, the most frequent site first. */
    public record Pinned(long count, long nanos, List<PinnedSite> sites) {

        /** Pinnings whose stack holds a frame of the application. */
        public long inApp() {
            return sites.stream()
                    .filter(PinnedSite::inApp)
                    .mapToLong(s -> s.stack().count())
                    .sum();
        }
    }

    /**
     * One test and mode over its analysed profiled runs.
     *
     * @param buckets each bucket's CPU µs per request
     * @param total the measured CPU µs per request (the buckets' sum)
     * @param firstUse CPU µs per request filling thread-locals on a thread's first use, inside the buckets (on a
     *     new virtual thread per request, every request fills its caches again)
     * @param coveragePct the CPU the sampler saw as a percentage of the measured (about 100 when sampling accounts
     *     for the process's CPU)
     * @param allocatedBytesPerRequest bytes allocated per request, of which {@code stackChunkBytesPerRequest} were
     *     frames of unmounted virtual threads and {@code directBufferBytesPerRequest} direct buffers' objects (each
     *     new one with native memory of its own until a collection frees it)
     * @param directBufferSites the places that allocated direct buffers' objects, the same frames summed over the
     *     runs, the most bytes first
     * @param samples CPU samples taken in the windows, {@code lostSamples} dropped by JFR, both summed over the runs
     * @param recordingCost the profiled runs' measured CPU µs per request less the measured (unprofiled, valid) runs'
     *     at the same level, with Welch's interval: what the recording costs, as the decision between recording every
     *     run and recording extra runs needs it; null without a valid measured run of the mode
     * @param recordingRatio the same cost round by round: each profiled run against the measured run of its round
     *     (profiled run r after measured repetition r, through the same drift of the machine), both valid, as a paired
     *     ratio of CPU µs per request; null without such a pair
     */
    public record ModeProfile(
            String test,
            DispatchMode mode,
            int runs,
            Map<Bucket, Figure> buckets,
            Figure total,
            Figure firstUse,
            Contrasts.Difference recordingCost,
            LogRatio recordingRatio,
            Stats.Interval coveragePct,
            Stats.Interval windowS,
            Stats.Interval gcCount,
            Stats.Interval gcPauseMs,
            Stats.Interval allocatedBytesPerRequest,
            Stats.Interval stackChunkBytesPerRequest,
            Stats.Interval directBufferBytesPerRequest,
            List<Profile.AllocationSite> directBufferSites,
            Stats.Interval jitCompilations,
            Stats.Interval contextSwitchesPerS,
            long submitFailed,
            long samples,
            long lostSamples,
            Pinned pinned) {

        /** The buckets by their mean CPU per request, largest first. */
        public List<Bucket> largest() {
            return buckets.entrySet().stream()
                    .sorted(Comparator.comparingDouble((Map.Entry<Bucket, Figure> e) ->
                                    e.getValue().interval().mean())
                            .reversed())
                    .map(Map.Entry::getKey)
                    .toList();
        }
    }

    /**
     * The profiles of {@code tests} in {@code modes} (the first the baseline) from their profiled runs; {@code
     * measured}, the comparison's measured runs, for the recording's cost.
     */
    public static CpuProfiles of(
            List<String> tests, List<DispatchMode> modes, List<RunProfile> runs, List<RunResult> measured) {
        if (runs.isEmpty()) {
            return NONE;
        }
        DispatchMode baseline = modes.get(0);
        List<ModeProfile> out = new ArrayList<>();
        for (String test : tests) {
            Map<DispatchMode, List<RunProfile>> byMode = new LinkedHashMap<>();
            for (DispatchMode mode : modes) {
                List<RunProfile> mine = runs.stream()
                        .filter(p -> p.analysed()
                                && p.run().test().equals(test)
                                && p.run().mode() == mode)
                        .toList();
                if (!mine.isEmpty()) {
                    byMode.put(mode, mine);
                }
            }
            List<RunProfile> base = byMode.get(baseline);
            byMode.forEach((mode, mine) -> {
                List<RunResult> valid =
                        validMeasured(measured, test, mode, mine.get(0).level());
                out.add(mode(
                        test,
                        mode,
                        mine,
                        mode == baseline ? null : base,
                        valid,
                        mine.get(0).level()));
            });
        }
        return new CpuProfiles(List.copyOf(out), List.copyOf(runs));
    }

    /** The profile of one (test, mode), or null when it has no analysed profiled run. */
    public ModeProfile of(String test, DispatchMode mode) {
        return modes.stream()
                .filter(m -> m.test().equals(test) && m.mode() == mode)
                .findFirst()
                .orElse(null);
    }

    public boolean isEmpty() {
        return runs.isEmpty();
    }

    /** The valid measured runs of the test and mode at {@code level}: no flag on its requests per CPU-second. */
    private static List<RunResult> validMeasured(
            List<RunResult> measured, String test, DispatchMode mode, String level) {
        return measured.stream()
                .filter(r -> r.test().equals(test)
                        && r.mode() == mode
                        && r.flagsFor(rate(level)).isEmpty())
                .toList();
    }

    /** Requests per CPU-second at {@code level}: the figure whose flags make a run unfit to measure the CPU. */
    private static Headline rate(String level) {
        return new Headline(Metric.TPS_PER_CPU_S, level, null);
    }

    /** A run's CPU µs per request at {@code level}, NaN without the level or a rate. */
    private static double micros(RunResult run, String level) {
        return run.levels().stream()
                .filter(l -> l.name().equals(level))
                .mapToDouble(l -> 1e6 / l.tpsPerCpuSecond())
                .filter(Double::isFinite)
                .findFirst()
                .orElse(Double.NaN);
    }

    /**
     * Profiled run r against measured repetition r, the run of its round: the profiled run's CPU µs per request and
     * the measured run's, NaN where either is missing or flagged (a flag on the profiled run, e.g. a busy machine, too).
     */
    private static LogRatio recordingRatio(List<RunProfile> mine, List<RunResult> valid, String level) {
        double[] on = new double[mine.size()];
        double[] off = new double[mine.size()];
        for (int i = 0; i < mine.size(); i++) {
            RunProfile p = mine.get(i);
            boolean flagged = !p.run().flagsFor(rate(level)).isEmpty();
            on[i] = flagged ? Double.NaN : p.measuredMicrosPerRequest();
            off[i] = valid.stream()
                    .filter(r -> r.repetition() == p.run().repetition())
                    .mapToDouble(r -> micros(r, level))
                    .findFirst()
                    .orElse(Double.NaN);
        }
        boolean anyPair = IntStream.range(0, on.length).anyMatch(i -> !Double.isNaN(on[i]) && !Double.isNaN(off[i]));
        return anyPair ? Ratios.paired(on, off, 0) : null;
    }

    private static ModeProfile mode(
            String test,
            DispatchMode mode,
            List<RunProfile> mine,
            List<RunProfile> base,
            List<RunResult> valid,
            String level) {
        double[] measured = valid.stream()
                .mapToDouble(r -> micros(r, level))
                .filter(Double::isFinite)
                .toArray();
        Map<Bucket, Figure> buckets = new EnumMap<>(Bucket.class);
        for (Bucket b : Bucket.values()) {
            buckets.put(b, figure(mine, base, p -> p.microsPerRequest().getOrDefault(b, 0.0)));
        }
        return new ModeProfile(
                test,
                mode,
                mine.size(),
                buckets,
                figure(mine, base, RunProfile::measuredMicrosPerRequest),
                figure(mine, base, RunProfile::firstUseMicrosPerRequest),
                measured.length == 0
                        ? null
                        : Contrasts.difference(values(mine, RunProfile::measuredMicrosPerRequest), measured, 0),
                recordingRatio(mine, valid, level),
                mean(mine, p -> 100 * p.coverage()),
                mean(mine, p -> p.window().seconds()),
                mean(mine, p -> p.profile().gc().count()),
                mean(mine, p -> p.profile().gc().pauseNanos() / 1e6),
                mean(mine, p -> p.profile().allocation().bytes() / (double) p.requests()),
                mean(mine, p -> p.profile().allocation().stackChunkBytes() / (double) p.requests()),
                mean(mine, p -> p.profile().allocation().directBufferBytes() / (double) p.requests()),
                Profile.AllocationSite.summed(mine.stream()
                        .flatMap(p -> p.profile().allocation().directBufferSites().stream())
                        .toList()),
                mean(mine, p -> p.profile().jit().count()),
                mean(mine, p -> p.profile().contextSwitchesPerS()),
                mine.stream().mapToLong(p -> p.profile().submitFailed()).sum(),
                mine.stream().mapToLong(p -> p.profile().totalSamples()).sum(),
                mine.stream().mapToLong(p -> p.profile().lostSamples()).sum(),
                pinned(mine));
    }

    private static Figure figure(List<RunProfile> mine, List<RunProfile> base, ToDoubleFunction<RunProfile> f) {
        double[] values = values(mine, f);
        return new Figure(
                Stats.mean(values, 0), base == null ? null : Contrasts.difference(values, values(base, f), 0));
    }

    private static Stats.Interval mean(List<RunProfile> runs, ToDoubleFunction<RunProfile> f) {
        return Stats.mean(values(runs, f), 0);
    }

    private static double[] values(List<RunProfile> runs, ToDoubleFunction<RunProfile> f) {
        return runs.stream().mapToDouble(f).toArray();
    }

    /** The runs' pinned stacks, the same site (reason, operation, frames) summed across runs. */
    private static Pinned pinned(List<RunProfile> runs) {
        record Site(String reason, String operation, List<String> frames) {}
        Map<Site, long[]> sites = new LinkedHashMap<>();
        Map<Site, Boolean> inApp = new LinkedHashMap<>();
        for (RunProfile p : runs) {
            Set<String> app = p.run().record().profiling().appPackages();
            for (Profile.PinnedStack s : p.profile().pinning().stacks()) {
                Site site = new Site(s.reason(), s.blockingOperation(), s.frames());
                long[] n = sites.computeIfAbsent(site, k -> new long[2]);
                n[0] += s.count();
                n[1] += s.nanos();
                inApp.put(site, s.frames().stream().anyMatch(f -> app.stream().anyMatch(f::startsWith)));
            }
        }
        List<PinnedSite> list = new ArrayList<>();
        sites.forEach((site, n) -> list.add(new PinnedSite(
                new Profile.PinnedStack(site.reason(), site.operation(), site.frames(), n[0], n[1]), inApp.get(site))));
        list.sort(Comparator.comparingLong((PinnedSite s) -> s.stack().count()).reversed());
        return new Pinned(
                list.stream().mapToLong(s -> s.stack().count()).sum(),
                list.stream().mapToLong(s -> s.stack().nanos()).sum(),
                List.copyOf(list));
    }
}
