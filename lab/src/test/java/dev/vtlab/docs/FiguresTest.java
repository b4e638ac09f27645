package dev.vtlab.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A figure quoted in README.md or docs/ cannot drift from the comparison it came from: every ratio with its interval
 * is one that a kept summary (docs/data/) holds, and a count on its line ("8 blocks", "11 joined", "6 runs") is the
 * one its kept file records. A time the README or results.md says a dated comparison took ("took 11.8 min … on
 * 2026-12-02", "11.4 min in all") is a kept wall time of that day, unless {@link #UNKEPT_TIMES} names it with the
 * reason no summary holds it. The notebook (docs/notebook.md) is the one page left out: it is the history, quoted from
 * comparisons whose summaries were not kept, and nothing else quotes it.
 */
class FiguresTest {

    private static final Path ROOT = Fixtures.ROOT;
    private static final Path NOTEBOOK = ROOT.resolve("docs/notebook.md");

    /** The pages whose times of a dated comparison are checked: the ones that say what the commands cost here. */
    private static final List<Path> TIMED = List.of(ROOT.resolve("README.md"), ROOT.resolve("docs/results.md"));

    /** Dated times that no kept summary holds, each with why: a phrase of the line, and the reason. */
    private static final Map<String, String> UNKEPT_TIMES = Map.of(
            "a clean clone took",
            "the whole build's time from a clean clone (./mvnw verify, the test suite), not a comparison's");

    @Test
    void everyFigureQuotedInTheReadmeAndDocsIsInAKeptSummary() throws IOException {
        Figures figures = Figures.read(ROOT.resolve("docs/data"));
        assertFalse(figures.kept().isEmpty(), "docs/data holds no kept summary.json");
        List<String> wrong = new ArrayList<>();
        for (Path page : pages()) {
            for (Figures.Mismatch m : figures.check(Files.readString(page))) {
                wrong.add(ROOT.relativize(page) + " " + m);
            }
        }
        assertTrue(wrong.isEmpty(), "figures that no kept summary holds:\n" + String.join("\n", wrong));
    }

    @Test
    void everyCountBesideAQuotedFigureIsTheOneItsKeptFileRecords() throws IOException {
        Figures figures = Figures.read(ROOT.resolve("docs/data"));
        List<String> wrong = new ArrayList<>();
        for (Path page : pages()) {
            for (Figures.Mismatch m : figures.counts(Files.readString(page))) {
                wrong.add(ROOT.relativize(page) + " " + m);
            }
        }
        assertTrue(wrong.isEmpty(), "counts that the kept file does not record:\n" + String.join("\n", wrong));
    }

    @Test
    void everyTimeOfADatedComparisonIsAKeptWallTimeOfThatDay() throws IOException {
        Figures figures = Figures.read(ROOT.resolve("docs/data"));
        assertFalse(figures.walls().isEmpty(), "docs/data holds no kept wall time");
        List<String> wrong = new ArrayList<>();
        StringBuilder all = new StringBuilder();
        for (Path page : TIMED) {
            String text = Files.readString(page);
            all.append(text);
            for (Figures.Mismatch m : figures.durations(text, UNKEPT_TIMES.keySet())) {
                wrong.add(ROOT.relativize(page) + " " + m);
            }
        }
        // an allowance whose sentence is gone would let a new one of the same words through unread
        for (String phrase : UNKEPT_TIMES.keySet()) {
            assertTrue(all.toString().contains(phrase), "UNKEPT_TIMES names a phrase no page holds: " + phrase);
        }
        assertTrue(wrong.isEmpty(), "times that no kept summary of their day holds:\n" + String.join("\n", wrong));
    }

    private static List<Path> pages() throws IOException {
        List<Path> pages = DocsTest.pages()
                .filter(p -> !p.equals(NOTEBOOK) && !labWritten(p))
                .toList();
        assertTrue(pages.containsAll(TIMED));
        return pages;
    }

    /**
     * A page the lab wrote, not a person: a kept crossover's report (its figures are its crossover.json's, four places
     * rounded to three) and the golden files of the tests.
     */
    private static boolean labWritten(Path page) {
        return page.toString().contains("/src/test/resources/")
                || page.getFileName().toString().equals("crossover.md");
    }

    @Test
    void aRatioPrintedAsTheReportPrintsItMatchesItsKeptRow(@TempDir Path data) throws IOException {
        Figures figures = kept(data, 0.80559, 0.71449, 0.90851, "lower");
        assertEquals(List.of(), figures.check("ping: 0.806 [0.714, 0.909] **lower**, and again 0.806 [0.714, 0.909]"));
        // 1 − 0.80559 = 19.4 %, and the interval's ends 1 − 0.90851 = 9.1 %, 1 − 0.71449 = 28.6 %, by hand
        assertEquals(List.of(), figures.check("was 19.4 % lower than threadpool's (95 % CI 9.1–28.6 %; 3 runs)"));
        assertEquals(List.of(), figures.check("requests per CPU-second 0.806 (CI 0.714–0.909) of the pool's"));
        assertEquals(
                1,
                figures.check("requests per CPU-second 0.806 (CI 0.714–0.910) of the pool's")
                        .size());
    }

    @Test
    void aFigureOffByTheLastDigitOrWithAnotherVerdictIsNamedWithItsLine(@TempDir Path data) throws IOException {
        Figures figures = kept(data, 0.80559, 0.71449, 0.90851, "lower");
        List<Figures.Mismatch> wrong = figures.check("line one\n0.806 [0.714, 0.908]\n0.806 [0.714, 0.909] higher");
        assertEquals(2, wrong.size(), wrong.toString());
        assertEquals(2, wrong.get(0).line());
        assertTrue(wrong.get(0).why().contains("matches no ratio"), wrong.get(0).why());
        assertEquals(3, wrong.get(1).line());
        assertTrue(
                wrong.get(1).why().contains("kept verdict is lower"),
                wrong.get(1).why());
        assertEquals(1, figures.check("19.4 % lower (95 % CI 9.1–28.7 %)").size());
        assertEquals(1, figures.check("19.4 % higher (95 % CI 9.1–28.6 %)").size());
    }

    @Test
    void aKeptShortVerdictIsReadAgainFromItsIntervalAgainstTheMargin(@TempDir Path data) throws IOException {
        // kept as "lower" before the glossary's words: its high end 0.90851 lies below 1/1.05 = 0.95238, so the
        // whole interval is beyond the margin
        Figures figures = kept(data, 0.80559, 0.71449, 0.90851, "lower");
        assertEquals(List.of(), figures.check("0.806 [0.714, 0.909], lower beyond the margin"));
        assertEquals(List.of(), figures.check("0.806 [0.714, 0.909], **lower beyond\nthe margin**"));
        List<Figures.Mismatch> within = figures.check("0.806 [0.714, 0.909], lower, within the margin");
        assertEquals(1, within.size(), within.toString());
        assertTrue(
                within.get(0).why().contains("kept verdict is lower beyond the margin"),
                within.get(0).why());
        assertEquals(1, figures.check("0.806 [0.714, 0.909] equivalent").size());
    }

    @Test
    void aKeptVerdictInTheGlossarysWordsIsReadAsItIs(@TempDir Path data) throws IOException {
        // 1.073 [1.034, 1.113]: 1.034 lies inside 1.05, within the margin
        Figures figures = kept(data, 1.07300, 1.03400, 1.11320, "higher, within the margin");
        assertEquals(List.of(), figures.check("1.073 [1.034, 1.113], higher, within the margin"));
        assertEquals(List.of(), figures.check("1.073 [1.034, 1.113] higher"));
        assertEquals(
                1,
                figures.check("1.073 [1.034, 1.113], higher beyond the margin").size());
    }

    @Test
    void aChangeUpwardIsReadFromTheRatioAboveOne(@TempDir Path data) throws IOException {
        // ratio 1.192 [1.116, 1.274]: +19.2 %, CI 11.6–27.4 %
        Figures figures = kept(data, 1.19221, 1.11618, 1.27364, "higher");
        assertEquals(List.of(), figures.check("19.2 % higher than threadpool's (95 % CI 11.6–27.4 %; 3 runs)"));
        assertEquals(List.of(), figures.check("1.192 [1.116, 1.274] higher"));
        assertEquals(1, figures.check("19.2 % lower (95 % CI 11.6–27.4 %)").size());
    }

    @Test
    void aCountBesideAFigureIsTheOneItsKeptFileRecords(@TempDir Path data) throws IOException {
        Figures figures = counted(data);
        // the crossover's 8 blocks; the join's 3 comparisons; the summary's 3 runs a mode, or 6 in all
        assertEquals(
                List.of(),
                figures.counts("| 1.010 [0.942, 1.082], 8 blocks | inconclusive |\n"
                        + "| 1.065 [1.042, 1.088], 3 comparisons joined | 0.806 [0.714, 0.909] | 3 joined |\n"
                        + "0.806 (CI 0.714–0.909) of the pool's, 6 runs; 19.4 % lower (95 % CI 9.1–28.6 %; 3 runs)"));
        // a count on a line without a figure is not a figure's
        assertEquals(List.of(), figures.counts("8 runs of about 3 min, 5 blocks"));
    }

    @Test
    void aWrongCountIsNamedWithItsLine(@TempDir Path data) throws IOException {
        Figures figures = counted(data);
        List<Figures.Mismatch> wrong = figures.counts("the default:\n| 1.010 [0.942, 1.082], 6 blocks |\n"
                + "1.065 [1.042, 1.088], 11 comparisons joined\n0.806 [0.714, 0.909], 4 runs\n"
                + "0.806 [0.714, 0.909], 8 blocks");
        assertEquals(4, wrong.size(), wrong.toString());
        assertEquals(2, wrong.get(0).line());
        assertEquals("6 blocks", wrong.get(0).quoted());
        assertTrue(wrong.get(0).why().contains("[8]"), wrong.get(0).why());
        assertEquals(3, wrong.get(1).line());
        assertTrue(wrong.get(1).why().contains("[3]"), wrong.get(1).why());
        assertEquals(4, wrong.get(2).line());
        assertTrue(wrong.get(2).why().contains("[3, 6]"), wrong.get(2).why());
        // blocks beside a fresh-JVM figure: no crossover holds it
        assertEquals(5, wrong.get(3).line());
        assertTrue(
                wrong.get(3).why().contains("no figure of a kept crossover.json"),
                wrong.get(3).why());
    }

    @Test
    void aTimeOfADatedComparisonIsAKeptWallTimeOfThatDay(@TempDir Path data) throws IOException {
        // the crossover's 684.1 s is 11.4 min; the summary's 850.1 s of 2026-11-29 is 14.2 min
        Figures figures = counted(data);
        assertEquals(List.of(), figures.durations("It took 11.4 min here on 2026-12-02:", List.of()));
        assertEquals(
                List.of(), figures.durations("on 2026-11-29 it took 14.2 min; 2026-12-02: 11.4 min in all", List.of()));
        // no kept comparison of that day, or no day: nothing to hold it to
        assertEquals(List.of(), figures.durations("It took 99.9 min on 2026-01-05, and took 5 min once", List.of()));
        // "14 min" is printed without a decimal: 14.17 rounds to it
        List<Figures.Mismatch> wrong = figures.durations(
                "# Timing\nIt took 11.8 min here on 2026-12-02:\ntook 14 min on 2026-11-29", List.of());
        assertEquals(1, wrong.size(), wrong.toString());
        assertEquals(2, wrong.get(0).line());
        assertEquals("took 11.8 min", wrong.get(0).quoted());
        assertTrue(wrong.get(0).why().contains("11.4 min"), wrong.get(0).why());
        assertEquals(
                1, figures.durations("took 14.3 min on 2026-11-29", List.of()).size());
        assertEquals(
                List.of(),
                figures.durations("It took 11.8 min here on 2026-12-02, a clean clone", List.of("a clean clone")));
    }

    /**
     * A crossover of 2026-12-02 (8 blocks, 684.1 s), a join of 3 comparisons and a summary of 2026-11-29 with 3 runs
     * a mode (850.1 s), each holding one ratio.
     */
    private static Figures counted(Path data) throws IOException {
        Path crossover = Files.createDirectories(data.resolve("2026-12-02-crossover-default"));
        Files.writeString(
                crossover.resolve("crossover.json"),
                """
                {"test": "throughput", "blocks": 8, "wall_s": 684.1,
                 "contrasts": [{"mode": "managed-virtual", "baseline": "threadpool", "verdict": "inconclusive",
                   "requests_per_cpu_second": {"ratio": 1.0101, "ci95_low": 0.9424, "ci95_high": 1.0824}}]}
                """);
        Path join = Files.createDirectories(data.resolve("current"));
        Files.writeString(
                join.resolve("join.json"),
                """
                {"joined": [{"test": "throughput", "metric": "tps_per_cpu_s@100 users", "mode": "managed-virtual",
                  "reference": "threadpool", "parts": [{}, {}, {}],
                  "ratio": 1.0651, "ci_low": 1.0421, "ci_high": 1.0881, "verdict": "higher"}]}
                """);
        Path summary = Files.createDirectories(data.resolve("2026-11-29-quick"));
        String run = "{\"test\": \"ping\", \"mode\": \"%s\"}";
        Files.writeString(
                summary.resolve("summary.json"),
                """
                {"wall_time_s": 850.1, "baseline": "threadpool", "runs": [%s, %s, %s, %s, %s, %s],
                 "ratios": [{"test": "ping", "mode": "managed-virtual", "metric": "tps_per_cpu_s",
                  "ratio": 0.80559, "ci_low": 0.71449, "ci_high": 0.90851, "verdict": "lower"}]}
                """
                        .formatted(Stream.of("threadpool", "managed-virtual")
                                .flatMap(m -> Stream.of(m, m, m))
                                .map(run::formatted)
                                .toArray()));
        return Figures.read(data);
    }

    private static Figures kept(Path data, double ratio, double low, double high, String verdict) throws IOException {
        Path dir = Files.createDirectories(data.resolve("2026-01-01-example"));
        Files.writeString(
                dir.resolve("summary.json"),
                """
                {"ratios": [{"test": "ping", "mode": "managed-virtual", "metric": "tps_per_cpu_s",
                  "ratio": %s, "ci_low": %s, "ci_high": %s, "verdict": "%s"}],
                 "contrasts": [{"test": "ping", "metric": "steady_rps", "ratio": null}]}
                """
                        .formatted(ratio, low, high, verdict));
        return Figures.read(data);
    }
}
