package dev.vtlab.compare.stats;

import dev.vtlab.compare.stats.LogRatio.Bounds;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.DoubleUnaryOperator;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.special.Erf;

/**
 * Verdicts read after every block of runs, the test stopping at the first that is reached, with their error rates
 * kept under that stopping: repeated confidence intervals (Jennison and Turnbull 1989; Group Sequential Methods with
 * Applications to Clinical Trials, 2000, ch. 9) whose levels come from an error-spending function (Lan and DeMets
 * 1983).
 *
 * <p>Reading a plain 95 % interval after every block and stopping when it excludes 1 finds a difference that is not
 * there far more often than 5 % of the time (10.5 % with looks after 4, 6, 8 and 10 runs per mode, docs/compare.md).
 * Repeated intervals are wider at each look, so that all the looks' intervals hold the true ratio together with
 * probability 95 %: whatever rule picks the look to stop at, the interval read there holds it at least that often. A
 * verdict is read from them as {@link Verdicts} reads it from a fixed design's — equivalent when the 90 % repeated
 * interval lies inside the margin, lower or higher when the 95 % one excludes 1 — so each wrong verdict needs the
 * truth outside an interval: "lower" or "higher" at a ratio of 1 at most 5 % of the time in all, "equivalent" at a
 * ratio on the margin at most 5 %.
 *
 * <p>Why an error-spending design and not an anytime-valid confidence sequence: the looks come in blocks of runs
 * known in advance up to a cap, which is what group-sequential boundaries are built for; a confidence sequence, valid
 * for looks without end, pays at every look for the looks it will never make. The spending function decides how much
 * of α the early looks use; runs left out only move a look's information fraction, which Lan and DeMets' form allows
 * as long as what moves it is not the figure being judged.
 *
 * <p>The boundaries are for a normal statistic of known variance (the recursion of Armitage, McPherson and Rowe 1969,
 * on a grid); the runs' spread is estimated, so each look's nominal level becomes a Student t quantile with Welch's
 * degrees of freedom ("the significance level approach", Jennison and Turnbull section 3.3). SequentialTest checks the
 * recursion against Pocock's and O'Brien and Fleming's published constants and the whole procedure's error rates by
 * simulation at the spreads measured here.
 */
public final class Sequential {

    /** The two-sided error the difference's repeated intervals spend: 95 % intervals. */
    public static final double DIFFERENCE_ALPHA = 1 - Stats.CONFIDENCE;

    /** The equivalence test's: two one-sided tests at 5 % each, 90 % intervals. */
    public static final double EQUIVALENCE_ALPHA = 1 - Verdicts.EQUIVALENCE_CONFIDENCE;

    private static final NormalDistribution NORMAL = new NormalDistribution(null, 0, 1);

    /** Grid points per look: Simpson's rule on the continuation region (odd). */
    private static final int GRID = 801;

    /** Where a boundary that spends nothing stands, in standard deviations of the statistic: never crossed. */
    private static final double NEVER = 12;

    /** A look that adds less information than this to the one before is not a new look. */
    private static final double MIN_STEP = 0.01;

    private static final Map<Key, double[]> BOUNDARIES = new ConcurrentHashMap<>();

    private record Key(List<Double> fractions, double alpha, Spending spending) {}

    /** The spending function's shape: how much of α the early looks may use. */
    public enum Spending {
        /**
         * Lan and DeMets' Pocock type, α·ln(1 + (e − 1)·t): early looks spend much, so a clear difference stops
         * soon; the last look's interval is the widest.
         */
        POCOCK,
        /**
         * Lan and DeMets' O'Brien–Fleming type, spent on each side: α/2 a side by 2 − 2Φ(z(1 − α/4) / √t), so
         * 4 − 4Φ(z(1 − α/4) / √t) of the two-sided α in all. Early looks spend little, the last look's interval is
         * nearly the fixed design's. This is the published convention, gsDesign's sfLDOF for a symmetric design: it
         * gives 4.333, 2.963, 2.359 and 2.014 at four equal looks. Spending the two-sided α through one such function,
         * 2 − 2Φ(z(1 − α/2) / √t), lets the early looks spend several times more.
         */
        OBRIEN_FLEMING;

