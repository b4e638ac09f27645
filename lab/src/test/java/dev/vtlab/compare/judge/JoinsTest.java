package dev.vtlab.compare.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.Fixtures;
import dev.vtlab.compare.raw.SummaryFiles;
import dev.vtlab.compare.stats.MetaAnalysis;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Comparisons joined figure by figure: which figures join, and the joined ratio worked by hand. */
class JoinsTest {

    /**
     * The kept banking join read again. An outside review of the kept summaries derived the join of all eleven,
     * 1.0646 [1.0418, 1.0879], and of the last seven, run with monitor-1.0 filtered and the new warm-up: 1.051 [1.018,
     * 1.085]. Their fingerprints tell the seven from the four before them: the join keeps the seven, shows the others
     * by fingerprint and joins all eleven beside them.
     */
    @Test
    void theKeptBankingJoinKeepsTheComparisonsAlikeAsAnOutsideReviewDerivedThem() throws IOException {
        List<String> dirs = List.of(
                "2026-11-28-managed-quick",
                "2026-11-28-managed-rigorous-banking",
                "2026-11-29-managed-rigorous-banking",
                "2026-11-29-seq-banking",
                "2026-11-29-quick-default-managed",
                "2026-11-30-quick-default-managed",
                "2026-11-30-seq-banking",
                "2026-11-30-seq-banking-2",
                "2026-11-30-quick-default-managed-2",
                "2026-11-30-quick-default-managed-3",
                "2026-11-30-seq-banking-3");
        List<SummaryFiles.Summary> kept = new ArrayList<>();
        for (String dir : dirs) {
            kept.add(SummaryFiles.read(Fixtures.ROOT.resolve("docs/data").resolve(dir), "test"));
        }
        Joins joins = Joins.of(kept);
        Joins.Row banking = joins.rows().stream()
                .filter(r -> r.key()
                        .equals(new Joins.Key(
                                "throughput", "tps_per_cpu_s@100 users", "managed-virtual", "threadpool")))
                .findFirst()
                .orElseThrow();
        assertEquals(dirs.subList(4, 11), names(dirs, banking.parts()));
        assertEquals(1.051, banking.joined().ratio(), 5e-4);
        assertEquals(1.018, banking.joined().low(), 5e-4);
        assertEquals(1.085, banking.joined().high(), 5e-4);
        // the four before: three that record their Liberty, and one that records neither it nor the monitors
        Joins.Unlike unlike = banking.unlike();
        assertEquals(2, unlike.groups().size());
        assertEquals(dirs.subList(1, 4), names(dirs, unlike.groups().get(0).parts()));
        assertEquals(List.of(dirs.get(0)), names(dirs, unlike.groups().get(1).parts()));
        assertEquals(
                SummaryFiles.NOT_RECORDED,
                joins.fingerprints().get(unlike.groups().get(0).fingerprint()).get("monitoring"));
        assertEquals(11, unlike.all().comparisons());
        assertEquals(1.0646, unlike.all().ratio(), 5e-5);
        assertEquals(1.0418, unlike.all().low(), 5e-5);
        assertEquals(1.0879, unlike.all().high(), 5e-5);
        assertEquals(2, unlike.difference().degreesOfFreedom());
        // of the seven, one stopped early: the comparison of 2026-11-30 that stopped after six rounds
        List<String> early = new ArrayList<>();
        for (Joins.Part p : banking.parts()) {
            if (p.ratio().stoppedEarly()) {
                early.add(dirs.get(p.source()));
            }
        }
        assertEquals(List.of("2026-11-30-seq-banking-3"), early);
        assertEquals(7, banking.sensitivity().leaveOneOut().size());
    }

    private static List<String> names(List<String> dirs, List<Joins.Part> parts) {
        return parts.stream().map(p -> dirs.get(p.source())).toList();
    }

    @Test
    void twoDaysOfTheSameFigureJoinWithTheSpreadBetweenThem() {
        // ln 0.90 and ln 0.95, each with a standard error of 0.03: w = 1111.1, Q = 1111.1·2·(0.0270336)² = 1.624036,
        // τ² = (Q − 1) / (2222.2 − 1111.1) = 0.000561636 (τ = 0.023699); equal weights, so the joined ratio is
        // √(0.90·0.95) = 0.924662; q floored at 1, SE = √(1 / Σw*) = 0.0270336, t(1) = 12.706205:
        // exp(ln 0.924662 ∓ 0.343491) = 0.655851, 1.303650
        Joins joins = Joins.of(List.of(
                summary("a", ratio("throughput", 0.90, 0.03, true), ratio("ping", 0.80, 0.05, true)),
                summary("b", ratio("throughput", 0.95, 0.03, true))));
        assertEquals(2, joins.rows().size());
        Joins.Row once = joins.rows().get(1);
        assertEquals("ping", once.key().test());
        assertNull(once.joined(), "ping was measured once: nothing to join");
        assertEquals("measured by one comparison", once.why());
        Joins.Row row = joins.rows().get(0);
        assertEquals(
                new Joins.Key("throughput", "tps_per_cpu_s@100 users", "managed-virtual", "threadpool"), row.key());
        assertEquals(0.924662, row.joined().ratio(), 1e-6);
        assertEquals(0.023699, row.joined().tau(), 1e-6);
        assertEquals(1.624036, row.joined().q(), 1e-6);
        assertEquals(0.655851, row.joined().low(), 1e-6);
        assertEquals(1.303650, row.joined().high(), 1e-6);
        // τ's Q-profile interval: with two equal standard errors Q(τ²) = d² / (2 (s² + τ²)), d = ln(0.95/0.90); Q(0)
        // = 1.624 lies below χ²₁'s 97.5 % quantile 5.023886, so the low end is 0; its 2.5 % quantile 0.000982069
        // (both from any χ² table) gives τ² = d² / (2 · 0.000982069) − 0.0009 = 1.487413, τ = 1.219598
        assertEquals(0, row.joined().tauLow(), 0);
        assertEquals(1.219598, row.joined().tauHigh(), 1e-5);
    }

