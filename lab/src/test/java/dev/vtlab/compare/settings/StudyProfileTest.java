package dev.vtlab.compare.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.Fixtures;
import dev.vtlab.dispatch.DispatchMode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** -Dcompare.profile=study: which tests, with what parameters and repetitions, on which CPUs. */
class StudyProfileTest {

    private static final Path PROJECT = Fixtures.ROOT;

    private static CompareSettings study(String availableCpus, String... keyValues) {
        Properties p = new Properties();
        p.setProperty(Setting.PROFILE.key(), "study");
        for (int i = 0; i < keyValues.length; i += 2) {
            p.setProperty(keyValues[i], keyValues[i + 1]);
        }
        return CompareSettings.from(p, PROJECT, availableCpus, Fixtures.HOME);
    }

    private static Map<String, TestSpec> byName(CompareSettings s) {
        return s.specs().stream().collect(Collectors.toMap(TestSpec::name, t -> t));
    }

    @Test
    void onTwoCpusTheServerHasOneAndTheTwoCpuShortRequestTestDoesNotRun() {
        CompareSettings s = study("0-1");
        assertEquals(Catalogue.Profile.STUDY, s.profile());
        assertEquals(
                List.of("throughput", "ramp-up", "footprint"),
                s.specs().stream().map(TestSpec::name).toList());
        assertEquals(1, s.cpus().server().size());
        assertFalse(s.cpus().shared());
        assertFalse(StudyProfile.twoCpuCase(s.cpus()));
        assertEquals(List.of(DispatchMode.THREADPOOL, DispatchMode.EXECUTOR_VIRTUAL), s.modes(), "the study's two");
        assertEquals(1, StudyProfile.notes(s.cpus()).size());
        assertTrue(
                StudyProfile.notes(s.cpus()).get(0).contains("need a 2-CPU server and two CPUs for the load (4 CPUs"));
        // what this split gives each side, so "4 CPUs" does not read as the machine's count
        assertTrue(
                StudyProfile.notes(s.cpus()).get(0).contains("(4 CPUs in all; here the server has 1 and the load 1)"));

        Map<String, TestSpec> t = byName(s);
        // the study's CPU-bound test: the banking app, 2 ms delay, four levels of 150 s
        assertEquals(
                Map.of("THREADS", "100", "STEPS", "4", "STEP_DURATION", "150", "DELAY_MS", "2", "WORK", "1"),
                t.get("throughput").props());
        assertEquals(600, t.get("throughput").loadSeconds());
        // a sudden load of 1 000 users per server CPU, each waiting 1 s, for 300 s
        assertEquals("1000", t.get("ramp-up").props().get("THREADS"));
        assertEquals("0", t.get("ramp-up").props().get("RAMP"));
        assertEquals("1000", t.get("ramp-up").props().get("DELAY_MS"));
        assertEquals(300, t.get("ramp-up").loadSeconds());
        // the study's 500 users
        assertEquals("500", t.get("footprint").props().get("THREADS"));
        for (TestSpec spec : s.specs()) {
            assertTrue(
                    spec.repeats() >= Catalogue.Profile.RIGOROUS.repeats(spec.name()),
                    spec.name() + ": at least the rigorous profile's repetitions");
            assertEquals(5, spec.repeats());
        }
        assertEquals(Metric.TPS_PER_CPU_S, t.get("throughput").test().primary());
        assertEquals(Metric.TIME_TO_90PCT_S, t.get("ramp-up").test().primary());
        assertEquals(Metric.RSS_MAX_MIB, t.get("footprint").test().primary());
        assertEquals(180, s.warmupSeconds());
    }

