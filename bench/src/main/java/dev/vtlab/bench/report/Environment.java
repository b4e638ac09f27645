package dev.vtlab.bench.report;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The machine state next to the numbers: JDK, kernel, CPUs, memory, load average, and whether a
 * Liberty server or JMeter (the lab's other users of this CPU) was running.
 */
public final class Environment {
    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().create();

    private Environment() {
    }

    /** Adds a snapshot under {@code label} to the JSON object in {@code file}. */
    public static void capture(String label, Path file) throws IOException {
        JsonObject all = Files.exists(file)
                ? JsonParser.parseString(Files.readString(file)).getAsJsonObject()
                : new JsonObject();
        all.add(label, GSON.toJsonTree(snapshot()));
        Files.writeString(file, GSON.toJson(all), StandardCharsets.UTF_8);
    }

    public static Snapshot snapshot() {
        return new Snapshot(Instant.now().toString(),
                System.getProperty("java.vm.name") + " " + Runtime.version(),
                System.getProperty("os.name") + " " + System.getProperty("os.version"),
                Runtime.getRuntime().availableProcessors(),
                firstLineStartingWith(Path.of("/proc/meminfo"), "MemTotal:"),
                firstLineStartingWith(Path.of("/proc/loadavg"), ""),
                backgroundProcesses());
    }

    public record Snapshot(String time, String jdk, String kernel, int cpus, String memTotal, String loadAverage,
            List<String> backgroundProcesses) {
    }

    private static String firstLineStartingWith(Path file, String prefix) {
        try (Stream<String> lines = Files.lines(file)) {
            return lines.filter(l -> l.startsWith(prefix)).findFirst()
                    .map(l -> l.substring(prefix.length()).trim()).orElse("?");
        } catch (IOException | RuntimeException e) {
            return "?";
        }
    }

    /** The equivalent of pgrep -fa 'ws-server.jar|ApacheJMeter', read from /proc. */
    private static List<String> backgroundProcesses() {
        List<String> found = new ArrayList<>();
        try (Stream<Path> processes = Files.list(Path.of("/proc"))) {
            for (Path process : processes.filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
                try {
                    String commandLine = new String(Files.readAllBytes(process.resolve("cmdline")),
                            StandardCharsets.UTF_8).replace('\0', ' ');
                    if (commandLine.contains("ws-server.jar") || commandLine.contains("ApacheJMeter")) {
                        found.add(process.getFileName() + " "
                                + (commandLine.contains("ws-server.jar") ? "Liberty server" : "JMeter"));
                    }
                } catch (IOException gone) {
                    // The process ended while we listed it.
                }
            }
        } catch (IOException | RuntimeException e) {
            found.add("? (no /proc)");
        }
        return found;
    }
}
