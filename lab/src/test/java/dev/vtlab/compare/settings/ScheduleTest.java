package dev.vtlab.compare.settings;

import static dev.vtlab.dispatch.DispatchMode.EXECUTOR_VIRTUAL;
import static dev.vtlab.dispatch.DispatchMode.THREADPOOL;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vtlab.dispatch.DispatchMode;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class ScheduleTest {

    private static final List<DispatchMode> MODES = List.of(THREADPOOL, EXECUTOR_VIRTUAL);

    @Test
    void abbaAlternatesTheModesOfEachTestAndInterleavesTests() {
        List<Schedule.Slot> slots =
                Schedule.of(List.of(spec("ping", 3), spec("ramp-up", 1)), MODES, Schedule.Order.ABBA, 0, 0);
        assertEquals(
                List.of(
                        "ping threadpool 1",
                        "ping executor-virtual 1",
                        "ramp-up threadpool 1",
                        "ramp-up executor-virtual 1",
                        "ping executor-virtual 2",
                        "ping threadpool 2",
                        "ping threadpool 3",
                        "ping executor-virtual 3"),
                slots.stream()
                        .map(s -> s.spec().name() + " " + s.mode().label() + " " + s.repetition())
                        .toList());
    }

    @Test
    void randomOrderIsReproducibleFromItsSeedAndRunsEveryPairItsRepeats() {
        List<TestSpec> specs = List.of(spec("ping", 5), spec("throughput", 5));
        List<Schedule.Slot> a = Schedule.of(specs, MODES, Schedule.Order.RANDOM, 7, 0);
        assertEquals(a, Schedule.of(specs, MODES, Schedule.Order.RANDOM, 7, 0));
        assertEquals(20, a.size());
        for (TestSpec spec : specs) {
            for (DispatchMode mode : MODES) {
                assertEquals(
                        5,
                        a.stream()
                                .filter(s -> s.spec() == spec && s.mode() == mode)
                                .count());
            }
        }
    }

    @Test
    void aSecondStageNumbersItsRunsOnAndKeepsAlternatingTheModes() {
        List<TestSpec> first = List.of(spec("ping", 3), spec("throughput", 3));
        List<Schedule.Slot> more = Schedule.continuing(first, List.of(2, 1), MODES, Schedule.Order.ABBA, 0);
        assertEquals(
                List.of(
                        // repetition 4 is even: B A, as in repetition 2
                        "ping executor-virtual 4 of 5",
                        "ping threadpool 4 of 5",
                        "throughput executor-virtual 4 of 4",
                        "throughput threadpool 4 of 4",
                        "ping threadpool 5 of 5",
                        "ping executor-virtual 5 of 5"),
                more.stream()
                        .map(s -> s.spec().name() + " " + s.mode().label() + " " + s.repetition() + " of "
                                + s.spec().repeats())
                        .toList());
        assertEquals(List.of(), Schedule.continuing(first, List.of(0, 0), MODES, Schedule.Order.ABBA, 0));
        assertEquals(
                6,
                Schedule.continuing(first, List.of(2, 1), MODES, Schedule.Order.RANDOM, 7)
                        .size());
    }

    @Test
    void eachRoundsProfiledRunsFollowItsMeasuredRunsInTheMirroredOrder() {
        assertEquals(
                List.of(
                        "ping threadpool 1",
                        "ping executor-virtual 1",
                        "ping executor-virtual 1 profiled",
                        "ping threadpool 1 profiled",
                        "ping executor-virtual 2",
                        "ping threadpool 2",
                        "ping threadpool 2 profiled",
                        "ping executor-virtual 2 profiled"),
                labels(Schedule.of(List.of(spec("ping", 2)), MODES, Schedule.Order.ABBA, 0, 2)));
        // more profiled runs than measured rounds: the rest follow, round by round
        assertEquals(
                List.of(
                        "ping threadpool 1",
                        "ping executor-virtual 1",
                        "ping executor-virtual 1 profiled",
                        "ping threadpool 1 profiled",
                        "ping threadpool 2 profiled",
                        "ping executor-virtual 2 profiled"),
                labels(Schedule.of(List.of(spec("ping", 1)), MODES, Schedule.Order.ABBA, 0, 2)));
    }

    @Test
    void aSharedJvmRunsAModesTestsOfARoundInTurnAndKeepsEachTestsAbba() {
        List<Schedule.Slot> slots = Schedule.of(
                List.of(spec("ping", 2), spec("throughput", 2), spec("ramp-up", 1)), MODES, Schedule.Order.ABBA, 0, 0);
        assertEquals(
                List.of(
                        List.of("ping threadpool 1", "throughput threadpool 1"),
                        // a sudden load meets a cold server: a JVM of its own
                        List.of("ramp-up threadpool 1"),
                        List.of("ping executor-virtual 1", "throughput executor-virtual 1"),
                        List.of("ramp-up executor-virtual 1"),
                        // round 2 runs B A for every test, as without sharing
                        List.of("ping executor-virtual 2", "throughput executor-virtual 2"),
                        List.of("ping threadpool 2", "throughput threadpool 2")),
                Schedule.jvms(slots, true).stream().map(ScheduleTest::labels).toList());
    }

    @Test
    void withoutSharingEverySlotHasAJvmOfItsOwnInTheSlotsOrder() {
        List<Schedule.Slot> slots =
                Schedule.of(List.of(spec("ping", 2), spec("throughput", 2)), MODES, Schedule.Order.ABBA, 0, 0);
        assertEquals(
                slots.stream().map(s -> labels(List.of(s))).toList(),
                Schedule.jvms(slots, false).stream().map(ScheduleTest::labels).toList());
    }

    @Test
    void aProfiledRunNeverSharesAJvmAndASecondStageShares() {
        List<Schedule.Slot> slots =
                Schedule.of(List.of(spec("ping", 1), spec("throughput", 1)), MODES, Schedule.Order.ABBA, 0, 1);
        assertEquals(
                List.of(
                        List.of("ping threadpool 1", "throughput threadpool 1"),
                        List.of("ping executor-virtual 1", "throughput executor-virtual 1"),
                        List.of("throughput executor-virtual 1 profiled"),
                        List.of("throughput threadpool 1 profiled"),
                        List.of("ping executor-virtual 1 profiled"),
                        List.of("ping threadpool 1 profiled")),
                Schedule.jvms(slots, true).stream().map(ScheduleTest::labels).toList());
        List<Schedule.Slot> more = Schedule.continuing(
                List.of(spec("ping", 3), spec("throughput", 3)), List.of(1, 1), MODES, Schedule.Order.ABBA, 0);
        assertEquals(
                List.of(
                        List.of("ping executor-virtual 4", "throughput executor-virtual 4"),
                        List.of("ping threadpool 4", "throughput threadpool 4")),
                Schedule.jvms(more, true).stream().map(ScheduleTest::labels).toList());
    }

    private static List<String> labels(List<Schedule.Slot> slots) {
        return slots.stream()
                .map(s -> s.spec().name() + " " + s.mode().label() + " " + s.repetition()
                        + (s.profiled() ? " profiled" : ""))
                .toList();
    }

    private static TestSpec spec(String test, int repeats) {
        return TestSpec.of(Catalogue.get(test), Catalogue.Profile.QUICK, new Properties(), repeats);
    }
}