        /** The two-sided error spent by information fraction t (0 < t, 1 at the last look) out of {@code alpha}. */
        public double spent(double alpha, double t) {
            if (t >= 1) {
                return alpha;
            }
            return switch (this) {
                case POCOCK -> alpha * Math.log(1 + (Math.E - 1) * t);
                case OBRIEN_FLEMING -> 4 * (1 - phi(NORMAL.inverseCumulativeProbability(1 - alpha / 4) / Math.sqrt(t)));
            };
        }
    }

    /**
     * What the looks so far say at the last of them.
     *
     * @param verdict equivalent, or a difference, when reached; INCONCLUSIVE or UNDETERMINED (the runs cannot bound
     *     the ratio yet) to go on, and UNDECIDED_AT_CAP where an inconclusive ratio reaches the last look
     * @param difference the 95 % repeated interval (NaN ends when undetermined)
     * @param equivalence the 90 % repeated interval
     * @param differenceConfidence the nominal level the 95 % repeated interval is read at this look
     * @param equivalenceConfidence the nominal level of the 90 % one
     * @param last whether this is the last look (the cap): nothing follows an inconclusive reading
     */
    public record Reading(
            Verdict verdict,
            LogRatio ratio,
            Bounds difference,
            Bounds equivalence,
            double differenceConfidence,
            double equivalenceConfidence,
            boolean last) {

        /** Whether a verdict is reached: equivalent, lower or higher. */
        public boolean decided() {
            return verdict.decided();
        }

        /** Whether the test stops here: a verdict reached, or the cap (too few runs to bound the ratio go on). */
        public boolean stops() {
            return decided() || last;
        }
    }

    private Sequential() {}

    /**
     * The information fraction of a look with {@code n1} and {@code n2} runs counted against {@code cap} runs of each:
     * the precision of the log ratio, 1/(1/n1 + 1/n2), as a share of the cap's, at most 1.
     */
    public static double fraction(int n1, int n2, int cap) {
        if (n1 <= 0 || n2 <= 0) {
            return 0;
        }
        return Math.min(1, 1 / (1.0 / n1 + 1.0 / n2) / (cap / 2.0));
    }

    /**
     * The reading at the last of the looks whose information fractions are {@code fractions} (increasing; the last
     * look is {@code last}, where all of α is spent whatever its fraction), for the ratio {@code ratio} at that look
     * and an equivalence margin {@code margin}. The precedence is {@link Verdicts}': equivalence first, then a
     * difference.
     */
    public static Reading read(double[] fractions, boolean last, LogRatio ratio, double margin, Spending spending) {
        double[] t = fractions.clone();
        if (last) {
            t[t.length - 1] = 1;
        }
        double differenceLevel = nominal(boundaries(t, DIFFERENCE_ALPHA, spending));
        double equivalenceLevel = nominal(boundaries(t, EQUIVALENCE_ALPHA, spending));
        if (!ratio.determined()) {
            Bounds none = new Bounds(Double.NaN, Double.NaN);
            return new Reading(
                    Verdict.UNDETERMINED, ratio, none, none, 1 - differenceLevel, 1 - equivalenceLevel, last);
        }
        Bounds difference = ratio.interval(1 - differenceLevel);
        Bounds equivalence = ratio.interval(1 - equivalenceLevel);
        Verdict verdict = Verdict.of(difference, equivalence, margin);
        if (last && verdict == Verdict.INCONCLUSIVE) {
            verdict = Verdict.UNDECIDED_AT_CAP;
        }
        return new Reading(verdict, ratio, difference, equivalence, 1 - differenceLevel, 1 - equivalenceLevel, last);
    }

    /** The two-sided nominal level of the last look's boundary: what a fixed design's interval would use there. */
    private static double nominal(double[] boundaries) {
        return 2 * (1 - phi(boundaries[boundaries.length - 1]));
    }

    /**
     * Two-sided critical values on the z scale for looks at increasing information fractions {@code t} (in (0, 1]):
     * under H0 the statistic first crosses at look k with probability spent(t_k) − spent(t_{k−1}). A look that adds no
     * information, or whose share of α is nothing, gets a boundary never crossed.
     */
    public static double[] boundaries(double[] t, double alpha, Spending spending) {
        for (int k = 0; k < t.length; k++) {
            if (!(t[k] > 0 && t[k] <= 1) || (k > 0 && t[k] < t[k - 1])) {
                throw new IllegalArgumentException(
                        "information fractions must rise within (0, 1]: " + Arrays.toString(t));
            }
        }
        Key key = new Key(Arrays.stream(t).boxed().toList(), alpha, spending);
        return BOUNDARIES.computeIfAbsent(key, k -> compute(t, alpha, spending)).clone();
    }

