package dev.vtlab.compare.analyse;

import dev.vtlab.compare.settings.Metric;

/**
 * A figure of a test that repetitions are aggregated over: a metric, at a load level (null for a test of one
 * level, or a figure of the whole run) and for a request type (a plan's sampler label; null for all requests).
 * Typed all the way to the writers, which alone turn it into text.
 */
public record Headline(Metric metric, String level, String requestType) {

    public static Headline of(Metric metric) {
        return new Headline(metric, null, null);
    }

    /** The key the raw files and summary.json use: "steady_rps", "p95_ms@50 users", "p95_ms#transfer". */
    public String key() {
        return metric.key + (level == null ? "" : "@" + level) + (requestType == null ? "" : "#" + requestType);
    }
}
