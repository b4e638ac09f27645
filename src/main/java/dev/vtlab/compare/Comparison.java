package dev.vtlab.compare;

import dev.vtlab.dispatch.DispatchMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The comparison's result model: every run, and over repetitions, each headline's mean with its
 * interval per (test, mode) and each mode's ratio to the baseline mode with its interval and verdict.
 * Computed once; {@link JsonReport}, {@link HtmlReport} and {@link CsvReport} only format it.
 */
public record Comparison(
        Map<String, String> environment,
        List<String> tests,
        List<DispatchMode> modes,
        List<RunResult> runs,
        List<Aggregate> aggregates,
        List<RatioRow> ratios,
        double wallS) {

    public record Aggregate(String test, DispatchMode mode, String headline, Metric metric, Stats.Interval interval) {}

    public record RatioRow(
            String test, DispatchMode mode, DispatchMode baseline, String headline, Metric metric, Stats.Ratio ratio) {

        /** "better", "worse" or "" (no significant difference, no interval, or a metric with no good direction). */
        public String judgement() {
            return metric.judge(ratio.verdict());
        }
    }

    static Comparison of(
            Map<String, String> environment,
            List<String> tests,
            List<DispatchMode> modes,
            List<RunResult> runs,
            double wallS) {
        List<Aggregate> aggregates = new ArrayList<>();
        List<RatioRow> ratios = new ArrayList<>();
        DispatchMode baseline = modes.get(0);
        for (String test : tests) {
            Set<String> headlines = new LinkedHashSet<>();
            runs.stream()
                    .filter(r -> r.test().equals(test))
                    .forEach(r -> headlines.addAll(r.headlines().keySet()));
            for (String headline : headlines) {
                Map<DispatchMode, double[]> values = new LinkedHashMap<>();
                for (DispatchMode mode : modes) {
                    values.put(
                            mode,
                            runs.stream()
                                    .filter(r -> r.test().equals(test) && r.mode() == mode)
                                    .mapToDouble(r -> r.headlines().getOrDefault(headline, Double.NaN))
                                    .toArray());
                }
                Metric metric = RunResult.metricOf(headline);
                values.forEach((mode, v) ->
                        aggregates.add(new Aggregate(test, mode, headline, metric, Stats.mean(v, metric.resolution))));
                for (DispatchMode mode : modes.subList(1, modes.size())) {
                    ratios.add(new RatioRow(
                            test,
                            mode,
                            baseline,
                            headline,
                            metric,
                            Stats.ratio(values.get(mode), values.get(baseline), metric.resolution)));
                }
            }
        }
        return new Comparison(environment, tests, modes, runs, aggregates, ratios, wallS);
    }

    List<RunResult> runs(String test, DispatchMode mode) {
        return runs.stream()
                .filter(r -> r.test().equals(test) && r.mode() == mode)
                .toList();
    }

    Stats.Interval interval(String test, DispatchMode mode, String headline) {
        return aggregates.stream()
                .filter(a -> a.test().equals(test)
                        && a.mode() == mode
                        && a.headline().equals(headline))
                .map(Aggregate::interval)
                .findFirst()
                .orElse(null);
    }
}