    /**
     * The power at 2, 3 and 4 %, by the judge's fixed seed and trials, against the scaled χ² of equal standard errors:
     * two comparisons with s = 0.03 make Q = (1 + τ²/s²) χ²₁, so Q exceeds χ²₁'s 95 % quantile 3.841459 with P(χ²₁ >
     * x) = erfc(√(x / 2)), x = 3.841459 / (1 + τ²/s²): 0.1029, 0.1658, 0.2396. Tolerances of 4 standard errors of 20 000
     * trials.
     */
    @Test
    void thePowerToDetectASpreadComesWithEachJoinedFigure() {
        Joins joins = Joins.of(List.of(
                summary("a", ratio("throughput", 0.90, 0.03, true), ratio("ping", 0.80, 0.05, true)),
                summary("b", ratio("throughput", 0.95, 0.03, true))));
        Joins.Row row = joins.rows().get(0);
        assertEquals(
                List.of(0.02, 0.03, 0.04),
                row.power().stream().map(d -> d.tau()).toList());
        double[] expected = {0.1029, 0.1658, 0.2396};
        for (int i = 0; i < expected.length; i++) {
            MetaAnalysis.Detection d = row.power().get(i);
            assertEquals(Joins.POWER_TRIALS, d.trials());
            assertEquals(
                    expected[i], d.power(), 4 * Math.sqrt(expected[i] * (1 - expected[i]) / d.trials()), d.toString());
        }
        assertTrue(joins.rows().get(1).power().isEmpty(), "a figure measured once has no power to report");
        // the same summaries read again: the same power, to the last digit
        assertEquals(row.power(), Joins.of(joins.sources()).rows().get(0).power());
    }

    @Test
    void aComparisonWithoutAStandardErrorIsNamedNotJoined() {
        Joins joins = Joins.of(List.of(
                summary("a", ratio("throughput", 0.90, 0.03, true)),
                summary("b", ratio("throughput", 0.95, Double.NaN, true))));
        Joins.Row row = joins.rows().get(0);
        assertNull(row.joined());
        assertTrue(row.why().startsWith("comparison 2 has no interval for it (its summary predates log_se"), row.why());
        // a figure with no interval at all (a p95 read in whole milliseconds) says its verdict, not the summary's age
        SummaryFiles.Ratio some = new SummaryFiles.Ratio(
                "ping", "p95_ms", "managed-virtual", "threadpool", 1.2, 1.1, 1.3, "higher", 0.04, false, false);
        SummaryFiles.Ratio none = new SummaryFiles.Ratio(
                "ping",
                "p95_ms",
                "managed-virtual",
                "threadpool",
                1.26,
                Double.NaN,
                Double.NaN,
                "undetermined",
                Double.NaN,
                false,
                false);
        Joins.Row undetermined =
                Joins.of(List.of(summary("a", some), summary("b", none))).rows().get(0);
        assertEquals("comparison 2 has no interval for it (undetermined)", undetermined.why());
    }

    @Test
    void primaryFiguresComeFirst() {
        Joins joins = Joins.of(List.of(
                summary("a", ratio("secondary", 1.0, 0.02, false), ratio("throughput", 0.9, 0.03, true)),
                summary("b", ratio("secondary", 1.0, 0.02, false), ratio("throughput", 0.9, 0.03, true))));
        assertEquals(
                List.of("throughput", "secondary"),
                joins.rows().stream().map(r -> r.key().test()).toList());
    }

    private static SummaryFiles.Summary summary(String dir, SummaryFiles.Ratio... ratios) {
        return new SummaryFiles.Summary(
                Path.of(dir), "2026-11-28T00:00:00Z", "abc", "rigorous", "cmd", List.of(ratios));
    }

    private static SummaryFiles.Ratio ratio(String test, double ratio, double logSe, boolean primary) {
        return new SummaryFiles.Ratio(
                test,
                "tps_per_cpu_s@100 users",
                "managed-virtual",
                "threadpool",
                ratio,
                ratio * 0.9,
                ratio * 1.1,
                "inconclusive",
                logSe,
                primary,
                false);
    }
}
