package dev.vtlab.compare.raw;

import static dev.vtlab.compare.raw.JsonNumbers.num;

import dev.vtlab.dispatch.DispatchMode;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The history of past comparisons, written and read here only: a directory ({@code compare.history}) marked as the
 * lab's by {@link #MARKER}, with one file per configuration, {@code HASH.jsonl}, a compact record per line, the last
 * {@code keep} kept. Nothing else in the directory is touched; old records go by rewriting their own file.
 */
public final class HistoryFiles {

    /** The file that marks a history directory as the lab's: only then does it write there. */
    public static final String MARKER = ".vtlab-history";

    /** The records' format, on every line: a line of another format is not read. */
    static final String FORMAT = "vtlab-history/1";

    private HistoryFiles() {}

    /**
     * What makes two comparisons comparable, as one line: the tests with their JMeter properties, the modes, the CPU
     * split, the pool cap, the server's JVM options, a user's app and load, and the version of the lab's code (not its docs, tests or report writers). Not the seed, the
     * report directory, the repetitions or the margin, which change the precision, not what is measured.
     *
     * @param props each test's JMeter properties
     */
    public static String configuration(ComparisonRecord c, Map<String, Map<String, String>> props) {
        Environment env = c.environment();
        return String.join(
                " | ",
                "tests "
                        + c.tests().stream()
                                .map(t -> t + new TreeMap<>(props.getOrDefault(t, Map.of())))
                                .collect(Collectors.joining(" ")),
                "modes " + c.modes().stream().map(DispatchMode::label).collect(Collectors.joining(",")),
                "server CPUs " + env.get(Environment.SERVER_CPUS, "?") + ", load CPUs "
                        + env.get(Environment.LOAD_CPUS, "?") + (c.cpus().shared() ? " (shared)" : ""),
                "pool max " + (c.poolMaxThreads() == null ? "Liberty default" : c.poolMaxThreads()),
                "JVM " + env.get(Environment.SERVER_JVM_ARGS, ""),
                "app " + env.get(Environment.APP, "vtlab") + ", load " + Objects.toString(c.userTest(), "vtlab's"),
                "lab " + env.codeVersion());
    }

    /** A history directory the lab may write: absent, empty, or marked as the lab's; else one line why not. */
    public static void check(Path dir, String key) throws IOException {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException(key + ": " + dir + " is a file, not a directory");
        }
        boolean empty;
        try (var files = Files.list(dir)) {
            empty = files.findAny().isEmpty();
        }
        if (!empty && !Files.exists(dir.resolve(MARKER))) {
            throw new IllegalArgumentException(key + ": " + dir + " holds files the lab did not write (no " + MARKER
                    + "); name a new or empty directory, or none");
        }
    }

    /** The records of a configuration, oldest first; a line that cannot be read (cut short by a crash) is skipped. */
    public static List<HistoryRecord> read(Path dir, String configuration) throws IOException {
        Path file = file(dir, configuration);
        List<HistoryRecord> records = new ArrayList<>();
        if (dir == null || !Files.isRegularFile(file)) {
            return records;
        }
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            HistoryRecord r = parse(line);
            if (r != null && r.configuration().equals(configuration)) {
                records.add(r);
            }
        }
        return records;
    }

    /** Appends a record to its configuration's file, keeping the last {@code keep} lines. */
    public static void append(Path dir, HistoryRecord record, int keep, String key) throws IOException {
        check(dir, key);
        Files.createDirectories(dir);
        if (!Files.exists(dir.resolve(MARKER))) {
            Files.writeString(dir.resolve(MARKER), "written by vtlab's comparison: its history of comparisons\n");
        }
        Path file = file(dir, record.configuration());
        List<String> lines = new ArrayList<>(
                Files.isRegularFile(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of());
        lines.removeIf(l -> parse(l) == null);
        lines.add(line(record));
        List<String> kept = lines.subList(Math.max(0, lines.size() - keep), lines.size());
        // written whole, then moved over the old file: a crash leaves one or the other
        Path tmp = Files.createTempFile(dir, ".history-", ".tmp");
        Files.write(tmp, kept, StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** The configuration's file: the first 16 hex digits of its SHA-256 (the lines inside name it in full). */
    static Path file(Path dir, String configuration) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(configuration.getBytes(StandardCharsets.UTF_8));
            return dir == null ? null : dir.resolve(HexFormat.of().formatHex(hash, 0, 8) + ".jsonl");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    private static String line(HistoryRecord r) {
        JsonArrayBuilder figures = Json.createArrayBuilder();
        for (HistoryRecord.Figure f : r.figures()) {
            JsonArrayBuilder means = Json.createArrayBuilder();
            for (double v : f.runMeans()) {
                means.add(num(v));
            }
            JsonObjectBuilder o = Json.createObjectBuilder()
                    .add("test", f.test())
                    .add("metric", f.metric())
                    .add("mode", f.mode().label())
                    .add("run_means", means);
            if (f.baseline() != null) {
                o.add("baseline", f.baseline().label())
                        .add("ratio", num(f.ratio()))
                        .add("ci_low", num(f.low()))
                        .add("ci_high", num(f.high()))
                        .add("verdict", f.verdict());
            }
            figures.add(o);
        }
        JsonObject o = Json.createObjectBuilder()
                .add("format", FORMAT)
                .add("configuration", r.configuration())
                .add("at", r.at().toString())
                .add("calibration_units_per_s", num(r.calibration()))
                .add("kernel", r.kernel())
                .add("jdk", r.jdk())
                .add("figures", figures)
                .build();
        StringWriter out = new StringWriter();
        try (var w = Json.createWriter(out)) {
            w.writeObject(o);
        }
        return out.toString().replace("\n", " ");
    }

    private static HistoryRecord parse(String line) {
        try (JsonReader in = Json.createReader(new StringReader(line))) {
            JsonObject o = in.readObject();
            if (!FORMAT.equals(o.getString("format", ""))) {
                return null;
            }
            List<HistoryRecord.Figure> figures = new ArrayList<>();
            for (JsonObject f : o.getJsonArray("figures").getValuesAs(JsonObject.class)) {
                boolean ratio = f.containsKey("baseline");
                figures.add(new HistoryRecord.Figure(
                        f.getString("test"),
                        f.getString("metric"),
                        DispatchMode.parse(f.getString("mode")),
                        f.getJsonArray("run_means").stream()
                                .mapToDouble(HistoryFiles::number)
                                .toArray(),
                        ratio ? DispatchMode.parse(f.getString("baseline")) : null,
                        ratio ? number(f.get("ratio")) : Double.NaN,
                        ratio ? number(f.get("ci_low")) : Double.NaN,
                        ratio ? number(f.get("ci_high")) : Double.NaN,
                        f.getString("verdict", "")));
            }
            return new HistoryRecord(
                    o.getString("configuration"),
                    Instant.parse(o.getString("at")),
                    number(o.get("calibration_units_per_s")),
                    o.getString("kernel", ""),
                    o.getString("jdk", ""),
                    figures);
        } catch (JsonException
                | ClassCastException
                | NullPointerException
                | IllegalArgumentException
                | DateTimeException e) {
            return null;
        }
    }

    private static double number(JsonValue v) {
        return v instanceof JsonNumber n ? n.doubleValue() : Double.NaN;
    }
}
