package dev.vtlab.compare.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.Fixtures;
import dev.vtlab.compare.analyse.Headline;
import dev.vtlab.compare.analyse.RunResult;
import dev.vtlab.compare.raw.Environment;
import dev.vtlab.compare.settings.Contrast;
import dev.vtlab.compare.settings.Metric;
import dev.vtlab.compare.stats.LogRatio;
import dev.vtlab.compare.stats.Multiplicity;
import dev.vtlab.compare.stats.Verdict;
import dev.vtlab.dispatch.DispatchMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Contrasts in the judge: mode against mode with the same intervals, verdicts and Holm family as against the baseline,
 * and the CPU µs per request difference with Welch's interval, on runs whose answers are worked by hand.
 */
class ComparisonContrastsTest {

    private static final DispatchMode POOL = DispatchMode.THREADPOOL,
            HANDOFF = DispatchMode.PLATFORM_HANDOFF,
            VIRTUAL = DispatchMode.VIRTUAL;

    /** virtual's runs: offsets 7, 10, 13; platform-handoff's (and the pool's): 12, 18, 20, 24, 26. */
    private static final double[] A = {7, 10, 13}, B = {12, 18, 20, 24, 26};

    /**
     * Steady req/s of 100·e^{0.001·offset}: the logs are ln 100 + 0.001·offset, so virtual ÷ platform-handoff is the
     * ratio of geometric means e^{0.001·(10 − 20)} = e^{−0.010}. Welch on the logs (ContrastsTest's hand derivation,
     * scaled by 0.001): s²/n = 3·10⁻⁶ and 6·10⁻⁶, se = 0.003, 6 df, t(0.975, 6) = 2.446912: e^{−0.010 ∓ 0.0073407} =
     * 0.982809 … 0.997344, p = 0.015741. The 90 % interval, t(0.95, 6) = 1.943180: e^{−0.010 ∓ 0.0058295} = 0.98430 …
     * 0.99584, inside [1/1.05, 1.05]: equivalent within ±5 %, though lower.
     *
     * <p>CPU µs per request of 100 + offset (requests per CPU-second 10⁶ ÷ that): virtual − platform-handoff = 110 − 120
     * = −10 µs, Welch's interval −17.340736 … −2.659264 (the same hand derivation, unscaled).
     */
    @Test
    void aContrastHasTheRatioAndTheCpuDifferenceOfItsTwoModes() {
        Comparison c = comparison(List.of(new Contrast(VIRTUAL, HANDOFF)));
        Headline rps = Headline.of(Metric.STEADY_RPS);
        List<Comparison.RatioRow> rows = c.contrastRows("ping", new Contrast(VIRTUAL, HANDOFF));
        Comparison.RatioRow r =
                rows.stream().filter(x -> x.headline().equals(rps)).findFirst().orElseThrow();
        assertEquals(VIRTUAL, r.mode());
        assertEquals(HANDOFF, r.baseline());
        assertFalse(r.primary(), "a contrast is a secondary row");
        assertEquals(LogRatio.Pairing.UNPAIRED, r.ratio().pairing(), "3 runs against 5: no pairs");
        assertEquals(Math.exp(-0.010), r.ratio().estimate(), 1e-9);
        assertEquals(0.982809, r.ratio().low(), 1e-6);
        assertEquals(0.997344, r.ratio().high(), 1e-6);
        assertEquals(0.015741, r.ratio().pValue(), 1e-6);
        assertEquals(Verdict.EQUIVALENT, r.verdict().verdict());
        assertEquals(0.98430, r.verdict().equivalence().low(), 1e-5);
        assertEquals(0.99584, r.verdict().equivalence().high(), 1e-5);
        assertNotNull(r.holm());

        Comparison.CpuDifference d = c.cpuDifferences().stream()
                .filter(x -> x.mode() == VIRTUAL && x.reference() == HANDOFF)
                .findFirst()
                .orElseThrow();
        assertEquals(-10, d.difference().estimate(), 1e-9);
        assertEquals(-17.340736, d.difference().low(), 1e-6);
        assertEquals(-2.659264, d.difference().high(), 1e-6);
        assertEquals(110, d.modeMicros(), 1e-9);
        assertEquals(120, d.referenceMicros(), 1e-9);
        // each mode against the baseline has its difference too, from the same Welch interval
        Comparison.CpuDifference againstPool = c.cpuDifferences().stream()
                .filter(x -> x.mode() == VIRTUAL && x.reference() == POOL)
                .findFirst()
                .orElseThrow();
        assertEquals(-17.340736, againstPool.difference().low(), 1e-6);
        assertEquals(
                2,
                c.cpuDifferences().stream().filter(x -> x.reference() == POOL).count());
    }

