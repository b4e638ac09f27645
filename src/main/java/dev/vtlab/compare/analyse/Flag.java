package dev.vtlab.compare.analyse;

/** Why a run's figures are doubtful; each run carries the set its analysis found, with a warning per finding. */
public enum Flag {
    ERRORS("errors over 1 %"),
    LOAD_GENERATOR_BOUND("load-generator bound"),
    MACHINE_BUSY("busy machine"),
    NOT_STEADY("a level not steady"),
    ABOVE_BOUND("a level above its physical bound"),
    POOL_NOT_CONVERGED("Liberty's pool not converged"),
    NOT_WARM("the JIT still compiling in a window"),
    CPU_SPEED("the server CPUs' speed off the comparison's"),
    RATE_NOT_KEPT("the paced rate not kept"),
    PEAK_BEYOND_PLAN("a sudden load's peak beyond its plan"),
    MEMORY_RISING("the memory still rising in its window");

    private final String text;

    Flag(String text) {
        this.text = text;
    }

    /** How the report names it: "load-generator bound". */
    public String text() {
        return text;
    }
}
