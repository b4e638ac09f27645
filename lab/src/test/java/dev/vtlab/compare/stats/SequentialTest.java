package dev.vtlab.compare.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.Fixtures;
import dev.vtlab.compare.stats.Sequential.Reading;
import dev.vtlab.compare.stats.Sequential.Spending;
import jakarta.json.Json;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.BiFunction;
import org.apache.commons.math3.analysis.solvers.BrentSolver;
import org.junit.jupiter.api.Test;

/**
 * The sequential design: its boundary recursion against published constants and a simulation of the score, and the
 * whole procedure's error rates, by simulation at the between-JVM spreads measured here (3–7 %), the figures
 * docs/compare.md quotes.
 */
class SequentialTest {

    private static final double[] FIVE_EQUAL = {0.2, 0.4, 0.6, 0.8, 1.0};

    @Test
    void oneLookIsTheFixedDesign() {
        assertEquals(1.959964, Sequential.boundaries(new double[] {1}, 0.05, Spending.POCOCK)[0], 1e-5);
        assertEquals(1.644854, Sequential.boundaries(new double[] {1}, 0.10, Spending.OBRIEN_FLEMING)[0], 1e-5);
    }

    @Test
    void constantBoundariesMatchPococksPublishedValues() {
        // Pocock (1977); Jennison and Turnbull (2000) table 2.1: C_P(K, 0.05) for K equally spaced looks
        assertPublished(Map.of(2, 2.178, 3, 2.289, 4, 2.361, 5, 2.413), SequentialTest::constant);
    }

    @Test
    void obrienFlemingBoundariesMatchTheirPublishedValues() {
        // O'Brien and Fleming (1979); Jennison and Turnbull table 2.3: c_k = C_B(K, 0.05) √(K / k)
        assertPublished(Map.of(2, 1.977, 3, 2.004, 4, 2.024, 5, 2.040), SequentialTest::obf);
    }

    @Test
    void obrienFlemingSpendingGivesThePublishedBoundaries() {
        // Lan and DeMets' O'Brien–Fleming type at 2.5 % a side: Jennison and Turnbull (2000) table 7.6 and gsDesign's
        // sfLDOF give 4.333, 2.963, 2.359, 2.014 at four equal looks. At the lab's looks, 4, 6, 8 and 10 runs of 10,
        // an outside derivation by the same recursion found 3.357, 2.680, 2.290, 2.031 (issue 67)
        assertArrayEquals(
                new double[] {4.333, 2.963, 2.359, 2.014},
                Sequential.boundaries(equal(4), 0.05, Spending.OBRIEN_FLEMING),
                0.002);
        assertArrayEquals(
                new double[] {3.357, 2.680, 2.290, 2.031},
                Sequential.boundaries(new double[] {0.4, 0.6, 0.8, 1.0}, 0.05, Spending.OBRIEN_FLEMING),
                0.002);
    }

    /**
     * For each number of looks, the constant C whose boundaries {@code shape(looks, C)} the recursion says spend 5 %
     * in all (found by Commons Math's Brent solver) is the published one.
     */
    private static void assertPublished(Map<Integer, Double> published, BiFunction<Integer, Double, double[]> shape) {
        published.forEach((looks, c) -> {
            double[] t = equal(looks);
            double found = new BrentSolver(1e-7)
                    .solve(100, x -> Sequential.crossing(t, shape.apply(looks, x)) - 0.05, 1.5, 3.5);
            assertEquals(c, found, 0.0015, looks + " looks");
        });
    }