    @Test
    void contrastRowsAreInHolmsFamilyWithTheOtherSecondaryRows() {
        Comparison c = comparison(List.of(new Contrast(VIRTUAL, HANDOFF)));
        List<Comparison.RatioRow> family =
                new ArrayList<>(c.ratios().stream().filter(r -> !r.primary()).toList());
        family.addAll(c.contrastRows());
        List<Multiplicity.Adjusted> expected = Multiplicity.holm(
                family.stream().mapToDouble(r -> r.ratio().pValue()).toArray());
        for (int i = 0; i < family.size(); i++) {
            assertEquals(
                    expected.get(i),
                    family.get(i).holm(),
                    family.get(i).headline().key());
        }
        // without the contrast the family is smaller, so the same p-value is adjusted less
        Comparison alone = comparison(List.of());
        Headline rps = Headline.of(Metric.STEADY_RPS);
        assertTrue(alone.ratio("ping", VIRTUAL, rps).holm().adjusted()
                < c.ratio("ping", VIRTUAL, rps).holm().adjusted());
        assertTrue(alone.contrastRows().isEmpty());
    }

    @Test
    void aContrastAgainstTheBaselineIsTheBaselinesOwnRow() {
        Comparison c = comparison(List.of(new Contrast(HANDOFF, POOL)));
        Headline rps = Headline.of(Metric.STEADY_RPS);
        Comparison.RatioRow row = c.contrastRows("ping", new Contrast(HANDOFF, POOL)).stream()
                .filter(r -> r.headline().equals(rps))
                .findFirst()
                .orElseThrow();
        assertSame(c.ratio("ping", HANDOFF, rps), row);
        // the same test is not counted twice in the family
        assertEquals(
                comparison(List.of()).ratio("ping", HANDOFF, rps).holm(),
                c.ratio("ping", HANDOFF, rps).holm());
    }

    private static Comparison comparison(List<Contrast> contrasts) {
        List<RunResult> runs = new ArrayList<>();
        int order = 0;
        for (int i = 0; i < B.length; i++) {
            runs.add(run(POOL, i + 1, ++order, B[i]));
            runs.add(run(HANDOFF, i + 1, ++order, B[i]));
            if (i < A.length) {
                runs.add(run(VIRTUAL, i + 1, ++order, A[i]));
            }
        }
        return Comparison.of(ComparisonInput.of(
                        new Environment(Map.of("kernel", "test")),
                        List.of("ping"),
                        List.of(POOL, HANDOFF, VIRTUAL),
                        runs)
                .wallS(60)
                .contrasts(contrasts)
                .build());
    }

    /** A run of ping whose figures are set by one offset; every other figure is the same in every run. */
    private static RunResult run(DispatchMode mode, int repetition, int order, double offset) {
        // the JIT's and GC's seconds in the window (0 here) are the report's, never the judge's
        RunResult.Level level =
                Fixtures.level("steady", 50, 10, 40, 100 * Math.exp(0.001 * offset), 50, 1e6 / (100 + offset));
        return new Fixtures.Run(Fixtures.runRecord("ping", mode, repetition, order, 1000, Map.of()), List.of(level))
                .requests(3000)
                .perSecondOk(new double[40])
                .rssMaxBytes(2e8)
                .remoteCpuPct(1)
                .otherCpuPct(0)
                .result();
    }
}
