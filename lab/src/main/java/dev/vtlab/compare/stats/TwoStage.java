package dev.vtlab.compare.stats;

import dev.vtlab.compare.stats.LogRatio.Pairing;
import java.util.Arrays;
import java.util.Locale;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;

/**
 * A ratio to a fixed precision within a budget: Stein's two-stage procedure (Stein 1945), in the form Chapman (1950)
 * gave it for two means with unequal variances, on the log scale.
 *
 * <p>The first stage's runs give each mode's log variance s₁², s₂² with ν₁ = n₀₁ − 1 and ν₂ = n₀₂ − 1 degrees of
 * freedom. With c the 97.5 % quantile of T₁ − T₂ (independent t variables with ν₁ and ν₂ df) and w = ln(1 + h) the
 * target half-width, each mode runs n_i = max(n₀ᵢ, ⌈s_i² c² / w²⌉) times in all, and the final interval is the mean
 * log ratio of all runs ± w: its width is fixed in advance, set by the first stage's variances, never by the second
 * stage's. Why that keeps the coverage, for log-normal runs: given the first stage's variances, each mode's mean log
 * over all its runs is still normal around the truth (the first stage's mean is independent of its variance, the
 * later runs of everything), so the log ratio's error is N(0, σ₁²/n₁ + σ₂²/n₂); as n_i ≥ s_i² c² / w², P(|error| ≤ w)
 * ≥ P(|Z| ≤ c / √(σ₁²/s₁² + σ₂²/s₂²)) = P(|T₁ − T₂| ≤ c) = 95 %. It is exact when neither the rounding up nor the first
 * stage's size raises an n_i, conservative otherwise; the half-width meets the target every time, not 95 % of the
 * time. Re-estimating the variance from all runs, as a plain
 * interval would, loses that: the second stage's size depends on the first stage's variance, so the pooled variance
 * is biased low in exactly the comparisons that stopped early.
 *
 * <p>The price of a small first stage is c: 6.54 with three runs per mode (2 + 2 df) against 3.94 with five and 2.77
 * with many, so the runs needed grow with c². Under a budget of at most {@code maxRuns} per mode the plan says what
 * half-width the budget reaches instead: the same argument holds with w' = c·max_i(s_i / √n_i).
 */
public final class TwoStage {

    /**
     * A plan: how many runs each mode needs in all (the first stage's included) for a ratio's 95 % interval of
     * half-width {@code target} (0.05: within a factor 1.05 of the estimate either way), and the half-width those runs
     * reach: the target, or more where the budget or the data stop it ({@code why} then says so).
     */
    public record Plan(
            int firstMode,
            int firstBaseline,
            double modeLogVariance,
            double baselineLogVariance,
            int modeRuns,
            int baselineRuns,
            double target,
            double halfWidth,
            String why) {

        public boolean reachesTarget() {
            return halfWidth <= target * (1 + 1e-9);
        }

        /** c, the 97.5 % quantile of T₁ − T₂ for the first stage's degrees of freedom; NaN with fewer than 2 runs. */
        public double c() {
            return firstMode < 2 || firstBaseline < 2 ? Double.NaN : pivot().quantile(1 - (1 - Stats.CONFIDENCE) / 2);
        }

        private Pivot pivot() {
            return new Pivot.DifferenceOfT(firstMode - 1, firstBaseline - 1);
        }

        /** The log half-width n and m runs of each mode reach: c · max(s_i / √n_i), never below the target's. */
        private double logHalfWidth(int modeRuns, int baselineRuns) {
            double c = pivot().quantile(1 - (1 - Stats.CONFIDENCE) / 2);
            double perRun = Math.max(modeLogVariance / modeRuns, baselineLogVariance / baselineRuns);
            return Math.max(Math.log1p(target), c * Math.sqrt(perRun));
        }
    }

    private TwoStage() {}

    /**
     * The second stage for the first stage's runs {@code mode} and {@code baseline} (2 or more each, positive; NaN
     * values skipped; 3 or more to be affordable, as c is 25.4 with 2), a target relative half-width {@code target}
     * and at most {@code maxRuns} runs per mode.
     */
    public static Plan plan(double[] mode, double[] baseline, double target, int maxRuns) {
        double[] x = Ratios.present(mode), b = Ratios.present(baseline);
        String unusable = Ratios.unusable(x, b, 0);
        if (unusable != null) {
            return new Plan(
                    x.length, b.length, Double.NaN, Double.NaN, x.length, b.length, target, Double.NaN, unusable);
        }
        double v1 = logVariance(x), v2 = logVariance(b);
        Plan unplanned = new Plan(x.length, b.length, v1, v2, x.length, b.length, target, Double.NaN, "");
        double c = unplanned.pivot().quantile(1 - (1 - Stats.CONFIDENCE) / 2);
        double w = Math.log1p(target);
        int n1 = runs(x.length, v1, c, w, maxRuns), n2 = runs(b.length, v2, c, w, maxRuns);
        double reached = Math.expm1(unplanned.logHalfWidth(n1, n2));
        String why = reached <= target * (1 + 1e-9)
                ? ""
                : String.format(
                        Locale.ROOT,
                        "%d runs per mode reach ±%.1f %%, not ±%.1f %%",
                        Math.max(maxRuns, Math.max(x.length, b.length)),
                        100 * reached,
                        100 * target);
        return new Plan(x.length, b.length, v1, v2, n1, n2, target, reached, why);
    }

    /**
     * The final interval from all runs of both stages ({@code mode} and {@code baseline} begin with the first
     * stage's runs): the mean log ratio ± the plan's half-width, which the first stage's variances fixed. Runs that
     * did not happen (fewer than planned) widen it to what the runs made reach. The p-value refers to the same
     * distribution, T₁ − T₂.
     */
    public static LogRatio interval(Plan plan, double[] mode, double[] baseline, double resolution) {
        double[] x = Ratios.present(mode), b = Ratios.present(baseline);
        String unusable = Double.isNaN(plan.halfWidth())
                ? plan.why()
                : x.length < plan.firstMode() || b.length < plan.firstBaseline()
                        ? "fewer runs than the first stage's: not this plan's runs"
                        : Ratios.unusable(x, b, resolution);
        if (unusable != null) {
            return LogRatio.undetermined(Ratios.geometricRatio(x, b), x.length, b.length, Pairing.UNPAIRED, unusable);
        }
        double c = plan.pivot().quantile(1 - (1 - Stats.CONFIDENCE) / 2);
        Ratios.Shift shift = Ratios.Shift.of(x, b, resolution);
        return LogRatio.of(
                meanLog(x) - meanLog(b),
                plan.logHalfWidth(x.length, b.length) / c,
                plan.pivot(),
                shift.down(),
                shift.up(),
                x.length,
                b.length,
                Pairing.UNPAIRED,
                Ratios.MAX_FACTOR);
    }

    /** n_i = max(n₀, ⌈s² c² / w²⌉), within the budget. */
    private static int runs(int first, double logVariance, double c, double w, int maxRuns) {
        double needed = Math.ceil(logVariance * c * c / (w * w));
        return (int) Math.max(first, Math.min(maxRuns, needed));
    }

    private static double logVariance(double[] values) {
        SummaryStatistics s = new SummaryStatistics();
        Arrays.stream(values).forEach(v -> s.addValue(Math.log(v)));
        return s.getVariance();
    }

    private static double meanLog(double[] values) {
        return Arrays.stream(values).map(Math::log).average().orElse(Double.NaN);
    }
}
