package dev.vtlab.compare.settings;

/**
 * The headline figures of a run, which the comparison aggregates over repetitions and turns into
 * ratios. {@code better} says which direction is good (null: neither, e.g. CPU used at a fixed load
 * is good when lower but at saturation only says how busy the server was).
 */
public enum Metric {
    STEADY_RPS("steady_rps", "steady req/s", "steady throughput", Boolean.TRUE, 0),
    TPS_PER_CPU_S("tps_per_cpu_s", "req per CPU-second", "requests per CPU-second", Boolean.TRUE, 0),
    // JMeter times a sample in whole milliseconds
    P50_MS("p50_ms", "p50 ms", "median latency", Boolean.FALSE, 1),
    P95_MS("p95_ms", "p95 ms", "p95 latency", Boolean.FALSE, 1),
    P99_MS("p99_ms", "p99 ms", "p99 latency", Boolean.FALSE, 1),
    CPU_PCT("cpu_pct", "server CPU %", "server CPU", null, 0),
    // answers of the least-served user over the median user's: 1 is even service, 0.5 a user served half as often
    LEAST_SERVED(
            "least_served_user",
            "least-served user ÷ median",
            "share of the median user's answers the least-served user got",
            Boolean.TRUE,
            0),
    RSS_MAX_MIB("rss_max_mib", "max RSS MiB", "peak resident memory", Boolean.FALSE, 0),
    // counted in whole seconds of the per-second throughput
    TIME_TO_90PCT_S("time_to_90pct_s", "s to 90 % of peak", "time to 90 % of peak throughput", Boolean.FALSE, 1),
    // from the fresh server's first request to the end of a warm-up that ended warm (a capped one has no figure)
    WARMUP_S("warmup_s", "s to warm", "time to warm after a start", Boolean.FALSE, 0);

    public final String key;
    public final String label;
    /** The figure in words, for the report's opening sentences: "requests per CPU-second". */
    public final String words;

    public final Boolean higherIsBetter;
    /** The unit a run's figure is read to (0: fine enough not to matter); intervals are widened by half of it. */
    public final double resolution;

    Metric(String key, String label, String words, Boolean higherIsBetter, double resolution) {
        this.key = key;
        this.label = label;
        this.words = words;
        this.higherIsBetter = higherIsBetter;
        this.resolution = resolution;
    }
}
