package it.dev.vtlab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vtlab.compare.preflight.Preflight;
import dev.vtlab.compare.run.JMeter;
import java.awt.image.BufferedImage;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Every plan in JMeter's own GUI, as a user opens it with {@code bin/jmeter}: JMeter 5.6.3 on a virtual display
 * (Xvfb) opens the first plan with {@code -t} and the others as its Load action does; a driver inside JMeter
 * ({@code it/JMeterGuiDriver.java}, compiled here against that JMeter and started by its {@code beanshell.init.file})
 * selects each plan's Summary Report, presses Run against a lab server and reads the rows the report's table shows. No dialog may appear, jmeter.log may hold
 * no ERROR, and Run must leave the plan's file as it was (JMeter's GUI saves it first unless told not to: the build
 * does, in the user.properties of the JMeter it lays out). The GUI opens copies of the plans, so a failure here
 * cannot rewrite the repository's. A screenshot of each plan's report is kept in target/jmeter-gui/.
 */
class JMeterGuiIT {

    /** A few seconds per plan, two users, arrivals at a few per second, no remote wait to speak of. */
    private static final Map<String, String> SHORT_RUN = Map.ofEntries(
            Map.entry("THREADS", "2"),
            Map.entry("RAMP", "0"),
            Map.entry("DURATION", "2"),
            Map.entry("STEPS", "1"),
            Map.entry("STEP_DURATION", "2"),
            Map.entry("RATE", "4"),
            Map.entry("START_PAUSE", "0"),
            Map.entry("DRAIN", "1"),
            Map.entry("DELAY_MS", "1"),
            Map.entry("SLEEP_MS", "5"));

    private static final Pattern SAMPLER_NAME =
            Pattern.compile("testclass=\"(?:HTTPSamplerProxy|JavaSampler)\" testname=\"([^\"$]+)\"");

