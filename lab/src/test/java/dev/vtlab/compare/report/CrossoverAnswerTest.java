package dev.vtlab.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.judge.CrossoverJudge;
import dev.vtlab.compare.settings.Crossover;
import dev.vtlab.compare.stats.LogRatio;
import dev.vtlab.compare.stats.Pivot;
import dev.vtlab.compare.stats.Verdict;
import dev.vtlab.compare.stats.Verdicts;
import dev.vtlab.dispatch.DispatchMode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The crossover's answer, one case a verdict, against sentences written out by hand from the figures given: what a
 * team lead reads first must say what the judged result says, in at most 25 words a sentence.
 */
class CrossoverAnswerTest {

    private static final DispatchMode POOL = DispatchMode.THREADPOOL;
    private static final DispatchMode MV = DispatchMode.MANAGED_VIRTUAL;
    private static final DispatchMode MP = DispatchMode.MANAGED_PLATFORM;

    private static final Map<String, String> ENVIRONMENT = new LinkedHashMap<>();

    static {
        ENVIRONMENT.put("generated_at", "2026-12-02T04:12:33.511Z");
        ENVIRONMENT.put("server_cpus", "0");
        ENVIRONMENT.put("jdk", "Eclipse Adoptium 25.0.1+8-LTS");
        ENVIRONMENT.put("liberty", "Open Liberty 26.0.0.5");
        ENVIRONMENT.put("load", "100 users");
    }

    private static final String CONDITIONS =
            "Conditions: 100 users; 1 server CPU; JDK Eclipse Adoptium 25.0.1+8-LTS; Open Liberty 26.0.0.5; 2026-12-02.";

    /** The costs of every case: the pool 12.34 ms mean, 40.2 p95, 38.04 threads; managed-virtual 15.6, 47.6, 11.96. */
    private static final List<String> COSTS = List.of(
            "Latency as measured in this run, mean and p95: threadpool 12.34 and 40 ms, managed-virtual 15.60 and 48 ms.",
            "Pool threads left in use, as measured: threadpool 38.0, managed-virtual 12.0.");

    @Test
    void lowerBeyondTheMarginSaysHowMuchMoreCpuARequestAndToStayOnThePool() {
        // 1 / 0.780 − 1 = 0.282: about 28 % more CPU a request; the 95 % interval's top, 0.865, is below 1 / 1.05
        List<String> answer = answer(true, judgement(0.780, 0.704, 0.865, 0.718, 0.848));
        assertEquals(
                sentences(
                        "managed-virtual ÷ threadpool, requests per CPU-second: 0.780, 95 % CI 0.704–0.865, lower beyond"
                                + " the margin: managed-virtual needed about 28 % more CPU a request.",
                        "For CPU, stay on the pool at this load."),
                answer);
        assertShort(answer);
    }

    @Test
    void higherBeyondTheMarginSaysHowMuchLessCpuARequestAndThatTheMovePays() {
        // 1 − 1 / 1.250 = 0.200: 20 % less CPU a request; the interval's foot, 1.120, is above 1.05
        List<String> answer = answer(true, judgement(1.250, 1.120, 1.395, 1.150, 1.359));
        assertEquals(
                "managed-virtual ÷ threadpool, requests per CPU-second: 1.250, 95 % CI 1.120–1.395, higher beyond the"
                        + " margin: managed-virtual needed about 20 % less CPU a request.",
                answer.get(0));
        assertEquals("For CPU, the move pays at this load.", answer.get(3));
        assertShort(answer);
    }

    @Test
    void equivalentSaysNoDifferenceBeyondTheMarginWasDetectedOnTheIntervalItRestsOn() {
        // the 90 % interval, 0.960–1.040, lies inside 1 / 1.05 = 0.952 and 1.05; the 95 % one reaches past 0.952
        List<String> answer = answer(true, judgement(1.000, 0.948, 1.055, 0.960, 1.040));
        assertEquals(
                sentences(
                        "managed-virtual ÷ threadpool, requests per CPU-second: 1.000, 90 % CI 0.960–1.040, equivalent:"
                                + " no difference beyond ±5 % was detected.",
                        "For CPU, either is fine at this load; weigh latency and memory."),
                answer);
        assertShort(answer);
    }

