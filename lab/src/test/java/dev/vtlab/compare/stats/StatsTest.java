package dev.vtlab.compare.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Locale;
import java.util.Random;
import java.util.stream.LongStream;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.linear.MatrixUtils;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.RealVector;
import org.apache.commons.math3.stat.regression.SimpleRegression;
import org.junit.jupiter.api.Test;

/** The intervals on inputs whose answers are known without this code. */
class StatsTest {

    @Test
    void meanIntervalIsTheTextbookTInterval() {
        // 1..5: mean 3, s = sqrt(2.5), t(0.975, 4) = 2.776445 (any t table) -> 3 ± 1.963243
        Stats.Interval i = Stats.mean(new double[] {1, 2, 3, 4, 5}, 0);
        assertEquals(5, i.n());
        assertEquals(3, i.mean(), 1e-12);
        assertEquals(3 - 1.963243, i.low(), 1e-5);
        assertEquals(3 + 1.963243, i.high(), 1e-5);
        assertEquals(12.706205, Stats.t(1), 1e-5);
    }

    @Test
    void oneValueHasNoInterval() {
        Stats.Interval i = Stats.mean(new double[] {7}, 0);
        assertEquals(7, i.mean());
        assertTrue(Double.isNaN(i.low()) && Double.isNaN(i.high()));
    }

    @Test
    void percentilesAreNearestRank() {
        long[] oneToHundred = LongStream.rangeClosed(1, 100).toArray();
        assertEquals(50, Stats.percentile(oneToHundred, 50));
        assertEquals(95, Stats.percentile(oneToHundred, 95));
        assertEquals(99, Stats.percentile(oneToHundred, 99));
        assertEquals(20, Stats.percentile(new long[] {10, 20, 30, 40}, 50)); // rank ceil(0.5 * 4) = 2
        assertEquals(40, Stats.percentile(new long[] {10, 20, 30, 40}, 95)); // rank ceil(3.8) = 4
        assertTrue(Double.isNaN(Stats.percentile(new long[0], 50)));
    }

    @Test
    void driftIsTheSecondHalfsMeanLessTheFirstsAndIgnoresTheMiddleValue() {
        // 10 20 | 30 | 40 50: (40 + 50) / 2 - (10 + 20) / 2 = 30, by hand
        assertEquals(30, Stats.drift(new double[] {10, 20, 30, 40, 50}), 1e-12);
        // a swing around 26 (the pool trying sizes either side): 23 31 25 | 21 29 25 -> 25 - 26.33
        assertEquals(-4.0 / 3, Stats.drift(new double[] {23, 31, 25, 21, 29, 25}), 1e-12);
        assertEquals(0, Stats.drift(new double[] {7, Double.NaN, 7}), 1e-12);
        assertTrue(Double.isNaN(Stats.drift(new double[] {7})));
    }

    @Test
    void aPoolSwingingAroundItsSizeHasSettledAndOneStillGrowingHasNot() {
        // swinging 21..31 and back, drift -4/3 thread (within 2)
        assertEquals(Boolean.TRUE, Stats.poolSettled(new double[] {23, 31, 25, 21, 29, 25}));
        // 23 31 25 | 17 27 25: drift -10/3, within 20 % of 24.7 (4.9): a step of the controller
        assertEquals(Boolean.TRUE, Stats.poolSettled(new double[] {23, 31, 25, 17, 27, 25}));
        // 20 20 22 | 26 28 30: drift +7.3, more than 20 % of 24.3
        assertEquals(Boolean.FALSE, Stats.poolSettled(new double[] {20, 20, 22, 26, 28, 30}));
        // growing 10 threads a second: drift 30 (10..30 against 40..60) over a mean of 35
        assertEquals(Boolean.FALSE, Stats.poolSettled(new double[] {10, 20, 30, 40, 50, 60}));
        // small pools: 4 to 6 drifts 2 threads, within the floor
        assertEquals(Boolean.TRUE, Stats.poolSettled(new double[] {4, 4, 6, 6}));
        assertEquals(null, Stats.poolSettled(new double[] {Double.NaN, Double.NaN}));
    }

