package dev.vtlab.profile;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one recording says about one measured window, for the report writers to format.
 *
 * @param samples              CPU samples charged to each bucket ({@link Attribution}), every bucket present
 * @param sampledNanos         the CPU those samples stand for, per bucket: each sample's own period (JFR's
 *                             samplingPeriod, a multiple of the interval when the thread's timer fired more than once
 *                             before the sample was taken: one sample in ten or so on a busy server)
 * @param virtualThreadSamples how many of them JFR took on a virtual thread (its own stack, not its carrier's)
 * @param firstUseNanos        the sampled CPU of the samples with {@value #FIRST_USE} on their stack: a thread-local
 *                             cache filled on the thread's first use — once per pool thread, once per request on a
 *                             new virtual thread (the study's "lost ThreadLocal caches"), whatever bucket it is in
 * @param lostSamples          samples JFR dropped (jdk.CPUTimeSamplesLost: a thread in the VM's own code, or a
 *                             full queue); their CPU is spread over the buckets like the others'
 * @param threadCpu            CPU time of each of the server's threads over the recording
 * @param contextSwitchesPerS  the machine's context switches per second, mean of JFR's 1 s readings
 * @param submitFailed         virtual threads the scheduler could not start or continue
 * @param siteNanos            sampled CPU nanoseconds by {@link Attribution#site}: where in the code, finer than a bucket
 */
public record Profile(
        Window window,
        Map<Bucket, Long> samples,
        Map<Bucket, Long> sampledNanos,
        long virtualThreadSamples,
        long firstUseNanos,
        long lostSamples,
        ThreadCpu threadCpu,
        Gc gc,
        Allocation allocation,
        Jit jit,
        Pinning pinning,
        long submitFailed,
        double contextSwitchesPerS,
        Map<String, Long> siteNanos) {

    /**
     * Garbage collections that started in the window and the sum of their pauses; of it, the pauses of collections the
     * VM thread ran itself. That is the serial collector, which the JVM picks on one CPU: it has no GC threads, so
     * its work would be counted as the VM thread's. A serial pause is one thread collecting while Java waits, so its
     * length stands for its CPU.
     */
    public record Gc(long count, long pauseNanos, long vmThreadPauseNanos) {
        /** Collections by GC threads of their own: none on the VM thread. */
        public Gc(long count, long pauseNanos) {
            this(count, pauseNanos, 0);
        }
    }

    /**
     * Bytes allocated in the window, estimated from jdk.ObjectAllocationSample's weights (JFR's allocation pressure:
     * the weights of a class's samples add up to the heap bytes allocated as that class); of them, frames of unmounted
     * virtual threads ({@code jdk.internal.vm.StackChunk}) and direct buffers' objects ({@code
     * java.nio.DirectByteBuffer}, whose native memory is allocated with each and freed only after a collection finds
     * it unreachable), with the places that allocated those, the most bytes first.
     */
    public record Allocation(long bytes, long stackChunkBytes, List<AllocationSite> directBufferSites) {

        /** The heap bytes allocated as direct buffers' objects: their sites' bytes. */
        public long directBufferBytes() {
            return directBufferSites.stream().mapToLong(AllocationSite::bytes).sum();
        }
    }

    /** A place that allocated: its frames ({@code class.method:line}, the caller first), samples and their weight. */
    public record AllocationSite(List<String> frames, long samples, long bytes) {

        /** The same frames' samples and bytes added up, the most bytes first. */
        public static List<AllocationSite> summed(List<AllocationSite> sites) {
            Map<List<String>, long[]> byFrames = new LinkedHashMap<>();
            for (AllocationSite s : sites) {
                add(byFrames, s.frames(), s.samples(), s.bytes());
            }
            return ranked(byFrames);
        }

        /** Adds samples and bytes to the running totals ({samples, bytes}) of their frames. */
        static void add(Map<List<String>, long[]> byFrames, List<String> frames, long samples, long bytes) {
            long[] n = byFrames.computeIfAbsent(frames, k -> new long[2]);
            n[0] += samples;
            n[1] += bytes;
        }

        /** Running totals by frames as sites, the most bytes first. */
        static List<AllocationSite> ranked(Map<List<String>, long[]> byFrames) {
            List<AllocationSite> out = new ArrayList<>();
            byFrames.forEach((frames, n) -> out.add(new AllocationSite(frames, n[0], n[1])));
            out.sort(Comparator.comparingLong(AllocationSite::bytes).reversed());
            return List.copyOf(out);
        }
    }

    /** JIT compilations that started in the window, and their time. */
    public record Jit(long count, long nanos) {}

    /** Virtual threads pinned to their carrier in the window, with the stacks that pinned them, most frequent first. */
    public record Pinning(long count, long nanos, List<PinnedStack> stacks) {}

    /**
     * Where virtual threads were pinned: JFR's reason (e.g. "Native frame or &lt;clinit&gt; on stack"), the
     * blocking operation (e.g. "LockSupport.park"), the top frames ({@code class.method:line}); how often and
     * for how long.
     */
    public record PinnedStack(String reason, String blockingOperation, List<String> frames, long count, long nanos) {}

    /** The frame that fills a thread-local's value on a thread's first {@code get}. */
    public static final String FIRST_USE = "java.lang.ThreadLocal.setInitialValue";

    public Profile {
        samples = Collections.unmodifiableMap(new EnumMap<>(samples)); // in the table's order
        sampledNanos = Collections.unmodifiableMap(new EnumMap<>(sampledNanos));
        siteNanos = Map.copyOf(siteNanos);
    }

    public long totalSamples() {
        return samples.values().stream().mapToLong(Long::longValue).sum();
    }

    /** The CPU nanoseconds the samples stand for, each by its own period. */
    public long totalSampledNanos() {
        return sampledNanos.values().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * The measured CPU per request in µs, charged to buckets: the JVM's own threads (GC, JIT, VM thread) by
     * their measured CPU time, the rest of the process's CPU in proportion to each bucket's sampled CPU.
     * The buckets add up to {@code cpuSeconds / requests} exactly; with no samples the rest is
     * {@link Bucket#OTHER}'s.
     *
     * @param cpuSeconds the server process's CPU seconds in the window (user + system)
     * @param requests   requests the server answered in the window
     */
    /**
     * The CPU per request in µs of the samples with {@link #FIRST_USE} on their stack, charged as {@link
     * #cpuMicrosPerRequest} charges a bucket (the process's CPU less its JVM threads', in proportion to sampled CPU): part
     * of the buckets' total, not added to it.
     */
    public double firstUseMicrosPerRequest(double cpuSeconds, long requests) {
        long total = totalSampledNanos();
        if (total == 0 || requests <= 0) {
            return Double.NaN;
        }
        return sampledMicros(cpuSeconds * 1e6, jvmMicros()) * firstUseNanos / total / requests;
    }

    /** The JVM's own threads' CPU in the window, µs (measured by their clocks, not sampled). */
    private double jvmMicros() {
        return threadCpu.jvmThreadNanos(window).values().stream()
                        .mapToDouble(Double::doubleValue)
                        .sum()
                / 1e3;
    }

    /** The process's CPU the samples share: its total less its JVM threads', which never pass the total. */
    private static double sampledMicros(double totalMicros, double jvmMicros) {
        return totalMicros - Math.min(jvmMicros, totalMicros);
    }

    /**
     * The sampled buckets' share of the measured CPU a request ({@link #cpuMicrosPerRequest}), split by site: the same
     * scale, so a bucket's sites add up to it.
     */
    public Map<String, Double> siteMicrosPerRequest(double cpuSeconds, long requests) {
        double rest = sampledMicros(cpuSeconds * 1e6, jvmMicros());
        long total = totalSampledNanos();
        Map<String, Double> micros = new HashMap<>();
        if (total > 0 && requests > 0) {
            siteNanos.forEach((site, n) -> micros.put(site, rest * n / total / requests));
        }
        return micros;
    }

    public Map<Bucket, Double> cpuMicrosPerRequest(double cpuSeconds, long requests) {
        if (requests <= 0 || cpuSeconds < 0) {
            throw new IllegalArgumentException(
                    "cpuSeconds " + cpuSeconds + " and requests " + requests + ": need cpuSeconds >= 0, requests > 0");
        }
        double totalMicros = cpuSeconds * 1e6;
        Map<Bucket, Double> micros = new EnumMap<>(Bucket.class);
        for (Bucket b : Bucket.values()) {
            micros.put(b, 0.0);
        }
        Map<Bucket, Double> jvmNanos = threadCpu.jvmThreadNanos(window);
        double jvmMicros = jvmMicros();
        // measured by another clock than the process's total, so never let them pass it
        double jvmScale = jvmMicros > totalMicros ? totalMicros / jvmMicros : 1.0;
        jvmNanos.forEach((b, n) -> micros.merge(b, n / 1e3 * jvmScale, Double::sum));
        // the serial collector's pauses, on the VM thread's clock, are GC, not the JVM's other work
        double serialGc = Math.min(gc.vmThreadPauseNanos() / 1e3 * jvmScale, micros.get(Bucket.JVM));
        micros.merge(Bucket.JVM, -serialGc, Double::sum);
        micros.merge(Bucket.GC, serialGc, Double::sum);
        double rest = sampledMicros(totalMicros, jvmMicros);
        long total = totalSampledNanos();
        if (total == 0) {
            micros.merge(Bucket.OTHER, rest, Double::sum);
        } else {
            sampledNanos.forEach((b, n) -> micros.merge(b, rest * n / total, Double::sum));
        }
        micros.replaceAll((b, us) -> us / requests);
        return micros;
    }
}
