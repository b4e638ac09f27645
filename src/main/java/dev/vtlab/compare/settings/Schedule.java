package dev.vtlab.compare.settings;

import dev.vtlab.dispatch.DispatchMode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The order of the runs. Repetitions of all tests are interleaved, and within each repetition the
 * modes alternate direction (ABBA: A B, B A, A B …) or are shuffled with a recorded seed, so a drift of
 * the machine over the comparison (thermal, page cache, a neighbour) falls on every mode alike
 * instead of on whichever mode always runs second.
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

    /** One run: a test in a mode, its repetition (1-based) of that pair. */
    public record Slot(TestSpec spec, DispatchMode mode, int repetition) {}

    private Schedule() {}

    public static List<Slot> of(List<TestSpec> specs, List<DispatchMode> modes, Order order, long seed) {
        return slots(specs, specs.stream().map(s -> 0).toList(), modes, order, new Random(seed));
    }

    /**
     * A second stage: {@code more.get(i)} further runs per mode of {@code specs.get(i)} after its first {@code
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
        return slots(totals, specs.stream().map(TestSpec::repeats).toList(), modes, order, new Random(seed + 1));
    }

    /** The repetitions after {@code done.get(i)} of each spec up to its repeats(), round by round. */
    private static List<Slot> slots(
            List<TestSpec> specs, List<Integer> done, List<DispatchMode> modes, Order order, Random random) {
        int rounds = specs.stream().mapToInt(TestSpec::repeats).max().orElse(0);
        List<Slot> slots = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < specs.size(); i++) {
                TestSpec spec = specs.get(i);
                if (r < done.get(i) || r >= spec.repeats()) {
                    continue;
                }
                List<DispatchMode> sequence = new ArrayList<>(modes);
                if (order == Order.RANDOM) {
                    Collections.shuffle(sequence, random);
                } else if (r % 2 == 1) {
                    Collections.reverse(sequence); // per test: A B in odd repetitions, B A in even ones
                }
                for (DispatchMode mode : sequence) {
                    slots.add(new Slot(spec, mode, r + 1));
                }
            }
        }
        return slots;
    }
}
