package dev.vtlab.compare.stats;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * What a ratio says, with an equivalence margin: the two modes are the same within ±m, one is higher or lower (and by
 * more than the margin or not), or the runs cannot tell; the words are {@link Verdict}'s.
 *
 * <p>The margin m is a factor either way: equivalent means the ratio lies in [1/(1+m), 1+m] (for 5 %: 0.952–1.05).
 * On the log scale that is ±ln(1+m), so "A is equivalent to B" and "B is equivalent to A" always agree, which
 * [1−m, 1+m] would not (0.95 inverted is 1.053). The test is Schuirmann's two one-sided tests at 5 % each: the 90 %
 * interval lies inside the margin.
 *
 * <p>Precedence: equivalence first. A ratio can differ from 1 significantly and still lie within the margin (many
 * runs see 2 % that does not matter); the margin is the size a reader has said does not matter, so the verdict is
 * EQUIVALENT and the text keeps the difference: "equivalent within ±5 %: lower by 2.0 % (90 % CI 1.1–2.8 %)". An
 * equivalent verdict shows the 90 % interval it rests on, which lies inside the margin; the 95 % one may reach just
 * past it and would read as a contradiction. Otherwise the 95 % interval excluding 1 gives a difference: beyond the
 * margin when all of it lies past 1 ± m, within the margin when part of it lies inside, where the difference is real
 * and the printed interval shows how small it may be. What is left is INCONCLUSIVE: its 95 % interval contains 1 and,
 * since it is wider than the 90 % one, also reaches past the margin, so printing it shows why.
 */
public final class Verdicts {

    /** The default equivalence margin: a factor of 1.05 either way. */
    public static final double MARGIN = 0.05;

    /** The equivalence test's interval: two one-sided tests at 5 % each. */
    public static final double EQUIVALENCE_CONFIDENCE = 0.90;

    /**
     * A ratio's verdict.
     *
     * @param equivalence the {@link #EQUIVALENCE_CONFIDENCE} interval the equivalence rests on (NaN when undetermined)
     * @param differs the 95 % interval excludes 1
     */
    public record Judgement(
            Verdict verdict, LogRatio ratio, double margin, LogRatio.Bounds equivalence, boolean differs) {

        /**
         * One of: "equivalent within ±5 % (90 % CI −2.1 % … +3.0 %)";
         * "equivalent within ±5 %: lower by 2.0 % (90 % CI 1.1–2.8 %)";
         * "higher beyond the margin: 12.0 % (CI 5.0–19.0 %)"; "lower, within the margin: 3.0 % (CI 1.0–6.0 %)";
         * "inconclusive (−8.0 % … +12.0 %): neither a difference nor within ±5 %";
         * "undecided at the cap (−8.0 % … +12.0 %): neither a difference nor within ±5 %";
         * or "undetermined: " and the reason there is no interval.
         */
        public String text() {
            String within = "within ±" + number(100 * margin) + " %";
            return switch (verdict) {
                case EQUIVALENT ->
                    differs
                            ? "equivalent " + within + ": " + direction(equivalence, ninety())
                            : String.format(
                                    Locale.ROOT,
                                    "equivalent %s (%s %s … %s)",
                                    within,
                                    ninety(),
                                    signedPct(equivalence.low() - 1),
                                    signedPct(equivalence.high() - 1));
                case HIGHER_BEYOND_MARGIN, HIGHER_WITHIN_MARGIN, LOWER_WITHIN_MARGIN, LOWER_BEYOND_MARGIN ->
                    verdict.words() + ": " + size(new LogRatio.Bounds(ratio.low(), ratio.high()), "CI");
                case INCONCLUSIVE, UNDECIDED_AT_CAP ->
                    String.format(
                            Locale.ROOT,
                            "%s (%s … %s): neither a difference nor %s",
                            verdict.words(),
                            signedPct(ratio.low() - 1),
                            signedPct(ratio.high() - 1),
                            within);
                case UNDETERMINED -> verdict.words() + ": " + ratio.why();
            };
        }

        private static String ninety() {
            return Math.round(100 * EQUIVALENCE_CONFIDENCE) + " % CI";
        }

        /** "lower by 2.0 % (CI 1.0–3.0 %)": the interval's ends as distances from 1, the nearer first. */
        private String direction(LogRatio.Bounds bounds, String label) {
            return (ratio.estimate() > 1 ? "higher" : "lower") + " by " + size(bounds, label);
        }

        /** "2.0 % (CI 1.0–3.0 %)": the estimate's distance from 1, and the interval's ends', the nearer first. */
        private String size(LogRatio.Bounds bounds, String label) {
            double near = Math.min(Math.abs(bounds.low() - 1), Math.abs(bounds.high() - 1));
            double far = Math.max(Math.abs(bounds.low() - 1), Math.abs(bounds.high() - 1));
            return String.format(
                    Locale.ROOT,
                    "%s (%s %s–%s)",
                    pct(Math.abs(ratio.estimate() - 1)),
                    label,
                    String.format(Locale.ROOT, "%.1f", 100 * near),
                    pct(far));
        }
    }

