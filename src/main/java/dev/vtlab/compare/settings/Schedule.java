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
        Random random = new Random(seed);
        int rounds = specs.stream().mapToInt(TestSpec::repeats).max().orElse(0);
        List<Slot> slots = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            for (TestSpec spec : specs) {
                if (r >= spec.repeats()) {
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
