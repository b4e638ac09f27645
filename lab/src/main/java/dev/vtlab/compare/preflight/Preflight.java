package dev.vtlab.compare.preflight;

import dev.vtlab.compare.settings.Catalogue;
import dev.vtlab.compare.settings.CompareSettings;
import dev.vtlab.compare.settings.Layout;
import dev.vtlab.compare.settings.Setting;
import dev.vtlab.compare.settings.TestSpec;
import dev.vtlab.dispatch.DispatchMode;
import dev.vtlab.measurement.MachineLock;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.Reader;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.apache.commons.text.similarity.LevenshteinDistance;

/**
 * Every check that needs the machine, before anything is deleted or started: the user's app and plan, the
 * properties the plans read, the build's JMeter and Liberty, free ports, a report directory the lab may
 * overwrite, and the machine lock. A failed check is one line (an IllegalArgumentException) naming the setting.
 */
public final class Preflight {

    /** The file that marks a report directory as the lab's: only then is its runs/ replaced. */
    public static final String REPORT_MARKER = ".vtlab-report";

    private Preflight() {}

    public static Prepared check(CompareSettings settings, Properties properties) throws IOException {
        List<String> notes = new ArrayList<>();
        List<String> planNotes = new ArrayList<>();
        UserApp app = null;
        Integer planPort = null;
        Path wlp = settings.layout().wlp();
        if (!Files.isRegularFile(wlp.resolve("bin/server"))) {
            throw new IllegalArgumentException(
                    wlp + " has no Liberty: the build lays it out (./mvnw -Pcompare verify runs it first)");
        }
        if (settings.app() != null) {
            app = UserApp.check(settings.app());
            notes.addAll(app.notes(wlp));
            if (settings.app().plan() != null) {
                planPort = PlanCheck.checkPlan(settings.app().plan());
                if (planPort != null && settings.port() != null && !planPort.equals(settings.port())) {
                    throw new IllegalArgumentException("compare.port: the plan sends to port " + planPort
                            + " (hard-coded), not " + settings.port() + ": drop compare.port, or write ${__P(PORT,"
                            + planPort + ")} in the plan");
                }
                planNotes.addAll(PlanCheck.planNotes(settings.app().plan()));
            }
        } else if (!Files.isDirectory(wlp.resolve("usr/servers").resolve(settings.server()))) {
            throw new IllegalArgumentException("compare.server: " + settings.server() + " is not a server of " + wlp
                    + " (the build creates vtlab-compare)");
        } else {
            checkModeFiles(settings);
        }
        checkPlanProperties(settings, properties);
        int port =
                planPort != null ? planPort : settings.port() != null ? settings.port() : CompareSettings.DEFAULT_PORT;
        InetAddress host = thisMachine(settings.serverHost());
        requireFree(host, port, "compare.port");
        if (app == null) {
            requireFree(InetAddress.getLoopbackAddress(), settings.remotePort(), "compare.remotePort");
        }
        requireOurs(settings.out(), settings.basedir());
        Path jmeterHome = jmeterHome(settings.layout());
        MachineLock lock;
        try {
            lock = MachineLock.acquire(
                    settings.lockFile(),
                    Duration.ofSeconds(settings.lockWaitSeconds()),
                    "Wait for it, or raise compare.lockWaitSeconds");
        } catch (IllegalStateException busy) {
            throw new IllegalArgumentException(busy.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalArgumentException("interrupted while waiting for " + settings.lockFile());
        }
        return new Prepared(
                settings,
                app,
                port,
                jmeterHome,
                ProcessHandle.current().info().command().orElseThrow(),
                notes,
                planNotes,
                lock,
                null);
    }

    /**
     * The lab's own server includes server-config/modes/MODE.xml for each mode it runs: one that Liberty would refuse (a
     * concurrency policy with virtual="true" and maxPolicy="loose") is refused here, before a run starts.
     */
    static void checkModeFiles(CompareSettings settings) {
        for (DispatchMode mode : settings.modes()) {
            Path file = settings.layout().modesDir().resolve(mode.label() + ".xml");
            if (Files.isRegularFile(file)) {
                ExecutorFlip.refuseLooseVirtual(file, "compare.modes: " + mode.label());
            }
        }
    }

    /**
     * Upper-case keys go to JMeter as -J: one that no plan of the tests that run reads (a typo, most likely) is
     * refused with the nearest property those plans do read.
     */
    static void checkPlanProperties(CompareSettings settings, Properties properties) {
        // each plan read once: the properties it reads, by test
        Map<String, Set<String>> byTest = new HashMap<>();
        Set<String> all = new TreeSet<>();
        for (TestSpec spec : settings.specs()) {
            byTest.put(spec.name(), PlanCheck.properties(plan(settings, spec)));
            all.addAll(byTest.get(spec.name()));
        }
        for (String key : properties.stringPropertyNames()) {
            if (!key.startsWith(Setting.PREFIX)) {
                continue;
            }
            String rest = key.substring(Setting.PREFIX.length());
            String prop = rest.substring(rest.lastIndexOf('.') + 1);
            if (!prop.matches("[A-Z][A-Z0-9_]*")) {
                continue;
            }
            String test = rest.contains(".") ? rest.substring(0, rest.lastIndexOf('.')) : null;
            Set<String> read = test == null ? all : byTest.getOrDefault(test, Set.of());
            if (!read.contains(prop)) {
                String nearest = read.stream()
                        .min(Comparator.comparingInt(
                                p -> LevenshteinDistance.getDefaultInstance().apply(p, prop)))
                        .orElse("");
                throw new IllegalArgumentException(
                        key + ": " + (test == null ? "no plan of the tests that run" : test + "'s plan") + " reads "
                                + prop + (nearest.isEmpty() ? "" : "; did you mean " + nearest + "?"));
            }
        }
    }

    /** The plan file of a test: the lab's own under jmeter/, or the user's. */
    static Path plan(CompareSettings settings, TestSpec spec) {
        return spec.test().shape() == Catalogue.Shape.PLAN
                ? Path.of(spec.test().plan())
                : settings.layout().plans().resolve(spec.test().plan());
    }

    /**
     * The server runs on this machine and the load goes only to it: compare.serverHost must name one of this
     * machine's addresses (a loopback one such as 127.0.0.2, or an interface's, which remote engines can reach).
     */
    static InetAddress thisMachine(String host) {
        try {
            InetAddress address = InetAddress.getByName(host);
            if (address.isLoopbackAddress() || NetworkInterface.getByInetAddress(address) != null) {
                return address;
            }
            throw new IllegalArgumentException("compare.serverHost: " + host + " (" + address.getHostAddress()
                    + ") is not an address of this machine: the comparison starts its server here and sends load"
                    + " only to it");
        } catch (IOException e) {
            throw new IllegalArgumentException("compare.serverHost: " + host + " does not resolve: " + e.getMessage());
        }
    }

    /** A port something else listens on would measure that, not the lab's server (a liberty:dev, say). */
    static void requireFree(InetAddress host, int port, String setting) {
        try (ServerSocket probe = new ServerSocket(port, 1, host)) {
            // free: nothing listens there
        } catch (IOException inUse) {
            throw new IllegalArgumentException(setting + ": port " + port + " is in use on this machine (a running"
                    + " liberty:dev or an earlier comparison?): stop that, or choose another " + setting);
        }
    }

    /** Creates {@code out} and marks it as the lab's, so that a later comparison may write there again. */
    public static void markOurs(Path out) throws IOException {
        Files.createDirectories(out);
        Files.writeString(out.resolve(REPORT_MARKER), "written by vtlab's comparison\n");
    }

    /**
     * The report directory's runs/ is replaced: only in a directory the lab made (its marker), an empty or new
     * one, or one inside the project's target/ (the build's own output).
     */
    public static void requireOurs(Path out, Path basedir) throws IOException {
        if (!Files.exists(out)
                || Files.exists(out.resolve(REPORT_MARKER))
                || out.startsWith(new Layout(basedir).target().toAbsolutePath().normalize())) {
            return;
        }
        if (!Files.isDirectory(out)) {
            throw new IllegalArgumentException("compare.out: " + out + " is a file, not a directory");
        }
        try (var entries = Files.list(out)) {
            if (entries.findAny().isPresent()) {
                throw new IllegalArgumentException("compare.out: " + out + " holds files the lab did not write (no "
                        + REPORT_MARKER + "); name a new or empty directory");
            }
        }
    }

    /** Where the jmeter-configure execution put JMeter (the plugin records it in target/config.json). */
    public static Path jmeterHome(Layout layout) throws IOException {
        Path config = layout.jmeterConfig();
        if (!Files.exists(config)) {
            throw new IllegalArgumentException(
                    config + " is missing: JMeter is set up by the build (./mvnw -Pcompare verify, or bin/jmeter)");
        }
        try (Reader reader = Files.newBufferedReader(config);
                JsonReader json = Json.createReader(reader)) {
            for (JsonValue c : json.readObject().getJsonArray("configurations")) {
                JsonObject conf = c.asJsonObject();
                if (conf.getString("executionID").equals("jmeter-configure")) {
                    return Path.of(conf.getString("jmeterDirectoryPath"));
                }
            }
        }
        throw new IllegalArgumentException(config + " has no jmeter-configure execution");
    }
}
