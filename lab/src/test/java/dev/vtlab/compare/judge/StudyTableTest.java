package dev.vtlab.compare.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.StudyRuns;
import dev.vtlab.compare.StudyRuns.Figures;
import dev.vtlab.compare.analyse.Flag;
import dev.vtlab.compare.analyse.RunResult;
import dev.vtlab.compare.judge.StudyTable.Outcome;
import dev.vtlab.compare.judge.StudyTable.Verdict;
import dev.vtlab.compare.raw.ComparisonRecord;
import dev.vtlab.compare.raw.Environment;
import dev.vtlab.compare.settings.StudyClaims;
import dev.vtlab.compare.settings.StudyClaims.Kind;
import dev.vtlab.compare.settings.StudyClaims.Range;
import dev.vtlab.compare.stats.LogRatio;
import dev.vtlab.dispatch.DispatchMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The study table's verdict rule on hand-made intervals, then on comparisons of synthetic runs. */
class StudyTableTest {

    /** The CPU-bound claim's range: 10–40 % lower. */
    private static final Range TEN_TO_FORTY = new Range(0.60, 0.90);

    private static LogRatio interval(double estimate, double low, double high) {
        return new LogRatio(estimate, low, high, 0.01, 5, 5, LogRatio.Pairing.UNPAIRED, 0.05, null, 0, 0, "");
    }

    private static Outcome lower(double estimate, double low, double high) {
        return StudyTable.judge(Kind.LOWER, TEN_TO_FORTY, interval(estimate, low, high));
    }

    @Test
    void anIntervalInsideTheStudysRangeReproducesIt() {
        assertEquals(Verdict.REPRODUCED, lower(0.75, 0.70, 0.80).verdict());
    }

    @Test
    void anIntervalBelowOneThatOverlapsTheRangeAtEitherEndReproducesIt() {
        assertEquals(Verdict.REPRODUCED, lower(0.90, 0.85, 0.95).verdict(), "reaches past the upper end");
        assertEquals(Verdict.REPRODUCED, lower(0.57, 0.50, 0.65).verdict(), "reaches past the lower end");
        assertEquals(Verdict.REPRODUCED, lower(0.50, 0.40, 0.60).verdict(), "touches the lower end");
    }

    @Test
    void anIntervalThatExcludesTheRangeDiffersAndSaysByHowMuch() {
        Outcome bigger = lower(0.45, 0.40, 0.50);
        assertEquals(Verdict.DIFFERS, bigger.verdict());
        // 0.60 − 0.45 = 15 points from the estimate; 0.60 − 0.50 = 10 from the interval's nearer end
        assertTrue(
                bigger.why()
                        .contains("below the study's 0.600–0.900: 15.0 percentage points below its lower end 0.600"
                                + " (at least 10.0"),
                bigger.why());
        assertFalse(bigger.why().contains("opposite"), bigger.why());
        Outcome smaller = lower(0.95, 0.92, 0.98);
        assertEquals(Verdict.DIFFERS, smaller.verdict(), "a loss, but less than the study's");
        // 0.95 − 0.90 = 5 points; 0.92 − 0.90 = 2
        assertTrue(
                smaller.why().contains("5.0 percentage points above its upper end 0.900 (at least 2.0"), smaller.why());
    }

    @Test
    void anIntervalTooWideToTellIsInconclusive() {
        Outcome wide = lower(0.85, 0.70, 1.10);
        assertEquals(Verdict.INCONCLUSIVE, wide.verdict());
        assertTrue(wide.why().contains("too wide to tell"), wide.why());
        assertEquals(Verdict.INCONCLUSIVE, lower(0.80, 0.64, 1.00).verdict(), "touching 1 is not below it");
    }

