package dev.vtlab.compare.raw;

import java.util.Map;

/**
 * One second of a run as the OS and the server saw it. CPU figures are in % of one core (200 = two cores busy);
 * {@code otherCpuPct} is the machine's busy time not spent in the server, JMeter, the remote system or the
 * comparison itself; {@code stealPct} the CPU time the hypervisor gave to other guests (a noisy neighbour). NaN
 * where a figure was not read.
 */
public record ServerSample(
        long epochMs,
        double serverCpuPct,
        double jmeterCpuPct,
        double remoteCpuPct,
        double otherCpuPct,
        double stealPct,
        double rssBytes,
        double osThreads,
        Map<ServerMetric, Double> metrics) {

    public double metric(ServerMetric metric) {
        return metrics.getOrDefault(metric, Double.NaN);
    }
}
