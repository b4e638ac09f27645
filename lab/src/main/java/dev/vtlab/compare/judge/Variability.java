package dev.vtlab.compare.judge;

import dev.vtlab.compare.analyse.Headline;
import dev.vtlab.compare.analyse.PerSecond;
import dev.vtlab.compare.analyse.RunResult;
import dev.vtlab.compare.settings.Metric;
import dev.vtlab.compare.stats.VarianceComponents;
import dev.vtlab.dispatch.DispatchMode;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a mode's primary rate varies (Kalibera and Jones's levels): per test and mode, from each valid run's
 * per-second values over the top level's steady window, the within-run variance per second (λ, from batch means)
 * and the between-run variance of a run's mean (σ²); and the cheapest runs × window that would reach the comparison's
 * margin.
 */
public final class Variability {

    /** The longest window a design may propose, in seconds (a level of 20 minutes). */
    public static final int MAX_WINDOW_SECONDS = 1200;

    /** The most runs per mode a design may propose: compare.repeats' bound. */
    public static final int MAX_RUNS = 50;

    /**
     * One figure of one mode.
     *
     * @param headline the figure (at the top level)
     * @param series what the per-second values are, in words
     * @param levels the levels a run measures: a second more of window costs that many seconds of load
     * @param overheadS what a run costs beyond its windows, from the runs' wall times (NaN where not recorded)
     * @param design the runs and window reaching ± margin / √2 on the mode's mean, so that the ratio of two modes with
     *     alike components reaches ± margin
     */
    public record Row(
            String test,
            DispatchMode mode,
            Headline headline,
            String series,
            VarianceComponents.Components components,
            int levels,
            double overheadS,
            VarianceComponents.Design design) {

        /** The share of a run mean's variance that is the within-run part, λ / L over (σ² + λ / L); NaN if unknown. */
        public double withinShare() {
            double within = components.withinPerSecond() / components.windowSeconds();
            return within / (within + components.betweenRuns());
        }
    }

    private Variability() {}

    static List<Row> of(Comparison c) {
        List<Row> rows = new ArrayList<>();
        for (String test : c.tests()) {
            Headline primary = c.primary(test);
            if (primary == null) {
                continue;
            }
            // the rate always; requests per CPU-second too where it is the test's question
            List<Metric> metrics = primary.metric() == Metric.TPS_PER_CPU_S
                    ? List.of(Metric.TPS_PER_CPU_S, Metric.STEADY_RPS)
                    : List.of(Metric.STEADY_RPS);
            for (Metric metric : metrics) {
                for (DispatchMode mode : c.modes()) {
                    rows.add(row(c, test, mode, metric, primary));
                }
            }
        }
        return rows;
    }

    private static Row row(Comparison c, String test, DispatchMode mode, Metric metric, Headline primary) {
        // the runs the primary verdict counts (its level's flags and the run's own)
        List<RunResult> runs = c.validRuns(test, mode, primary).stream()
                .filter(r -> !r.levels().isEmpty())
                .toList();
        List<double[]> series = new ArrayList<>();
        String level = null;
        int levels = runs.isEmpty() ? 1 : runs.get(0).levels().size();
        double overhead = 0;
        int timed = 0;
        for (RunResult r : runs) {
            RunResult.Level top = r.levels().get(r.levels().size() - 1);
            level = r.levels().size() == 1 ? null : top.name();
            double[] ok = PerSecond.ok(r, top);
            series.add(
                    metric == Metric.TPS_PER_CPU_S ? VarianceComponents.ratioSeries(ok, PerSecond.cpus(r, top)) : ok);
            if (Double.isFinite(r.record().wallS())) {
                overhead += r.record().wallS()
                        - r.levels().stream()
                                .mapToDouble(l -> l.toS() - l.fromS())
                                .sum();
                timed++;
            }
        }
        VarianceComponents.Components components = VarianceComponents.estimate(series);
        double overheadS = timed == 0 ? Double.NaN : overhead / timed;
        VarianceComponents.Design design = Double.isNaN(overheadS)
                ? new VarianceComponents.Design(
                        0, 0, Double.NaN, Double.NaN, false, "the runs' wall times were not recorded: no cost to weigh")
                : VarianceComponents.design(
                        components,
                        levels,
                        Math.max(0, overheadS),
                        c.margin() / Math.sqrt(2),
                        MAX_RUNS,
                        MAX_WINDOW_SECONDS);
        return new Row(
                test,
                mode,
                new Headline(metric, level, null),
                metric == Metric.TPS_PER_CPU_S
                        ? "successful answers per second over the server's CPU-seconds in that second, linearised"
                                + " about the run's ratio (its mean is the run's figure)"
                        : "successful answers per second",
                components,
                levels,
                overheadS,
                design);
    }
}
