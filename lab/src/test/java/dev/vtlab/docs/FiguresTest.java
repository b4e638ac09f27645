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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A figure quoted in README.md or docs/ cannot drift from the comparison it came from: every ratio with its interval
 * is one that a kept summary (docs/data/) holds. The notebook (docs/notebook.md) is the one page left out: it is the
 * history, quoted from comparisons whose summaries were not kept, and nothing else quotes it.
 */
class FiguresTest {

    private static final Path ROOT = Fixtures.ROOT;
    private static final Path NOTEBOOK = ROOT.resolve("docs/notebook.md");

    @Test
    void everyFigureQuotedInTheReadmeAndDocsIsInAKeptSummary() throws IOException {
        Figures figures = Figures.read(ROOT.resolve("docs/data"));
        assertFalse(figures.kept().isEmpty(), "docs/data holds no kept summary.json");
        List<String> wrong = new ArrayList<>();
        List<Path> pages = new ArrayList<>(DocsTest.pages()
                .filter(p -> !p.equals(NOTEBOOK) && !labWritten(p))
                .toList());
        assertTrue(pages.contains(ROOT.resolve("README.md")) && pages.contains(ROOT.resolve("docs/results.md")));
        for (Path page : pages) {
            for (Figures.Mismatch m : figures.check(Files.readString(page))) {
                wrong.add(ROOT.relativize(page) + " " + m);
            }
        }
        assertTrue(wrong.isEmpty(), "figures that no kept summary holds:\n" + String.join("\n", wrong));
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
