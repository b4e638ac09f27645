package dev.vtlab.compare.analyse;

import dev.vtlab.compare.raw.ServerSample;
import dev.vtlab.compare.settings.Metric;
import dev.vtlab.compare.stats.VarianceComponents;
import java.util.Arrays;

/**
 * A run's figures second by second over one level's steady window, for where their variation comes from: the
 * successful answers, as the level's rate counts them, and the server's CPU, as the level's CPU averages it: the
 * within-run series that {@code stats.VarianceComponents} batches. Only figures that exist per second have one: a
 * percentile or a run's peak is a figure of the whole window.
 */
public final class PerSecond {

    private PerSecond() {}

    /** Successful answers in each second of the level's window [fromS, toS). */
    public static double[] ok(RunResult run, RunResult.Level level) {
        int from = (int) level.fromS(), to = Math.min((int) level.toS(), run.perSecondOk().length);
        return to > from ? Arrays.copyOfRange(run.perSecondOk(), from, to) : new double[0];
    }

    /**
     * The server's CPU in each second of the window, in CPUs (1 = one core busy), NaN where no sample fell in it. A
     * sample at epoch ms e covers the second before it; it counts in second (e − 500 − t0) / 1000, as in the level's
     * own CPU figure.
     */
    public static double[] cpus(RunResult run, RunResult.Level level) {
        int from = (int) level.fromS(), to = Math.min((int) level.toS(), run.perSecondOk().length);
        double[] cpu = new double[Math.max(0, to - from)];
        Arrays.fill(cpu, Double.NaN);
        for (ServerSample s : run.samples()) {
            long offset = s.epochMs() - 500 - run.t0EpochMs();
            int second = (int) Math.floorDiv(offset, 1000L);
            if (second >= from && second < to && !Double.isNaN(s.serverCpuPct())) {
                cpu[second - from] = s.serverCpuPct() / 100;
            }
        }
        return cpu;
    }

    /** Whether a figure has a per-second series. */
    public static boolean exists(Metric metric) {
        return metric == Metric.STEADY_RPS || metric == Metric.CPU_PCT || metric == Metric.TPS_PER_CPU_S;
    }

    /**
     * The figure's series over {@code level}'s window, seconds without a CPU sample left out where the CPU is in it;
     * requests per CPU-second linearised around the run's own ratio ({@link VarianceComponents#ratioSeries}), so its
     * mean is the run's figure. Null for a figure without a per-second series.
     */
    public static double[] of(RunResult run, RunResult.Level level, Metric metric) {
        if (!exists(metric)) {
            return null;
        }
        double[] ok = ok(run, level);
        double[] cpus = cpus(run, level);
        return switch (metric) {
            case STEADY_RPS -> ok;
            case CPU_PCT ->
                Arrays.stream(cpus)
                        .filter(c -> !Double.isNaN(c))
                        .map(c -> 100 * c)
                        .toArray();
            default -> VarianceComponents.ratioSeries(ok, cpus);
        };
    }
}
