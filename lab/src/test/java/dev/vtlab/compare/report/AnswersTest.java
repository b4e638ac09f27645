package dev.vtlab.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.Fixtures;
import dev.vtlab.compare.analyse.Flag;
import dev.vtlab.compare.analyse.RunResult;
import dev.vtlab.compare.judge.Comparison;
import dev.vtlab.dispatch.DispatchMode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The answer's first sentences never judge on runs the method rejects: a figure that counts runs flagged for their
 * setup (compare.keepFlagged), or one most of whose runs are flagged for their outcome, is shown with its interval and
 * called no result, never "better" or "worse".
 */
class AnswersTest {

    @Test
    void aClearDifferenceOnRunsTheMethodKeepsIsJudged() {
        Answers.Answer a = answer(comparison(null, false));
        assertEquals("worse", a.ratio().judgement());
        assertTrue(a.text().contains("% lower than threadpool's"), a.text());
        // 15.1–21.6 % lower: the interval's high end, 0.849, lies below 1/1.05 = 0.952
        assertTrue(a.text().endsWith("): lower beyond the margin, so worse."), a.text());
    }

    @Test
    void runsFlaggedForTheirSetupKeptByTheSettingAreShownButNotJudged() {
        Answers.Answer a = answer(comparison(Flag.MACHINE_BUSY, true));
        assertNotJudged(a);
        assertTrue(
                a.text().contains("but not a result: it counts runs whose setup was flagged (busy machine)"), a.text());
    }

    @Test
    void aFigureEveryRunOfWhichIsFlaggedForItsOutcomeIsShownButNotJudged() {
        // as a too-short level of a new user's app was: every run's level not steady
        Answers.Answer a = answer(comparison(Flag.NOT_STEADY, false));
        assertNotJudged(a);
        assertTrue(
                a.text()
                        .contains("but not a result: 3 of its 3 runs were flagged (a level not steady): its levels are"
                                + " too short"),
                a.text());
    }

    @Test
    void withoutTheSettingRunsFlaggedForTheirSetupAreLeftOutAndNothingIsMeasured() {
        Answers.Answer a = answer(comparison(Flag.MACHINE_BUSY, false));
        assertFalse(a.ratio().restsOnFlaggedRuns());
        assertEquals("", a.ratio().judgement());
        assertTrue(a.text().contains("is undetermined"), a.text());
        assertTrue(
                a.text().contains("It depends on which runs are kept: on every run that finished it reads lower"),
                a.text());
    }

    private static void assertNotJudged(Answers.Answer a) {
        assertTrue(a.ratio().restsOnFlaggedRuns());
        assertEquals("", a.ratio().judgement());
        assertFalse(
                a.text().contains("worse")
                        || a.text().contains("better")
                        || a.text().contains("lower than"),
                a.text());
        assertTrue(a.ratio().text().contains("not a result"), a.ratio().text());
    }

    private static Answers.Answer answer(Comparison c) {
        List<Answers.Answer> answers = Answers.of(c);
        assertEquals(1, answers.size());
        return answers.get(0);
    }

    /**
     * Three runs per mode of one steady level; executor-virtual serves about 20 % fewer requests per CPU-second. Every
     * run carries {@code flag} (none when null).
     */
    private static Comparison comparison(Flag flag, boolean keepFlagged) {
        List<RunResult> runs = new ArrayList<>();
        for (int rep = 1; rep <= 3; rep++) {
            runs.add(Fixtures.pingRun(DispatchMode.THREADPOOL, rep, 2500 * (1 + 0.01 * rep), flag));
            runs.add(Fixtures.pingRun(DispatchMode.EXECUTOR_VIRTUAL, rep, 2000 * (1 + 0.02 * (4 - rep)), flag));
        }
        return Fixtures.pingComparison(runs, keepFlagged);
    }
}
