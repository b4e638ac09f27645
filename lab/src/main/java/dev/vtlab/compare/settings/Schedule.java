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
 *
 * <p>Profiled runs (compare.cpuProfile) never enter a verdict (the profiler costs CPU), but they are interleaved with
 * the measured ones: each round's profiled runs follow its measured runs in the mirrored order (A B | B' A'), so the
 * recording's cost (profiled against measured CPU per request) is an on/off comparison through the same drift, not a
 * before/after one. Their servers are fresh like any other.
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

    /**
     * Each round's measured runs, then that round's profiled run of each (test, mode) in the mirrored order, for the
     * first {@code profiledRuns} rounds; profiled runs beyond the measured rounds come last, round by round.
     */
    public static List<Slot> of(
            List<TestSpec> specs, List<DispatchMode> modes, Order order, long seed, int profiledRuns) {
        Random random = new Random(seed);
        int rounds = Math.max(
                profiledRuns, specs.stream().mapToInt(TestSpec::repeats).max().orElse(0));
        List<Slot> slots = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            for (TestSpec spec : specs) {
                if (r < spec.repeats()) {
                    slots.addAll(round(spec, r, modes, order, random, false));
                }
            }
            if (r < profiledRuns) {
                List<Slot> profiled = new ArrayList<>();
                for (TestSpec spec : specs) {
                    profiled.addAll(round(spec, r, modes, order, random, true));
                }
                Collections.reverse(profiled); // mirrored: the mode measured last in the round is profiled first
                slots.addAll(profiled);
            }
        }
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
        Random random = new Random(seed + 1);
        List<TestSpec> totals = new ArrayList<>();
        for (int i = 0; i < specs.size(); i++) {
            TestSpec s = specs.get(i);
            totals.add(new TestSpec(s.test(), s.props(), s.repeats() + more.get(i)));
        }
        int rounds = totals.stream().mapToInt(TestSpec::repeats).max().orElse(0);
        List<Slot> slots = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < totals.size(); i++) {
                if (r >= specs.get(i).repeats() && r < totals.get(i).repeats()) {
                    slots.addAll(round(totals.get(i), r, modes, order, random, false));
                }
            }
        }
        return slots;
    }

    /**
     * The JVMs that run {@code slots}: with {@code shared}, each round's measured runs regrouped by mode (the modes in
     * the order the round first ran them, each mode's tests in their order), and a mode's consecutive tests that can
     * share a warm JVM ({@link Catalogue.LoadTest#sharesJvm()}) run in one, in turn; otherwise a fresh JVM per slot, in
     * the slots' order. A profiled run always gets its own.
     */
    public static List<List<Slot>> jvms(List<Slot> slots, boolean shared) {
        List<Slot> ordered = shared ? byMode(slots) : slots;
        List<List<Slot>> jvms = new ArrayList<>();
        List<Slot> current = null;
        for (Slot slot : ordered) {
            Slot last = current == null ? null : current.get(current.size() - 1);
            boolean joins = shared
                    && last != null
                    && !slot.profiled()
                    && !last.profiled()
                    && slot.mode() == last.mode()
                    && slot.repetition() == last.repetition()
                    && slot.spec().test().sharesJvm()
                    && last.spec().test().sharesJvm();
            if (!joins) {
                current = new ArrayList<>();
                jvms.add(current);
            }
            current.add(slot);
        }
        return jvms;
    }

    /** Each block of consecutive measured slots of one repetition, stably regrouped by mode: ABBA by round, not test. */
    private static List<Slot> byMode(List<Slot> slots) {
        List<Slot> out = new ArrayList<>();
        int i = 0;
        while (i < slots.size()) {
            int j = i + 1;
            while (j < slots.size()
                    && !slots.get(i).profiled()
                    && !slots.get(j).profiled()
                    && slots.get(j).repetition() == slots.get(i).repetition()) {
                j++;
            }
            List<Slot> block = slots.subList(i, j);
            List<DispatchMode> first = block.stream().map(Slot::mode).distinct().toList();
            for (DispatchMode mode : first) {
                block.stream().filter(s -> s.mode() == mode).forEach(out::add);
            }
            i = j;
        }
        return out;
    }

    /** Round {@code r} (0-based) of one test: its modes in ABBA's direction for the round, or shuffled. */
    private static List<Slot> round(
            TestSpec spec, int r, List<DispatchMode> modes, Order order, Random random, boolean profiled) {
        List<DispatchMode> sequence = new ArrayList<>(modes);
        if (order == Order.RANDOM) {
            Collections.shuffle(sequence, random);
        } else if (r % 2 == 1) {
            Collections.reverse(sequence); // per test: A B in odd repetitions, B A in even ones
        }
        return sequence.stream()
                .map(mode -> new Slot(spec, mode, r + 1, profiled))
                .toList();
    }
}