    @Test
    void spendingBoundariesSpendAlphaOnSimulatedScores() {
        // the score's path simulated directly (independent normal increments): each look's first crossings take
        // the share the spending function gives it; 400 000 paths, SE of a share about 0.0003
        for (Spending spending : Spending.values()) {
            double[] t = {0.3, 0.5, 0.8, 1.0};
            double[] c = Sequential.boundaries(t, 0.05, spending);
            double[] first = new double[t.length];
            Random random = new Random(11);
            int paths = 400_000;
            for (int i = 0; i < paths; i++) {
                double s = 0, before = 0;
                for (int k = 0; k < t.length; k++) {
                    s += Math.sqrt(t[k] - before) * random.nextGaussian();
                    before = t[k];
                    if (Math.abs(s) / Math.sqrt(t[k]) >= c[k]) {
                        first[k]++;
                        break;
                    }
                }
            }
            double spent = 0;
            for (int k = 0; k < t.length; k++) {
                double share = spending.spent(0.05, t[k]) - spent;
                spent += share;
                assertEquals(share, first[k] / paths, 0.0012, spending + " look " + (k + 1));
            }
        }
    }

    @Test
    void pocockTypeSpendsEvenlyAndObrienFlemingLate() {
        double[] pocock = Sequential.boundaries(FIVE_EQUAL, 0.05, Spending.POCOCK);
        double[] obf = Sequential.boundaries(FIVE_EQUAL, 0.05, Spending.OBRIEN_FLEMING);
        // Lan and DeMets' Pocock type is near Pocock's constant 2.413; the O'Brien–Fleming type's boundaries are
        // the published ones for five equal looks at 2.5 % a side, and fall to just above 1.96 at the last look
        Arrays.stream(pocock).forEach(c -> assertEquals(2.413, c, 0.05));
        assertArrayEquals(new double[] {4.877, 3.357, 2.680, 2.290, 2.031}, obf, 0.002);
        assertTrue(obf[4] > 1.96 && obf[4] < 2.1, Arrays.toString(obf));
        assertArrayEquals(pocock, Sequential.boundaries(FIVE_EQUAL, 0.05, Spending.POCOCK), 0);
    }

    @Test
    void theInformationFractionIsTheLogRatiosPrecision() {
        assertEquals(0.4, Sequential.fraction(4, 4, 10), 1e-12);
        // 4 and 6 runs: 1/(1/4 + 1/6) = 2.4 of the cap's 5
        assertEquals(0.48, Sequential.fraction(4, 6, 10), 1e-12);
        assertEquals(1, Sequential.fraction(12, 12, 10), 1e-12);
        assertEquals(0, Sequential.fraction(0, 4, 10), 1e-12);
    }

    /**
     * Simulated comparisons per case of the error-rate tests: 2 000 in the build, 20 000 for the figures compare.md
     * quotes ({@code -Dvtlab.sequential.sims=20000}), where a 5 % rate is read to ±0.3 %.
     */
    private static final int SIMS = Integer.getInteger("vtlab.sequential.sims", 2000);

    /** The design the comparison uses: first look at 4 runs per mode, then after every block of 2, a cap of 10. */
    private static final Design LAB = new Design(4, 2, 10, Spending.OBRIEN_FLEMING);

    @Test
    void readingEveryBlockWithoutTheDesignFindsDifferencesThatAreNotThere() {
        Outcome naive = simulate(LAB, 1.0, 0.05, 0, SIMS, 1, true);
        Outcome designed = simulate(LAB, 1.0, 0.05, 0, SIMS, 1, false);
        report("naive, ratio 1, 5 %", naive);
        report("designed, ratio 1, 5 %", designed);
        assertTrue(naive.differs() > 0.075, "naive " + naive.differs());
        assertTrue(designed.differs() <= 0.06, "designed " + designed.differs());
    }

    @Test
    void errorRatesHoldAtTheSpreadsMeasuredHere() {
        for (double spread : new double[] {0.03, 0.05, 0.07}) {
            Outcome atOne = simulate(LAB, 1.0, spread, 0, SIMS, 2, false);
            Outcome atMargin = simulate(LAB, 1.05, spread, 0, SIMS, 3, false);
            report("ratio 1, spread " + spread, atOne);
            report("ratio 1.05, spread " + spread, atMargin);
            assertTrue(atOne.differs() <= 0.06, spread + ": a difference at ratio 1 " + atOne.differs());
            assertTrue(
                    atMargin.share(Verdict.EQUIVALENT) <= 0.06,
                    spread + ": equivalent at the margin " + atMargin.share(Verdict.EQUIVALENT));
            if (spread == 0.03) {
                // where runs are this alike, ten per mode tell "the same within ±5 %" most of the time
                assertTrue(
                        atOne.share(Verdict.EQUIVALENT) >= 0.80, "equivalent at 1 " + atOne.share(Verdict.EQUIVALENT));
            }
        }
    }

