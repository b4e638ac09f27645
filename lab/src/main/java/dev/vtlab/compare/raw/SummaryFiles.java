package dev.vtlab.compare.raw;

import dev.vtlab.compare.stats.Verdict;
import dev.vtlab.compare.stats.Verdicts;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A finished comparison read back from its {@code summary.json}: what it was (when, which lab code, which profile and
 * command) and each of its ratios with the log-scale standard error that joins it to others. The raw files are the
 * boundary for analysing runs again; a summary is what is kept of a comparison once its runs are gone.
 */
public final class SummaryFiles {

    public static final String SUMMARY = "summary.json";

    /**
     * One ratio: mode ÷ reference (the baseline, or a contrast's reference) on one figure; {@code stoppedEarly} where a
     * sequential design stopped its test at a look before its cap, which selects for runs that happened to agree.
     */
    public record Ratio(
            String test,
            String metric,
            String mode,
            String reference,
            double ratio,
            double low,
            double high,
            String verdict,
            double logSe,
            boolean primary,
            boolean stoppedEarly) {}

    /**
     * A comparison's summary: where it was read, its environment's few facts, its ratios, and its fingerprint: what it
     * measured, which only comparisons alike in it may be joined on.
     */
    public record Summary(
            Path dir,
            String generatedAt,
            String labVersion,
            String profile,
            String command,
            List<Ratio> ratios,
            Map<String, String> fingerprint) {

        public Summary {
            ratios = List.copyOf(ratios);
            fingerprint = Collections.unmodifiableMap(new LinkedHashMap<>(fingerprint));
        }

        /** A summary whose fingerprint is every field {@link #NOT_RECORDED}: for tests of what a join does. */
        public Summary(
                Path dir, String generatedAt, String labVersion, String profile, String command, List<Ratio> ratios) {
            this(dir, generatedAt, labVersion, profile, command, ratios, unrecorded());
        }
    }

    /**
     * What a comparison measured, as its environment records it: the name a report shows, and the environment's key.
     * Comparisons that differ in any of them measured different servers. The JMeter plan's version is not recorded
     * apart from the lab's code version, which changes with every commit, so it is not among them.
     */
    public static final Map<String, String> FINGERPRINT = fingerprintFields();

    /** A fingerprint field a summary does not record: written before the lab recorded it. */
    public static final String NOT_RECORDED = "not recorded";

    private static Map<String, String> fingerprintFields() {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("Liberty", Environment.LIBERTY);
        f.put("JDK", Environment.JDK);
        f.put("monitoring", Environment.MONITORING);
        f.put("warm-up's compile phase", Environment.COMPILE_PHASE_CPUS);
        f.put("server JVM options", Environment.SERVER_JVM_ARGS);
        f.put("pool's maxThreads", Environment.POOL_MAX_THREADS);
        f.put("pool's coreThreads", Environment.POOL_CORE_THREADS);
        f.put("CPU plan", Environment.CPU_PLAN);
        return Collections.unmodifiableMap(f);
    }

    private static Map<String, String> unrecorded() {
        Map<String, String> f = new LinkedHashMap<>();
        FINGERPRINT.keySet().forEach(name -> f.put(name, NOT_RECORDED));
        return f;
    }

    private static Map<String, String> fingerprint(JsonObject env) {
        Map<String, String> f = new LinkedHashMap<>();
        FINGERPRINT.forEach((name, key) -> f.put(
                name,
                env.containsKey(key) && env.get(key).getValueType() == JsonValue.ValueType.STRING
                        ? env.getString(key)
                        // the lab writes coreThreads only where a comparison set it: absent, it was Liberty's
                        : key.equals(Environment.POOL_CORE_THREADS) ? "Liberty default" : NOT_RECORDED));
        return f;
    }

    private SummaryFiles() {}

