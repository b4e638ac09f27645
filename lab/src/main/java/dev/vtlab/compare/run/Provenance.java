package dev.vtlab.compare.run;

import dev.vtlab.compare.preflight.Prepared;
import dev.vtlab.compare.raw.Environment;
import dev.vtlab.compare.settings.CompareSettings;
import dev.vtlab.compare.settings.CpuPlan;
import dev.vtlab.compare.settings.Schedule;
import dev.vtlab.compare.settings.Setting;
import dev.vtlab.compare.settings.TestSpec;
import dev.vtlab.dispatch.DispatchMode;
import dev.vtlab.measurement.Machine;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Where, on what and how a comparison ran, read from the machine, git and the settings: its {@link Environment}. */
public final class Provenance {

    /** What {@link Environment#LAB_CODE_VERSION} leaves out. */
    private static final List<String> NOT_CODE = List.of(
            "--",
            ".",
            ":(exclude)docs",
            ":(exclude)*.md",
            ":(exclude)src/test",
            // the writers format figures the judge computed; the JMH experiments, deployment files and CI script
            // take no part in a comparison
            ":(exclude)src/main/java/dev/vtlab/compare/report",
            ":(exclude)bench",
            ":(exclude)deploy",
            ":(exclude)Dockerfile",
            ":(exclude).ci");

    private Provenance() {}

    /** The lab's git commit (12 hex digits, "+modified" with uncommitted changes), or "unknown" outside a checkout. */
    static String labVersion(Path basedir) {
        String commit = git(basedir, "rev-parse", "--short=12", "HEAD");
        if (commit == null || commit.isBlank()) {
            return "unknown";
        }
        String changes = git(basedir, "status", "--porcelain", "--untracked-files=no");
        return commit.strip() + (changes == null || changes.isBlank() ? "" : "+modified");
    }

    /** The last commit that changed what runs or analyses ("+modified" with such edits), or "unknown". */
    static String labCodeVersion(Path basedir) {
        List<String> log = new ArrayList<>(List.of("log", "-1", "--format=%h", "--abbrev=12", "HEAD"));
        log.addAll(NOT_CODE);
        String commit = git(basedir, log.toArray(String[]::new));
        if (commit == null || commit.isBlank()) {
            return "unknown";
        }
        List<String> status = new ArrayList<>(List.of("status", "--porcelain", "--untracked-files=no"));
        status.addAll(NOT_CODE);
        String changes = git(basedir, status.toArray(String[]::new));
        return commit.strip() + (changes == null || changes.isBlank() ? "" : "+modified");
    }