    @Test
    void everyPlanOpensInTheGuiAndItsReportShowsTheRun() throws Exception {
        Path basedir = Path.of(System.getProperty("basedir"));
        assumeTrue(
                Files.exists(Lab.LAYOUT.jmeterConfig()),
                "needs the JMeter the build lays out in pre-integration-test (./mvnw verify)");
        Path xvfb = xvfb();
        Path home = Preflight.jmeterHome(Lab.LAYOUT);
        String java = ProcessHandle.current().info().command().orElseThrow();
        URI server = Lab.modes().findFirst().orElseThrow().app("/");
        Path out = basedir.resolve("target/jmeter-gui");
        Lab.deleteTree(out);
        Files.createDirectories(out);

        // every plan of the lab's is run; the inventory sample's needs its own app, so it is only opened
        List<Path> run;
        try (Stream<Path> files = Files.list(Lab.LAYOUT.plans())) {
            run = files.filter(p -> p.toString().endsWith(".jmx")).sorted().toList();
        }
        List<Path> originals = new ArrayList<>(run);
        originals.add(Lab.ROOT.resolve("samples/inventory/jmeter/inventory.jmx"));
        Files.createDirectories(out.resolve("plans"));
        List<Path> plans = new ArrayList<>();
        for (Path original : originals) {
            plans.add(Files.copy(original, out.resolve("plans").resolve(original.getFileName())));
        }

        Path classes = compileDriver(home, out.resolve("classes"));
        // BeanShell, not Groovy: JMeter 5.6.3's Groovy 3 cannot compile a script on JDK 25 (class file version 69)
        Path init = Files.writeString(out.resolve("init.bsh"), "it.dev.vtlab.JMeterGuiDriver.start();\n");
        List<String> command = new ArrayList<>(List.of(
                java,
                // JMeter keeps recent files and its "save before run" choice in Java preferences: not the user's
                "-Djava.util.prefs.userRoot=" + out.resolve("prefs"),
                "-jar",
                home.resolve("bin").resolve(JMeter.JAR).toString(),
                "-t",
                plans.get(0).toString(),
                "-j",
                out.resolve("jmeter.log").toString(),
                "-Juser.classpath=" + classes,
                "-Jbeanshell.init.file=" + init,
                "-Jvtlab.gui.out=" + out,
                "-Jvtlab.gui.plans="
                        + String.join(",", plans.stream().map(Path::toString).toList()),
                "-Jvtlab.gui.run="
                        + String.join(
                                ",",
                                run.stream()
                                        .map(p -> p.getFileName().toString())
                                        .toList()),
                "-Jvtlab.gui.runSeconds=20",
                "-JHOST=" + server.getHost(),
                "-JPORT=" + server.getPort()));
        SHORT_RUN.forEach((k, v) -> command.add("-J" + k + "=" + v));

        Process display = new ProcessBuilder(
                        xvfb.toString(), "-displayfd", "1", "-screen", "0", "1600x1000x24", "-nolisten", "tcp")
                .redirectError(out.resolve("xvfb.log").toFile())
                .start();
        Process jmeter = null;
        try {
            String number = firstLine(display, 15);
            ProcessBuilder gui = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(out.resolve("jmeter.out").toFile());
            gui.environment().put("DISPLAY", ":" + number);
            jmeter = gui.start();
            assertTrue(
                    jmeter.waitFor(150, TimeUnit.SECONDS),
                    "JMeter's GUI did not finish the plans within 150 s; see " + out.resolve("report.tsv"));
        } finally {
            if (jmeter != null) {
                jmeter.destroyForcibly();
            }
            display.destroy();
            if (!display.waitFor(10, TimeUnit.SECONDS)) {
                display.destroyForcibly();
            }
        }

        assertTrue(
                Files.exists(out.resolve("report.tsv")),
                "the driver wrote nothing; JMeter said: " + Files.readString(out.resolve("jmeter.out")));
        Map<String, List<String[]>> report = report(out.resolve("report.tsv"));
        String all = Files.readString(out.resolve("report.tsv"));
        assertEquals("0", value(report, "(end)", "done"), "the GUI script ended cleanly:\n" + all);
        for (int i = 0; i < plans.size(); i++) {
            Path plan = plans.get(i);
            String name = plan.getFileName().toString();
            assertEquals(
                    Files.readString(originals.get(i)),
                    Files.readString(plan),
                    name + ": Run in the GUI changed the plan's file");
            assertEquals(plan.toString(), value(report, name, "loaded"), name + " is the plan JMeter shows");
            assertEquals("1", value(report, name, "reports"), name + " has one Summary Report");
            assertTrue(
                    values(report, name, "dialog").isEmpty(),
                    name + " opened a dialog: " + values(report, name, "dialog"));
            BufferedImage screenshot =
                    ImageIO.read(Path.of(value(report, name, "screenshot")).toFile());
            assertNotNull(screenshot, name + "'s screenshot");
            assertEquals(1600, screenshot.getWidth());
            if (run.contains(originals.get(i))) {
                assertEquals("true", value(report, name, "ended"), name + " ended within the time given");
                checkRows(name, Files.readString(plan), report);
            }
        }
        List<String> errors;
        try (Stream<String> lines = Files.lines(out.resolve("jmeter.log"))) {
            errors = lines.filter(l -> l.contains(" ERROR ")).toList();
        }
        assertTrue(errors.isEmpty(), "jmeter.log has errors: " + errors);
    }

