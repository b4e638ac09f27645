package dev.vtlab.compare.raw;

import dev.vtlab.compare.stats.TwoStage;
import dev.vtlab.dispatch.DispatchMode;
import java.util.List;

/**
 * The two-stage design of a comparison to a fixed precision, as planned after its first stage: recorded beside the
 * runs ({@code two-stage.json}) so that an analysis again gives each primary figure the same fixed-width interval.
 *
 * @param target the relative half-width asked for (compare.precision)
 * @param budgetSeconds the wall time the comparison could take (compare.budget)
 * @param maxRuns the most runs per mode a test's plan could reach (compare.maxRepeats; TestSpec.MAX_REPEATS in
 *     reports from before that setting)
 * @param keepFlagged whether the first stage's flagged runs counted in the plan (a re-analysis that counts them
 *     otherwise cannot use it)
 * @param firstStageSeconds the comparison's wall time when the plan was made
 * @param tests one plan per test
 */
public record TwoStageRecord(
        double target,
        int budgetSeconds,
        int maxRuns,
        boolean keepFlagged,
        double firstStageSeconds,
        List<TestPlan> tests) {

    /**
     * One test's second stage: {@code addedRuns} more runs per mode after the first stage's {@code firstRuns} (the
     * fewest valid runs of a mode), each costing about {@code secondsPerRun} (measured in the first stage); the plan
     * of each mode's primary ratio to the baseline; {@code neededRuns}: the runs per mode in all that reach the target
     * (at most {@code TestSpec.MAX_REPEATS}), whatever the budget and compare.maxRepeats; {@code why} says why the test has no plan (empty
     * when it has).
     */
    public record TestPlan(
            String test,
            int firstRuns,
            int addedRuns,
            int neededRuns,
            double secondsPerRun,
            List<ModePlan> modes,
            String why) {

        /** The half-width the second stage reaches, the widest of its modes' (NaN without a plan). */
        public double halfWidth() {
            return modes.stream().mapToDouble(m -> m.plan().halfWidth()).max().orElse(Double.NaN);
        }

        public boolean reachesTarget() {
            return !modes.isEmpty() && modes.stream().allMatch(m -> m.plan().reachesTarget());
        }
    }

    /** Whether compare.maxRepeats, not the budget, held a test's runs short of what it needed. */
    public boolean cappedByMaxRuns(TestPlan test) {
        return maxRuns < test.neededRuns() && test.firstRuns() + test.addedRuns() >= maxRuns;
    }

    /** A mode's primary ratio to the baseline, planned. */
    public record ModePlan(DispatchMode mode, TwoStage.Plan plan) {}

    public TestPlan test(String name) {
        return tests.stream().filter(t -> t.test().equals(name)).findFirst().orElse(null);
    }
}