    @Test
    void anIntervalInTheOtherDirectionDiffers() {
        Outcome other = lower(1.12, 1.05, 1.20);
        assertEquals(Verdict.DIFFERS, other.verdict());
        // 1.12 − 0.90 = 22 points; 1.05 − 0.90 = 15
        assertTrue(other.why().contains("in the opposite direction: 22.0 percentage points above"), other.why());
        assertTrue(other.why().contains("(at least 15.0"), other.why());
        Outcome higher = StudyTable.judge(Kind.HIGHER, new Range(1.10, 1.30), interval(0.88, 0.80, 0.95));
        assertEquals(Verdict.DIFFERS, higher.verdict());
        assertTrue(higher.why().contains("opposite direction"), higher.why());
        assertEquals(
                Verdict.REPRODUCED,
                StudyTable.judge(Kind.HIGHER, new Range(1.10, 1.30), interval(1.2, 1.15, 1.25))
                        .verdict());
    }

    @Test
    void aDirectionWithoutASizeNeedsOnlyTheSideOfOne() {
        Function<LogRatio, Verdict> below =
                r -> StudyTable.judge(Kind.LOWER, Range.BELOW_ONE, r).verdict();
        assertEquals(Verdict.REPRODUCED, below.apply(interval(0.75, 0.60, 0.95)));
        assertEquals(Verdict.INCONCLUSIVE, below.apply(interval(0.90, 0.80, 1.05)));
        assertEquals(Verdict.DIFFERS, below.apply(interval(1.10, 1.01, 1.20)));
    }

    @Test
    void aSmallDifferenceClaimNeedsTheWholeIntervalInsideItsRange() {
        // no saving beyond ±5 %: the ratio not below 1/1.05 = 0.95238
        Range range = Range.NOT_BELOW_MARGIN.resolve(0.05);
        assertEquals(1 / 1.05, range.low(), 1e-12);
        Function<LogRatio, Outcome> within = r -> StudyTable.judge(Kind.WITHIN, range, r);
        assertEquals(
                Verdict.REPRODUCED, within.apply(interval(1.03, 0.98, 1.10)).verdict());
        assertEquals(
                Verdict.REPRODUCED, within.apply(interval(1.40, 1.20, 1.60)).verdict(), "more memory: no saving");
        Outcome past = within.apply(interval(0.97, 0.94, 1.00));
        assertEquals(Verdict.INCONCLUSIVE, past.verdict());
        assertTrue(past.why().contains("reaches past it"), past.why());
        Outcome saving = within.apply(interval(0.85, 0.80, 0.90));
        assertEquals(Verdict.DIFFERS, saving.verdict());
        // 0.95238 − 0.85 = 10.2 points; 0.95238 − 0.90 = 5.2
        assertTrue(
                saving.why().contains("10.2 percentage points below its lower end 0.952 (at least 5.2"), saving.why());
    }

    @Test
    void noIntervalIsInconclusiveWithTheReason() {
        Outcome none = StudyTable.judge(
                Kind.LOWER,
                TEN_TO_FORTY,
                LogRatio.undetermined(0.7, 2, 5, LogRatio.Pairing.UNPAIRED, "fewer than 3 valid runs per mode"));
        assertEquals(Verdict.INCONCLUSIVE, none.verdict());
        assertEquals("no interval: fewer than 3 valid runs per mode", none.why());
    }

    // --- the table, on comparisons of synthetic runs ---

    private static final Map<String, String> THROUGHPUT =
            Map.of("THREADS", "100", "STEPS", "4", "STEP_DURATION", "150");
    private static final Map<String, String> RAMP_UP = Map.of("THREADS", "1000", "DURATION", "300");
    private static final Map<String, String> FOOTPRINT = Map.of("THREADS", "500", "DURATION", "300");
    private static final Map<String, String> PING = Map.of("THREADS", "100", "DURATION", "150");

    /** Five runs per mode: the pool's figures spread ±1 %, executor-virtual's the same times {@code ratio}. */
    private static List<RunResult> runs(
            String test, Map<String, String> props, double ratio, Function<Double, Figures> figures) {
        double[] spread = {1.00, 1.01, 0.99, 1.005, 0.995};
        List<Figures> pool = new ArrayList<>(), virtual = new ArrayList<>();
        for (double s : spread) {
            pool.add(figures.apply(s));
            virtual.add(figures.apply(s * ratio));
        }
        return StudyRuns.runs(test, props, pool, virtual);
    }

