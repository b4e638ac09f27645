package dev.vtlab.compare.raw;

import dev.vtlab.dispatch.DispatchMode;
import dev.vtlab.measurement.MachineState;
import java.util.Map;

/**
 * What ran in one run, recorded beside its results: the test and its JMeter properties, the mode, which
 * repetition of that pair it was and where it came in the comparison's order, and the machine's state around it.
 *
 * @param calibration the server CPUs' speed just before the run ({@link dev.vtlab.measurement.Calibration}, work
 *     units per second)
 * @param warmupSeconds how long the plan's warm-up ran before the measurement (NaN where the plan has none)
 * @param warm whether the warm-up ended because the server was warm (false: at its cap; null: no warm-up)
 * @param wallS seconds the run took, calibration, start, warm-up, load and stop included (NaN where not recorded):
 *     what a run costs beyond its windows, for the design of the next comparison
 */
public record RunRecord(
        String test,
        DispatchMode mode,
        int repetition,
        int order,
        double calibration,
        double warmupSeconds,
        Boolean warm,
        Map<String, String> props,
        MachineState before,
        MachineState after,
        double wallS) {

    /** A run whose wall time was not recorded. */
    public RunRecord(
            String test,
            DispatchMode mode,
            int repetition,
            int order,
            double calibration,
            double warmupSeconds,
            Boolean warm,
            Map<String, String> props,
            MachineState before,
            MachineState after) {
        this(test, mode, repetition, order, calibration, warmupSeconds, warm, props, before, after, Double.NaN);
    }

    /** The run's directory, relative to the report: {@code runs/ping-threadpool-1}. */
    public String dir() {
        return dir(test, mode, repetition);
    }

    public static String dir(String test, DispatchMode mode, int repetition) {
        return "runs/" + test + "-" + mode.label() + "-" + repetition;
    }
}
