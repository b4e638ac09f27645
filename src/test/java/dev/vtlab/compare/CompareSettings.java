package dev.vtlab.compare;

import dev.vtlab.dispatch.DispatchMode;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

/**
 * The comparison's settings, from {@code -Dcompare.*} system properties (lower-case keys; upper-case
 * keys are JMeter properties, see {@link TestSpec}). Everything that could burn CPU, memory or time is
 * bounded.
 */
record CompareSettings(String profile, List<String> tests, List<String> modes, Path out, Path wlp, String server,
                       Path classes, Path jmeterHome, String java, int port, int remotePort, int accounts,
                       String heap, String serverCpus, Integer activeProcessorCount, Integer parallelism,
                       Integer maxPoolSize, Integer minRunnable, String poolMaxThreads, int warmupSeconds,
                       boolean jmeterDashboards, String serverHost, List<String> remoteHosts) {

    static CompareSettings from(Properties p, Path basedir) throws IOException {
        String profile = p.getProperty("compare.profile", "quick");
        List<String> tests = list(p.getProperty("compare.tests", String.join(",", TestSpec.DEFAULT)));
        for (String test : tests) {
            if (!TestSpec.ALL.contains(test)) {
                throw new IllegalArgumentException("compare.tests: unknown test '" + test + "'; choose from " + TestSpec.ALL);
            }
        }
        List<String> modes = list(p.getProperty("compare.modes", "threadpool,executor-virtual"));
        for (String mode : modes) {
            try {
                DispatchMode.parse(mode);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("compare.modes: " + DispatchMode.labels() + ", not '" + mode + "'");
            }
        }
        Path target = basedir.resolve("target");
        String heap = p.getProperty("compare.heap", "1g");
        if (!heap.matches("[0-9]{1,5}[mMgG]")) {
            throw new IllegalArgumentException("compare.heap must look like 512m or 2g, not '" + heap + "'");
        }
        String cpus = p.getProperty("compare.serverCpus");
        if (cpus != null && !cpus.matches("[0-9,\\-]+")) {
            throw new IllegalArgumentException("compare.serverCpus is a taskset CPU list like 0 or 0-1, not '" + cpus + "'");
        }
        int warmupDefault = profile.equals("smoke") ? 0 : profile.equals("quick") ? 3 : 60;
        return new CompareSettings(profile, tests, modes,
                Path.of(p.getProperty("compare.out", target.resolve(profile.equals("smoke") ? "vtlab-report-smoke" : "vtlab-report").toString())),
                target.resolve("liberty/wlp"), p.getProperty("compare.server", "vtlab-compare"),
                target.resolve("classes"), JMeter.home(basedir),
                ProcessHandle.current().info().command().orElseThrow(),
                bounded(p, "compare.port", 9180, 1024, 65535), bounded(p, "compare.remotePort", 9181, 1024, 65535),
                bounded(p, "compare.accounts", 1000, 1, 1_000_000), heap, cpus,
                optional(p, "compare.activeProcessorCount", 1, 1024), optional(p, "compare.parallelism", 1, 1024),
                optional(p, "compare.maxPoolSize", 1, 32767), optional(p, "compare.minRunnable", 1, 1024),
                p.getProperty("compare.poolMaxThreads"),
                bounded(p, "compare.warmupSeconds", warmupDefault, 0, 600),
                Boolean.parseBoolean(p.getProperty("compare.jmeterDashboards", "true")),
                host(p.getProperty("compare.serverHost", "localhost"), "compare.serverHost"),
                list(p.getProperty("compare.remoteHosts", "")).stream().map(h -> host(h, "compare.remoteHosts")).toList());
    }

    /** JVM options of the server, identical for both modes. */
    List<String> serverJvmArgs() {
        List<String> args = new ArrayList<>(List.of("-Xms" + heap, "-Xmx" + heap));
        if (activeProcessorCount != null) {
            args.add("-XX:ActiveProcessorCount=" + activeProcessorCount);
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

    /** A host name or address, optionally with :port; nothing a shell or JMeter would read as more. */
    private static String host(String value, String key) {
        if (!value.matches("[A-Za-z0-9.\\-]{1,253}(:[0-9]{1,5})?")) {
            throw new IllegalArgumentException(key + ": '" + value + "' is not a host[:port]");
        }
        return value;
    }

    private static List<String> list(String csv) {
        return Arrays.stream(csv.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }

    private static int bounded(Properties p, String key, int dflt, int min, int max) {
        Integer v = optional(p, key, min, max);
        return v == null ? dflt : v;
    }

    private static Integer optional(Properties p, String key, int min, int max) {
        String raw = p.getProperty(key);
        if (raw == null || raw.isBlank()) {
            return null;
        }
        int v = Integer.parseInt(raw.trim());
        if (v < min || v > max) {
            throw new IllegalArgumentException(key + " must be from " + min + " to " + max + ", not " + v);
        }
        return v;
    }
}