    /**
     * On 2026-11-30 a mode's runs spread by 0.085–0.105 in the log (results.md). At 0.10 the error rates still hold, but
     * "the same within ±5 %" is out of reach: by hand, ten runs a mode give the log ratio a standard error of 0.10 ×
     * √(2/10) = 0.045, so even an unadjusted 90 % interval (t 1.73 on 18 degrees of freedom) is ±0.077, wider than
     * the margin's ±0.049; it fits only when the runs happen to spread by under 0.063, which χ² on 18 degrees of
     * freedom puts at about 1 % (18 × 0.063² / 0.10² = 7.1).
     */
    @Test
    void atTheSecondDaysSpreadTheErrorRatesHoldButEquivalenceIsOutOfReach() {
        Outcome atOne = simulate(LAB, 1.0, 0.10, 0, 2000, 9, false);
        report("ratio 1, spread 0.10", atOne);
        assertTrue(atOne.differs() <= 0.06, "a difference at ratio 1 " + atOne.differs());
        assertTrue(atOne.share(Verdict.EQUIVALENT) <= 0.03, "equivalent at 1 " + atOne.share(Verdict.EQUIVALENT));
    }

    @Test
    void aTenPercentDifferenceIsFoundEarly() {
        for (double spread : new double[] {0.03, 0.05, 0.07}) {
            Outcome lower = simulate(LAB, 0.90, spread, 0, 1000, 4, false);
            report("ratio 0.90, spread " + spread, lower);
            assertTrue(lower.lower() >= 0.80, spread + ": lower at 0.90 " + lower.lower());
            assertTrue(lower.runs() < LAB.cap(), spread + ": runs " + lower.runs());
        }
    }

    @Test
    void theSpendingShapeIsChosenForTenRunsPerMode() {
        // the design's shape fixed before any data: at the spreads measured here the question is mostly "the same
        // within ±5 %?", which needs the last looks' intervals narrow; the Pocock type spends early and widens them
        Design pocock = new Design(LAB.first(), LAB.step(), LAB.cap(), Spending.POCOCK);
        Outcome obfAtOne = simulate(LAB, 1.0, 0.04, 0, 1500, 7, false);
        Outcome pocockAtOne = simulate(pocock, 1.0, 0.04, 0, 1500, 7, false);
        Outcome obfLower = simulate(LAB, 0.90, 0.04, 0, 1500, 8, false);
        Outcome pocockLower = simulate(pocock, 0.90, 0.04, 0, 1500, 8, false);
        report("O'Brien-Fleming, ratio 1, spread 0.04", obfAtOne);
        report("Pocock, ratio 1, spread 0.04", pocockAtOne);
        report("O'Brien-Fleming, ratio 0.90, spread 0.04", obfLower);
        report("Pocock, ratio 0.90, spread 0.04", pocockLower);
        assertTrue(obfAtOne.share(Verdict.EQUIVALENT) > pocockAtOne.share(Verdict.EQUIVALENT));
        assertTrue(obfLower.lower() >= 0.95 && pocockLower.lower() >= 0.95);
    }

    @Test
    void aDaysOwnRatioIsNotTheMachines() {
        // the between-day spread of the banking ratio (about 4 %) is in every run of a day alike: one day's runs
        // cannot average it away, so a verdict "for this machine" from one day is wrong far more often than 5 %
        Outcome oneDay = simulate(LAB, 1.0, 0.05, 0.04, 2000, 6, false);
        report("ratio 1 for the machine, spread 0.05, day 0.04", oneDay);
        assertTrue(oneDay.differs() > 0.15, "one day " + oneDay.differs());
    }

