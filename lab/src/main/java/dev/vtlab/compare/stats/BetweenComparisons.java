package dev.vtlab.compare.stats;

import java.util.Arrays;
import java.util.List;
import org.apache.commons.math3.distribution.FDistribution;

/**
 * The third level of Kalibera and Jones's model: separate invocations of the whole comparison (another day, another
 * boot, another calibration of the host). Within one comparison the run means vary by the between-run variance; if
 * comparisons differed only by that, the variance of their means would be what it predicts, the pooled run variance ÷
 * runs. One-way random-effects analysis of variance (comparisons as groups, run means as observations) separates what
 * comes on top: τ² = (MSB − MSW) / n₀, with n₀ = (N − Σnᵢ² / N) / (I − 1) the effective runs per comparison (Searle,
 * Casella and McCulloch, "Variance Components", §3.5; n₀ = n when every comparison has n runs), 0 when sampling makes it
 * negative; its F test MSB / MSW on I − 1 and N − I degrees of freedom asks whether τ² > 0.
 */
public final class BetweenComparisons {

    /**
     * The component from I comparisons' run means.
     *
     * @param comparisons I, the comparisons with at least one run
     * @param runs N, their runs in all
     * @param observed the sample variance of the comparisons' means
     * @param predicted what the between-run variance alone would make it: the mean over comparisons of MSW / nᵢ
     * @param betweenComparisons τ², the variance of a comparison's own mean from one invocation to the next, beyond the
     *     runs' (0 when negative)
     * @param pValue the F test of τ² = 0 (NaN without a pooled run variance)
     * @param why empty when the figures stand, else why they are missing (NaN)
     */
    public record Component(
            int comparisons,
            int runs,
            double observed,
            double predicted,
            double betweenComparisons,
            double pValue,
            String why) {}

    private BetweenComparisons() {}

    /** Each comparison's run means (NaN ones, runs without the figure, skipped; a comparison left with none too). */
    public static Component estimate(List<double[]> runMeansPerComparison) {
        List<double[]> groups = runMeansPerComparison.stream()
                .map(g -> Arrays.stream(g).filter(Double::isFinite).toArray())
                .filter(g -> g.length > 0)
                .toList();
        int k = groups.size();
        int n = groups.stream().mapToInt(g -> g.length).sum();
        if (k < 2) {
            return new Component(k, n, Double.NaN, Double.NaN, Double.NaN, Double.NaN, "fewer than 2 comparisons");
        }
        if (n - k < 1) {
            return new Component(
                    k, n, Double.NaN, Double.NaN, Double.NaN, Double.NaN, "one run per comparison: no run variance");
        }
        double[] means = groups.stream()
                .mapToDouble(g -> Arrays.stream(g).average().orElseThrow())
                .toArray();
        double grand = groups.stream().flatMapToDouble(Arrays::stream).sum() / n;
        double within = 0, between = 0, squares = 0;
        for (int i = 0; i < k; i++) {
            double[] g = groups.get(i);
            for (double v : g) {
                within += (v - means[i]) * (v - means[i]);
            }
            between += g.length * (means[i] - grand) * (means[i] - grand);
            squares += (double) g.length * g.length;
        }
        double msw = within / (n - k), msb = between / (k - 1);
        double n0 = (n - squares / n) / (k - 1);
        double meanOfMeans = Arrays.stream(means).average().orElseThrow();
        double observed = Arrays.stream(means)
                        .map(m -> (m - meanOfMeans) * (m - meanOfMeans))
                        .sum()
                / (k - 1);
        double predicted =
                groups.stream().mapToDouble(g -> msw / g.length).average().orElseThrow();
        double p = msw == 0
                ? (msb > 0 ? 0 : Double.NaN)
                : 1 - new FDistribution(null, k - 1, n - k).cumulativeProbability(msb / msw);
        return new Component(k, n, observed, predicted, Math.max(0, (msb - msw) / n0), p, "");
    }
}
