package dev.vtlab.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.Fixtures;
import dev.vtlab.compare.analyse.RunResult;
import dev.vtlab.compare.judge.Comparison;
import dev.vtlab.dispatch.DispatchMode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The answer's first sentences never judge on runs the method rejects: with {@code compare.keepFlagged} a figure
 * that counts flagged runs is shown with its interval and called no result, never "better" or "worse".
 */
class AnswersTest {

    @Test
    void aClearDifferenceOnRunsTheMethodKeepsIsJudged() {
        Answers.Answer a = answer(comparison(false, false));
        assertEquals("worse", a.ratio().judgement());
        assertTrue(a.text().contains("% lower than threadpool's"), a.text());
        assertTrue(a.text().endsWith(": worse."), a.text());
    }

    @Test
    void theSameDifferenceOnFlaggedRunsKeptByTheSettingIsShownButNotJudged() {
        Answers.Answer a = answer(comparison(true, true));
        assertTrue(a.ratio().restsOnFlaggedRuns());
        assertEquals("", a.ratio().judgement());
        assertTrue(a.text().contains("but 6 of these runs were flagged (a level not steady)"), a.text());
        assertTrue(a.text().contains("not a result"), a.text());
        assertFalse(
                a.text().contains("worse")
                        || a.text().contains("better")
                        || a.text().contains("lower than"),
                a.text());
        assertTrue(a.ratio().text().contains("not a result"), a.ratio().text());
    }

    @Test
    void withoutTheSettingFlaggedRunsAreLeftOutAndNothingIsMeasured() {
        Answers.Answer a = answer(comparison(true, false));
        assertFalse(a.ratio().restsOnFlaggedRuns());
        assertEquals("", a.ratio().judgement());
        assertTrue(a.text().contains("is undetermined"), a.text());
        assertTrue(
                a.text().contains("It depends on which runs are kept: on every run that finished it reads lower"),
                a.text());
    }

    private static Answers.Answer answer(Comparison c) {
        List<Answers.Answer> answers = Answers.of(c);
        assertEquals(1, answers.size());
        return answers.get(0);
    }

    /**
     * Three runs per mode of one steady level; executor-virtual serves about 20 % fewer requests per CPU-second. With
     * {@code flagged} every run's level is flagged not steady, as a too-short level of a new user's app was.
     */
    private static Comparison comparison(boolean flagged, boolean keepFlagged) {
        List<RunResult> runs = new ArrayList<>();
        for (int rep = 1; rep <= 3; rep++) {
            runs.add(Fixtures.pingRun(DispatchMode.THREADPOOL, rep, 2500 * (1 + 0.01 * rep), flagged));
            runs.add(Fixtures.pingRun(DispatchMode.EXECUTOR_VIRTUAL, rep, 2000 * (1 + 0.02 * (4 - rep)), flagged));
        }
        return Fixtures.pingComparison(runs, keepFlagged);
    }
}
