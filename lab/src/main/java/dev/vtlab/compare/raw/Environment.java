package dev.vtlab.compare.raw;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where, on what and how a comparison ran, as its report shows it: every entry in the order it was recorded (an
 * older comparison's keys as they were, so that its re-analysis writes them back unchanged), and, typed, the facts
 * the lab reads back. Each key the lab reads or writes is named here once.
 */
public record Environment(Map<String, String> entries) {

    public static final String GENERATED_AT = "generated_at";
    public static final String REANALYSED_AT = "reanalysed_at";
    public static final String PROFILE = "profile";
    public static final String CPUS = "cpus";
    public static final String CPU_PLAN = "cpu_plan";
    public static final String SERVER_CPUS = "server_cpus";
    public static final String LOAD_CPUS = "load_cpus";
    public static final String CPU_MODEL = "cpu_model";
    public static final String KERNEL = "kernel";
    public static final String JDK = "jdk";
    public static final String SERVER_JVM_ARGS = "server_jvm_args";
    /** The Liberty runtime the servers ran, "Open Liberty 26.0.0.5". */
    public static final String LIBERTY = "liberty";
    /** Which of monitor-1.0's monitors ran, "monitor-1.0, filter ThreadPool,REST". */
    public static final String MONITORING = "monitoring";
    /** The pool's maxThreads the comparison set, or "Liberty default". */
    public static final String POOL_MAX_THREADS = "pool_max_threads";
    /** The pool's coreThreads, written only where the comparison set it. */
    public static final String POOL_CORE_THREADS = "pool_core_threads";

    public static final String APP = "app";
    /** A user's load: "plan:PATH" or "url:/path" (see {@code Catalogue.resolve}). */
    public static final String USER_TEST = "user_test";

    public static final String PACE = "pace";
    public static final String KEEP_FLAGGED = "keep_flagged";
    /** Which tests ran in turn in one JVM per mode and round (compare.sharedJvm); absent when each run had its own. */
    public static final String SHARED_JVM = "shared_jvm";
    /** Where a warm-up's compile phase ran when the load CPUs were lent to it (compare.compileOnAllCpus). */
    public static final String COMPILE_PHASE_CPUS = "compile_phase_cpus";

    public static final String COMMAND = "command";
    /** The lab's git commit, "+modified" when its tracked files were edited. */
    public static final String LAB_VERSION = "lab_version";
    /**
     * The version of what runs and analyses: the last commit that changed anything but the docs, the tests, the
     * report writers and the files no comparison uses, "+modified" when another file was edited. A comparison's
     * history is kept by it, so such a commit does not start a new one.
     */
    public static final String LAB_CODE_VERSION = "lab_code_version";

    public Environment {
        entries = Collections.unmodifiableMap(new LinkedHashMap<>(entries));
    }

    /** This environment with {@code key} set to {@code value}: in its place if present, else last. */
    public Environment with(String key, String value) {
        Map<String, String> m = new LinkedHashMap<>(entries);
        m.put(key, value);
        return new Environment(m);
    }

    /**
     * When the record was written: a finished comparison's end (its record is written again then), an interrupted
     * one's start; null in a record that does not say.
     */
    public Instant generatedAt() {
        String at = entries.get(GENERATED_AT);
        return at == null ? null : Instant.parse(at);
    }

    /** The profile's label ("quick", "study" ...), or "" when not recorded. */
    public String profile() {
        return entries.getOrDefault(PROFILE, "");
    }

    /** How many CPUs the server had: the size of its taskset list, 0 when not recorded (shared). */
    public int serverCpuCount() {
        String list = entries.getOrDefault(SERVER_CPUS, "");
        return list.isEmpty() ? 0 : list.split(",").length;
    }

    /** A user's load ("plan:PATH", "url:/path"), or null for the lab's own tests. */
    public String userTest() {
        return entries.get(USER_TEST);
    }

    /** The command that repeats the comparison, or {@code otherwise} when not recorded. */
    public String command(String otherwise) {
        return entries.getOrDefault(COMMAND, otherwise);
    }

    /** The version of what ran and analysed (the lab's version in an older record), or "unknown". */
    public String codeVersion() {
        return entries.getOrDefault(LAB_CODE_VERSION, entries.getOrDefault(LAB_VERSION, "unknown"));
    }

    /** An entry as recorded, or {@code otherwise}: for the facts only shown (kernel, JDK, CPU model ...). */
    public String get(String key, String otherwise) {
        return entries.getOrDefault(key, otherwise);
    }
}