    private static Map<String, StudyTable.Row> byClaim(List<StudyTable.Row> rows) {
        return rows.stream().collect(Collectors.toMap(r -> r.claim().id(), r -> r));
    }

    @Test
    void onATwoCpuMachineTheTwoCpuRowsAreNotMeasurableAndTheOthersAreJudgedFromTheComparisonsRatios() {
        List<RunResult> all = new ArrayList<>();
        all.addAll(runs("throughput", THROUGHPUT, 0.75, s -> new Figures(1000 * s, 1000 * s, 600, Double.NaN)));
        // the pool reaches 90 % of peak at 60 s of a 300-s plan, executor-virtual at 30 s
        all.addAll(runs("ramp-up", RAMP_UP, 0.5, s -> new Figures(600 * s, 700 * s, 700, 60 * s)));
        all.addAll(runs("footprint", FOOTPRINT, 1.02, s -> new Figures(400, 400, 600 * s, Double.NaN)));
        Comparison c = StudyRuns.comparison(List.of("throughput", "ramp-up", "footprint"), all, "6.18.44-vtlab");
        Map<String, StudyTable.Row> rows = byClaim(StudyTable.of(c, StudyRuns.ONE_CPU, 0.05));
        assertEquals(StudyClaims.ALL.size(), rows.size());

        StudyTable.Row cpu = rows.get("cpu-bound-throughput");
        assertEquals(Verdict.REPRODUCED, cpu.outcome().verdict(), cpu.outcome().why());
        assertSame(c.ratio("throughput", DispatchMode.EXECUTOR_VIRTUAL, cpu.headline()), cpu.ratio());
        assertEquals(0.75, cpu.ratio().ratio().estimate(), 1e-9, "every run of executor-virtual is 0.75 of its pair");
        assertEquals(1000, cpu.baseline().mean(), 1e-9);

        StudyTable.Row ramp = rows.get("ramp-up");
        assertEquals(
                Verdict.REPRODUCED, ramp.outcome().verdict(), ramp.outcome().why());
        // 0.5 of the pool's rate: far below the study's 2–3 %
        assertEquals(
                Verdict.DIFFERS, rows.get("many-threads-throughput").outcome().verdict());
        assertEquals(Verdict.REPRODUCED, rows.get("footprint").outcome().verdict());

        for (String id : List.of("two-cpu-short-requests", "two-cpu-short-requests-newer-kernel")) {
            StudyTable.Row row = rows.get(id);
            assertEquals(Verdict.NOT_MEASURABLE, row.outcome().verdict());
            assertTrue(
                    row.outcome().why().startsWith("needs a 2-CPU server"),
                    row.outcome().why());
            assertTrue(
                    row.outcome().why().contains("(4 CPUs); this comparison's server had 1"),
                    row.outcome().why());
            assertTrue(row.outcome().why().contains("Run " + StudyTable.COMMAND + " on a machine with 4 or more CPUs"));
            assertNull(row.ratio());
        }
    }

    @Test
    void onAFourCpuMachineTheKernelDecidesWhichTwoCpuRowIsMeasured() {
        List<RunResult> ping = runs("ping", PING, 0.75, s -> new Figures(5000 * s, 2600 * s, 500, Double.NaN));
        Map<String, StudyTable.Row> newer = byClaim(StudyTable.of(
                StudyRuns.comparison(List.of("ping"), ping, "6.2.0-39-generic"), StudyRuns.TWO_CPUS, 0.05));
        assertEquals(
                Verdict.REPRODUCED,
                newer.get("two-cpu-short-requests-newer-kernel").outcome().verdict());
        StudyTable.Row old = newer.get("two-cpu-short-requests");
        assertEquals(Verdict.NOT_MEASURABLE, old.outcome().verdict());
        assertTrue(
                old.outcome().why().startsWith("needs Linux 4.18 (RHEL 8); this machine runs 6.2.0"),
                old.outcome().why());
        StudyTable.Row notRun = newer.get("cpu-bound-throughput");
        assertEquals(Verdict.NOT_RUN, notRun.outcome().verdict());
        assertEquals(
                "no comparison ran throughput: run ./mvnw -Pcompare verify -Dcompare.profile=study"
                        + " -Dcompare.tests=throughput",
                notRun.outcome().why());
        assertEquals(-1, notRun.source());

        Map<String, StudyTable.Row> rhel8 = byClaim(StudyTable.of(
                StudyRuns.comparison(List.of("ping"), ping, "4.18.0-553.el8_10.x86_64"), StudyRuns.TWO_CPUS, 0.05));
        assertEquals(
                Verdict.DIFFERS, rhel8.get("two-cpu-short-requests").outcome().verdict(), "0.75 is not 0.50–0.55");
        assertEquals(
                Verdict.NOT_MEASURABLE,
                rhel8.get("two-cpu-short-requests-newer-kernel").outcome().verdict());
    }

