package dev.vtlab.compare.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vtlab.compare.Fixtures;
import dev.vtlab.compare.analyse.Flag;
import dev.vtlab.compare.analyse.Headline;
import dev.vtlab.compare.analyse.RunResult;
import dev.vtlab.compare.raw.Environment;
import dev.vtlab.compare.settings.Metric;
import dev.vtlab.dispatch.DispatchMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A level's flag concerns that level's figures, not the run's others; a flag about the outcome, as every level's flag
 * is, counts the run flagged rather than leaving it out.
 */
class ComparisonLevelFlagsTest {

    private static final Headline LOW = new Headline(Metric.TPS_PER_CPU_S, "50 users", null);
    private static final Headline TOP = new Headline(Metric.TPS_PER_CPU_S, "100 users", null);

    @Test
    void aLevelNotSteadyFlagsItsOwnFiguresAndLeavesNoRunOut() {
        List<RunResult> runs = new ArrayList<>();
        for (int rep = 1; rep <= 3; rep++) {
            runs.add(banking(DispatchMode.THREADPOOL, rep, Map.of()));
            // the second executor-virtual run's 50-user level never settled
            runs.add(banking(
                    DispatchMode.EXECUTOR_VIRTUAL,
                    rep,
                    rep == 2 ? Map.of("50 users", Set.of(Flag.NOT_STEADY)) : Map.of()));
        }
        Comparison c = Comparison.of(ComparisonInput.of(
                        new Environment(Map.of("kernel", "test")),
                        List.of("throughput"),
                        List.of(DispatchMode.THREADPOOL, DispatchMode.EXECUTOR_VIRTUAL),
                        runs)
                .wallS(60)
                .build());
        Comparison.RatioRow top = c.ratio("throughput", DispatchMode.EXECUTOR_VIRTUAL, TOP);
        assertEquals(new Comparison.Runs(3, 0, Map.of()), top.modeRuns(), "the primary level: three runs, unflagged");
        Comparison.RatioRow low = c.ratio("throughput", DispatchMode.EXECUTOR_VIRTUAL, LOW);
        assertEquals(
                new Comparison.Runs(3, 0, Map.of(), 1, Map.of(Flag.NOT_STEADY, 1L)),
                low.modeRuns(),
                "the 50-user level: three runs, one flagged");
        assertEquals(
                3, c.validRuns("throughput", DispatchMode.EXECUTOR_VIRTUAL, TOP).size());
        assertEquals(
                3,
                c.validRuns("throughput", DispatchMode.EXECUTOR_VIRTUAL, null).size(),
                "whole-run figures: no run left out for its outcome");
    }

    /** Banking at 50 then 100 users, 2 000 and 2 500 requests per CPU-second, give or take a little per repetition. */
    private static RunResult banking(DispatchMode mode, int rep, Map<String, Set<Flag>> levelFlags) {
        double wobble = 1 + 0.01 * rep;
        return Fixtures.run(
                "throughput",
                mode,
                rep,
                List.of(
                        Fixtures.level("50 users", 50, 5, 20, 1900 * wobble, 95, 2000 * wobble),
                        Fixtures.level("100 users", 100, 25, 40, 2400 * wobble, 96, 2500 * wobble)),
                new double[40],
                List.of(),
                0,
                levelFlags);
    }
}