    @Test
    void inconclusiveSaysNeitherWasShownWithTheIntervalsSpanAndToRunMoreBlocks() {
        // the golden file's ratio: 0.998 − 1 = −0.2 %, 1.080 − 1 = +8.0 %; the interval holds 1 and reaches past 1.05
        List<String> answer = answer(true, judgement(1.038, 0.998, 1.080, 1.010, 1.066));
        assertEquals(
                sentences(
                        "managed-virtual ÷ threadpool, requests per CPU-second: 1.038, 95 % CI 0.998–1.080, inconclusive"
                                + " (-0.2 % … +8.0 %): neither a difference nor equivalence was shown.",
                        "Not decided: run more blocks."),
                answer);
        assertShort(answer);
    }

    @Test
    void aWarmUpThatEndedAtItsCapIsNotAResultAndRecommendsNothing() {
        List<String> answer = answer(false, judgement(0.780, 0.704, 0.865, 0.718, 0.848));
        assertEquals(
                "Not a result: the warm-up reached its 300 s cap with the JIT still compiling; run again on a quieter"
                        + " host or raise compare.warmupSeconds.",
                answer.get(0));
        assertNoRecommendation(answer);
        assertShort(answer);
    }

    @Test
    void blocksThatVaryTooMuchAreNotAResultAndSaySoFirst() {
        Verdicts.Judgement v = Verdicts.judge(
                LogRatio.undetermined(
                        0.912,
                        4,
                        4,
                        LogRatio.Pairing.PAIRED,
                        "the runs vary too much: the 95 % interval (0.41 … 2.03) spans more than a factor of 4;"
                                + " run more repetitions"),
                0.05);
        List<String> answer = answer(true, v);
        assertEquals(
                List.of(
                        "Not a result: managed-virtual ÷ threadpool is undetermined, its blocks vary too much; run"
                                + " again on a quieter host, or with more blocks.",
                        "managed-virtual ÷ threadpool, requests per CPU-second: 0.912, undetermined: its blocks vary"
                                + " too much."),
                answer.subList(0, 2));
        assertNoRecommendation(answer);
        assertShort(answer);
    }

    @Test
    void tooFewUsableBlocksAreNotAResult() {
        Verdicts.Judgement v = Verdicts.judge(
                LogRatio.undetermined(
                        0.95, 1, 1, LogRatio.Pairing.PAIRED, "fewer than 2 runs in a mode (1 and 1): no interval"),
                0.05);
        List<String> answer = answer(true, v);
        assertEquals(
                "Not a result: managed-virtual ÷ threadpool had 1 usable block, too few for an interval; run again"
                        + " with more blocks (compare.crossover.blocks).",
                answer.get(0));
        assertNoRecommendation(answer);
        assertShort(answer);
    }

    @Test
    void severalModesReadEachMoveByNameAndStayWithinTheWordsEvenAtTheLongestVerdicts() {
        Crossover design = new Crossover(List.of(POOL, MV, MP), 30, 15, 6, 300);
        List<CrossoverJudge.Contrast> contrasts = List.of(
                contrast(MV, POOL, judgement(0.970, 0.945, 0.996, 0.949, 0.991)),
                contrast(MP, POOL, judgement(1.030, 1.004, 1.057, 1.008, 1.052)),
                contrast(MV, MP, judgement(0.942, 0.918, 0.967, 0.922, 0.963)));
        List<CrossoverJudge.ModeFigures> modes =
                List.of(figures(POOL, 10, 30, 40), figures(MV, 11, 33, 12), figures(MP, 10.5, 31, 41));
        List<String> answer = CrossoverAnswer.of(result(design, modes, contrasts, true), ENVIRONMENT);
        // 1 / 0.970 − 1 = 3.1 %; 1 − 1 / 1.030 = 2.9 %
        assertTrue(
                answer.get(0)
                        .endsWith("lower, within the margin: managed-virtual needed about 3.1 % more CPU a"
                                + " request."),
                answer.get(0));
        assertTrue(
                answer.get(1)
                        .endsWith("higher, within the margin: managed-platform needed about 2.9 % less CPU a"
                                + " request."),
                answer.get(1));
        assertEquals(
                List.of(
                        "managed-virtual: for CPU, a difference not shown to matter: weigh the other figures;"
                                + " re-measure if it would decide.",
                        "managed-platform: for CPU, a difference not shown to matter: weigh the other figures;"
                                + " re-measure if it would decide."),
                answer.subList(5, 7));
        assertShort(answer);
    }