    /** A git command's output, or null when git is missing, fails or takes more than 10 s. */
    private static String git(Path dir, String... args) {
        List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString()));
        command.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(command)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            p.getOutputStream().close();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return null;
            }
            return p.exitValue() == 0 ? new String(out, StandardCharsets.UTF_8) : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** "Open Liberty 26.0.0.5": the runtime the build installed in {@code wlp}, from its version file; else "unknown". */
    static String liberty(Path wlp) {
        Properties version = new Properties();
        try (var in = Files.newInputStream(wlp.resolve("lib/versions/openliberty.properties"))) {
            version.load(in);
        } catch (IOException missing) {
            return "unknown";
        }
        String v = version.getProperty("com.ibm.websphere.productVersion");
        return v == null ? "unknown" : "Open Liberty " + v;
    }

    /** The environment of a comparison about to run. */
    public static Environment of(Prepared prepared, Properties properties) {
        CompareSettings settings = prepared.settings();
        Map<String, String> m = new LinkedHashMap<>();
        m.put(Environment.GENERATED_AT, Instant.now().toString());
        m.put(Environment.PROFILE, settings.profile().label());
        m.put(
                "modes",
                String.join(
                        ",", settings.modes().stream().map(DispatchMode::label).toList()));
        m.put("baseline", settings.baseline().label());
        m.put(
                "order",
                settings.order().name().toLowerCase(Locale.ROOT)
                        + (settings.order() == Schedule.Order.RANDOM ? " (seed " + settings.seed() + ")" : ""));
        Machine machine = Machine.here();
        m.put(Environment.CPUS, String.valueOf(machine.cpus()));
        m.put(Environment.CPU_PLAN, settings.cpus().describe(prepared.app() == null));
        m.put(Environment.SERVER_CPUS, CpuPlan.list(settings.cpus().server()));
        m.put(Environment.LOAD_CPUS, CpuPlan.list(settings.cpus().load()));
        m.put(Environment.CPU_MODEL, machine.cpuModel());
        m.put("memory", machine.memory());
        m.put(Environment.KERNEL, machine.kernel());
        m.put(Environment.JDK, machine.jdk());
        m.put(Environment.LIBERTY, liberty(settings.layout().wlp()));
        m.put(Environment.SERVER_JVM_ARGS, String.join(" ", settings.serverJvmArgs()));
        m.put(
                Environment.POOL_MAX_THREADS,
                settings.poolMaxThreads() == null ? "Liberty default" : String.valueOf(settings.poolMaxThreads()));
        if (settings.poolCoreThreads() != null) {
            m.put(Environment.POOL_CORE_THREADS, String.valueOf(settings.poolCoreThreads()));
        }
        m.put(Environment.MONITORING, monitoring(prepared));
        m.put(
                "jmeter_engines",
                settings.remoteHosts().isEmpty() ? "local" : "remote: " + String.join(",", settings.remoteHosts()));
        if (prepared.app() != null) {
            m.put(
                    Environment.APP,
                    prepared.app().source() + " ("
                            + prepared.app()
                                    .kind()
                                    .name()
                                    .toLowerCase(Locale.ROOT)
                                    .replace('_', ' ') + ")");
            m.put(Environment.USER_TEST, settings.userTest());
        }
        if (prepared.pace() != null) {
            m.put(Environment.PACE, prepared.pace().describe(settings.baseline().label()));
        }
        List<String> sharing = settings.specs().stream()
                .filter(spec -> spec.test().sharesJvm())
                .map(TestSpec::name)
                .toList();
        if (settings.sharedJvm() && sharing.size() > 1) {
            m.put(
                    Environment.SHARED_JVM,
                    "one JVM per mode and round runs " + String.join(", then ", sharing) + ", each warmed in turn");
        }
        if (settings.compileOnAllCpus()) {
            m.put(
                    Environment.COMPILE_PHASE_CPUS,
                    "the warm-up's compile phase on CPUs "
                            + CpuPlan.list(settings.cpus().server()) + " and "
                            + CpuPlan.list(settings.cpus().load()) + ", the server pinned to its own after it");
        }
        m.put(Environment.KEEP_FLAGGED, String.valueOf(settings.keepFlagged()));
        m.put("margin", String.format(Locale.ROOT, "±%.0f %%", 100 * settings.margin()));
        m.put(Environment.COMMAND, command(properties));
        m.put(Environment.LAB_VERSION, labVersion(settings.basedir()));
        m.put(Environment.LAB_CODE_VERSION, labCodeVersion(settings.basedir()));
        if (!prepared.planNotes().isEmpty()) {
            m.put("plan_notes", String.join("; ", prepared.planNotes()));
        }
        return new Environment(m);
    }

    private static final Pattern MONITOR_FILTER = Pattern.compile("<monitor filter=\"([^\"]*)\"");

    /** What Liberty's monitor-1.0 collects on the measured server, in every mode alike. */
    static String monitoring(Prepared prepared) {
        try {
            if (prepared.app() != null) {
                return prepared.app().monitorsItself()
                        ? "monitor-1.0 as your server configures it"
                        : "monitor-1.0 added by the lab, filter " + ServerLayout.USER_MONITOR_FILTER;
            }
            Matcher filter = MONITOR_FILTER.matcher(
                    Files.readString(prepared.settings().layout().serverXml()));
            return "monitor-1.0, filter " + (filter.find() ? filter.group(1) : "none (every monitor)");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The command that repeats this comparison, from the compare.* properties it was given. */
    static String command(Properties properties) {
        StringBuilder cmd = new StringBuilder("./mvnw -Pcompare verify");
        properties.stringPropertyNames().stream()
                .filter(k -> k.startsWith(Setting.PREFIX))
                .sorted()
                .forEach(k -> cmd.append(" -D").append(k).append('=').append(properties.getProperty(k)));
        return cmd.toString();
    }
}
