package dev.vtlab.measurement;

import java.util.Locale;

/**
 * A fixed piece of CPU work, timed: how fast this CPU runs plain integer code right now. The comparison runs it
 * on the server's CPUs before each run (its own short JVM, pinned there), so a slower host, a throttled CPU or a
 * noisy neighbour shows as a lower figure, and a run whose figure is off from the comparison's is flagged.
 *
 * <p>Beside it, what a load from memory costs there ({@link MemoryLatency}): the integer loop lives in registers,
 * so a neighbour that slows the server's requests through the shared caches or memory does not show in it (on
 * 2026-11-30 the requests' CPU moved by a third while the loop read the same). It is recorded, not judged: no rule
 * leaves a run out on it until its own spread here is known.
 *
 * <p>Prints the work units per second, then the two latencies in ns: {@code java -cp target/classes
 * dev.vtlab.measurement.Calibration}.
 */
public final class Calibration {

    /** Milliseconds spent warming the JIT on the loop before it is timed, and timing it. */
    static final int WARM_MS = 300, TIMED_MS = 500;

    /**
     * Working sets of the two pointer chases: 4 MiB, past a core's 1 MiB L2 and within the share of the host's L3
     * this VM gets (here a 4-MiB chase took 15–23 ns a load, a 16-MiB one already 120–176 ns, as much as memory);
     * 256 MiB, past any L3, so each load goes to memory (200–290 ns here, a page walk included).
     */
    static final int CACHE_INTS = 1 << 20, MEMORY_INTS = 64 << 20;

    /** Dependent loads per chase: about a quarter of a second from memory at the 200–290 ns a load seen here. */
    static final int LOADS = 1 << 20;

    private Calibration() {}

    /** One reading: the integer loop's speed and what a load from the caches and from memory costs. */
    public record Reading(double unitsPerSecond, MemoryLatency memory) {

        /** "server CPUs at 60122 calibration units/s, a load 19 ns from L3 and 262 ns from memory" */
        public String describe() {
            return String.format(
                    Locale.ROOT,
                    "server CPUs at %.0f calibration units/s, a load %.0f ns from L3 and %.0f ns from memory",
                    unitsPerSecond,
                    memory.cacheNs(),
                    memory.memoryNs());
        }
    }

    public static void main(String[] args) {
        double units = unitsPerSecond();
        for (int i = 0; i < 20; i++) {
            walk(cycle(1 << 12), 0, 1 << 14); // compiles the walk before it is timed
        }
        MemoryLatency memory = new MemoryLatency(nsPerLoad(CACHE_INTS), nsPerLoad(MEMORY_INTS));
        System.out.printf(Locale.ROOT, "%.0f %.2f %.2f%n", units, memory.cacheNs(), memory.memoryNs());
    }

    /** Parses what {@link #main} prints; null if it is not that. */
    public static Reading parse(String line) {
        String[] parts = line.trim().split(" ");
        if (parts.length != 3) {
            return null;
        }
        try {
            return new Reading(
                    Double.parseDouble(parts[0]),
                    new MemoryLatency(Double.parseDouble(parts[1]), Double.parseDouble(parts[2])));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Work units (a block of xorshift steps) done per second over {@value #TIMED_MS} ms, after a warm-up. */
    public static double unitsPerSecond() {
        long sink = 0;
        for (long end = System.nanoTime() + WARM_MS * 1_000_000L; System.nanoTime() < end; ) {
            sink += unit(sink);
        }
        long units = 0, start = System.nanoTime(), end = start + TIMED_MS * 1_000_000L, now;
        while ((now = System.nanoTime()) < end) {
            sink += unit(sink);
            units++;
        }
        if (sink == 42) {
            System.out.print(""); // keeps the loop's result alive, so the JIT cannot drop the work
        }
        return units / ((now - start) / 1e9);
    }

    /** 10 000 xorshift steps: integer work that neither allocates nor touches memory beyond registers. */
    private static long unit(long seed) {
        long x = seed | 1;
        for (int i = 0; i < 10_000; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        return x;
    }

    /**
     * Nanoseconds per load of a chase through {@code ints} slots, each load's address the one before's value, so
     * neither the CPU nor its prefetchers can start a load early. The chain is one cycle through every slot:
     * {@link #cycle}.
     */
    static double nsPerLoad(int ints) {
        int[] next = cycle(ints);
        // a whole cycle first where it is short, so a table the caches hold is in them; and the walk compiled
        int at = walk(next, 0, Math.min(ints, 2 * LOADS));
        long start = System.nanoTime();
        at = walk(next, at, LOADS);
        long ns = System.nanoTime() - start;
        if (at == -1) {
            System.out.print(""); // keeps the chain's end alive
        }
        return ns / (double) LOADS;
    }

    /** Where {@code loads} steps along the chain from {@code at} end. */
    private static int walk(int[] next, int at, int loads) {
        for (int i = 0; i < loads; i++) {
            at = next[at];
        }
        return at;
    }

    /**
     * A single cycle through {@code n} slots (a power of two) in an order no stride predicts: slot i holds f(i), with
     * f(x) = a·x + c mod n of full period (Hull and Dobell: c odd, a ≡ 1 mod 4), so the chain visits every slot once
     * before it repeats; a's high bits make consecutive addresses jump by a varying amount. Built in one sequential
     * pass, unlike a random permutation's random writes, so a 256 MiB table costs the probe tens of milliseconds.
     */
    static int[] cycle(int n) {
        if (Integer.bitCount(n) != 1) {
            throw new IllegalArgumentException("the chase's size must be a power of two, not " + n);
        }
        long a = 0x5DEECE66DL * 4 + 1, c = 0xB;
        int[] next = new int[n];
        for (int i = 0; i < n; i++) {
            next[i] = (int) ((a * i + c) & (n - 1));
        }
        return next;
    }
}
