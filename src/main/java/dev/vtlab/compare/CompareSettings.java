package dev.vtlab.compare;

import dev.vtlab.dispatch.DispatchMode;
import dev.vtlab.measurement.MachineLock;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

/**
 * The comparison's settings, from {@code -Dcompare.*} system properties (lower-case keys; upper-case
 * keys are JMeter properties, see {@link TestSpec}). Parsed and checked here, before anything starts;
 * everything that could burn CPU, memory or time is bounded.
 */
record CompareSettings(
        Catalogue.Profile profile,
        List<TestSpec> specs,
        List<DispatchMode> modes,
        Schedule.Order order,
        long seed,
        Path out,
        Path wlp,
        String server,
        Path classes,
        Path jmeterHome,
        String java,
        int port,
        int remotePort,
        int accounts,
        String heap,
        CpuPlan cpus,
        Integer activeProcessorCount,
        Integer parallelism,
        Integer maxPoolSize,
        Integer minRunnable,
        String poolMaxThreads,
        int warmupSeconds,
        Dashboards dashboards,
        String serverHost,
        List<String> remoteHosts,
        Path lockFile,
        UserApp app) {

    /** The server a user's app runs in (a fresh copy per run, see {@link UserApp}). */
    static final String USER_APP_SERVER = "vtlab-yourapp";

    /** Which runs get JMeter's own HTML dashboard (it costs seconds of CPU per run). */
    enum Dashboards {
        FIRST,
        ALL,
        NONE
    }

    static CompareSettings from(Properties p, Path basedir) throws IOException {
        Catalogue.Profile profile = Catalogue.Profile.parse(p.getProperty("compare.profile", "quick"));
        Integer repeats = p.getProperty("compare.repeats") == null
                ? null
                : TestSpec.bounded("compare.repeats", p.getProperty("compare.repeats"), 1, TestSpec.MAX_REPEATS);
        UserApp app = p.getProperty("compare.app") == null
                ? null
                : UserApp.parse(p.getProperty("compare.app"), p.getProperty("compare.features"));
        Integer planPort = null;
        List<TestSpec> specs = new ArrayList<>();
        if (app == null) {
            if (p.getProperty("compare.plan") != null || p.getProperty("compare.url") != null) {
                throw new IllegalArgumentException(
                        "compare.plan and compare.url drive your own app: give it with -Dcompare.app=PATH (a .war/.ear or a server directory)");
            }
            List<String> tests = list(p.getProperty("compare.tests", String.join(",", profile.tests)));
            if (tests.isEmpty()) {
                throw new IllegalArgumentException("compare.tests: name at least one of " + Catalogue.NAMES);
            }
            for (String test : tests) {
                specs.add(TestSpec.of(test, profile, p, repeats));
            }
        } else {
            String plan = p.getProperty("compare.plan"), url = p.getProperty("compare.url");
            if ((plan == null) == (url == null)) {
                throw new IllegalArgumentException(
                        "compare.app: say what load to apply, either -Dcompare.plan=PATH.jmx (your JMeter plan) or -Dcompare.url=/path (the built-in plan)");
            }
            if (p.getProperty("compare.tests") != null) {
                throw new IllegalArgumentException(
                        "compare.tests names the lab's own tests; with compare.app the load is compare.plan or compare.url");
            }
            if (plan != null) {
                Path planPath = Path.of(plan).toAbsolutePath().normalize();
                planPort = UserApp.checkPlan(planPath);
                if (planPort != null
                        && p.getProperty("compare.port") != null
                        && !p.getProperty("compare.port").trim().equals(planPort.toString())) {
                    throw new IllegalArgumentException("compare.port: the plan sends to port " + planPort
                            + " (hard-coded), not " + p.getProperty("compare.port")
                            + ": drop compare.port, or write ${__P(PORT," + planPort + ")} in the plan");
                }
                specs.add(TestSpec.of(
                        Catalogue.userPlan(planPath),
                        profile,
                        p,
                        repeats == null ? profile.repeats("throughput") : repeats));
            } else {
                specs.add(TestSpec.of(
                        Catalogue.url(url), profile, p, repeats == null ? profile.repeats("ping") : repeats));
            }
        }
        List<DispatchMode> modes = new ArrayList<>();
        for (String mode : list(p.getProperty("compare.modes", "threadpool,executor-virtual"))) {
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
        if (app != null && modes.stream().anyMatch(DispatchMode::handsOff)) {
            throw new IllegalArgumentException(
                    "compare.modes: "
                            + modes.stream()
                                    .filter(DispatchMode::handsOff)
                                    .map(DispatchMode::label)
                                    .toList()
                            + " hand requests off in vtlab's own code and do not apply to your app; use threadpool, executor-virtual, pool-virtual-workers");
        }
        Path target = basedir.resolve("target");
        // the lab's server gets the same heap in every mode; a user's app keeps its own jvm.options unless asked
        String heap = p.getProperty("compare.heap", app == null ? "1g" : null);
        if (heap != null && !heap.matches("[0-9]{1,5}[mMgG]")) {
            throw new IllegalArgumentException("compare.heap must look like 512m or 2g, not '" + heap + "'");
        }
        String dashboards = p.getProperty("compare.jmeterDashboards", "first");
        String seed = p.getProperty("compare.seed");
        return new CompareSettings(
                profile,
                specs,
                modes,
                Schedule.Order.parse(p.getProperty("compare.order", "abba")),
                seed == null
                        ? System.currentTimeMillis() % 1_000_000
                        : TestSpec.bounded("compare.seed", seed, 0, Integer.MAX_VALUE),
                Path.of(p.getProperty(
                        "compare.out",
                        target.resolve(profile == Catalogue.Profile.SMOKE ? "vtlab-report-smoke" : "vtlab-report")
                                .toString())),
                target.resolve("liberty/wlp"),
                p.getProperty("compare.server", app == null ? "vtlab-compare" : USER_APP_SERVER),
                target.resolve("classes"),
                JMeter.home(basedir),
                ProcessHandle.current().info().command().orElseThrow(),
                bounded(p, "compare.port", planPort != null ? planPort : 9180, 1024, 65535),
                bounded(p, "compare.remotePort", 9181, 1024, 65535),
                bounded(p, "compare.accounts", 1000, 1, 1_000_000),
                heap,
                CpuPlan.from(
                        p.getProperty("compare.serverCpus"), p.getProperty("compare.loadCpus"), CpuPlan.available()),
                optional(p, "compare.activeProcessorCount", 1, 1024),
                optional(p, "compare.parallelism", 1, 1024),
                optional(p, "compare.maxPoolSize", 1, 32767),
                optional(p, "compare.minRunnable", 1, 1024),
                poolMaxThreads(p.getProperty("compare.poolMaxThreads")),
                bounded(p, "compare.warmupSeconds", profile.warmupSeconds, 0, 600),
                switch (dashboards) {
                    case "first", "true" -> Dashboards.FIRST;
                    case "all" -> Dashboards.ALL;
                    case "none", "false" -> Dashboards.NONE;
                    default ->
                        throw new IllegalArgumentException(
                                "compare.jmeterDashboards is first, all or none, not '" + dashboards + "'");
                },
                host(p.getProperty("compare.serverHost", "localhost"), "compare.serverHost"),
                list(p.getProperty("compare.remoteHosts", "")).stream()
                        .map(h -> host(h, "compare.remoteHosts"))
                        .toList(),
                Path.of(p.getProperty("compare.lockFile", MachineLock.DEFAULT.toString())),
                app);
    }

    /** server-config/modes of the project: what each mode adds to a server (the lab's, or a copy of a user's). */
    Path modesDir() {
        return wlp.resolve("../../../server-config/modes").normalize();
    }

    DispatchMode baseline() {
        return modes.get(0);
    }

    /** JVM options of the server, identical for every mode. */
    List<String> serverJvmArgs() {
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

    private static String poolMaxThreads(String value) {
        if (value != null) {
            TestSpec.bounded("compare.poolMaxThreads", value, 1, 32767);
        }
        return value;
    }

    /** A host name or address, optionally with :port; nothing a shell or JMeter would read as more. */
    private static String host(String value, String key) {
        if (!value.matches("[A-Za-z0-9.\\-]{1,253}(:[0-9]{1,5})?")) {
            throw new IllegalArgumentException(key + ": '" + value + "' is not a host[:port]");
        }
        return value;
    }

    private static List<String> list(String csv) {
        return Arrays.stream(csv.split(","))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .toList();
    }

    private static int bounded(Properties p, String key, int dflt, int min, int max) {
        Integer v = optional(p, key, min, max);
        return v == null ? dflt : v;
    }

    private static Integer optional(Properties p, String key, int min, int max) {
        String raw = p.getProperty(key);
        return raw == null || raw.isBlank() ? null : TestSpec.bounded(key, raw, min, max);
    }
}