    /**
     * Tests run in separate comparisons (the whole study takes longer than a day's session): each claim is read from
     * the comparison that ran its test, and says which; a test none ran is "not run"; the machine's lack of CPUs is
     * still "not measurable here".
     */
    @Test
    void claimsFromSeveralComparisonsAreEachReadFromTheOneThatRanTheirTest() {
        Comparison throughput = StudyRuns.comparison(
                List.of("throughput"),
                runs("throughput", THROUGHPUT, 0.75, s -> new Figures(1000 * s, 1000 * s, 600, Double.NaN)),
                "6.18");
        Comparison footprint = StudyRuns.comparison(
                List.of("footprint"),
                runs("footprint", FOOTPRINT, 1.30, s -> new Figures(400, 400, 600 * s, Double.NaN)),
                "6.18");
        Map<String, StudyTable.Row> rows = byClaim(StudyTable.of(
                List.of(
                        new StudyTable.Part(footprint, StudyRuns.ONE_CPU),
                        new StudyTable.Part(throughput, StudyRuns.ONE_CPU)),
                0.05));
        StudyTable.Row cpu = rows.get("cpu-bound-throughput");
        assertEquals(1, cpu.source());
        assertEquals(Verdict.REPRODUCED, cpu.outcome().verdict(), cpu.outcome().why());
        assertSame(throughput.ratio("throughput", DispatchMode.EXECUTOR_VIRTUAL, cpu.headline()), cpu.ratio());
        StudyTable.Row rss = rows.get("footprint");
        assertEquals(0, rss.source());
        // executor-virtual's RSS is 1.30 of the pool's in the footprint comparison's runs
        assertEquals(1.30, rss.ratio().ratio().estimate(), 1e-9);
        assertEquals(Verdict.NOT_RUN, rows.get("ramp-up").outcome().verdict());
        assertEquals(-1, rows.get("ramp-up").source());
        assertEquals(
                Verdict.NOT_MEASURABLE,
                rows.get("two-cpu-short-requests").outcome().verdict(),
                "needs 4 CPUs");
    }

    private static ComparisonRecord record(String profile, List<String> tests, double margin) {
        return new ComparisonRecord(
                new Environment(Map.of("profile", profile)),
                tests,
                List.of(DispatchMode.THREADPOOL, DispatchMode.EXECUTOR_VIRTUAL),
                StudyRuns.ONE_CPU,
                null,
                null,
                false,
                margin,
                1,
                1,
                List.of(),
                false);
    }

    @Test
    void comparisonsJoinOnlyWhenEachIsTheStudysRanItsOwnTestsAndTheyShareAMargin() {
        List<Path> dirs = List.of(Path.of("/r/a"), Path.of("/r/b"));
        ComparisonRecord ramp = record("study", List.of("ramp-up"), 0.05);
        assertNull(StudyTable.unjoinable(dirs, List.of(ramp, record("study", List.of("footprint"), 0.05))));
        assertEquals(
                "/r/b holds a quick comparison, not the study's (-Dcompare.profile=study)",
                StudyTable.unjoinable(dirs, List.of(ramp, record("quick", List.of("footprint"), 0.05))));
        assertEquals(
                "/r/a and /r/b both ran ramp-up: name one of them",
                StudyTable.unjoinable(dirs, List.of(ramp, record("study", List.of("footprint", "ramp-up"), 0.05))));
        assertEquals(
                "/r/a was judged with a margin of ±5.0 %, /r/b with ±10.0 %: one table has one margin",
                StudyTable.unjoinable(dirs, List.of(ramp, record("study", List.of("footprint"), 0.10))));
    }

