package dev.vtlab.compare.settings;

/**
 * When the server's JIT counts as quiet, in one place for the warm-up that waits for it (run) and the check that flags
 * a window it was busy in (analyse). The warm-up ends at the stricter threshold and a window is flagged only past the
 * looser one, so a run that ended its warm-up just quiet is not flagged by the next seconds' noise.
 */
public final class JitRule {

    /** Compiler threads' CPU per second below which a warm-up may end: C2 keeps recompiling a little for as long as a server runs. */
    public static final double WARM_UP_CPU_SHARE = 0.03;
    /**
     * Compilations' elapsed time per second past which the JIT is busy whatever its CPU: in-plan warm-ups that ended
     * warm read 0.4–0.9 s per 10 s at 100 users under the pool (its compiler sharing the CPU with 20–30 threads).
     */
    public static final double WARM_UP_ELAPSED_SHARE = 0.10;
    /** Compiler CPU seconds (for older runs, compilation time) per second of a window above which it is not warm. */
    public static final double WINDOW_CPU_SHARE = 0.05;

    private JitRule() {}
}