    @Test
    void aTrendsSignificanceIsTheTTestUnderAr1NoiseWorkedWithWholeMatrices() {
        // the same test with the n × n matrices written out: R = (0.8^|i-j|), X = [1, t], M = I - X(X'X)⁻¹X'; the
        // slope's variance σ² (X'X)⁻¹X'RX(X'X)⁻¹ at [1][1], σ² = e'e / tr(MR), Satterthwaite's tr(MR)² / tr(MRMR)
        double[] y = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3};
        int n = y.length;
        RealMatrix r = MatrixUtils.createRealMatrix(n, n), x = MatrixUtils.createRealMatrix(n, 2);
        for (int i = 0; i < n; i++) {
            x.setEntry(i, 0, 1);
            x.setEntry(i, 1, i);
            for (int j = 0; j < n; j++) {
                r.setEntry(i, j, Math.pow(Stats.TREND_LAG1, Math.abs(i - j)));
            }
        }
        RealMatrix xtxInverse = MatrixUtils.inverse(x.transpose().multiply(x));
        RealMatrix m = MatrixUtils.createRealIdentityMatrix(n)
                .subtract(x.multiply(xtxInverse).multiply(x.transpose()));
        RealVector beta = xtxInverse.multiply(x.transpose()).operate(MatrixUtils.createRealVector(y));
        RealVector e = m.operate(MatrixUtils.createRealVector(y));
        double trMR = m.multiply(r).getTrace(), trMRMR = m.multiply(r).power(2).getTrace();
        double variance = e.dotProduct(e)
                / trMR
                * xtxInverse
                        .multiply(x.transpose())
                        .multiply(r)
                        .multiply(x)
                        .multiply(xtxInverse)
                        .getEntry(1, 1);
        double p = 2
                * new TDistribution(trMR * trMR / trMRMR)
                        .cumulativeProbability(-Math.abs(beta.getEntry(1)) / Math.sqrt(variance));
        double mean = Arrays.stream(y).average().orElseThrow();
        Stats.Trend trend = Stats.trend(y);
        assertEquals(beta.getEntry(1) / mean, trend.sharePerSecond(), 1e-12);
        assertEquals(p, trend.significance(), 1e-12);
        // a straight line's slope is no chance, a flat series has none
        assertEquals(0, Stats.trend(new double[] {1, 2, 3, 4}).significance());
        assertEquals(1, Stats.trend(new double[] {5, 5, 5, 5}).significance());
    }

    @Test
    void aTrendsTestHoldsIts5PercentOnAr1NoiseWithLag1UpTo08() {
        // 4 000 trendless AR(1) series each: the share the test finds a trend in at 5 % should be at most 5 %, and is
        // 3.6-4.8 % at lag-1 0.8 (15-150 s, Monte-Carlo SE 0.3 %) and at most 1.0 % at 0.65; the least-squares t test
        // that ignores the correlation (commons-math's, the rule's before issue 47) finds one in 22-51 %
        for (int seconds : new int[] {15, 30, 60, 150}) {
            for (double phi : new double[] {0.5, 0.65, 0.8}) {
                Random random = new Random(seconds);
                int found = 0, naive = 0;
                for (int i = 0; i < 4000; i++) {
                    double[] y = new double[seconds];
                    SimpleRegression line = new SimpleRegression();
                    double noise = random.nextGaussian();
                    for (int t = 0; t < seconds; t++) {
                        noise = t == 0 ? noise : phi * noise + Math.sqrt(1 - phi * phi) * random.nextGaussian();
                        y[t] = 100 + noise;
                        line.addData(t, y[t]);
                    }
                    found += Stats.trend(y).significance() < 0.05 ? 1 : 0;
                    naive += line.getSignificance() < 0.05 ? 1 : 0;
                }
                System.out.printf(
                        Locale.ROOT,
                        "trend test, AR(1) lag-1 %.2f, %3d s: %.1f %% found (least squares alone %.1f %%)%n",
                        phi,
                        seconds,
                        found / 40.0,
                        naive / 40.0);
                assertTrue(found <= 200, seconds + " s, lag-1 " + phi + ": " + found);
                assertTrue(naive > 800, "the test that ignores the correlation: " + naive);
            }
        }
    }
}
