package dev.vtlab.compare.analyse;

/**
 * Why a run's figures are doubtful; each run carries the set its analysis found, with a warning per finding. A flag is
 * of one of two kinds, fixed before any data: one about the {@linkplain Kind#SETUP setup} the run was measured in,
 * which leaves the run out of the verdicts, or one about its {@linkplain Kind#OUTCOME outcome}, which never does.
 */
public enum Flag {
    ERRORS("errors over 1 %", Kind.SETUP),
    LOAD_GENERATOR_BOUND("load-generator bound", Kind.SETUP),
    MACHINE_BUSY("busy machine", Kind.SETUP),
    NOT_STEADY("a level not steady", Kind.OUTCOME),
    TOO_SHORT("a level too short for its start", Kind.OUTCOME),
    ABOVE_BOUND("a level above its physical bound", Kind.OUTCOME),
    POOL_NOT_CONVERGED("Liberty's pool not converged", Kind.OUTCOME),
    NOT_WARM("the JIT still compiling in a window", Kind.OUTCOME),
    CPU_SPEED("the server CPUs' speed off the comparison's", Kind.SETUP),
    RATE_NOT_KEPT("the paced rate not kept", Kind.OUTCOME),
    PEAK_BEYOND_PLAN("a sudden load's peak beyond its plan", Kind.OUTCOME),
    MEMORY_RISING("the memory still rising in its window", Kind.OUTCOME);

    /**
     * What a flag is about. A setup flag reads the machine, the load side or the run's errors, not the figure being
     * compared, so leaving its runs out cannot choose among outcomes: it may leave a run out (and a replacement may be
     * drawn). An outcome flag is a threshold on the series the figure is made of (a level's trend, its rate against a
     * bound, the pool's or the JIT's state in the window), and it falls more on one mode than the other where the modes
     * differ: leaving such runs out would move the ratio (simulated in ExclusionTest), so they count, and the figure
     * says how many of its runs carry one and what it would read without them.
     */
    public enum Kind {
        SETUP,
        OUTCOME
    }

    private final String text;
    private final Kind kind;

    Flag(String text, Kind kind) {
        this.text = text;
        this.kind = kind;
    }

    /** How the report names it: "load-generator bound". */
    public String text() {
        return text;
    }

    public Kind kind() {
        return kind;
    }

    /** Whether a run with this flag is left out of the verdicts (a setup flag). */
    public boolean leavesOut() {
        return kind == Kind.SETUP;
    }
}
