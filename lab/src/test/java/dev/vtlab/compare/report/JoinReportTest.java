package dev.vtlab.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.judge.Joins;
import dev.vtlab.compare.raw.SummaryFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a join writes: the table, the chart and the console line, for the cases worked by hand in JoinsTest and
 * MetaAnalysisTest.
 */
class JoinReportTest {

    @Test
    void theJoinedRatioEachComparisonAndAFigureMeasuredOnce(@TempDir Path out) throws IOException {
        Joins joins = Joins.of(List.of(
                summary(
                        out.resolveSibling("one"),
                        "2026-11-28T10:00:00Z",
                        ratio("throughput", 0.90),
                        ratio("ping", 0.80)),
                summary(out.resolveSibling("two"), "2026-11-29T10:00:00Z", ratio("throughput", 0.95))));
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        JoinReport.write(joins, "the command", out, new PrintStream(console, true, StandardCharsets.UTF_8));

        String md = Files.readString(out.resolve(JoinReport.MARKDOWN));
        // √(0.90·0.95) = 0.925 [0.656, 1.304], τ 0.024 with its interval 0–1.220 (JoinsTest works them out)
        assertTrue(
                md.contains("| throughput · tps_per_cpu_s@100 users (primary) | managed-virtual ÷ threadpool | 1: 0.900"
                        + " [0.810, 0.990]<br>2: 0.950 [0.855, 1.045] | 0.925 [0.656, 1.304] over 2 comparisons |"
                        + " 0.024, 95 % interval 0–1.220 | "),
                md);
        // the power JoinsTest checks, then no prediction from two comparisons; P(χ²₁ ≥ 1.624036) = 0.2025
        assertTrue(md.contains(" % | needs 3 comparisons | needs 3 comparisons | 0.203 |"), md);
        assertTrue(
                md.contains("| power to detect τ 2 / 3 / 4 % | next comparison, true ratio | next comparison,"
                        + " observed ratio |"),
                md);
        assertTrue(
                md.contains("| ping · tps_per_cpu_s@100 users (primary) | managed-virtual ÷ threadpool | 1: 0.800"
                        + " [0.720, 0.880] | 0.800 [0.720, 0.880], measured by one comparison |"),
                md);
        assertTrue(md.contains("| 2 | ../two | 2026-11-29T10:00:00Z | abc | rigorous |"), md);

        String svg = Files.readString(out.resolve(JoinReport.SVG));
        assertTrue(svg.startsWith("<svg") && svg.contains("fill=\"white\""), svg);
        // two comparisons and the joined ratio for banking, one comparison for ping
        assertEquals(4, svg.split("<circle", -1).length - 1, svg);
        assertTrue(svg.contains("throughput tps_per_cpu_s@100 users, managed-virtual ÷ threadpool · joined"), svg);
        assertTrue(svg.contains("ping tps_per_cpu_s@100 users, managed-virtual ÷ threadpool · 1: 2026-11-28 rigorous"));

        String printed = console.toString(StandardCharsets.UTF_8);
        assertTrue(
                printed.contains("[compare] throughput tps_per_cpu_s@100 users, managed-virtual ÷ threadpool:"
                        + " 0.925 [0.656, 1.304] over 2 comparisons; τ 0.024, 95 % interval 0–1.220; power to detect"
                        + " τ 2 / 3 / 4 %: "),
                printed);
        String json = Files.readString(out.resolve(JoinReport.JSON));
        assertTrue(json.contains("\"tau_ci_high\": 1.2195"), json);
        assertTrue(json.contains("\"tau_reading\": \"estimated\""), json);
    }

