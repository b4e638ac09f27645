package dev.vtlab.metrics;

import java.util.stream.LongStream;

/**
 * The JVM's time in garbage collection, one rule for the app's /metrics (its own beans) and the comparison's sampler
 * (the server's beans over JMX): every collector's {@code CollectionTime}, summed.
 */
public final class GcTime {

    private GcTime() {}

    /** Collectors' times in ms (-1 where a collector does not keep it, which counts as none), in seconds. */
    public static double seconds(LongStream collectionTimesMs) {
        return collectionTimesMs.filter(t -> t > 0).sum() / 1000.0;
    }
}