    private Verdicts() {}

    /** The verdict with the default {@link #MARGIN}. */
    public static Judgement judge(LogRatio ratio) {
        return judge(ratio, MARGIN);
    }

    /** The verdict with an equivalence margin of {@code margin} (0.05 for ±5 %, a factor 1.05 either way). */
    public static Judgement judge(LogRatio ratio, double margin) {
        if (!(margin > 0)) {
            throw new IllegalArgumentException("the equivalence margin must be above 0: " + margin);
        }
        LogRatio.Bounds equivalence = ratio.interval(EQUIVALENCE_CONFIDENCE);
        if (!ratio.determined()) {
            return new Judgement(Verdict.UNDETERMINED, ratio, margin, equivalence, false);
        }
        boolean differs = ratio.low() > 1 || ratio.high() < 1;
        Verdict verdict = Verdict.of(new LogRatio.Bounds(ratio.low(), ratio.high()), equivalence, margin);
        return new Judgement(verdict, ratio, margin, equivalence, differs);
    }

    /**
     * The chance that a comparison of this design finds two identical modes equivalent within {@code margin}: that
     * the {@link #EQUIVALENCE_CONFIDENCE} interval of their log ratio, estimate ± q·ŝ, lies inside ±ln(1 + m), read at
     * the runs and spreads the ratio measured (its scale s taken as the true one). For a scale of ν degrees of freedom
     * (Welch's, or the paired t's) ŝ = s·√(χ²_ν / ν), and given ŝ the estimate, normal about 0 with deviation s, falls
     * within ±(ln(1 + m) − q·ŝ) with probability 2Φ((ln(1 + m) − q·ŝ) / s) − 1; averaged over χ²_ν at {@value
     * #CHANCE_POINTS} of its quantiles, as the two one-sided tests' power is computed (Phillips 1990). Another pivot
     * (Stein's two-stage interval, of fixed width) has no random ŝ: 2Φ((ln(1 + m) − q·s) / s) − 1. EquivalenceChanceTest
     * checks it against simulated comparisons. NaN when the ratio has no interval.
     */
    public static double equivalenceChance(LogRatio ratio, double margin) {
        if (!ratio.determined() || !(ratio.logScale() > 0)) {
            return Double.NaN;
        }
        return equivalenceChance(ratio.logScale(), ratio.pivot(), margin);
    }

    private static double equivalenceChance(double s, Pivot pivot, double margin) {
        double d = Math.log1p(margin);
        double q = pivot.quantile(1 - (1 - EQUIVALENCE_CONFIDENCE) / 2);
        NormalDistribution normal = new NormalDistribution(null, 0, 1);
        if (!(pivot instanceof Pivot.StudentT t)) {
            return Math.max(0, 2 * normal.cumulativeProbability((d - q * s) / s) - 1);
        }
        double sum = 0;
        double df = t.degreesOfFreedom();
        // a design's whole degrees of freedom recur (the search for runs per mode asks each a few times); Welch's
        // fractional ones of a measured ratio do not, and are not kept
        double[] factors = df == Math.rint(df) && df <= 2 * MAX_DESIGN_RUNS
                ? SPREAD_FACTORS.computeIfAbsent(df, Verdicts::spreadFactors)
                : spreadFactors(df);
        for (double factor : factors) {
            sum += Math.max(0, 2 * normal.cumulativeProbability((d - q * (s * factor)) / s) - 1);
        }
        return sum / CHANCE_POINTS;
    }

    /** Runs per mode whose designs' spread factors are kept: a bound on {@link #SPREAD_FACTORS}. */
    private static final int MAX_DESIGN_RUNS = 100;

    /** √(χ²_ν / ν) at {@link #CHANCE_POINTS} of its quantiles, per whole ν: the same for every design of ν. */
    private static final Map<Double, double[]> SPREAD_FACTORS = new ConcurrentHashMap<>();

    private static double[] spreadFactors(double degreesOfFreedom) {
        ChiSquaredDistribution chi = new ChiSquaredDistribution(null, degreesOfFreedom);
        double[] factors = new double[CHANCE_POINTS];
        for (int k = 0; k < CHANCE_POINTS; k++) {
            factors[k] = Math.sqrt(chi.inverseCumulativeProbability((k + 0.5) / CHANCE_POINTS) / degreesOfFreedom);
        }
        return factors;
    }

