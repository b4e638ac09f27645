package dev.vtlab.compare.judge;

import dev.vtlab.compare.run.CrossoverRunner;
import dev.vtlab.compare.stats.Stats;
import dev.vtlab.dispatch.DispatchMode;
import dev.vtlab.profile.Bucket;
import dev.vtlab.profile.Profile;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Where the CPU of each mode's request goes in the crossover's profiled blocks, and how two modes differ, bucket by
 * bucket. Each profiled slice's measured CPU a request is charged to buckets ({@link Profile#cpuMicrosPerRequest}:
 * the JVM's own threads by their clocks, the rest in proportion to the sampled CPU), so a slice's buckets add up to
 * its measured CPU a request. A difference is taken block by block, where both modes met the same host, and its
 * interval is the paired t interval over the profiled blocks; the buckets' differences therefore add up to the total's.
 * The server CPU's interrupt time is a row of its own, outside the process's CPU.
 *
 * @param blocks profiled blocks
 * @param modes each mode's mean over its profiled slices, in the design's order
 * @param differences one per contrast of the judged result, in its order
 * @param coveragePct the sampled CPU as a percentage of the process's measured CPU less its JVM threads', over all
 *     profiled slices: about 100 when the sampler saw the CPU the buckets share
 * @param samples CPU samples in the profiled slices, {@code lostSamples} of them dropped by JFR
 */
