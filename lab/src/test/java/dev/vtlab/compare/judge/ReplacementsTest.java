package dev.vtlab.compare.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.Fixtures;
import dev.vtlab.compare.analyse.Flag;
import dev.vtlab.compare.analyse.RunResult;
import dev.vtlab.dispatch.DispatchMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Which tests a round more would restore to the runs asked for. A test is short when a mode has fewer runs counted for
 * its primary figure than asked: only a flag about the setup leaves a run out, so only such a flag makes it short.
 */
class ReplacementsTest {

    private static final List<DispatchMode> MODES = List.of(DispatchMode.THREADPOOL, DispatchMode.EXECUTOR_VIRTUAL);

    @Test
    void aModeWithARunLeftOutFromThePrimaryFigureIsShortAndNamed() {
        List<RunResult> runs = new ArrayList<>();
        for (int rep = 1; rep <= 3; rep++) {
            runs.add(ping(DispatchMode.THREADPOOL, rep, Set.of(), Map.of()));
            runs.add(ping(
                    DispatchMode.EXECUTOR_VIRTUAL,
                    rep,
                    rep == 3 ? Set.of(Flag.LOAD_GENERATOR_BOUND) : Set.of(),
                    Map.of()));
            // banking's 50-user level not steady in one run: a flag about the outcome, on another figure's level
            runs.add(banking(
                    DispatchMode.THREADPOOL,
                    rep,
                    Set.of(),
                    rep == 1 ? Map.of("50 users", Set.of(Flag.NOT_STEADY)) : Map.of()));
            runs.add(banking(DispatchMode.EXECUTOR_VIRTUAL, rep, Set.of(), Map.of()));
        }
        List<Replacements.Shortfall> s =
                Replacements.of(List.of("ping", "throughput"), List.of(3, 3), MODES, runs, false, null);
        assertTrue(s.get(0).isShort());
        assertEquals(2, s.get(0).fewest());
        assertEquals("executor-virtual 2 of 3 runs counted", s.get(0).why());
        assertFalse(s.get(1).isShort(), s.get(1).toString());
        assertEquals("", s.get(1).why());
    }

    @Test
    void aFlagAboutTheOutcomeNeverMakesATestShortOneAboutTheSetupDoes() {
        List<RunResult> runs = new ArrayList<>();
        for (int rep = 1; rep <= 3; rep++) {
            runs.add(banking(
                    DispatchMode.THREADPOOL,
                    rep,
                    Set.of(),
                    rep == 2 ? Map.of("100 users", Set.of(Flag.NOT_STEADY)) : Map.of()));
            runs.add(banking(
                    DispatchMode.EXECUTOR_VIRTUAL,
                    rep,
                    rep == 3 ? Set.of(Flag.MACHINE_BUSY) : Set.of(),
                    rep == 1 ? Map.of("100 users", Set.of(Flag.ABOVE_BOUND)) : Map.of()));
        }
        Replacements.Shortfall s = Replacements.of(List.of("throughput"), List.of(3), MODES, runs, false, null)
                .get(0);
        assertTrue(s.isShort());
        assertEquals("executor-virtual 2 of 3 runs counted", s.why());
        // with flagged runs kept, every run counts: nothing to replace
        assertFalse(Replacements.of(List.of("throughput"), List.of(3), MODES, runs, true, null)
                .get(0)
                .isShort());
        // and a fourth clean run of each restores three
        runs.add(banking(DispatchMode.THREADPOOL, 4, Set.of(), Map.of()));
        runs.add(banking(DispatchMode.EXECUTOR_VIRTUAL, 4, Set.of(), Map.of()));
        assertFalse(Replacements.of(List.of("throughput"), List.of(3), MODES, runs, false, null)
                .get(0)
                .isShort());
    }

    private static RunResult ping(DispatchMode mode, int rep, Set<Flag> runFlags, Map<String, Set<Flag>> levelFlags) {
        return run(
                "ping",
                mode,
                rep,
                List.of(Fixtures.level("50 users", 50, 5, 30, 2500, 35, 7000)),
                runFlags,
                levelFlags);
    }

    private static RunResult banking(
            DispatchMode mode, int rep, Set<Flag> runFlags, Map<String, Set<Flag>> levelFlags) {
        return run(
                "throughput",
                mode,
                rep,
                List.of(
                        Fixtures.level("50 users", 50, 5, 20, 1900, 95, 2000),
                        Fixtures.level("100 users", 100, 25, 40, 2400, 96, 2500)),
                runFlags,
                levelFlags);
    }

    private static RunResult run(
            String test,
            DispatchMode mode,
            int rep,
            List<RunResult.Level> levels,
            Set<Flag> runFlags,
            Map<String, Set<Flag>> levelFlags) {
        return new Fixtures.Run(Fixtures.runRecord(test, mode, rep, rep, 1000, Map.of()), levels)
                .perSecondOk(new double[40])
                .runFlags(runFlags)
                .levelFlags(levelFlags)
                .result();
    }
}