    /**
     * Three comparisons at ln ratios 0, 0.04 and 0.08 with s = 0.05 each: τ's estimate is 0 with its interval 0–0.246
     * (MetaAnalysisTest works it out), so the report says "not detected", never a spread of 0. μ = 0.04, SE = √(1/1200)
     * = 0.028868 (q floored at 1), t(1) = 12.706205: the next true ratio exp(0.04 ∓ 0.366797) = 0.721–1.502; the next
     * observed one adds the median s, exp(0.04 ∓ 12.706205 · √(1/1200 + 0.0025)) = 0.500–2.168.
     */
    @Test
    void aSpreadEstimatedAtZeroIsNotDetectedWithItsIntervalAndBothPredictions(@TempDir Path out) throws IOException {
        List<SummaryFiles.Summary> sources = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            sources.add(summary(
                    out.resolveSibling("day" + i),
                    "2026-11-2" + i + "T10:00:00Z",
                    ratio("throughput", Math.exp(0.04 * i), 0.05)));
        }
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        JoinReport.write(Joins.of(sources), "the command", out, new PrintStream(console, true, StandardCharsets.UTF_8));
        String md = Files.readString(out.resolve(JoinReport.MARKDOWN));
        assertTrue(md.contains("over 3 comparisons | not detected, 95 % interval 0–0.246 | "), md);
        assertTrue(md.contains(" % | 0.721–1.502 | 0.500–2.168 | "), md);
        assertFalse(md.contains("τ 0.000") || md.contains("| 0.000 |"), md);
        // unweighted: mean 0.04, sd 0.04, t(2) = 4.302653 · 0.04/√3: exp(0.04 ∓ 0.099365) = 0.942, 1.150; equal
        // weights;
        // leaving out ln 0 gives exp(0.06) = 1.062, ln 0.08 gives exp(0.02) = 1.020; the first of the tie moves it most
        assertTrue(
                md.contains("| throughput · tps_per_cpu_s@100 users (primary) | managed-virtual ÷ threadpool | 1.041"
                        + " [0.919, 1.178] | 1.041 [0.942, 1.150] | 1: 33 %, 2: 33 %, 3: 33 % | 1.020–1.062, most"
                        + " without 1 | none stopped early |  |"),
                md);
        String printed = console.toString(StandardCharsets.UTF_8);
        assertTrue(
                printed.contains(
                        "τ not detected, 95 % interval 0–0.246; next comparison's observed ratio 0.500–2.168;"),
                printed);
        String json = Files.readString(out.resolve(JoinReport.JSON));
        assertTrue(json.contains("\"tau_reading\": \"not detected\""), json);
        assertTrue(json.contains("\"prediction_observed_log_se\": 0.05"), json);
    }

    /**
     * Two comparisons of one fingerprint and an older one of another: the join keeps the two, √(0.90·0.95) = 0.925
     * [0.656, 1.304] (JoinsTest), with SE √(1/Σw*) = 0.0270336. The other, 1.000 with s = 0.03, differs by
     * Q = 0.0783269² / (0.0270336² + 0.03²) = 3.762 on 1 degree of freedom, p = 2·(1 − Φ(√3.762)) = 0.052.
     */
    @Test
    void anUnlikeComparisonIsShownBesideTheJoinAndTestedAgainstIt(@TempDir Path out) throws IOException {
        Map<String, String> older = new LinkedHashMap<>();
        SummaryFiles.FINGERPRINT.keySet().forEach(k -> older.put(k, SummaryFiles.NOT_RECORDED));
        older.put("monitoring", "every monitor");
        List<SummaryFiles.Summary> sources = List.of(
                summary(out.resolveSibling("new1"), "2026-11-29T10:00:00Z", ratio("throughput", 0.90)),
                summary(out.resolveSibling("new2"), "2026-11-30T10:00:00Z", ratio("throughput", 0.95)),
                new SummaryFiles.Summary(
                        out.resolveSibling("old"),
                        "2026-11-28T10:00:00Z",
                        "abc",
                        "rigorous",
                        "cmd",
                        List.of(ratio("throughput", 1.0)),
                        older));
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        JoinReport.write(Joins.of(sources), "the command", out, new PrintStream(console, true, StandardCharsets.UTF_8));
        String md = Files.readString(out.resolve(JoinReport.MARKDOWN));
        assertTrue(md.contains("| 3 | ../old | 2026-11-28T10:00:00Z | abc | rigorous | B |"), md);
        assertTrue(
                md.contains("| throughput · tps_per_cpu_s@100 users (primary) | managed-virtual ÷ threadpool | A: 0.925"
                        + " [0.656, 1.304] over 2 comparisons | B: 1.000 [0.900, 1.100] (comparison 3) | "),
                md);
        assertTrue(md.contains(" over 3 | Q 3.76 on 1, p 0.052 |"), md);
        assertTrue(md.contains("| B | not recorded | not recorded | every monitor |"), md);
        String printed = console.toString(StandardCharsets.UTF_8);
        assertTrue(
                printed.contains("; left out, unlike: B: 1.000 [0.900, 1.100] (comparison 3); every comparison "),
                printed);
    }

    @Test
    void aSummaryKeptBeforeTheGlossarysWordsIsReadInThem(@TempDir Path dir) throws IOException {
        Files.writeString(
                dir.resolve(SummaryFiles.SUMMARY),
                """
                {"environment": {"margin": "±5 %"}, "ratios": [
                  {"test": "throughput", "metric": "m", "mode": "managed-virtual", "baseline": "threadpool",
                   "ratio": 1.073, "ci_low": 1.034, "ci_high": 1.1135, "verdict": "higher"},
                  {"test": "ping", "metric": "m", "mode": "managed-virtual", "baseline": "threadpool",
                   "ratio": 0.873, "ci_low": 0.810, "ci_high": 0.941, "verdict": "lower"},
                  {"test": "footprint", "metric": "m", "mode": "managed-virtual", "baseline": "threadpool",
                   "ratio": 1.017, "ci_low": 1.013, "ci_high": 1.021, "verdict": "equivalent"}]}
                """);
        // 1.034 lies inside 1.05; 0.941 below 1/1.05 = 0.952
        assertEquals(
                List.of("higher, within the margin", "lower beyond the margin", "equivalent"),
                SummaryFiles.read(dir, "compare.join").ratios().stream()
                        .map(SummaryFiles.Ratio::verdict)
                        .toList());
    }

    private static SummaryFiles.Summary summary(Path dir, String when, SummaryFiles.Ratio... ratios) {
        return new SummaryFiles.Summary(dir, when, "abc", "rigorous", "cmd", List.of(ratios));
    }

    private static SummaryFiles.Ratio ratio(String test, double ratio) {
        return ratio(test, ratio, 0.03);
    }

    private static SummaryFiles.Ratio ratio(String test, double ratio, double logSe) {
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
                true,
                false);
    }
}
