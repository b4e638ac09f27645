package dev.vtlab.compare;

import dev.vtlab.compare.analyse.Flag;
import dev.vtlab.compare.analyse.RunResult;
import dev.vtlab.compare.judge.Comparison;
import dev.vtlab.compare.judge.ComparisonInput;
import dev.vtlab.compare.raw.Environment;
import dev.vtlab.compare.settings.CpuPlan;
import dev.vtlab.dispatch.DispatchMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Synthetic runs of the study's tests with chosen figures, and the comparison the judge makes of them: the judge's
 * and the writer's inputs without a server. One load level per run, so each figure is the test's highest.
 */
public final class StudyRuns {

    /** A 1-CPU server and a 1-CPU load side, the split of a 2-CPU machine. */
    public static final CpuPlan ONE_CPU = new CpuPlan(cpus(0), cpus(1), false);
    /** A 2-CPU server and two CPUs for the load, the split of a 4-CPU machine. */
    public static final CpuPlan TWO_CPUS = new CpuPlan(cpus(0, 1), cpus(2, 3), false);

    private StudyRuns() {}

    /** The figures of one run; NaN time to peak for a test that has none. */
    public record Figures(double rps, double tpsPerCpuSecond, double rssMiB, double secondsTo90) {}

    public static RunResult run(
            String test, DispatchMode mode, int repetition, Map<String, String> props, Figures f, Set<Flag> flags) {
        RunResult.Level level = Fixtures.level(
                "100 users",
                100,
                10,
                100,
                f.rps(),
                100,
                f.tpsPerCpuSecond(),
                new RunResult.Percentiles(1000, 10, 20, 30));
        return new Fixtures.Run(Fixtures.runRecord(test, mode, repetition, repetition, 1000, props), List.of(level))
                .byLabel(Map.of())
                .rssMaxBytes(f.rssMiB() * 1048576)
                .osThreadsMax(100)
                .secondsTo90PctOfPeak(Double.isNaN(f.secondsTo90()) ? null : f.secondsTo90())
                .otherCpuPct(0)
                .runFlags(flags)
                .result();
    }

    /** Runs of one test: the i-th of each mode from the i-th figures of its list. */
    public static List<RunResult> runs(
            String test, Map<String, String> props, List<Figures> threadpool, List<Figures> executorVirtual) {
        List<RunResult> runs = new ArrayList<>();
        for (int i = 0; i < threadpool.size(); i++) {
            runs.add(run(test, DispatchMode.THREADPOOL, i + 1, props, threadpool.get(i), Set.of()));
        }
        for (int i = 0; i < executorVirtual.size(); i++) {
            runs.add(run(test, DispatchMode.EXECUTOR_VIRTUAL, i + 1, props, executorVirtual.get(i), Set.of()));
        }
        return runs;
    }

    /** The comparison of {@code runs} as a study profile on a machine with {@code kernel}, margin ±5 %. */
    public static Comparison comparison(List<String> tests, List<RunResult> runs, String kernel) {
        return Comparison.of(ComparisonInput.of(
                        new Environment(Map.of("profile", "study", "kernel", kernel, "cpus", "2", "cpu_plan", "test")),
                        tests,
                        List.of(DispatchMode.THREADPOOL, DispatchMode.EXECUTOR_VIRTUAL),
                        runs)
                .wallS(60)
                .build());
    }

    private static TreeSet<Integer> cpus(Integer... cpus) {
        return new TreeSet<>(List.of(cpus));
    }
}
