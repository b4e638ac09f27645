package dev.vtlab.compare.settings;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Locale;
import java.util.Optional;
import org.apache.commons.text.similarity.LevenshteinDistance;

/**
 * Every lower-case {@code -Dcompare.*} setting the comparison reads: the one list that parsing, the refusal of
 * unknown keys and the documentation check share. Upper-case keys are the plans' JMeter properties ({@link
 * TestSpec}); {@code compare.TEST.repeats} and {@code compare.TEST.KEY} address one test.
 */
public enum Setting {
    PROFILE("profile"),
    TESTS("tests"),
    REPEATS("repeats"),
    MODES("modes"),
    ORDER("order"),
    SEED("seed"),
    OUT("out"),
    SERVER("server"),
    PORT("port"),
    REMOTE_PORT("remotePort"),
    ACCOUNTS("accounts"),
    HEAP("heap"),
    SERVER_CPUS("serverCpus"),
    LOAD_CPUS("loadCpus"),
    ACTIVE_PROCESSOR_COUNT("activeProcessorCount"),
    PARALLELISM("parallelism"),
    MAX_POOL_SIZE("maxPoolSize"),
    MIN_RUNNABLE("minRunnable"),
    POOL_MAX_THREADS("poolMaxThreads"),
    POOL_CORE_THREADS("poolCoreThreads"),
    WARMUP_SECONDS("warmupSeconds"),
    JMETER_DASHBOARDS("jmeterDashboards"),
    SERVER_HOST("serverHost"),
    REMOTE_HOSTS("remoteHosts"),
    LOCK_FILE("lockFile"),
    LOCK_WAIT_SECONDS("lockWaitSeconds"),
    APP("app"),
    FEATURES("features"),
    PLAN("plan"),
    URL("url"),
    PACE("pace"),
    VIRTUAL_EXECUTORS("virtualExecutors"),
    KEEP_FLAGGED("keepFlagged"),
    REPLACE_LEFT_OUT("replaceLeftOut"),
    MARGIN("margin"),
    PRECISION("precision"),
    BUDGET("budget"),
    MAX_REPEATS("maxRepeats"),
    SEQUENTIAL("sequential"),
    SHARED_JVM("sharedJvm"),
    COMPILE_ON_ALL_CPUS("compileOnAllCpus"),
    CONTRASTS("contrasts"),
    HISTORY("history"),
    CPU_PROFILE("cpuProfile"),
    CPU_PROFILE_RUNS("cpuProfile.runs"),
    CPU_PROFILE_INTERVAL_MS("cpuProfile.intervalMs"),
    REANALYSE("reanalyse"),
    STUDY_FROM("studyFrom"),
    JOIN("join"),
    DESIGN("design"),
    CROSSOVER_SLICE_SECONDS("crossover.sliceSeconds"),
    CROSSOVER_DISCARD_SECONDS("crossover.discardSeconds"),
    CROSSOVER_BLOCKS("crossover.blocks");

    public static final String PREFIX = "compare.";

    private static final LevenshteinDistance EDITS = LevenshteinDistance.getDefaultInstance();

    private final String name;

    Setting(String name) {
        this.name = name;
    }

    /** The system property: {@code compare.repeats}. */
    public String key() {
        return PREFIX + name;
    }

    static Optional<Setting> of(String key) {
        return Arrays.stream(values()).filter(s -> s.key().equals(key)).findFirst();
    }

    /** The known key nearest to a mistyped one (edit distance, case-insensitive), for the refusal's message. */
    static String nearest(String key) {
        return Arrays.stream(values())
                .map(Setting::key)
                .min(Comparator.comparingInt(
                        k -> EDITS.apply(k.toLowerCase(Locale.ROOT), key.toLowerCase(Locale.ROOT))))
                .orElseThrow();
    }
}