    /** The chance of an equivalence verdict between identical modes that a design is sized for: the usual 80 %. */
    public static final double DESIGN_POWER = 0.80;

    /**
     * The runs per mode that would find two identical modes equivalent within {@code margin} with probability {@code
     * power}, at the spread between runs this ratio measured: the least n up to {@code max}, or null when even {@code
     * max} would not or the ratio has no interval. Its scale s over n1 and n2 runs is a spread per run σ = s / √(1/n1 +
     * 1/n2) (for n pairs, s·√n); n runs per mode have Welch's scale σ·√(2/n) on 2n − 2 degrees of freedom (the
     * spreads taken as equal), n pairs σ/√n on n − 1, read by {@link #equivalenceChance}.
     */
    public static Integer runsForEquivalence(LogRatio ratio, double margin, double power, int max) {
        if (!ratio.determined() || !(ratio.logScale() > 0) || ratio.n1() < 2 || ratio.n2() < 2) {
            return null;
        }
        boolean paired = ratio.pairing() == LogRatio.Pairing.PAIRED;
        double sigma = paired
                ? ratio.logScale() * Math.sqrt(ratio.n1())
                : ratio.logScale() / Math.sqrt(1.0 / ratio.n1() + 1.0 / ratio.n2());
        // the chance grows with n (a narrower scale on more degrees of freedom): the least n is bisected for
        if (chance(sigma, max, paired, margin) < power) {
            return null;
        }
        int low = 1, high = max; // chance(low) < power (n = 1 gives no interval) <= chance(high)
        while (high - low > 1) {
            int mid = (low + high) / 2;
            if (chance(sigma, mid, paired, margin) >= power) {
                high = mid;
            } else {
                low = mid;
            }
        }
        return high;
    }

    /** The equivalence chance of n runs per mode (n pairs) at a spread per run σ. */
    private static double chance(double sigma, int n, boolean paired, double margin) {
        return n < 2 ? 0 : equivalenceChance(scale(sigma, n, paired), pivot(n, paired), margin);
    }

    /** The log ratio's scale for n runs per mode (n pairs) at a spread per run σ. */
    private static double scale(double sigma, int n, boolean paired) {
        return paired ? sigma / Math.sqrt(n) : sigma * Math.sqrt(2.0 / n);
    }

    /** Its pivot: Welch's t on 2n − 2 degrees of freedom when both modes spread alike, the paired t on n − 1. */
    private static Pivot pivot(int n, boolean paired) {
        return new Pivot.StudentT(paired ? n - 1 : 2 * n - 2);
    }

    /**
     * What a primary ratio's design could find: the chance its design finds identical modes equivalent within {@code
     * margin}, and the runs per mode (at most {@code maxRuns}) that would in {@link #DESIGN_POWER} of comparisons.
     */
    public record Reach(double equivalenceChance, Integer runsForEquivalence) {}

    public static Reach reach(LogRatio ratio, double margin, int maxRuns) {
        return new Reach(equivalenceChance(ratio, margin), runsForEquivalence(ratio, margin, DESIGN_POWER, maxRuns));
    }

    /**
     * What {@code runsPerMode} runs of each mode buy at a spread between runs σ ({@code spread}, on the log scale), as
     * Welch's interval reads them when both modes spread alike: the 95 % interval's half-width as a fraction of the
     * ratio, exp(t·σ·√(2/n)) − 1 on 2n − 2 degrees of freedom, and the chance identical modes are found equivalent.
     */
    public record Design(int runsPerMode, double spread, double halfWidth, double equivalenceChance) {}

    public static Design design(int runsPerMode, double spread, double margin) {
        double s = scale(spread, runsPerMode, false);
        return new Design(
                runsPerMode,
                spread,
                Math.expm1(pivot(runsPerMode, false).quantile(1 - (1 - Stats.CONFIDENCE) / 2) * s),
                chance(spread, runsPerMode, false, margin));
    }

    /** Quantiles of χ² that {@link #equivalenceChance} averages over. */
    static final int CHANCE_POINTS = 200;

    private static String pct(double fraction) {
        return String.format(Locale.ROOT, "%.1f %%", 100 * fraction);
    }

    private static String signedPct(double fraction) {
        return String.format(Locale.ROOT, "%+.1f %%", 100 * fraction);
    }

    /** A margin as people write it: "5", "2.5". */
    private static String number(double value) {
        String s = String.format(Locale.ROOT, "%.1f", value);
        return s.endsWith(".0") ? s.substring(0, s.length() - 2) : s;
    }
}
