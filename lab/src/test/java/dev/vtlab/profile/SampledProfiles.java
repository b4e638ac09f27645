package dev.vtlab.profile;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A profile of one window made of CPU samples alone, for tests that need a profile without a recording. */
public final class SampledProfiles {

    private SampledProfiles() {}

    /** {@code samples} per bucket (others none), each standing for {@code periodNanos}; {@code lost} dropped. */
    public static Profile of(Window window, Map<Bucket, Long> samples, long periodNanos, long lost) {
        return of(window, samples, periodNanos, lost, Map.of());
    }

    /** The same, its samples also counted by site ({@link Attribution#site}): {@code sites} samples per site. */
    public static Profile of(
            Window window, Map<Bucket, Long> samples, long periodNanos, long lost, Map<String, Long> sites) {
        Map<String, Long> siteNanos = new HashMap<>();
        sites.forEach((site, n) -> siteNanos.put(site, n * periodNanos));
        Map<Bucket, Long> counts = new EnumMap<>(Bucket.class), nanos = new EnumMap<>(Bucket.class);
        for (Bucket b : Bucket.values()) {
            counts.put(b, samples.getOrDefault(b, 0L));
            nanos.put(b, counts.get(b) * periodNanos);
        }
        return new Profile(
                window,
                counts,
                nanos,
                0,
                0,
                lost,
                ThreadCpu.NONE,
                new Profile.Gc(0, 0),
                new Profile.Allocation(0, 0, List.of()),
                new Profile.Jit(0, 0),
                new Profile.Pinning(0, 0, List.of()),
                0,
                0,
                siteNanos);
    }
}
