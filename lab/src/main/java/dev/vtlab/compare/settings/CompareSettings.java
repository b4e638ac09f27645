package dev.vtlab.compare.settings;

import dev.vtlab.dispatch.DispatchMode;
import dev.vtlab.measurement.MachineLock;
import dev.vtlab.profile.ProfileSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Properties;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The comparison's settings, parsed from {@code -Dcompare.*} system properties ({@link Setting}; upper-case keys
 * are JMeter properties, see {@link TestSpec}). Pure: no file, port or process is touched here; what needs the
 * machine is checked by the preflight. Everything that could burn CPU, memory or time is bounded.
 *
 * @param basedir the project's root: where the build left what the lab runs ({@link #layout()}), and what relative
 *     paths in the settings are against
 * @param port the port asked for with compare.port, or null (the preflight decides: a user's plan may fix it)
 * @param keepFlagged whether flagged runs count in the verdicts (by default only the smoke profile's do: its levels
 *     are seconds long, a check of the pipeline, not a result)
 * @param replaceLeftOut rounds each test may add, a run of every mode each, while a mode has fewer runs the method
 *     counts for the test's primary figure than the repetitions asked (compare.replaceLeftOut, 0..5; 2, and 0 in the
 *     smoke profile or where flagged runs are kept)
 * @param margin the equivalence margin, as a fraction (compare.margin in percent, 1..50, default 5): a ratio whose
 *     90 % interval lies within [1/(1 + margin), 1 + margin] is "equivalent"
 * @param app a user's application (compare.app) and its load, or null for the lab's own tests
 * @param precision the two-stage design's target and budget (compare.precision, compare.budget), or the sizing
 *     pilot's target; null for a comparison of the profile's repetitions alone
 * @param cpuProfile whether each (test, mode) gets extra profiled runs, each round's after its measured runs (compare.cpuProfile,
 *     compare.cpuProfile.runs, compare.cpuProfile.intervalMs)
 * @param contrasts the pairs of modes compared besides each mode with the baseline (compare.contrasts), none by default
 * @param history the directory of past comparisons (compare.history), null for none
 * @param sequential whether each test stops when its primary verdicts are reached (compare.sequential): rounds in
 *     blocks from a first look up to a cap, which the judge's sequential design fixes
 * @param sharedJvm whether each mode's round runs its tests in turn in one JVM, warmed for each (compare.sharedJvm,
 *     {@link Schedule#jvms}), rather than each run on a fresh one
 * @param compileOnAllCpus whether the server runs a warm-up's compile phase on the load CPUs too, and is pinned to
 *     its own only for the warm-up at the test's load and the measurement (compare.compileOnAllCpus)
 */
public record CompareSettings(
        Catalogue.Profile profile,
        List<TestSpec> specs,
        List<DispatchMode> modes,
        Schedule.Order order,
        long seed,
        Path basedir,
        Path out,
        String server,
        Integer port,
        int remotePort,
        int accounts,
        String heap,
        CpuPlan cpus,
        Integer activeProcessorCount,
        Integer parallelism,
        Integer maxPoolSize,
        Integer minRunnable,
        Integer poolMaxThreads,
        Integer poolCoreThreads,
        int warmupSeconds,
        Dashboards dashboards,
        String serverHost,
        List<String> remoteHosts,
        Path lockFile,
        int lockWaitSeconds,
        boolean keepFlagged,
        int replaceLeftOut,
        double margin,
        AppSetting app,
        Precision precision,
        ProfileSettings cpuProfile,
        List<Contrast> contrasts,
        Path history,
        boolean sequential,
        boolean sharedJvm,
        boolean compileOnAllCpus) {

    /** Rounds a test may add to replace runs the method left out (compare.replaceLeftOut), but in the smoke profile. */
    public static final int DEFAULT_REPLACE_LEFT_OUT = 2;
    /** Each round is a run of every mode more: bounded like every knob that costs time. */
    public static final int MAX_REPLACE_LEFT_OUT = 5;

    /** The port the lab's server listens on unless compare.port (or a user's plan) says otherwise. */
    public static final int DEFAULT_PORT = 9180;
    /** The server a user's app runs in (a fresh copy per run). */
    public static final String USER_APP_SERVER = "vtlab-yourapp";
    /** A generated server.xml's features for a bare .war/.ear, unless -Dcompare.features says otherwise. */
    public static final String DEFAULT_APP_FEATURES = "webProfile-10.0";

    /** Which runs get JMeter's own HTML dashboard (it costs seconds of CPU per run). */
    public enum Dashboards {
        FIRST,
        ALL,
        NONE
    }

    /**
     * A user's application as given: the path (checked by the preflight), the features of a generated server.xml,
     * and the load: a plan of theirs or a URL under the ping plan; {@code probesPace}: whether the URL's pace is found
     * by a probe before the first run ({@link Pace}), as it is unless compare.RATE gives one, compare.pace=none asks
     * for the closed-model maximum, or the smoke profile runs.
     */
    public record AppSetting(
            Path path,
            List<String> features,
            boolean featuresGiven,
            Path plan,
            String url,
            List<String> virtualExecutors,
            boolean probesPace) {}

    /** compare.pace's values: a probe finds the URL's pace, or none is set (closed-model maximum). */
    static final List<String> PACES = List.of("probe", "none");

    /** At most this many of the user's executors flipped at once (compare.virtualExecutors). */
    public static final int MAX_VIRTUAL_EXECUTORS = 20;

    /**
     * Parses {@code p}; {@code availableCpus}: the CPUs the lab may hand out, a taskset list (the process's
     * affinity, {@link dev.vtlab.measurement.Machine#allowedCpus()}); {@code userHome}: the user's home directory,
     * where the history lives unless compare.history says otherwise.
     */
    public static CompareSettings from(Properties p, Path basedir, String availableCpus, String userHome) {
        refuseUnknownKeys(p);
        Catalogue.Profile profile = Catalogue.Profile.parse(get(p, Setting.PROFILE, "quick"));
        Integer asked = optional(p, Setting.REPEATS, 1, TestSpec.MAX_REPEATS);
        // to a fixed precision the profile's runs are the first stage: at least Precision.FIRST_STAGE unless asked
        boolean twoStage = profile != Catalogue.Profile.SIZING
                && !keepsOwnRepetitions(profile)
                && p.getProperty(Setting.PRECISION.key()) != null;
        Function<String, Integer> repeatsOf = test -> asked != null || !twoStage
                ? asked
                : Integer.valueOf(Math.max(Precision.FIRST_STAGE, profile.repeats(test)));
        AppSetting app = app(p, profile);
        boolean study = profile == Catalogue.Profile.STUDY;
        if (study && app != null) {
            throw new IllegalArgumentException(
                    "compare.profile=study runs the IBM study's tests on the lab's bank; with"
                            + " compare.app choose smoke, quick, rigorous or full");
        }
        CpuPlan cpus = cpuPlan(p, study, availableCpus);
        List<TestSpec> specs = specs(p, profile, study, app, cpus, repeatsOf);
        refuseOtherTestsKeys(p, specs);
        List<DispatchMode> modes = modes(p, app, study);
        String heap = heap(p, app);
        String server = server(p, app);
        Integer port = optional(p, Setting.PORT, 1024, 65535);
        int remotePort = bounded(p, Setting.REMOTE_PORT, 9181, 1024, 65535);
        if (port != null && port == remotePort && app == null) {
            throw new IllegalArgumentException("compare.port and compare.remotePort must differ, both are " + port);
        }
        String seed = p.getProperty(Setting.SEED.key());
        double margin = bounded(p, Setting.MARGIN, 5, 1, 50) / 100.0;
        return new CompareSettings(
                profile,
                specs,
                modes,
                Schedule.Order.parse(get(p, Setting.ORDER, "abba")),
                seed == null
                        ? System.currentTimeMillis() % 1_000_000
                        : Bounds.integer(Setting.SEED.key(), seed, 0, Integer.MAX_VALUE),
                basedir,
                out(p, profile, basedir),
                server,
                port,
                remotePort,
                bounded(p, Setting.ACCOUNTS, 1000, 2, 1_000_000), // a transfer is between two accounts
                heap,
                cpus,
                optional(p, Setting.ACTIVE_PROCESSOR_COUNT, 1, 1024),
                optional(p, Setting.PARALLELISM, 1, 1024),
                optional(p, Setting.MAX_POOL_SIZE, 1, 32767),
                optional(p, Setting.MIN_RUNNABLE, 1, 1024),
                optional(p, Setting.POOL_MAX_THREADS, 1, 32767),
                poolCoreThreads(p),
                bounded(p, Setting.WARMUP_SECONDS, profile.warmupSeconds, 0, 600),
                // a dashboard costs about 9.5 s inside a mode's first run, 19 s of the quick profile's 15 min
                // (compare.md, the levers); the lab's report has each run's per-second series
                dashboards(get(p, Setting.JMETER_DASHBOARDS, profile == Catalogue.Profile.QUICK ? "none" : "first")),
                serverHost(get(p, Setting.SERVER_HOST, "localhost")),
                list(get(p, Setting.REMOTE_HOSTS, "")).stream()
                        .map(h -> host(h, Setting.REMOTE_HOSTS))
                        .toList(),
                Path.of(get(p, Setting.LOCK_FILE, MachineLock.DEFAULT.toString())),
                bounded(p, Setting.LOCK_WAIT_SECONDS, 600, 0, 86_400),
                keepFlagged(p.getProperty(Setting.KEEP_FLAGGED.key()), profile == Catalogue.Profile.SMOKE),
                bounded(
                        p,
                        Setting.REPLACE_LEFT_OUT,
                        profile == Catalogue.Profile.SMOKE ? 0 : DEFAULT_REPLACE_LEFT_OUT,
                        0,
                        MAX_REPLACE_LEFT_OUT),
                margin,
                app,
                precision(p, profile, specs, margin),
                cpuProfile(p),
                contrasts(p.getProperty(Setting.CONTRASTS.key()), modes),
                history(p.getProperty(Setting.HISTORY.key()), userHome),
                sequential(p, profile),
                flag(p, Setting.SHARED_JVM, false),
                compileOnAllCpus(p, cpus));
    }

    /** The tests to run: the lab's (compare.tests, or the profile's or the study's), or a user's plan or URL. */
    private static List<TestSpec> specs(
            Properties p,
            Catalogue.Profile profile,
            boolean study,
            AppSetting app,
            CpuPlan cpus,
            Function<String, Integer> repeatsOf) {
        List<TestSpec> specs = new ArrayList<>();
        if (app == null) {
            if (p.getProperty(Setting.PLAN.key()) != null || p.getProperty(Setting.URL.key()) != null) {
                throw new IllegalArgumentException("compare.plan and compare.url drive your own app: give it with"
                        + " -Dcompare.app=PATH (a .war/.ear or a server directory)");
            }
            List<String> tests =
                    list(get(p, Setting.TESTS, String.join(",", study ? StudyProfile.tests(cpus) : profile.tests)));
            if (tests.isEmpty()) {
                throw new IllegalArgumentException("compare.tests: name at least one of " + Catalogue.NAMES);
            }
            if (new HashSet<>(tests).size() != tests.size()) {
                throw new IllegalArgumentException(
                        "compare.tests: each test once (its runs would overwrite each other), not " + tests);
            }
            for (String test : tests) {
                specs.add(
                        study
                                ? StudyProfile.spec(Catalogue.get(test), cpus, p, repeatsOf.apply(test))
                                : TestSpec.of(Catalogue.get(test), profile, p, repeatsOf.apply(test)));
            }
        } else {
            if (p.getProperty(Setting.TESTS.key()) != null) {
                throw new IllegalArgumentException("compare.tests names the lab's own tests; with compare.app the load"
                        + " is compare.plan or compare.url");
            }
            specs.add(
                    app.plan() != null
                            ? TestSpec.of(
                                    Catalogue.userPlan(app.plan()),
                                    profile,
                                    p,
                                    Objects.requireNonNullElse(
                                            repeatsOf.apply("throughput"), profile.repeats("throughput")))
                            : TestSpec.of(
                                    Catalogue.url(app.url()),
                                    profile,
                                    p,
                                    Objects.requireNonNullElse(repeatsOf.apply("ping"), profile.repeats("ping"))));
        }
        return specs;
    }

    /** compare.heap: the lab's server gets the same heap in every mode; a user's app keeps its own unless asked. */
    private static String heap(Properties p, AppSetting app) {
        String heap = get(p, Setting.HEAP, app == null ? "1g" : null);
        if (heap != null && !heap.matches("[1-9][0-9]{1,4}[mM]|[1-9][0-9]{0,2}[gG]")) {
            throw new IllegalArgumentException(
                    "compare.heap: 16m to 99999m or 1g to 999g, like 512m or 2g, not '" + heap + "'");
        }
        return heap;
    }

    /** compare.server: the Liberty server's name. */
    private static String server(Properties p, AppSetting app) {
        String server = get(p, Setting.SERVER, app == null ? "vtlab-compare" : USER_APP_SERVER);
        if (!server.matches("[A-Za-z][A-Za-z0-9_-]{0,60}")) {
            throw new IllegalArgumentException(
                    "compare.server: a Liberty server name (letters, digits, _ and -), not '" + server + "'");
        }
        return server;
    }

    /** compare.out, or the profile's report directory under the root's target/. */
    private static Path out(Properties p, Catalogue.Profile profile, Path basedir) {
        Path target = new Layout(basedir).target();
        return Path.of(get(
                        p,
                        Setting.OUT,
                        target.resolve(
                                        switch (profile) {
                                            case SMOKE -> "vtlab-report-smoke";
                                            case SIZING -> "vtlab-report-sizing";
                                            case STUDY -> "vtlab-report-study";
                                            default -> "vtlab-report";
                                        })
                                .toString()))
                .toAbsolutePath()
                .normalize();
    }

    /** A setting that is true or false, {@code dflt} when not given. */
    static boolean flag(Properties p, Setting setting, boolean dflt) {
        String value = p.getProperty(setting.key());
        if (value == null) {
            return dflt;
        }
        return switch (value) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException(setting.key() + " is true or false, not '" + value + "'");
        };
    }

    /**
     * compare.compileOnAllCpus: by default wherever the server has CPUs of its own to be pinned back to (it shortened
     * banking's warm-up by 23 s a run here, compare.md's lever table); refused where the CPUs are shared.
     */
    static boolean compileOnAllCpus(Properties p, CpuPlan cpus) {
        boolean on = flag(p, Setting.COMPILE_ON_ALL_CPUS, !cpus.shared());
        if (on && cpus.shared()) {
            throw new IllegalArgumentException(
                    Setting.COMPILE_ON_ALL_CPUS.key() + " lends the load CPUs to the server's"
                            + " compile phase; here the server and the load share their CPUs (compare.serverCpus,"
                            + " compare.loadCpus), so there is none to lend");
        }
        return on;
    }

    /**
     * compare.sequential: true or false (the default); a design of its own, so not with a fixed precision, a count of
     * repetitions, or a profile that keeps its own (smoke, sizing, study).
     */
    static boolean sequential(Properties p, Catalogue.Profile profile) {
        if (!flag(p, Setting.SEQUENTIAL, false)) {
            return false;
        }
        if (profile == Catalogue.Profile.SMOKE
                || profile == Catalogue.Profile.SIZING
                || profile == Catalogue.Profile.STUDY) {
            throw new IllegalArgumentException(Setting.SEQUENTIAL.key() + " decides how many runs a test gets; the "
                    + profile.label() + " profile sets its own: use quick, rigorous or full");
        }
        List<String> others = new ArrayList<>(List.of(Setting.PRECISION.key(), Setting.REPEATS.key()));
        p.stringPropertyNames().stream()
                .filter(k -> k.startsWith(Setting.PREFIX) && k.endsWith(".repeats"))
                .sorted()
                .forEach(others::add);
        for (String other : others) {
            if (p.getProperty(other) != null) {
                throw new IllegalArgumentException(
                        Setting.SEQUENTIAL.key() + " decides how many runs a test gets;" + " drop " + other);
            }
        }
        return true;
    }

    /**
     * compare.precision and compare.budget: both or neither, except in the sizing pilot, whose design aims at the
     * precision (5 % unless given) and whose budget, if given, only bounds it. Every test needs a first stage of at
     * least {@value Precision#MIN_FIRST_STAGE} runs per mode, but in the smoke profile, which runs its own repetitions
     * to check the pipeline and plans no second stage for a test with fewer.
     */
    /**
     * The smoke profile checks the pipeline: to a fixed precision its repetitions stay its own, and a test of fewer
     * than {@value Precision#MIN_FIRST_STAGE} runs gets no second stage (its plan says why) instead of a refusal.
     */
    private static boolean keepsOwnRepetitions(Catalogue.Profile profile) {
        return profile == Catalogue.Profile.SMOKE;
    }

    /**
     * compare.precision and compare.budget; the sizing pilot designs for half the equivalence {@code margin} unless
     * compare.precision says: an interval as wide as the margin finds identical modes equivalent about a quarter of
     * the time, half as wide about 98 % ({@code Verdicts.equivalenceChance}).
     */
    static Precision precision(Properties p, Catalogue.Profile profile, List<TestSpec> specs, double margin) {
        String target = p.getProperty(Setting.PRECISION.key()), budget = p.getProperty(Setting.BUDGET.key());
        boolean sizing = profile == Catalogue.Profile.SIZING;
        Integer maxRuns = optional(p, Setting.MAX_REPEATS, Precision.MIN_FIRST_STAGE, TestSpec.MAX_REPEATS);
        if (maxRuns != null && (sizing || target == null)) {
            throw new IllegalArgumentException(Setting.MAX_REPEATS.key()
                    + " bounds the second stage of a comparison to a fixed precision: give " + Setting.PRECISION.key()
                    + " and " + Setting.BUDGET.key() + " too"
                    + (sizing ? ", with another profile than sizing (its pilot has no second stage)" : ""));
        }
        if (target == null && budget == null && !sizing) {
            return null;
        }
        if (!sizing && target == null) {
            throw new IllegalArgumentException(Setting.BUDGET.key() + " bounds a comparison to a fixed precision: give "
                    + Setting.PRECISION.key() + " too (like 5%), or -Dcompare.profile=sizing");
        }
        if (!sizing && budget == null) {
            throw new IllegalArgumentException(Setting.PRECISION.key() + " needs " + Setting.BUDGET.key()
                    + ", the wall time the comparison may take (like 30m)");
        }
        Precision precision = new Precision(
                target == null ? margin / 2 : Precision.target(target),
                budget == null ? null : Precision.budgetSeconds(budget),
                maxRuns == null ? TestSpec.MAX_REPEATS : maxRuns);
        for (TestSpec spec : specs) {
            if (spec.repeats() < Precision.MIN_FIRST_STAGE && !keepsOwnRepetitions(profile)) {
                throw new IllegalArgumentException(
                        (sizing ? Setting.PROFILE.key() + "=sizing" : Setting.PRECISION.key())
                                + ": " + (sizing ? "the pilot" : "the first stage") + " needs at least "
                                + Precision.MIN_FIRST_STAGE + " runs per mode; " + spec.name() + " has "
                                + spec.repeats()
                                + " (" + Setting.REPEATS.key() + " or compare." + spec.name() + ".repeats)");
            }
            if (spec.repeats() > precision.maxRuns()) {
                throw new IllegalArgumentException(Setting.MAX_REPEATS.key() + ": " + precision.maxRuns()
                        + " runs per mode is fewer than the first stage's " + spec.repeats() + " of " + spec.name()
                        + " (" + Setting.REPEATS.key() + " or compare." + spec.name() + ".repeats)");
            }
        }
        return precision;
    }

    /**
     * compare.cpuProfile (true or false, default false), compare.cpuProfile.runs (1..10, default 2) and
     * compare.cpuProfile.intervalMs (1..1000, default 10); the last two only with profiling on.
     */
    static ProfileSettings cpuProfile(Properties p) {
        boolean enabled = flag(p, Setting.CPU_PROFILE, false);
        if (!enabled) {
            for (Setting s : List.of(Setting.CPU_PROFILE_RUNS, Setting.CPU_PROFILE_INTERVAL_MS)) {
                if (p.getProperty(s.key()) != null) {
                    throw new IllegalArgumentException(
                            s.key() + " applies to profiled runs: add -D" + Setting.CPU_PROFILE.key() + "=true");
                }
            }
        }
        return new ProfileSettings(
                enabled,
                bounded(
                        p,
                        Setting.CPU_PROFILE_RUNS,
                        ProfileSettings.DEFAULT_RUNS,
                        ProfileSettings.MIN_RUNS,
                        ProfileSettings.MAX_RUNS),
                Duration.ofMillis(bounded(
                        p,
                        Setting.CPU_PROFILE_INTERVAL_MS,
                        (int) ProfileSettings.DEFAULT_INTERVAL.toMillis(),
                        (int) ProfileSettings.MIN_INTERVAL.toMillis(),
                        (int) ProfileSettings.MAX_INTERVAL.toMillis())));
    }

    /** compare.serverCpus and compare.loadCpus; the study profile gives the server the study's 2 CPUs where they fit. */
    private static CpuPlan cpuPlan(Properties p, boolean study, String availableCpus) {
        TreeSet<Integer> available = CpuPlan.parse("available CPUs", availableCpus, null);
        String server = p.getProperty(Setting.SERVER_CPUS.key()), load = p.getProperty(Setting.LOAD_CPUS.key());
        if (study && server == null && load == null) {
            server = StudyProfile.serverCpus(available);
        }
        return CpuPlan.from(server, load, available);
    }

    /** Where the build left what the lab runs. */
    public Layout layout() {
        return new Layout(basedir);
    }

    public DispatchMode baseline() {
        return modes.get(0);
    }

    /** JVM options of the server, identical for every mode. */
    public List<String> serverJvmArgs() {
        List<String> args = new ArrayList<>(heap == null ? List.of() : List.of("-Xms" + heap, "-Xmx" + heap));
        if (activeProcessorCount != null) {
            args.add("-XX:ActiveProcessorCount=" + activeProcessorCount);
        } else if (!cpus.shared()) {
            // the JVM sizes GC, JIT, the carrier pool and Liberty's pool for the CPUs it is pinned to (see LabServers)
            args.add("-XX:ActiveProcessorCount=" + cpus.server().size());
        }
        if (parallelism != null) {
            args.add("-Djdk.virtualThreadScheduler.parallelism=" + parallelism);
        }
        if (maxPoolSize != null) {
            args.add("-Djdk.virtualThreadScheduler.maxPoolSize=" + maxPoolSize);
        }
        if (minRunnable != null) {
            args.add("-Djdk.virtualThreadScheduler.minRunnable=" + minRunnable);
        }
        return args;
    }

    /** Seconds of load the whole comparison applies, warm-ups included (for the estimate printed up front). */
    public int loadSeconds(List<Schedule.Slot> slots) {
        return slots.stream()
                .mapToInt(s -> s.spec().seconds() + (s.spec().test().sudden() ? 0 : warmupSeconds))
                .sum();
    }

    /**
     * Seconds more than {@link #loadSeconds} when every plan that warms in itself runs both its warm-up phases (the
     * compile phase, then its own load) to their caps, as the runner does wherever there is a warm-up.
     */
    public int compilePhaseSeconds(List<Schedule.Slot> slots) {
        return (int) slots.stream().filter(s -> s.spec().test().warmsInPlan()).count() * warmupSeconds;
    }

    /** Whether a probe finds the pace of a user's URL before the first run ({@link AppSetting#probesPace}). */
    public boolean probesPace() {
        return app != null && app.probesPace();
    }

    /** A user's load as the raw files record it: "plan:PATH" or "url:/path"; null for the lab's own tests. */
    public String userTest() {
        if (app == null) {
            return null;
        }
        TestSpec spec = specs.get(0);
        return spec.test().shape() == Catalogue.Shape.PLAN
                ? "plan:" + spec.test().plan()
                : "url:" + spec.props().get("PATH");
    }

    /** These settings with {@code specs} in place of their tests (a URL's tests once a probe paced them). */
    public CompareSettings withSpecs(List<TestSpec> specs) {
        return new CompareSettings(
                profile,
                specs,
                modes,
                order,
                seed,
                basedir,
                out,
                server,
                port,
                remotePort,
                accounts,
                heap,
                cpus,
                activeProcessorCount,
                parallelism,
                maxPoolSize,
                minRunnable,
                poolMaxThreads,
                poolCoreThreads,
                warmupSeconds,
                dashboards,
                serverHost,
                remoteHosts,
                lockFile,
                lockWaitSeconds,
                keepFlagged,
                replaceLeftOut,
                margin,
                app,
                precision,
                cpuProfile,
                contrasts,
                history,
                sequential,
                sharedJvm,
                compileOnAllCpus);
    }

    private static AppSetting app(Properties p, Catalogue.Profile profile) {
        String path = p.getProperty(Setting.APP.key());
        String pace = p.getProperty(Setting.PACE.key());
        if (pace != null && (p.getProperty(Setting.URL.key()) == null || path == null)) {
            throw new IllegalArgumentException(
                    "compare.pace paces your URL: give it with -Dcompare.app and -Dcompare.url (the lab's tests and"
                            + " your plans keep their own pace)");
        }
        if (pace != null && !PACES.contains(pace)) {
            throw new IllegalArgumentException("compare.pace is one of " + PACES + ", not '" + pace + "'");
        }
        boolean rateGiven =
                p.getProperty(Setting.PREFIX + "RATE") != null || p.getProperty(Setting.PREFIX + "url.RATE") != null;
        if (pace != null && rateGiven) {
            throw new IllegalArgumentException(
                    "compare.pace and compare.RATE both say how your URL is paced: give one of them");
        }
        if (path == null) {
            if (p.getProperty(Setting.FEATURES.key()) != null) {
                throw new IllegalArgumentException("compare.features applies to your app: give it with -Dcompare.app");
            }
            if (p.getProperty(Setting.VIRTUAL_EXECUTORS.key()) != null) {
                throw new IllegalArgumentException("compare.virtualExecutors flips your app's own executors: give it"
                        + " with -Dcompare.app (the lab's app has the managed-virtual mode)");
            }
            return null;
        }
        String plan = p.getProperty(Setting.PLAN.key()), url = p.getProperty(Setting.URL.key());
        if ((plan == null) == (url == null)) {
            throw new IllegalArgumentException("compare.app: say what load to apply, either -Dcompare.plan=PATH.jmx"
                    + " (your JMeter plan) or -Dcompare.url=/path (the built-in plan)");
        }
        String features = p.getProperty(Setting.FEATURES.key());
        List<String> featureList = list(features == null ? DEFAULT_APP_FEATURES : features);
        for (String f : featureList) {
            if (!f.matches("[A-Za-z0-9.:\\-]{1,80}")) {
                throw new IllegalArgumentException("compare.features: '" + f + "' is not a Liberty feature name");
            }
        }
        if (url != null) {
            Catalogue.url(url); // checks the path
        }
        List<String> executors = list(p.getProperty(Setting.VIRTUAL_EXECUTORS.key(), ""));
        for (String id : executors) {
            if (!id.matches("[A-Za-z0-9_.\\-]{1,80}")) {
                throw new IllegalArgumentException("compare.virtualExecutors: '" + id
                        + "' is not the id of a server.xml element (letters, digits, _ . -)");
            }
        }
        if (executors.size() > MAX_VIRTUAL_EXECUTORS
                || executors.stream().distinct().count() != executors.size()) {
            throw new IllegalArgumentException(
                    "compare.virtualExecutors: 1 to " + MAX_VIRTUAL_EXECUTORS + " distinct ids, not " + executors);
        }
        return new AppSetting(
                Path.of(path).toAbsolutePath().normalize(),
                featureList,
                features != null,
                plan == null ? null : Path.of(plan).toAbsolutePath().normalize(),
                url,
                executors,
                url != null
                        && !rateGiven
                        && ("probe".equals(pace) || pace == null && profile != Catalogue.Profile.SMOKE));
    }

    /**
     * compare.poolCoreThreads: the Default Executor's coreThreads, at most compare.poolMaxThreads; equal to it, a pool of
     * fixed size, the control that takes the autonomic pool's sizing out of a comparison.
     */
    private static Integer poolCoreThreads(Properties p) {
        Integer core = optional(p, Setting.POOL_CORE_THREADS, 1, 32767);
        Integer max = optional(p, Setting.POOL_MAX_THREADS, 1, 32767);
        if (core != null && (max == null || core > max)) {
            throw new IllegalArgumentException(Setting.POOL_CORE_THREADS.key() + " must come with "
                    + Setting.POOL_MAX_THREADS.key() + " and be at most it, not " + core + " with " + max);
        }
        return core;
    }

    /**
     * The default is what a team can deploy (a managed executor with virtual="true") against the pool; the study's
     * claims are about its prototype, and an app without executors of its own can only be moved by vtlab's feature.
     */
    private static List<DispatchMode> modes(Properties p, AppSetting app, boolean study) {
        boolean flips = app != null && !app.virtualExecutors().isEmpty();
        DispatchMode virtual = study
                ? StudyClaims.MODE
                : app != null && !flips ? DispatchMode.EXECUTOR_VIRTUAL : DispatchMode.MANAGED_VIRTUAL;
        List<DispatchMode> modes = new ArrayList<>();
        for (String mode : list(get(p, Setting.MODES, DispatchMode.THREADPOOL.label() + "," + virtual.label()))) {
            try {
                modes.add(DispatchMode.parse(mode));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("compare.modes: " + DispatchMode.labels() + ", not '" + mode + "'");
            }
        }
        if (modes.isEmpty() || modes.stream().distinct().count() != modes.size()) {
            throw new IllegalArgumentException(
                    "compare.modes: one or more distinct modes, the first is the baseline; got " + modes);
        }
        if (app == null) {
            return modes;
        }
        // on your app the managed modes are your own executors, flipped (compare.virtualExecutors)
        Predicate<DispatchMode> labCode = m -> m.answersAsync() && !(flips && m.managedExecutor());
        if (modes.stream().anyMatch(labCode)) {
            throw new IllegalArgumentException("compare.modes: "
                    + modes.stream().filter(labCode).map(DispatchMode::label).toList()
                    + " hand requests off in vtlab's own code and do not apply to your app; use "
                    + Arrays.stream(DispatchMode.values())
                            .filter(m -> !m.answersAsync())
                            .map(DispatchMode::label)
                            .toList()
                    + (flips
                            ? ", or managed-virtual / managed-platform"
                            : ", or managed-virtual / managed-platform with compare.virtualExecutors=ID,... (the ids"
                                    + " of your managedExecutorService / managedThreadFactory elements)"));
        }
        if (flips && modes.stream().noneMatch(DispatchMode::managedExecutor)) {
            throw new IllegalArgumentException("compare.virtualExecutors: your executors are flipped in the"
                    + " managed-virtual (virtual=\"true\") and managed-platform (virtual=\"false\") modes; name one"
                    + " in compare.modes, e.g. threadpool,managed-virtual");
        }
        return modes;
    }

    /**
     * A lower-case key the comparison does not read is a typo, not a wish: refused with the nearest known key.
     * Upper-case keys (JMeter properties, checked against the plans by the preflight) and per-test keys
     * ({@code compare.TEST.KEY}, checked once the tests are known) pass here.
     */
    private static void refuseUnknownKeys(Properties p) {
        for (String key : p.stringPropertyNames()) {
            if (!key.startsWith(Setting.PREFIX) || Setting.of(key).isPresent()) {
                continue;
            }
            String rest = key.substring(Setting.PREFIX.length());
            if (rest.matches("[A-Z][A-Z0-9_]*") || perTest(rest) != null) {
                continue;
            }
            throw new IllegalArgumentException(
                    key + " is not a setting of the comparison; did you mean " + Setting.nearest(key) + "?");
        }
    }

    /** {@code compare.TEST.repeats} or {@code compare.TEST.KEY} for a test that will not run is refused. */
    private static void refuseOtherTestsKeys(Properties p, List<TestSpec> specs) {
        List<String> names = specs.stream().map(TestSpec::name).toList();
        for (String key : p.stringPropertyNames()) {
            if (!key.startsWith(Setting.PREFIX) || Setting.of(key).isPresent()) {
                continue;
            }
            String test = perTest(key.substring(Setting.PREFIX.length()));
            if (test != null && !names.contains(test)) {
                throw new IllegalArgumentException(key + ": " + test + " is not among the tests that run " + names
                        + (Catalogue.NAMES.contains(test)
                                ? ""
                                : " (nor a test of the catalogue " + Catalogue.NAMES + ")"));
            }
        }
    }

    /** The test a per-test key names ({@code ramp-up.repeats}, {@code ping.THREADS}), or null. */
    private static String perTest(String rest) {
        int dot = rest.lastIndexOf('.');
        if (dot <= 0) {
            return null;
        }
        String last = rest.substring(dot + 1);
        return last.equals("repeats") || last.matches("[A-Z][A-Z0-9_]*") ? rest.substring(0, dot) : null;
    }

    /** At most this many past comparisons of one configuration are kept in the history. */
    public static final int HISTORY_KEEP = 50;

    /**
     * compare.contrasts: a comma list of {@code mode/reference} pairs, both among the comparison's {@code modes}, each
     * pair once (not also the other way round), the baseline never over a mode ({@code mode/baseline} is the baseline
     * ratio itself, listed again beside the others). When not given, each mode over its control ({@link
     * DispatchMode#control()}) where both are among the modes and the control is not the baseline: the cost of the
     * thread beside the cost of the hand-off; {@code none}: no contrast.
     */
    public static List<Contrast> contrasts(String value, List<DispatchMode> modes) {
        String key = Setting.CONTRASTS.key();
        List<Contrast> contrasts = new ArrayList<>();
        if (value == null) {
            for (DispatchMode mode : modes) {
                DispatchMode control = mode.control();
                if (control != null && mode != modes.get(0) && control != modes.get(0) && modes.contains(control)) {
                    contrasts.add(new Contrast(mode, control));
                }
            }
            return contrasts;
        }
        if (value.trim().equals("none")) {
            return contrasts;
        }
        for (String pair : list(value)) {
            String[] two = pair.split("/", -1);
            if (two.length != 2) {
                throw new IllegalArgumentException(
                        key + ": mode/reference pairs such as virtual/platform-handoff, not '" + pair + "'");
            }
            DispatchMode mode = contrastMode(key, pair, two[0], modes),
                    reference = contrastMode(key, pair, two[1], modes);
            if (mode == reference) {
                throw new IllegalArgumentException(key + ": '" + pair + "' compares a mode with itself");
            }
            if (mode == modes.get(0)) {
                // its inverse is every report's ratio already; the same test twice would count twice in Holm's family
                throw new IllegalArgumentException(key + ": '" + pair + "' puts the baseline over a mode: write "
                        + reference.label() + "/" + mode.label() + " (the same ratio inverted)");
            }
            Contrast contrast = new Contrast(mode, reference);
            if (contrasts.contains(contrast) || contrasts.contains(new Contrast(reference, mode))) {
                throw new IllegalArgumentException(key + ": '" + pair + "' is named twice (either way round)");
            }
            contrasts.add(contrast);
        }
        return contrasts;
    }

    private static DispatchMode contrastMode(String key, String pair, String name, List<DispatchMode> modes) {
        DispatchMode mode;
        try {
            mode = DispatchMode.parse(name);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    key + ": '" + name + "' in '" + pair + "' is not a mode (" + DispatchMode.labels() + ")");
        }
        if (!modes.contains(mode)) {
            throw new IllegalArgumentException(key + ": '" + pair + "' names " + mode.label()
                    + ", which is not among the comparison's modes "
                    + modes.stream().map(DispatchMode::label).toList());
        }
        return mode;
    }

    /**
     * compare.history: the directory of past comparisons, {@code userHome}/.vtlab/history when not given, null for
     * {@code none} (no history read or written).
     */
    public static Path history(String value, String userHome) {
        if (value == null) {
            return Path.of(userHome, ".vtlab", "history").toAbsolutePath().normalize();
        }
        if (value.isBlank()) {
            throw new IllegalArgumentException(Setting.HISTORY.key() + ": a directory, or none, not ''");
        }
        return value.trim().equals("none")
                ? null
                : Path.of(value.trim()).toAbsolutePath().normalize();
    }

    /** compare.keepFlagged: true or false, {@code dflt} when not given. */
    public static boolean keepFlagged(String value, boolean dflt) {
        if (value == null) {
            return dflt;
        }
        return switch (value) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("compare.keepFlagged is true or false, not '" + value + "'");
        };
    }

    private static Dashboards dashboards(String value) {
        return switch (value) {
            case "first", "true" -> Dashboards.FIRST;
            case "all" -> Dashboards.ALL;
            case "none", "false" -> Dashboards.NONE;
            default ->
                throw new IllegalArgumentException(
                        "compare.jmeterDashboards is first, all or none, not '" + value + "'");
        };
    }

    /** The server's host name or address, without a port (compare.port is its port). */
    private static String serverHost(String value) {
        if (!value.matches("[A-Za-z0-9.\\-]{1,253}|[0-9A-Fa-f:]{2,39}")) {
            throw new IllegalArgumentException(
                    "compare.serverHost: a host name or address of this machine, without a port, not '" + value + "'");
        }
        return value;
    }

    /** A host name or address, optionally with :port; nothing a shell or JMeter would read as more. */
    private static String host(String value, Setting setting) {
        if (!value.matches("[A-Za-z0-9.\\-]{1,253}(:[0-9]{1,5})?")) {
            throw new IllegalArgumentException(setting.key() + ": '" + value + "' is not a host[:port]");
        }
        return value;
    }

    static List<String> list(String csv) {
        return Arrays.stream(csv.split(","))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .toList();
    }

    private static String get(Properties p, Setting setting, String dflt) {
        return p.getProperty(setting.key(), dflt);
    }

    private static int bounded(Properties p, Setting setting, int dflt, int min, int max) {
        Integer v = optional(p, setting, min, max);
        return v == null ? dflt : v;
    }

    private static Integer optional(Properties p, Setting setting, int min, int max) {
        String raw = p.getProperty(setting.key());
        return raw == null || raw.isBlank() ? null : Bounds.integer(setting.key(), raw, min, max);
    }
}