    private static double[] compute(double[] t, double alpha, Spending spending) {
        double[] c = new double[t.length];
        Region region = null;
        double spentSoFar = 0;
        for (int k = 0; k < t.length; k++) {
            double share = spending.spent(alpha, t[k]) - spentSoFar;
            if (region == null) {
                c[k] = share <= 0 ? NEVER : NORMAL.inverseCumulativeProbability(1 - share / 2);
                region = Region.first(t[k], c[k]);
            } else if (t[k] - region.t < MIN_STEP) {
                c[k] = NEVER; // (almost) no information since the last look: nothing new to judge, nothing spent
                continue;
            } else {
                Region previous = region;
                double tk = t[k], root = Math.sqrt(tk), target = share;
                double b = share <= 0 ? NEVER * root : solve(x -> previous.crossing(tk, x) - target, 0, NEVER * root);
                c[k] = b / root;
                region = previous.next(t[k], b);
            }
            spentSoFar += Math.max(0, share);
        }
        return c;
    }

    /**
     * The probability under H0 that the statistic crosses any of the two-sided boundaries {@code c} (z scale) at looks
     * with information fractions {@code t}: what a boundary design spends in all. For checks against published
     * designs.
     */
    static double crossing(double[] t, double[] c) {
        double total = 2 * (1 - phi(c[0]));
        Region region = Region.first(t[0], c[0]);
        for (int k = 1; k < t.length; k++) {
            double b = c[k] * Math.sqrt(t[k]);
            total += region.crossing(t[k], b);
            region = region.next(t[k], b);
        }
        return total;
    }

    /**
     * The sub-density of the score S (variance t under H0, independent increments) on |S| < bound, for paths that have
     * not crossed any boundary yet, on a grid for Simpson's rule.
     */
    private record Region(double t, double bound, double[] x, double[] density) {

        static Region first(double t, double c) {
            double bound = Math.min(c, NEVER) * Math.sqrt(t);
            double[] x = grid(bound);
            double sd = Math.sqrt(t);
            double[] f = Arrays.stream(x).map(s -> normal(s / sd) / sd).toArray();
            return new Region(t, bound, x, f);
        }

        /** P(not crossed before, and |S(next)| ≥ b). */
        double crossing(double next, double b) {
            double sd = Math.sqrt(next - t);
            double[] g = new double[x.length];
            for (int j = 0; j < x.length; j++) {
                g[j] = density[j] * (phi((-b - x[j]) / sd) + phi((x[j] - b) / sd));
            }
            return simpson(g, x[1] - x[0]);
        }

        /** The region at the next look, whose boundary is b. */
        Region next(double next, double b) {
            double sd = Math.sqrt(next - t);
            double[] y = grid(b);
            double[] f = new double[y.length];
            double[] g = new double[x.length];
            for (int i = 0; i < y.length; i++) {
                for (int j = 0; j < x.length; j++) {
                    g[j] = density[j] * normal((y[i] - x[j]) / sd) / sd;
                }
                f[i] = simpson(g, x[1] - x[0]);
            }
            return new Region(next, b, y, f);
        }

        private static double[] grid(double bound) {
            double[] x = new double[GRID];
            for (int i = 0; i < GRID; i++) {
                x[i] = -bound + 2 * bound * i / (GRID - 1);
            }
            return x;
        }
    }

    private static double simpson(double[] f, double h) {
        double sum = f[0] + f[f.length - 1];
        for (int i = 1; i < f.length - 1; i++) {
            sum += (i % 2 == 1 ? 4 : 2) * f[i];
        }
        return sum * h / 3;
    }

    /** The root of a decreasing function on [low, high] by bisection, to 1e-10. */
    private static double solve(DoubleUnaryOperator f, double low, double high) {
        if (f.applyAsDouble(high) > 0) {
            return high;
        }
        for (int i = 0; i < 200 && high - low > 1e-10; i++) {
            double mid = (low + high) / 2;
            if (f.applyAsDouble(mid) > 0) {
                low = mid;
            } else {
                high = mid;
            }
        }
        return (low + high) / 2;
    }

    private static double phi(double x) {
        return 0.5 * Erf.erfc(-x / Math.sqrt(2));
    }

    private static double normal(double z) {
        return Math.exp(-z * z / 2) / Math.sqrt(2 * Math.PI);
    }
}
