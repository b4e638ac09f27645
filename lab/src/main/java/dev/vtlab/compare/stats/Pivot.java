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
            // symmetric about 0: the upper tail beyond |x| gives both sides, and small p-values keep their digits
            return x >= 0 ? 1 - upperTail(x) : upperTail(-x);
        }

        /**
         * P(T1 − T2 > x) for x ≥ 0: the integral of f2(y) S1(x + y) dy, S1 the upper tail of T1. Split at y = −x/2 so
         * that each part is smooth in its own variable: above, in y = tan(u); below, in s = x + y = tan(v), where S1
         * turns from 1 to 0. One variable over the whole line would have to resolve that turn, narrow for large x.
         */
        private double upperTail(double x) {
            TDistribution t1 = new TDistribution(null, df1), t2 = new TDistribution(null, df2);
            IterativeLegendreGaussIntegrator integrator = new IterativeLegendreGaussIntegrator(16, 1e-9, 1e-14);
            double above = integrator.integrate(
                    Integer.MAX_VALUE,
                    u -> {
                        double y = Math.tan(u), cos = Math.cos(u);
                        return t2.density(y) * t1.cumulativeProbability(-x - y) / (cos * cos);
                    },
                    Math.atan(-x / 2),
                    Math.PI / 2);
            double below = integrator.integrate(
                    Integer.MAX_VALUE,
                    v -> {
                        double s = Math.tan(v), cos = Math.cos(v);
                        return t2.density(s - x) * t1.cumulativeProbability(-s) / (cos * cos);
                    },
                    -Math.PI / 2,
                    Math.atan(x / 2));
            return Math.max(0, Math.min(1, above + below));
        }

        @Override
        public double quantile(double p) {
            if (p < 0.5) {
                return -quantile(1 - p);
            }
            return QUANTILES
                    .computeIfAbsent(this, k -> new ConcurrentHashMap<>())
                    .computeIfAbsent(p, this::solve);
        }

        /** The quantile for p ≥ 0.5. */
        private double solve(double p) {
            if (p == 0.5) {
                return 0;
            }
            double high = 1;
            while (cdf(high) < p) {
                high *= 2;
            }
            return new BrentSolver(1e-10).solve(1000, x -> cdf(x) - p, 0, high);
        }
    }
}
