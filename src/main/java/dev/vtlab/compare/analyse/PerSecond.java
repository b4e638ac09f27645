package dev.vtlab.compare.analyse;

import dev.vtlab.compare.raw.ServerSample;
import java.util.Arrays;

/**
 * A run's figures second by second over one level's steady window, for where their variation comes from: the
 * successful answers, as the level's rate counts them, and the server's CPU, as the level's CPU averages it.
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
}
