package dev.vtlab.compare.raw;

import dev.vtlab.dispatch.DispatchMode;
import dev.vtlab.measurement.MachineState;
import dev.vtlab.measurement.MemoryLatency;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What ran in one run, recorded beside its results: the test and its JMeter properties, the mode, which
 * repetition of that pair it was and where it came in the comparison's order, and the machine's state around it.
 *
 * @param calibration the server CPUs' speed just before the run ({@link dev.vtlab.measurement.Calibration}, work
 *     units per second)
 * @param memory what a load from the caches and from memory cost there at the same time; null in runs recorded
 *     before the lab measured it
 * @param warmupSeconds how long the plan's warm-up ran before the measurement (NaN where the plan has none)
 * @param warm whether the warm-up ended because the server was warm (false: at its cap; null: no warm-up)
 * @param wallS seconds the run took, calibration, start, warm-up, load and stop included (NaN where not recorded):
 *     what a run costs beyond its windows, for the design of the next comparison
 * @param serverJvmArgs the server JVM's options as it reported them (Liberty's launcher's, jvm.options', the
 *     comparison's, the test's and a profiler's), or those the lab passed where it could not be read; empty in runs
 *     recorded before the lab kept them
 * @param profiling how a profiled run's server was recorded; null for a measured run
 */
public record RunRecord(
        String test,
        DispatchMode mode,
        int repetition,
        int order,
        double calibration,
        MemoryLatency memory,
        double warmupSeconds,
        Boolean warm,
        Map<String, String> props,
        MachineState before,
        MachineState after,
        double wallS,
        List<String> serverJvmArgs,
        Profiling profiling) {

    public RunRecord {
        serverJvmArgs = List.copyOf(serverJvmArgs);
    }

    /**
     * A profiled run's recording: the CPU sampler's interval, the application's package prefixes its frames are
     * charged to, and the span the recording covered (epoch ms: after JFR.start returned, before JFR.stop was called).
     */
    public record Profiling(
            long intervalMs, Set<String> appPackages, long recordingStartEpochMs, long recordingEndEpochMs) {

        public Profiling {
            appPackages = Set.copyOf(appPackages);
        }
    }

    /** Whether the run was profiled: an extra run whose figures never enter a verdict. */
    public boolean profiled() {
        return profiling != null;
    }

    /** The run's directory, relative to the report: {@code runs/ping-threadpool-1}, {@code runs/ping-threadpool-profile-1}. */
    public String dir() {
        return dir(test, mode, repetition, profiled());
    }

    public static String dir(String test, DispatchMode mode, int repetition, boolean profiled) {
        return "runs/" + test + "-" + mode.label() + (profiled ? "-profile-" : "-") + repetition;
    }
}