public record CrossoverProfile(
        int blocks,
        List<ModeBuckets> modes,
        List<Difference> differences,
        double coveragePct,
        long samples,
        long lostSamples) {

    /** A mode's CPU µs a request by bucket, the measured total, and its CPU's interrupts a request. */
    public record ModeBuckets(
            DispatchMode mode, int slices, Map<Bucket, Double> micros, double total, double interrupts) {}

    /**
     * {@code mode} − {@code baseline} in CPU µs a request, by bucket, in total and in interrupts, each a paired
     * interval over the profiled blocks; {@code measuredTotal} is the same difference in the measured, unrecorded
     * blocks: the recording's blocks should read about the same.
     */
    public record Difference(
            DispatchMode mode,
            DispatchMode baseline,
            Map<Bucket, Stats.Interval> buckets,
            Stats.Interval total,
            Stats.Interval interrupts,
            Stats.Interval measuredTotal,
            List<Site> sites) {}

    /**
     * A site of the code ({@link dev.vtlab.profile.Attribution#site}) with each mode's mean CPU µs a request there and
     * the paired difference. The sites shown are the {@value #SITES} whose differences are largest, chosen after the
     * data: leads to read, not verdicts.
     */
    public record Site(String site, double baselineMicros, double modeMicros, Stats.Interval difference) {}

    /** How many sites a difference shows. */
    public static final int SITES = 15;

    /**
     * The profile of {@code profiled}, whose slices {@code profiles} describe one for one, for each of {@code
     * contrasts}; {@code measured}, the measured slices, for each difference's unrecorded reading.
     */
    public static CrossoverProfile of(
            List<DispatchMode> modes,
            int blocks,
            List<CrossoverRunner.Slice> profiled,
            List<Profile> profiles,
            List<CrossoverRunner.Slice> measured,
            int measuredBlocks,
            List<CrossoverJudge.Contrast> contrasts) {
        if (profiled.size() != profiles.size()) {
            throw new IllegalArgumentException(
                    profiled.size() + " profiled slices but " + profiles.size() + " profiles");
        }
        int n = profiled.size();
        List<Map<Bucket, Double>> micros = new ArrayList<>();
        List<Map<String, Double>> sites = new ArrayList<>();
        double sampled = 0, shared = 0;
        long samples = 0, lost = 0;
        for (int i = 0; i < n; i++) {
            CrossoverRunner.Slice s = profiled.get(i);
            Profile p = profiles.get(i);
            micros.add(s.requests() > 0 ? p.cpuMicrosPerRequest(s.cpuSeconds(), s.requests()) : null);
            sites.add(p.siteMicrosPerRequest(s.cpuSeconds(), s.requests()));
            sampled += p.totalSampledNanos() / 1e3;
            double jvm = p.threadCpu().jvmThreadNanos(p.window()).values().stream()
                            .mapToDouble(Double::doubleValue)
                            .sum()
                    / 1e3;
            shared += Math.max(0, s.cpuSeconds() * 1e6 - jvm);
            samples += p.totalSamples();
            lost += p.lostSamples();
        }
        List<ModeBuckets> byMode = new ArrayList<>();
        for (DispatchMode mode : modes) {
            byMode.add(mean(mode, profiled, micros));
        }
        List<Difference> differences = new ArrayList<>();
        for (CrossoverJudge.Contrast c : contrasts) {
            differences.add(difference(
                    c.mode(),
                    c.baseline(),
                    blocks,
                    profiled,
                    micros,
                    measured,
                    measuredBlocks,
                    sites(c.mode(), c.baseline(), blocks, profiled, micros, sites)));
        }
        return new CrossoverProfile(
                blocks,
                List.copyOf(byMode),
                List.copyOf(differences),
                shared == 0 ? Double.NaN : 100 * sampled / shared,
                samples,
                lost);
    }

    private static ModeBuckets mean(
            DispatchMode mode, List<CrossoverRunner.Slice> slices, List<Map<Bucket, Double>> micros) {
        Map<Bucket, Double> sum = zero();
        double total = 0, interrupts = 0;
        int k = 0;
        for (int i = 0; i < slices.size(); i++) {
            CrossoverRunner.Slice s = slices.get(i);
            if (s.mode() != mode || micros.get(i) == null) {
                continue;
            }
            micros.get(i).forEach((b, us) -> sum.merge(b, us, Double::sum));
            total += 1e6 * s.cpuSeconds() / s.requests();
            interrupts += 1e6 * s.kernelSeconds() / s.requests();
            k++;
        }
        int count = k;
        sum.replaceAll((b, us) -> count == 0 ? Double.NaN : us / count);
        return new ModeBuckets(
                mode,
                count,
                sum,
                count == 0 ? Double.NaN : total / count,
                count == 0 ? Double.NaN : interrupts / count);
    }

    private static Difference difference(
            DispatchMode mode,
            DispatchMode baseline,
            int blocks,
            List<CrossoverRunner.Slice> profiled,
            List<Map<Bucket, Double>> micros,
            List<CrossoverRunner.Slice> measured,
            int measuredBlocks,
            List<Site> sites) {
        Map<Bucket, Stats.Interval> buckets = new EnumMap<>(Bucket.class);
        for (Bucket bucket : Bucket.values()) {
            buckets.put(bucket, paired(blocks, profiled, micros, mode, baseline, (s, m) -> m.get(bucket)));
        }
        return new Difference(
                mode,
                baseline,
                buckets,
                paired(blocks, profiled, micros, mode, baseline, (s, m) -> 1e6 * s.cpuSeconds() / s.requests()),
                paired(blocks, profiled, micros, mode, baseline, (s, m) -> 1e6 * s.kernelSeconds() / s.requests()),
                paired(
                        measuredBlocks,
                        measured,
                        null,
                        mode,
                        baseline,
                        (s, m) -> s.requests() == 0 ? Double.NaN : 1e6 * s.cpuSeconds() / s.requests()),
                sites);
    }

    /** The {@value #SITES} sites whose paired differences are largest; a site a slice never sampled is 0 there. */
    private static List<Site> sites(
            DispatchMode mode,
            DispatchMode baseline,
            int blocks,
            List<CrossoverRunner.Slice> profiled,
            List<Map<Bucket, Double>> micros,
            List<Map<String, Double>> sites) {
        Set<String> names = new TreeSet<>();
        sites.forEach(m -> names.addAll(m.keySet()));
        Map<CrossoverRunner.Slice, Map<String, Double>> bySlice = new IdentityHashMap<>();
        for (int i = 0; i < profiled.size(); i++) {
            bySlice.put(profiled.get(i), sites.get(i));
        }
        List<Site> all = new ArrayList<>();
        for (String name : names) {
            Stats.Interval d = paired(blocks, profiled, micros, mode, baseline, (s, m) -> bySlice.get(s)
                    .getOrDefault(name, 0.0));
            all.add(new Site(
                    name, siteMean(baseline, name, profiled, sites), siteMean(mode, name, profiled, sites), d));
        }
        all.sort(Comparator.comparingDouble((Site x) -> -Math.abs(x.difference().mean()))
                .thenComparing(Site::site));
        return List.copyOf(all.subList(0, Math.min(SITES, all.size())));
    }

    private static double siteMean(
            DispatchMode mode, String name, List<CrossoverRunner.Slice> profiled, List<Map<String, Double>> sites) {
        double sum = 0;
        int k = 0;
        for (int i = 0; i < profiled.size(); i++) {
            if (profiled.get(i).mode() == mode && profiled.get(i).requests() > 0) {
                sum += sites.get(i).getOrDefault(name, 0.0);
                k++;
            }
        }
        return k == 0 ? Double.NaN : sum / k;
    }

    private interface Figure {
        double of(CrossoverRunner.Slice slice, Map<Bucket, Double> micros);
    }

    /**
     * The mean over blocks of {@code mode}'s figure less {@code baseline}'s in the same block, with its t interval;
     * blocks where either is missing are left out. Blocks are numbered from 1 in the slices' own numbering.
     */
    static Stats.Interval paired(
            int blocks,
            List<CrossoverRunner.Slice> slices,
            List<Map<Bucket, Double>> micros,
            DispatchMode mode,
            DispatchMode baseline,
            Figure figure) {
        double[] a = new double[blocks], b = new double[blocks];
        Arrays.fill(a, Double.NaN);
        Arrays.fill(b, Double.NaN);
        for (int i = 0; i < slices.size(); i++) {
            CrossoverRunner.Slice s = slices.get(i);
            Map<Bucket, Double> m = micros == null ? null : micros.get(i);
            if (micros != null && m == null) {
                continue;
            }
            double v = figure.of(s, m);
            if (s.mode() == mode) {
                a[s.block() - 1] = v;
            } else if (s.mode() == baseline) {
                b[s.block() - 1] = v;
            }
        }
        double[] d = new double[blocks];
        for (int i = 0; i < blocks; i++) {
            d[i] = a[i] - b[i]; // NaN where either is missing, which Stats.mean leaves out
        }
        return Stats.mean(d, 0);
    }

    private static Map<Bucket, Double> zero() {
        Map<Bucket, Double> m = new EnumMap<>(Bucket.class);
        for (Bucket b : Bucket.values()) {
            m.put(b, 0.0);
        }
        return m;
    }
}