    /** Looks at {@code first}, then every {@code step} runs per mode up to {@code cap}. */
    record Design(int first, int step, int cap, Spending spending) {
        int[] looks() {
            List<Integer> n = new ArrayList<>();
            for (int k = first; k < cap; k += step) {
                n.add(k);
            }
            n.add(cap);
            return n.stream().mapToInt(Integer::intValue).toArray();
        }
    }

    record Outcome(Map<Verdict, Integer> counts, int sims, double runs) {
        double share(Verdict v) {
            return counts.getOrDefault(v, 0) / (double) sims;
        }

        double lower() {
            return share(Verdict.LOWER_WITHIN_MARGIN) + share(Verdict.LOWER_BEYOND_MARGIN);
        }

        double higher() {
            return share(Verdict.HIGHER_WITHIN_MARGIN) + share(Verdict.HIGHER_BEYOND_MARGIN);
        }

        double differs() {
            return lower() + higher();
        }

        /** Not decided where the comparison ends: inconclusive, or undecided at the cap. */
        double undecided() {
            return share(Verdict.INCONCLUSIVE) + share(Verdict.UNDECIDED_AT_CAP) + share(Verdict.UNDETERMINED);
        }
    }

    /**
     * {@code sims} comparisons of a mode whose true ratio to the baseline is {@code ratio}, runs log-normal with
     * spread {@code spread}, the day's ratio off the machine's by a normal {@code daySpread} on the log scale; each read
     * at the design's looks, stopping at the first verdict ({@code naive}: a plain interval at every look).
     */
    static Outcome simulate(
            Design design, double ratio, double spread, double daySpread, int sims, long seed, boolean naive) {
        Random random = new Random(seed);
        Map<Verdict, Integer> counts = new EnumMap<>(Verdict.class);
        int[] looks = design.looks();
        long runs = 0;
        for (int s = 0; s < sims; s++) {
            double day = daySpread * random.nextGaussian();
            double[] mode = new double[design.cap()], base = new double[design.cap()];
            for (int i = 0; i < design.cap(); i++) {
                mode[i] = 100 * ratio * Math.exp(day + spread * random.nextGaussian());
                base[i] = 100 * Math.exp(spread * random.nextGaussian());
            }
            double[] fractions = new double[looks.length];
            Verdict verdict = Verdict.INCONCLUSIVE;
            int used = design.cap();
            for (int k = 0; k < looks.length; k++) {
                int n = looks[k];
                fractions[k] = Sequential.fraction(n, n, design.cap());
                LogRatio r = Ratios.unpaired(Arrays.copyOf(mode, n), Arrays.copyOf(base, n), 0);
                boolean last = k == looks.length - 1;
                Verdict v = naive
                        ? Verdicts.judge(r).verdict()
                        : Sequential.read(Arrays.copyOf(fractions, k + 1), last, r, Verdicts.MARGIN, design.spending())
                                .verdict();
                if (v.decided() || last) {
                    verdict = v;
                    used = n;
                    break;
                }
            }
            counts.merge(verdict, 1, Integer::sum);
            runs += used;
        }
        return new Outcome(counts, sims, runs / (double) sims);
    }

    private static void report(String what, Outcome o) {
        System.out.printf(
                Locale.ROOT,
                "[sequential] %-45s lower %.3f higher %.3f equivalent %.3f undecided %.3f runs per mode %.2f%n",
                what,
                o.lower(),
                o.higher(),
                o.share(Verdict.EQUIVALENT),
                o.undecided(),
                o.runs());
    }