    /** {@code dir}'s summary.json; refused in one line naming {@code setting} when there is none. */
    public static Summary read(Path dir, String setting) throws IOException {
        Path file = dir.resolve(SUMMARY);
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(setting + ": " + dir + " has no " + SUMMARY);
        }
        JsonObject root;
        try (Reader r = Files.newBufferedReader(file);
                JsonReader json = Json.createReader(r)) {
            root = json.readObject();
        }
        JsonObject env = root.getJsonObject("environment");
        if (env == null || !root.containsKey("ratios")) {
            throw new IllegalArgumentException(
                    setting + ": " + file + " is not a comparison's summary (no environment" + " or ratios)");
        }
        double margin = margin(env.getString("margin", ""));
        Set<String> early = sequentialDesign(dir) ? stoppedEarly(root) : Set.of();
        List<Ratio> ratios = new ArrayList<>();
        for (JsonValue v : root.getJsonArray("ratios")) {
            JsonObject o = v.asJsonObject();
            ratios.add(ratio(o, o.getString("baseline", ""), margin, early));
        }
        if (root.containsKey("contrasts") && !root.isNull("contrasts")) {
            for (JsonValue v : root.getJsonArray("contrasts")) {
                JsonObject o = v.asJsonObject();
                ratios.add(ratio(o, o.getString("reference", ""), margin, early));
            }
        }
        return new Summary(
                dir,
                env.getString(Environment.GENERATED_AT, ""),
                env.getString(Environment.LAB_VERSION, ""),
                env.getString(Environment.PROFILE, ""),
                env.getString(Environment.COMMAND, ""),
                ratios,
                fingerprint(env));
    }

    /**
     * Whether the comparison in {@code dir} ran the sequential design: its raw {@code comparison.json} says so. A
     * summary always reads its rounds at the design's looks, but only a sequential comparison stopped at one; one
     * kept without the raw file, or written before the design existed, ran a fixed number of rounds.
     */
    static boolean sequentialDesign(Path dir) throws IOException {
        Path raw = dir.resolve(RawFiles.COMPARISON);
        if (!Files.isRegularFile(raw)) {
            return false;
        }
        try (Reader r = Files.newBufferedReader(raw);
                JsonReader json = Json.createReader(r)) {
            return json.readObject().getBoolean("sequential", false);
        }
    }

    /**
     * The tests a sequential design stopped at a look before its last one: every row of the test in a summary's
     * {@code sequential.rows} has a {@code stopped_after_rounds} below the last of {@code look_rounds}. Every figure of
     * such a test rests on the rounds the stop left, so each counts as stopped early, not only the primary one.
     */
    static Set<String> stoppedEarly(JsonObject root) {
        Set<String> early = new HashSet<>();
        if (!root.containsKey("sequential") || root.isNull("sequential")) {
            return early;
        }
        JsonObject sequential = root.getJsonObject("sequential");
        String[] looks = sequential.getString("look_rounds", "").split(",");
        int cap;
        try {
            cap = Integer.parseInt(looks[looks.length - 1].strip());
        } catch (NumberFormatException e) {
            return early;
        }
        Set<String> ranOn = new HashSet<>();
        for (JsonValue v : sequential.getJsonArray("rows")) {
            JsonObject row = v.asJsonObject();
            String test = row.getString("test", "");
            if (row.getInt("stopped_after_rounds", cap) < cap) {
                early.add(test);
            } else {
                ranOn.add(test);
            }
        }
        early.removeAll(ranOn);
        return early;
    }

    private static Ratio ratio(JsonObject o, String reference, double margin, Set<String> early) {
        double low = number(o, "ci_low"), high = number(o, "ci_high");
        String kept = o.getString("verdict", "");
        // a summary written before the glossary's words held "higher" for either side of the margin
        Verdict verdict = Verdict.read(kept, low, high, margin);
        return new Ratio(
                o.getString("test"),
                o.getString("metric"),
                o.getString("mode"),
                reference,
                number(o, "ratio"),
                low,
                high,
                verdict == null ? kept : verdict.words(),
                number(o, "log_se"),
                o.getBoolean("primary", false),
                early.contains(o.getString("test")));
    }

    /** The margin a summary's environment gives, "±5 %", as a fraction; the default where it gives none. */
    static double margin(String text) {
        String digits = text.replaceAll("[^0-9.]", "");
        try {
            return digits.isEmpty() ? Verdicts.MARGIN : Double.parseDouble(digits) / 100;
        } catch (NumberFormatException e) {
            return Verdicts.MARGIN;
        }
    }

    /** A number, or NaN where the summary has null or nothing (a summary written before the field existed). */
    private static double number(JsonObject o, String key) {
        return o.containsKey(key) && o.get(key).getValueType() == JsonValue.ValueType.NUMBER
                ? o.getJsonNumber(key).doubleValue()
                : Double.NaN;
    }
}