    @Test
    void theConsoleEndsWithTheSameSentences() {
        CrossoverJudge.Result r = result(
                new Crossover(List.of(POOL, MV), 30, 15, 4, 300),
                modes(),
                List.of(contrast(MV, POOL, judgement(0.780, 0.704, 0.865, 0.718, 0.848))),
                true);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        CrossoverReport.console(r, ENVIRONMENT, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        List<String> answer = CrossoverAnswer.of(r, ENVIRONMENT);
        assertEquals(
                answer.stream().map(s -> "[compare] answer: " + s).toList(),
                lines.subList(lines.size() - answer.size(), lines.size()));
        assertTrue(CrossoverReport.markdown(r, ENVIRONMENT)
                .startsWith("# Crossover: throughput\n\n## The answer\n\n- " + answer.get(0) + "\n"));
    }

    /** The sentences of a two-mode case: its contrast's, the costs, its reading, the conditions. */
    private static List<String> sentences(String contrast, String reading) {
        List<String> s = new ArrayList<>(List.of(contrast));
        s.addAll(COSTS);
        s.add(reading);
        s.add(CONDITIONS);
        return s;
    }

    private static void assertShort(List<String> answer) {
        for (String s : answer) {
            assertTrue(CrossoverAnswer.words(s) <= CrossoverAnswer.MAX_WORDS, CrossoverAnswer.words(s) + ": " + s);
            assertFalse(s.contains("none"), s);
            int depth = 0;
            for (char ch : s.toCharArray()) {
                depth += ch == '(' ? 1 : ch == ')' ? -1 : 0;
                assertTrue(depth <= 1, "parentheses inside parentheses: " + s);
            }
        }
    }

    /** Not a result: no reading of the verdict, the reason first. */
    private static void assertNoRecommendation(List<String> answer) {
        assertTrue(answer.get(0).startsWith("Not a result: "), answer.get(0));
        assertTrue(
                answer.stream().noneMatch(s -> s.contains("For CPU") || s.startsWith("Not decided")),
                answer.toString());
        assertEquals(CONDITIONS, answer.get(answer.size() - 1));
    }

    private static List<String> answer(boolean warmed, Verdicts.Judgement v) {
        Crossover design = new Crossover(List.of(POOL, MV), 30, 15, 4, 300);
        return CrossoverAnswer.of(result(design, modes(), List.of(contrast(MV, POOL, v)), warmed), ENVIRONMENT);
    }

    /** A ratio with its 95 % interval and the 90 % one equivalence rests on, judged by the lab's rule at ±5 %. */
    private static Verdicts.Judgement judgement(double estimate, double low, double high, double low90, double high90) {
        LogRatio r = new LogRatio(
                estimate, low, high, 0.01, 4, 4, LogRatio.Pairing.PAIRED, 0.03, new Pivot.StudentT(3), 0, 0, "");
        LogRatio.Bounds ninety = new LogRatio.Bounds(low90, high90);
        Verdict verdict = Verdict.of(new LogRatio.Bounds(low, high), ninety, 0.05);
        return new Verdicts.Judgement(verdict, r, 0.05, ninety, low > 1 || high < 1);
    }

    private static CrossoverJudge.Contrast contrast(DispatchMode mode, DispatchMode baseline, Verdicts.Judgement v) {
        return new CrossoverJudge.Contrast(mode, baseline, v, v, v);
    }

    private static List<CrossoverJudge.ModeFigures> modes() {
        return List.of(
                new CrossoverJudge.ModeFigures(POOL, 4, 1000, 300, 8, 308, 12.34, 40.2, 12.3, 38.04, 80, 0, 0),
                new CrossoverJudge.ModeFigures(MV, 4, 1000, 384, 9, 393, 15.6, 47.6, 15.6, 11.96, 60, 0, 0));
    }

    private static CrossoverJudge.ModeFigures figures(DispatchMode mode, double mean, double p95, double pool) {
        return new CrossoverJudge.ModeFigures(mode, 6, 1000, 300, 8, 308, mean, p95, mean, pool, 80, 0, 0);
    }

    private static CrossoverJudge.Result result(
            Crossover design,
            List<CrossoverJudge.ModeFigures> modes,
            List<CrossoverJudge.Contrast> contrasts,
            boolean warmed) {
        CrossoverJudge.Curve none = new CrossoverJudge.Curve(0, new double[0], new double[0]);
        return new CrossoverJudge.Result(
                design,
                "throughput",
                modes,
                contrasts,
                new CrossoverJudge.Settling(none, none),
                List.of(),
                null,
                600,
                warmed ? 120 : 300,
                warmed ? 8 : 20,
                warmed);
    }
}
