package dev.vtlab.compare.settings;

import dev.vtlab.dispatch.DispatchMode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.ToIntFunction;

/**
 * The order of the runs. Repetitions of all tests are interleaved, and within each repetition the
 * modes alternate direction (ABBA: A B, B A, A B …) or are shuffled with a recorded seed, so a drift of
 * the machine over the comparison (thermal, page cache, a neighbour) falls on every mode alike
 * instead of on whichever mode always runs second.
 *
 * <p>Profiled runs (compare.cpuProfile) come after every measured run, interleaved among themselves in the same
 * order: the profiler costs CPU, so their figures never enter a verdict, and their servers are fresh like any other.
 */
public final class Schedule {

    public enum Order {
        ABBA,
        RANDOM;

        public static Order parse(String value) {
            return switch (value) {
                case "abba" -> ABBA;
                case "random" -> RANDOM;
                default -> throw new IllegalArgumentException("compare.order is abba or random, not '" + value + "'");
            };
        }
    }

    /**
     * One run: a test in a mode, its repetition (1-based) of that pair; a profiled run counts its repetitions apart
     * (profiled run 1, 2 ...) and never enters a verdict.
     */
    public record Slot(TestSpec spec, DispatchMode mode, int repetition, boolean profiled) {

        /** A measured run. */
        public Slot(TestSpec spec, DispatchMode mode, int repetition) {
            this(spec, mode, repetition, false);
        }
    }

    private Schedule() {}

    /** The measured runs, then {@code profiledRuns} profiled runs of each (test, mode). */
    public static List<Slot> of(
            List<TestSpec> specs, List<DispatchMode> modes, Order order, long seed, int profiledRuns) {
        Random random = new Random(seed);
        List<Slot> slots = new ArrayList<>();
        interleave(slots, specs, TestSpec::repeats, modes, order, random, false);
        interleave(slots, specs, spec -> profiledRuns, modes, order, random, true);
        return slots;
    }

    private static void interleave(
            List<Slot> slots,
            List<TestSpec> specs,
            ToIntFunction<TestSpec> repeats,
            List<DispatchMode> modes,
            Order order,
            Random random,
            boolean profiled) {
        int rounds = specs.stream().mapToInt(repeats).max().orElse(0);
        for (int r = 0; r < rounds; r++) {
            for (TestSpec spec : specs) {
                if (r >= repeats.applyAsInt(spec)) {
                    continue;
                }
                List<DispatchMode> sequence = new ArrayList<>(modes);
                if (order == Order.RANDOM) {
                    Collections.shuffle(sequence, random);
                } else if (r % 2 == 1) {
                    Collections.reverse(sequence); // per test: A B in odd repetitions, B A in even ones
                }
                for (DispatchMode mode : sequence) {
                    slots.add(new Slot(spec, mode, r + 1, profiled));
                }
            }
        }
    }
}
