package dev.vtlab.compare.settings;

import dev.vtlab.dispatch.DispatchMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;

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
        int[] none = new int[specs.size()];
        List<Slot> slots = new ArrayList<>();
        interleave(
                slots, specs, none, specs.stream().mapToInt(TestSpec::repeats).toArray(), modes, order, random, false);
        int[] profiled = new int[specs.size()];
        Arrays.fill(profiled, profiledRuns);
        interleave(slots, specs, none, profiled, modes, order, random, true);
        return slots;
    }

    /**
     * A second stage: {@code more.get(i)} further measured runs per mode of {@code specs.get(i)} after its first {@code
     * repeats()}, numbered on from there and interleaved as the first stage was (ABBA keeps alternating by the
     * repetition's number; a random order draws from the seed again, on a stream of its own). Each slot's spec carries
     * the test's new total of repetitions.
     */
    public static List<Slot> continuing(
            List<TestSpec> specs, List<Integer> more, List<DispatchMode> modes, Order order, long seed) {
        List<TestSpec> totals = new ArrayList<>();
        for (int i = 0; i < specs.size(); i++) {
            TestSpec s = specs.get(i);
            totals.add(new TestSpec(s.test(), s.props(), s.repeats() + more.get(i)));
        }
        List<Slot> slots = new ArrayList<>();
        interleave(
                slots,
                totals,
                specs.stream().mapToInt(TestSpec::repeats).toArray(),
                totals.stream().mapToInt(TestSpec::repeats).toArray(),
                modes,
                order,
                new Random(seed + 1),
                false);
        return slots;
    }

    /** Repetitions {@code from[i] + 1 .. to[i]} of each spec, round by round. */
    private static void interleave(
            List<Slot> slots,
            List<TestSpec> specs,
            int[] from,
            int[] to,
            List<DispatchMode> modes,
            Order order,
            Random random,
            boolean profiled) {
        int rounds = Arrays.stream(to).max().orElse(0);
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < specs.size(); i++) {
                if (r < from[i] || r >= to[i]) {
                    continue;
                }
                List<DispatchMode> sequence = new ArrayList<>(modes);
                if (order == Order.RANDOM) {
                    Collections.shuffle(sequence, random);
                } else if (r % 2 == 1) {
                    Collections.reverse(sequence); // per test: A B in odd repetitions, B A in even ones
                }
                for (DispatchMode mode : sequence) {
                    slots.add(new Slot(specs.get(i), mode, r + 1, profiled));
                }
            }
        }
    }
}