    /** A row per sampler that ran, every sample a success, and the TOTAL row. */
    private static void checkRows(String name, String plan, Map<String, List<String[]>> report) {
        // the table model's column keys (JMeter's resource names) and values (error % as a fraction)
        List<String> columns = List.of(value(report, name, "columns").split("\\|"));
        int label = columns.indexOf("sampler_label");
        int samples = columns.indexOf("aggregate_report_count");
        int error = columns.indexOf("aggregate_report_error%");
        assertTrue(label >= 0 && samples >= 0 && error >= 0, name + ": the report's columns " + columns);
        Set<String> samplers = new HashSet<>();
        Matcher m = SAMPLER_NAME.matcher(plan);
        while (m.find()) {
            samplers.add(m.group(1));
        }
        samplers.add("ping"); // ping.jmx's label is ${__P(LABEL,ping)}
        List<String> rows = values(report, name, "row");
        assertTrue(rows.size() >= 2, name + ": the report shows " + rows);
        boolean total = false;
        for (String row : rows) {
            String[] cells = row.split("\\|");
            if (cells[label].equals("TOTAL")) {
                total = true;
            } else {
                assertTrue(samplers.contains(cells[label]), name + ": a row for " + cells[label] + ", not a sampler");
            }
            assertTrue(Long.parseLong(cells[samples]) > 0, name + ": no samples in " + row);
            assertEquals(0.0, Double.parseDouble(cells[error]), name + ": failed samples in " + row);
        }
        assertTrue(total, name + ": no TOTAL row in " + rows);
    }

    private static Map<String, List<String[]>> report(Path file) throws IOException {
        Map<String, List<String[]>> byPlan = new LinkedHashMap<>();
        for (String line : Files.readAllLines(file)) {
            String[] f = line.split("\t", 3);
            byPlan.computeIfAbsent(f[0], k -> new ArrayList<>()).add(f);
        }
        return byPlan;
    }

    private static List<String> values(Map<String, List<String[]>> report, String plan, String key) {
        return report.getOrDefault(plan, List.of()).stream()
                .filter(f -> f[1].equals(key))
                .map(f -> f.length > 2 ? f[2] : "")
                .toList();
    }

    private static String value(Map<String, List<String[]>> report, String plan, String key) {
        List<String> v = values(report, plan, key);
        assertFalse(v.isEmpty(), plan + ": nothing noted for " + key + " in " + report.keySet());
        return v.get(0);
    }

    /** The driver, compiled with the JDK running this test against JMeter's own jars. */
    private static Path compileDriver(Path home, Path classes) throws Exception {
        Path source = Path.of(
                JMeterGuiIT.class.getResource("/it/JMeterGuiDriver.java").toURI());
        List<String> jars = new ArrayList<>();
        for (String dir : List.of("lib", "lib/ext")) {
            try (Stream<Path> files = Files.list(home.resolve(dir))) {
                files.filter(f -> f.toString().endsWith(".jar")).forEach(f -> jars.add(f.toString()));
            }
        }
        Files.createDirectories(classes);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertNotNull(javac, "this JDK has no compiler");
        ByteArrayOutputStream messages = new ByteArrayOutputStream();
        int status = javac.run(
                null,
                messages,
                messages,
                "--release",
                "21",
                "-cp",
                String.join(File.pathSeparator, jars),
                "-d",
                classes.toString(),
                source.toString());
        assertEquals(0, status, "the driver does not compile: " + messages);
        return classes;
    }

    /** Xvfb writes the display number it chose (-displayfd 1) on its standard output once it accepts clients. */
    private static String firstLine(Process display, int seconds) throws Exception {
        CompletableFuture<String> line = CompletableFuture.supplyAsync(() -> {
            try {
                return new BufferedReader(new InputStreamReader(display.getInputStream(), StandardCharsets.US_ASCII))
                        .readLine();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        String number = line.get(seconds, TimeUnit.SECONDS);
        if (number == null || !number.trim().matches("[0-9]+")) {
            throw new AssertionError("Xvfb gave no display number: " + number);
        }
        return number.trim();
    }

    /** Debian's Xvfb; CI installs it (.ci/run) and sets VTLAB_REQUIRE_XVFB so its absence fails there. */
    private static Path xvfb() {
        Path xvfb = Path.of("/usr/bin/Xvfb");
        if (Files.isExecutable(xvfb)) {
            return xvfb;
        }
        String message = "no Xvfb here (apt-get install xvfb)";
        if (System.getenv("VTLAB_REQUIRE_XVFB") != null) {
            throw new AssertionError(message);
        }
        Assumptions.abort(message);
        return null;
    }
}
