package dev.vtlab.compare.analyse;

import dev.vtlab.compare.raw.ServerSample;
import dev.vtlab.compare.settings.Metric;
import java.util.Arrays;

/**
 * A figure second by second over a level's steady window: the within-run series that {@code
 * stats.VarianceComponents} batches. Only figures that exist per second have one: steady req/s (answers in each
 * second), server CPU % (the second's sample) and requests per CPU-second (the two divided, second by second); a
 * percentile or a run's peak is a figure of the whole window.
 */
public final class PerSecond {

    private PerSecond() {}

    /** Whether a figure has a per-second series. */
    public static boolean exists(Metric metric) {
        return metric == Metric.STEADY_RPS || metric == Metric.CPU_PCT || metric == Metric.TPS_PER_CPU_S;
    }

    /**
     * The figure in each whole second of {@code level}'s window; a second without its server sample (or, for
     * requests per CPU-second, with no CPU) is left out. Null for a figure without a per-second series.
     */
    public static double[] of(RunResult run, RunResult.Level level, Metric metric) {
        if (!exists(metric)) {
            return null;
        }
        int from = (int) level.fromS(), to = Math.min((int) level.toS(), run.perSecondOk().length);
        double[] cpu = new double[Math.max(0, to - from)];
        Arrays.fill(cpu, Double.NaN);
        for (ServerSample s : run.samples()) {
            // a sample counts for the second it ends, as the level's own CPU figure counts it (RunAnalysis)
            long j = Math.floorDiv(s.epochMs() - 500 - run.t0EpochMs(), 1000L) - from;
            if (j >= 0 && j < cpu.length) {
                cpu[(int) j] = s.serverCpuPct();
            }
        }
        double[] out = new double[cpu.length];
        int n = 0;
        for (int j = 0; j < cpu.length; j++) {
            double ok = run.perSecondOk()[from + j];
            double v =
                    switch (metric) {
                        case STEADY_RPS -> ok;
                        case CPU_PCT -> cpu[j];
                        default -> cpu[j] > 0 ? ok / (cpu[j] / 100) : Double.NaN;
                    };
            if (!Double.isNaN(v)) {
                out[n++] = v;
            }
        }
        return Arrays.copyOf(out, n);
    }
}