    @Test
    void aReadingUsesTheLastLooksLevel() {
        // a log ratio of −0.05 with standard error 0.02 and many df: the fixed 95 % interval excludes 1 (z 2.5), the
        // Pocock-type first of five looks (z about 2.44) does too, the O'Brien–Fleming type's first (about 4.9) not
        LogRatio r = LogRatio.of(-0.05, 0.02, new Pivot.StudentT(1e6), 0, 0, 100, 100, LogRatio.Pairing.UNPAIRED, 4);
        Reading pocock = Sequential.read(new double[] {0.2}, false, r, 0.05, Spending.POCOCK);
        Reading obf = Sequential.read(new double[] {0.2}, false, r, 0.05, Spending.OBRIEN_FLEMING);
        // its 95 % interval's high end exp(−0.05 + 1.96 · 0.02) = 0.989 is inside the margin's 0.952
        assertEquals(Verdict.LOWER_WITHIN_MARGIN, pocock.verdict());
        assertEquals(Verdict.INCONCLUSIVE, obf.verdict());
        // at the last look all of α is spent: the same ratio is lower
        Reading last = Sequential.read(new double[] {0.2, 0.6}, true, r, 0.05, Spending.OBRIEN_FLEMING);
        assertEquals(Verdict.LOWER_WITHIN_MARGIN, last.verdict());
        assertTrue(last.stops());
        assertTrue(last.differenceConfidence() > 0.95 && last.differenceConfidence() < 0.99);
    }

    /**
     * The kept banking comparison of 2026-11-30 06:12 stopped "higher" after six rounds under the spending used then.
     * Read again from its kept runs under the published convention, its repeated interval at six rounds is the one an
     * outside derivation found, 0.998 to 1.135 (issue 67): inconclusive, so it would have gone on.
     */
    @Test
    void theKeptStopOfNovember30ReadsInconclusiveUnderThePublishedConvention() throws IOException {
        Path summary = Fixtures.ROOT.resolve("docs/data/2026-11-30-seq-banking-3/summary.json");
        List<Double> fractions = new ArrayList<>();
        Reading reading = null;
        for (int rounds : new int[] {4, 6}) {
            double[] mode = tpsPerCpuSecond(summary, "managed-virtual", rounds);
            double[] pool = tpsPerCpuSecond(summary, "threadpool", rounds);
            fractions.add(Sequential.fraction(mode.length, pool.length, 10));
            double[] t = fractions.stream().mapToDouble(Double::doubleValue).toArray();
            reading =
                    Sequential.read(t, false, Ratios.unpaired(mode, pool, 0), Verdicts.MARGIN, Spending.OBRIEN_FLEMING);
        }
        assertEquals(Verdict.INCONCLUSIVE, reading.verdict());
        assertEquals(0.998, reading.difference().low(), 0.0006);
        assertEquals(1.135, reading.difference().high(), 0.0006);
    }

    /** Banking's requests per CPU-second at 100 users in the kept runs of {@code mode} up to {@code rounds}. */
    private static double[] tpsPerCpuSecond(Path summary, String mode, int rounds) throws IOException {
        try (JsonReader reader = Json.createReader(Files.newBufferedReader(summary))) {
            return reader.readObject().getJsonArray("runs").stream()
                    .map(JsonValue::asJsonObject)
                    .filter(r -> r.getString("mode").equals(mode) && r.getInt("repetition") <= rounds)
                    .flatMap(r -> r.getJsonArray("levels").stream().map(JsonValue::asJsonObject))
                    .filter(l -> l.getString("level").equals("100 users"))
                    .mapToDouble(l -> l.getJsonNumber("tps_per_cpu_s").doubleValue())
                    .toArray();
        }
    }

    private static double[] equal(int looks) {
        double[] t = new double[looks];
        for (int k = 0; k < looks; k++) {
            t[k] = (k + 1) / (double) looks;
        }
        return t;
    }

    private static double[] constant(int looks, double c) {
        double[] b = new double[looks];
        Arrays.fill(b, c);
        return b;
    }

    private static double[] obf(int looks, double c) {
        double[] b = new double[looks];
        for (int k = 0; k < looks; k++) {
            b[k] = c * Math.sqrt(looks / (k + 1.0));
        }
        return b;
    }
}
