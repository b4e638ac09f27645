package dev.vtlab.compare;

/**
 * The headline figures of a run, which the comparison aggregates over repetitions and turns into
 * ratios. {@code better} says which direction is good (null: neither, e.g. CPU used at a fixed load
 * is good when lower but at saturation only says how busy the server was).
 */
public enum Metric {
    STEADY_RPS("steady_rps", "steady req/s", Boolean.TRUE, true),
    TPS_PER_CPU_S("tps_per_cpu_s", "req per CPU-second", Boolean.TRUE, true),
    P50_MS("p50_ms", "p50 ms", Boolean.FALSE, true),
    P95_MS("p95_ms", "p95 ms", Boolean.FALSE, true),
    P99_MS("p99_ms", "p99 ms", Boolean.FALSE, true),
    CPU_PCT("cpu_pct", "server CPU %", null, true),
    RSS_MAX_MIB("rss_max_mib", "max RSS MiB", Boolean.FALSE, false),
    TIME_TO_90PCT_S("time_to_90pct_s", "s to 90 % of peak", Boolean.FALSE, false);

    public final String key;
    public final String label;
    public final Boolean higherIsBetter;
    /** Measured per load level (steady window) rather than once per run. */
    public final boolean perLevel;

    Metric(String key, String label, Boolean higherIsBetter, boolean perLevel) {
        this.key = key;
        this.label = label;
        this.higherIsBetter = higherIsBetter;
        this.perLevel = perLevel;
    }

    /** better, worse, or "" for a direction that is neither. */
    String judge(Stats.Verdict verdict) {
        if (higherIsBetter == null || (verdict != Stats.Verdict.HIGHER && verdict != Stats.Verdict.LOWER)) {
            return "";
        }
        return (verdict == Stats.Verdict.HIGHER) == higherIsBetter ? "better" : "worse";
    }
}
