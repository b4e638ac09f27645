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
