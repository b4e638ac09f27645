package dev.vtlab.measurement;

import java.util.Locale;

/**
 * A fixed piece of CPU work, timed: how fast this CPU runs plain integer code right now. The comparison runs it
 * on the server's CPUs before each run (its own short JVM, pinned there), so a slower host, a throttled CPU or a
 * noisy neighbour shows as a lower figure, and a run whose figure is off from the comparison's is flagged.
 *
 * <p>Prints the work units per second: {@code java -cp target/classes dev.vtlab.measurement.Calibration}.
 */
public final class Calibration {

    /** Milliseconds spent warming the JIT on the loop before it is timed, and timing it. */
    static final int WARM_MS = 300, TIMED_MS = 500;

    private Calibration() {}

    public static void main(String[] args) {
        System.out.printf(Locale.ROOT, "%.0f%n", unitsPerSecond());
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
}