    @Test
    void aTimeToPeakNearThePlansEndIsInconclusive() {
        // the pool at 285 s of a 300-s plan: its peak may come after the load stopped
        List<RunResult> ramp = runs("ramp-up", RAMP_UP, 0.5, s -> new Figures(600 * s, 700 * s, 700, 285 * s));
        StudyTable.Row row = byClaim(
                        StudyTable.of(StudyRuns.comparison(List.of("ramp-up"), ramp, "6.18"), StudyRuns.ONE_CPU, 0.05))
                .get("ramp-up");
        assertEquals(Verdict.INCONCLUSIVE, row.outcome().verdict());
        assertTrue(
                row.outcome().why().contains("past 80 % of the 300-s plan"),
                row.outcome().why());
        assertTrue(
                row.outcome().why().contains("-Dcompare.ramp-up.DURATION"),
                row.outcome().why());
    }

    @Test
    void onlyValidRunsCount() {
        // one executor-virtual run is flagged and far off: left out, the other four still give 0.75
        List<RunResult> all = new ArrayList<>(
                runs("throughput", THROUGHPUT, 0.75, s -> new Figures(1000 * s, 1000 * s, 600, Double.NaN)));
        all.set(
                9,
                StudyRuns.run(
                        "throughput",
                        DispatchMode.EXECUTOR_VIRTUAL,
                        5,
                        THROUGHPUT,
                        new Figures(100, 100, 600, Double.NaN),
                        Set.of(Flag.MACHINE_BUSY)));
        StudyTable.Row row = byClaim(StudyTable.of(
                        StudyRuns.comparison(List.of("throughput"), all, "6.18"), StudyRuns.ONE_CPU, 0.05))
                .get("cpu-bound-throughput");
        assertEquals(Verdict.REPRODUCED, row.outcome().verdict(), row.outcome().why());
        assertEquals(4, row.ratio().modeRuns().used());
        assertEquals(0.75, row.ratio().ratio().estimate(), 0.01);

        // with three flagged there is no interval
        for (int i = 6; i < 9; i++) {
            RunResult r = all.get(i);
            all.set(
                    i,
                    StudyRuns.run(
                            "throughput",
                            DispatchMode.EXECUTOR_VIRTUAL,
                            r.repetition(),
                            THROUGHPUT,
                            new Figures(750, 750, 600, Double.NaN),
                            Set.of(Flag.ERRORS)));
        }
        StudyTable.Row none = byClaim(StudyTable.of(
                        StudyRuns.comparison(List.of("throughput"), all, "6.18"), StudyRuns.ONE_CPU, 0.05))
                .get("cpu-bound-throughput");
        assertEquals(Verdict.INCONCLUSIVE, none.outcome().verdict());
        assertTrue(
                none.outcome().why().startsWith("no interval: fewer than 3 valid runs"),
                none.outcome().why());
    }

    @Test
    void otherModesThanTheStudysAreNotMeasurable() {
        List<RunResult> all =
                runs("throughput", THROUGHPUT, 0.75, s -> new Figures(1000 * s, 1000 * s, 600, Double.NaN));
        Comparison virtualFirst = Comparison.of(ComparisonInput.of(
                        new Environment(Map.of("profile", "study", "kernel", "6.18")),
                        List.of("throughput"),
                        List.of(DispatchMode.EXECUTOR_VIRTUAL, DispatchMode.THREADPOOL),
                        all)
                .wallS(60)
                .build());
        StudyTable.Row row =
                byClaim(StudyTable.of(virtualFirst, StudyRuns.ONE_CPU, 0.05)).get("cpu-bound-throughput");
        assertEquals(Verdict.NOT_MEASURABLE, row.outcome().verdict());
        assertTrue(row.outcome().why().startsWith("the comparison did not run executor-virtual against threadpool"));
    }
}
