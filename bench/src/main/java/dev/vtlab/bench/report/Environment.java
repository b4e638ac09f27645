package dev.vtlab.bench.report;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.vtlab.measurement.Machine;
import dev.vtlab.measurement.MachineState;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/**
 * The machine state next to the numbers, in the comparison's own terms ({@link Machine}: JDK, kernel,
 * CPUs, memory; {@link MachineState}: load average and the JVMs that were not this run's).
 */
public final class Environment {
    private static final Gson GSON = new GsonBuilder()
            .setPrettyPrinting()
            .serializeSpecialFloatingPointValues()
            .create();

    private Environment() {}

    /** Adds a snapshot under {@code label} to the JSON object in {@code file}. */
    public static void capture(String label, Path file) throws IOException {
        JsonObject all = Files.exists(file)
                ? JsonParser.parseString(Files.readString(file)).getAsJsonObject()
                : new JsonObject();
        all.add(label, GSON.toJsonTree(snapshot()));
        Files.writeString(file, GSON.toJson(all), StandardCharsets.UTF_8);
    }

    public static Snapshot snapshot() {
        return new Snapshot(Instant.now().toString(), Machine.here(), MachineState.now());
    }

    public record Snapshot(String time, Machine machine, MachineState state) {}
}
