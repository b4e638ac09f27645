package dev.vtlab.compare.stats;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.commons.math3.analysis.integration.IterativeLegendreGaussIntegrator;
import org.apache.commons.math3.analysis.solvers.BrentSolver;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * The distribution that (estimate − truth) / scale of a log ratio follows, so one {@link LogRatio} can give its
 * interval at any confidence and its p-value. Welch's and the paired interval refer to Student's t; Stein's
 * two-stage interval for two modes to the difference of two independent t variables (Chapman 1950).
 */
public sealed interface Pivot {

    /** P(pivot ≤ x). */
    double cdf(double x);

    /** The x with P(pivot ≤ x) = p. */
    double quantile(double p);

    record StudentT(double degreesOfFreedom) implements Pivot {

        @Override
        public double cdf(double x) {
            return distribution().cumulativeProbability(x);
        }

        @Override
        public double quantile(double p) {
            return distribution().inverseCumulativeProbability(p);
        }

        private TDistribution distribution() {
            // no random generator: it is never sampled, and seeding one costs more than the quantile
            return new TDistribution(null, degreesOfFreedom);
        }
    }

    /** T1 − T2 with T1 ~ t(df1) and T2 ~ t(df2) independent. */
    record DifferenceOfT(double df1, double df2) implements Pivot {

        // a two-stage plan and its interval ask for the same few quantiles again and again
        private static final Map<DifferenceOfT, Map<Double, Double>> QUANTILES = new ConcurrentHashMap<>();

        @Override
        public double cdf(double x) {
            TDistribution t1 = new TDistribution(null, df1), t2 = new TDistribution(null, df2);
            // P(T1 - T2 <= x) = integral of f2(y) F1(x + y) dy; y = tan(u) maps the heavy tails onto (-pi/2, pi/2)
            double p = new IterativeLegendreGaussIntegrator(16, 1e-9, 1e-12)
                    .integrate(
                            Integer.MAX_VALUE,
                            u -> {
                                double y = Math.tan(u), cos = Math.cos(u);
                                return t2.density(y) / (cos * cos) * t1.cumulativeProbability(x + y);
                            },
                            -Math.PI / 2,
                            Math.PI / 2);
            return Math.max(0, Math.min(1, p));
        }

        @Override
        public double quantile(double p) {
            return QUANTILES
                    .computeIfAbsent(this, k -> new ConcurrentHashMap<>())
                    .computeIfAbsent(p, this::solve);
        }

        private double solve(double p) {
            if (p == 0.5) {
                return 0;
            }
            if (p < 0.5) {
                return -quantile(1 - p);
            }
            double high = 1;
            while (cdf(high) < p) {
                high *= 2;
            }
            return new BrentSolver(1e-10).solve(1000, x -> cdf(x) - p, 0, high);
        }
    }
}