    @Test
    void itsLoadTimeIsWhatTheDocsSay() {
        // per mode and repetition (2 × 5): throughput 4 × 150 s + a warm-up of at most 180 s, ramp-up 300 s (no
        // warm-up: a cold server is its point), footprint 300 s + 180 s; docs/compare.md adds 20 s per run for restarts
        CompareSettings s = study("0-1");
        List<Schedule.Slot> slots = Schedule.of(s.specs(), s.modes(), s.order(), s.seed(), 0);
        assertEquals(30, slots.size());
        assertEquals(10 * (780 + 300 + 480), s.loadSeconds(slots));
        CompareSettings four = study("0-3");
        List<Schedule.Slot> more = Schedule.of(four.specs(), four.modes(), four.order(), four.seed(), 0);
        assertEquals(10 * (780 + 300 + 480 + 330), four.loadSeconds(more), "and ping: 150 s + 180 s");
    }

    @Test
    void onFourCpusTheServerGetsTheStudysTwoAndTheShortRequestTestRuns() {
        CompareSettings s = study("0-3");
        assertEquals("0,1", CpuPlan.list(s.cpus().server()));
        assertEquals("2,3", CpuPlan.list(s.cpus().load()));
        assertTrue(StudyProfile.twoCpuCase(s.cpus()));
        assertTrue(StudyProfile.notes(s.cpus()).isEmpty());
        Map<String, TestSpec> t = byName(s);
        assertEquals(
                List.of("throughput", "ramp-up", "footprint", "ping"),
                s.specs().stream().map(TestSpec::name).toList());
        // scaled to two server CPUs; the footprint stays at the study's 500 users
        assertEquals("200", t.get("throughput").props().get("THREADS"));
        assertEquals("2000", t.get("ramp-up").props().get("THREADS"));
        assertEquals("500", t.get("footprint").props().get("THREADS"));
        assertEquals("100", t.get("ping").props().get("THREADS"));
        assertEquals(150, t.get("ping").loadSeconds());
        assertEquals(5, t.get("ping").repeats());
    }

    @Test
    void aLargeMachineStillGivesTheServerTwoCpusAndTheSuddenLoadStopsAtTheStudys6000() {
        CompareSettings s = study("0-15");
        assertEquals(2, s.cpus().server().size());
        assertEquals(14, s.cpus().load().size());
        assertEquals("2000", byName(s).get("ramp-up").props().get("THREADS"));
        CompareSettings eight = study("0-15", Setting.SERVER_CPUS.key(), "0-7");
        assertEquals(8, eight.cpus().server().size());
        assertEquals("6000", byName(eight).get("ramp-up").props().get("THREADS"), "8 × 1 000 capped at 6 000");
        assertFalse(StudyProfile.twoCpuCase(eight.cpus()));
        assertFalse(eight.specs().stream().anyMatch(x -> x.name().equals("ping")));
    }

    @Test
    void theUsualOverridesApply() {
        CompareSettings s = study(
                "0-1", "compare.ramp-up.DURATION", "600", "compare.repeats", "7", "compare.tests", "ramp-up,ping");
        Map<String, TestSpec> t = byName(s);
        assertEquals(600, t.get("ramp-up").loadSeconds());
        assertEquals(7, t.get("ramp-up").repeats());
        // asked for by name, ping runs on the 1-CPU server; the 2-CPU rows then say why they are not measurable
        assertEquals("50", t.get("ping").props().get("THREADS"));
        CompareSettings shared = study("0-3", Setting.SERVER_CPUS.key(), "all");
        assertFalse(StudyProfile.twoCpuCase(shared.cpus()), "a shared server is not the study's 2-CPU case");
        // a test the study has no parameters for runs at the full profile's
        assertEquals(
                Catalogue.get("hello-steps").defaults().get(Catalogue.Profile.FULL),
                byName(study("0-1", "compare.tests", "hello-steps"))
                        .get("hello-steps")
                        .props());
    }

    @Test
    void theStudyIsTheLabsOwnTestsNotAUsersApp() {
        Fixtures.assertMessage(
                "compare.profile=study runs the IBM study's tests on the lab's bank",
                "smoke, quick, rigorous or full",
                () -> study("0-1", "compare.app", "/tmp/app.war", "compare.url", "/x"));
        Fixtures.assertMessage(
                "compare.profile must be one of smoke, quick, rigorous, full, sizing, study",
                "not 'studdy'",
                () -> Catalogue.Profile.parse("studdy"));
    }
}
