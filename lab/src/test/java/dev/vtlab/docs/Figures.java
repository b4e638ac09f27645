package dev.vtlab.docs;

import dev.vtlab.compare.stats.Verdict;
import dev.vtlab.compare.stats.Verdicts;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The ratios a kept comparison's {@code summary.json} holds, and the check that a page quotes only those: every
 * "0.806 [0.714, 0.909]" (a ratio and its 95 % interval, as the report prints it) and every "19.4 % lower (95 % CI
 * 9.1–28.6 %)" (the same ratio as a change, as the report's answer sentence prints it) must be one kept ratio,
 * rounded as printed (a row's {@code all_runs} and {@code unflagged_runs}, its figure on every run that finished and
 * without the runs flagged for their outcome, count too), and a verdict
 * word right after a ratio must be that ratio's verdict. "0.806 (CI 0.714–0.909)" is
 * read as the first form. A verdict is the glossary's words ({@link Verdict}); a kept file written before them holds
 * "higher" or "lower" for either side of the margin, read again from its interval. A bare direction after a ratio,
 * "lower" or "sooner", is checked for its direction only.
 *
 * <p>A count beside a figure ({@link #counts}): where a line (a table's row) quotes one of the figures above and "N blocks",
 * "N comparisons joined" or "N joined", or "N runs", N is what a kept file holding one of that line's figures records:
 * a crossover's {@code blocks}, the comparisons a joined row rests on (its {@code parts}), or a summary's runs of one
 * of the ratio's two modes (as run, or as {@code runs_used} counts them) or of both together ("6 runs" for 3 a mode).
 *
 * <p>A time ({@link #durations}): "took X min" and "X min in all" on a line that names a kept comparison's day
 * (the date its directory's name opens with) must be one kept wall time of that day ({@code wall_s} of a
 * crossover.json, {@code wall_time_s} of a summary.json), in minutes rounded as printed; a phrase the caller allows
 * (a time no summary holds) is left alone.
 */
record Figures(List<Kept> kept, List<Wall> walls) {

    /**
     * One ratio of a kept comparison: {@code ratios} (mode ÷ baseline) or {@code contrasts} (mode ÷ reference), its
     * verdict in the glossary's words (null where the file holds none).
     */
    record Kept(
            String source,
            String test,
            String metric,
            double ratio,
            double low,
            double high,
            Verdict verdict,
            Set<Integer> counts) {}

    /** A kept comparison's wall time: its file, the day its directory is named by, its seconds. */
    record Wall(String source, String day, double seconds) {}

    /** A quoted figure that matches no kept ratio, or whose verdict, count or time is not the kept one. */
    record Mismatch(int line, String quoted, String why) {
        @Override
        public String toString() {
            return "line " + line + ": \"" + quoted + "\" " + why;
        }
    }

    /**
     * "0.806 [0.714, 0.909]" or "0.806 (CI 0.714–0.909)", optionally followed by a verdict word (bold or not).
     */
    private static final Pattern TRIPLET = Pattern.compile(
            "(\\d+\\.\\d{3})\\s+(?:\\[(\\d+\\.\\d{3}),\\s*(\\d+\\.\\d{3})\\]|\\((?:95\\s+%\\s+)?CI\\s+(\\d+\\.\\d{3})–(\\d+\\.\\d{3})\\))"
                    + "(?:,?\\s*\\**\\s*((?:higher|lower)\\s+beyond\\s+the\\s+margin|(?:higher|lower),\\s+within\\s+the"
                    + "\\s+margin|undecided\\s+at\\s+the\\s+cap|lower|higher|equivalent|inconclusive|sooner|later)\\b)?");

    /** "19.4 % lower than threadpool's (95 % CI 9.1–28.6 %" and "47.6 % sooner (CI 20.8–65.4 %". */
    private static final Pattern CHANGE = Pattern.compile(
            "(\\d+(?:\\.\\d)?)\\s+%\\s+(lower|higher|sooner|later|fewer|more|above|below)\\b[^()]{0,80}\\((?:95\\s+%\\s+)?CI\\s+"
                    + "(−?-?\\d+(?:\\.\\d)?)(?:–|\\s+…\\s+)(−?-?\\d+(?:\\.\\d)?)\\s+%");

    /**
     * "8 blocks", "11 comparisons joined", "4 joined", "6 runs": not a digit group's tail ("1 250 runs" is not 250).
     */
    private static final Pattern COUNT =
            Pattern.compile("(?<![\\d.,])(?<!\\d\\s)(\\d+)\\s+(blocks|comparisons\\s+joined|joined|runs)\\b");

    /** "took 11.8 min", "11.4 min in all". */
    private static final Pattern DURATION =
            Pattern.compile("took\\s+(\\d+(?:\\.\\d)?)\\s+min\\b|(\\d+(?:\\.\\d)?)\\s+min\\s+in\\s+all\\b");

    private static final Pattern DAY = Pattern.compile("\\b\\d{4}-\\d{2}-\\d{2}\\b");

    static Figures read(Path dataDir) throws IOException {
        List<Kept> kept = new ArrayList<>();
        List<Path> summaries;
        try (var files = Files.walk(dataDir)) {
            // a comparison's summary, or a join of kept summaries (its "joined" rows are ratios the lab computed too)
            summaries = files.filter(p -> p.getFileName().toString().equals("summary.json")
                            || p.getFileName().toString().equals("join.json")
                            || p.getFileName().toString().equals("crossover.json"))
                    .sorted()
                    .toList();
        }
        List<Wall> walls = new ArrayList<>();
        for (Path summary : summaries) {
            String source = dataDir.relativize(summary).toString();
            JsonObject root;
            try (Reader r = Files.newBufferedReader(summary);
                    JsonReader json = Json.createReader(r)) {
                root = json.readObject();
            }
            wall(source, root).ifPresent(walls::add);
            if (summary.getFileName().toString().equals("crossover.json")) {
                kept.addAll(crossover(source, root));
            } else {
                kept.addAll(summary(source, root));
            }
        }
        return new Figures(List.copyOf(kept), List.copyOf(walls));
    }

    /** A summary's or a join's ratios, each with the runs (or the joined comparisons) a page may say it rests on. */
    private static List<Kept> summary(String source, JsonObject root) {
        List<Kept> kept = new ArrayList<>();
        JsonObject env = root.getJsonObject("environment");
        double margin = margin(env == null ? "" : env.getString("margin", ""));
        Map<String, Integer> runs = runsPerMode(root);
        for (String section : List.of("ratios", "contrasts", "joined")) {
            JsonArray rows = root.getJsonArray(section);
            if (rows == null) {
                continue;
            }
            for (JsonValue v : rows) {
                JsonObject row = v.asJsonObject();
                if (section.equals("joined")) {
                    kept.addAll(otherReadings(source, row, margin));
                }
                if (Stream.of("ratio", "ci_low", "ci_high").anyMatch(k -> !row.containsKey(k) || row.isNull(k))) {
                    continue; // undetermined: a figure without an interval, never quoted as one
                }
                Set<Integer> counts = section.equals("joined")
                        ? Set.of(row.getJsonArray("parts").size())
                        : runCounts(row, root.getString("baseline", ""), runs);
                kept.add(kept(source, row, row, margin, counts));
                // the same figure on every run that finished, and without the runs flagged for their outcome,
                // which the report prints beside the verdict
                for (String reading : List.of("all_runs", "unflagged_runs")) {
                    // a reading with too few runs has no interval ("undetermined"): nothing to quote
                    if (row.containsKey(reading)
                            && row.getJsonObject(reading).get("ci_low").getValueType() == JsonValue.ValueType.NUMBER) {
                        kept.add(kept(source, row, row.getJsonObject(reading), margin, counts));
                    }
                }
            }
        }
        return kept;
    }

    /**
     * A join's other readings of a figure's ratios: the comparisons of other fingerprints and all of them joined,
     * unweighted, and without the comparisons stopped early; each with the count it rests on.
     */
    private static List<Kept> otherReadings(String source, JsonObject row, double margin) {
        List<Kept> kept = new ArrayList<>();
        JsonObject unlike = row.getJsonObject("unlike");
        if (unlike != null) {
            JsonObject all = unlike.getJsonObject("all_comparisons");
            if (all != null) {
                kept.add(kept(source, row, all, margin, Set.of(all.getInt("comparisons"))));
            }
            for (JsonValue g : unlike.getJsonArray("groups")) {
                JsonObject group = g.asJsonObject();
                if (group.containsKey("ratio")) {
                    kept.add(kept(
                            source,
                            row,
                            group,
                            margin,
                            Set.of(group.getJsonArray("comparisons").size())));
                }
            }
        }
        JsonObject sensitivity = row.getJsonObject("sensitivity");
        if (sensitivity != null) {
            JsonObject unweighted = sensitivity.getJsonObject("unweighted");
            kept.add(kept(source, row, unweighted, margin, Set.of(unweighted.getInt("comparisons"))));
            JsonObject without = sensitivity.getJsonObject("without_early_stops");
            if (without != null) {
                kept.add(kept(source, row, without, margin, Set.of(without.getInt("comparisons"))));
            }
        }
        return kept;
    }

    /** A summary's runs of each test and mode, as run (a run left out ran too). */
    private static Map<String, Integer> runsPerMode(JsonObject root) {
        Map<String, Integer> runs = new HashMap<>();
        JsonArray all = root.getJsonArray("runs");
        for (JsonValue v : all == null ? JsonValue.EMPTY_JSON_ARRAY : all) {
            JsonObject run = v.asJsonObject();
            runs.merge(run.getString("test") + " " + run.getString("mode"), 1, Integer::sum);
        }
        return runs;
    }

    /**
     * The run counts a page may quote beside a ratio: either mode's, as run or as counted ({@code runs_used}), or
     * both modes' together, as a comparison's "6 runs" of 3 a mode.
     */
    private static Set<Integer> runCounts(JsonObject row, String baseline, Map<String, Integer> runs) {
        Set<Integer> counts = new TreeSet<>();
        String reference = row.getString("baseline", row.getString("reference", baseline));
        Integer mode = runs.get(row.getString("test") + " " + row.getString("mode", ""));
        Integer base = runs.get(row.getString("test") + " " + reference);
        Stream.of(mode, base).filter(n -> n != null).forEach(counts::add);
        if (mode != null && base != null) {
            counts.add(mode + base);
        }
        JsonObject used = row.getJsonObject("runs_used");
        if (used != null) {
            int sum = 0;
            for (JsonValue n : used.values()) {
                if (n instanceof JsonNumber number) {
                    counts.add(number.intValue());
                    sum += number.intValue();
                }
            }
            counts.add(sum);
        }
        return Collections.unmodifiableSet(counts); // in order, as a mismatch prints it
    }

    /** A kept file's wall time, where it holds one and its directory is named by a day. */
    private static Optional<Wall> wall(String source, JsonObject root) {
        String key = root.containsKey("wall_s") ? "wall_s" : "wall_time_s";
        Matcher day = DAY.matcher(source);
        if (!root.containsKey(key) || root.isNull(key) || !day.lookingAt()) {
            return Optional.empty();
        }
        return Optional.of(new Wall(source, day.group(), root.getJsonNumber(key).doubleValue()));
    }

    /** A crossover's contrasts: each of its three ratios, with the verdict of requests per CPU-second beside it. */
    private static List<Kept> crossover(String source, JsonObject root) {
        List<Kept> kept = new ArrayList<>();
        for (JsonValue v : root.getJsonArray("contrasts")) {
            JsonObject row = v.asJsonObject();
            for (String metric :
                    List.of("requests_per_cpu_second", "requests_per_server_cpu_busy_second", "requests_per_second")) {
                JsonObject r = row.getJsonObject(metric);
                if (r != null && r.containsKey("ci95_low")) {
                    double low = r.getJsonNumber("ci95_low").doubleValue();
                    double high = r.getJsonNumber("ci95_high").doubleValue();
                    kept.add(new Kept(
                            source,
                            root.getString("test"),
                            metric,
                            r.getJsonNumber("ratio").doubleValue(),
                            low,
                            high,
                            // a crossover is judged at the default margin; its file names none
                            metric.equals("requests_per_cpu_second")
                                    ? Verdict.read(row.getString("verdict", ""), low, high, Verdicts.MARGIN)
                                    : null,
                            Set.of(root.getInt("blocks"))));
                }
            }
        }
        return kept;
    }

    private static Kept kept(String source, JsonObject row, JsonObject figure, double margin, Set<Integer> counts) {
        double low = figure.getJsonNumber("ci_low").doubleValue();
        double high = figure.getJsonNumber("ci_high").doubleValue();
        return new Kept(
                source,
                row.getString("test"),
                row.getString("metric"),
                figure.getJsonNumber("ratio").doubleValue(),
                low,
                high,
                Verdict.read(figure.getString("verdict", ""), low, high, margin),
                counts);
    }

    /** A summary's margin, "±5 %", as a fraction; the default where it names none. */
    private static double margin(String text) {
        String digits = text.replaceAll("[^0-9.]", "");
        return digits.isEmpty() ? Verdicts.MARGIN : Double.parseDouble(digits) / 100;
    }

    /** Every quoted figure in {@code text} that no kept ratio backs, a figure broken across lines included. */
    List<Mismatch> check(String text) {
        List<Mismatch> out = new ArrayList<>();
        Matcher t = TRIPLET.matcher(text);
        while (t.find()) {
            String low = t.group(2) != null ? t.group(2) : t.group(4);
            String high = t.group(3) != null ? t.group(3) : t.group(5);
            // a verdict's words may break across lines
            String word = t.group(6) == null ? null : t.group(6).replaceAll("\\s+", " ");
            String why = triplet(t.group(1), low, high, word);
            if (why != null) {
                out.add(new Mismatch(line(text, t.start()), t.group().replaceAll("\\s+", " "), why));
            }
        }
        Matcher c = CHANGE.matcher(text);
        while (c.find()) {
            String why = change(c.group(1), c.group(2), c.group(3), c.group(4));
            if (why != null) {
                out.add(new Mismatch(line(text, c.start()), c.group().replaceAll("\\s+", " "), why));
            }
        }
        out.sort(Comparator.comparingInt(Mismatch::line));
        return out;
    }

    private static int line(String text, int offset) {
        return 1
                + (int) text.substring(0, offset)
                        .chars()
                        .filter(ch -> ch == '\n')
                        .count();
    }

    private List<Kept> triplets(String ratio, String low, String high) {
        return kept.stream()
                .filter(k -> same(k, k.ratio(), ratio) && same(k, k.low(), low) && same(k, k.high(), high))
                .toList();
    }

    private String triplet(String ratio, String low, String high, String word) {
        List<Kept> same = triplets(ratio, low, high);
        if (same.isEmpty()) {
            return "matches no ratio of a kept summary (docs/data/*/summary.json)";
        }
        if (word == null) {
            return null;
        }
        if (same.stream().noneMatch(k -> k.verdict() != null && quotes(word, k.verdict()))) {
            Verdict first = same.get(0).verdict();
            return "is quoted as " + word + " but its kept verdict is " + (first == null ? "none" : first.words())
                    + " (" + same.get(0).source() + ")";
        }
        return null;
    }

    /**
     * Whether {@code kept} prints as {@code quoted}. A crossover's kept file rounds to four places, so a value there
     * ending in 5 was printed by the lab from more places either way: it matches both neighbours.
     */
    private static boolean same(Kept k, double kept, String quoted) {
        if (three(kept).equals(quoted)) {
            return true;
        }
        return k.source().endsWith("crossover.json") && Math.abs(kept - Double.parseDouble(quoted)) <= 0.0005 + 1e-9;
    }

    private String change(String pct, String direction, String from, String to) {
        if (!changes(pct, direction, from, to).isEmpty()) {
            return null;
        }
        boolean down = down(direction);
        return "matches no ratio of a kept summary (docs/data/*/summary.json), read as a ratio of "
                + String.format(Locale.ROOT, "%.3f", down ? 1 - number(pct) / 100 : 1 + number(pct) / 100);
    }

    /** The kept ratios a change with its interval, "19.4 % lower (95 % CI 9.1–28.6 %", prints. */
    private List<Kept> changes(String pct, String direction, String from, String to) {
        boolean down = down(direction);
        double lo = number(from);
        double hi = number(to);
        List<Kept> same = new ArrayList<>();
        for (Kept k : kept) {
            double change = down ? 100 * (1 - k.ratio()) : 100 * (k.ratio() - 1);
            double a = down ? 100 * (1 - k.high()) : 100 * (k.low() - 1);
            double b = down ? 100 * (1 - k.low()) : 100 * (k.high() - 1);
            if (close(change, number(pct), pct) && close(a, lo, from) && close(b, hi, to)) {
                same.add(k);
            }
        }
        return same;
    }

    private static boolean down(String direction) {
        return switch (direction) {
            case "lower", "sooner", "fewer", "below" -> true;
            default -> false;
        };
    }

    /**
     * Every count beside a quoted figure ("8 blocks", "11 joined", "6 runs") that no kept file holding a figure of
     * its line records. A line whose figures match no kept ratio is left to {@link #check}.
     */
    List<Mismatch> counts(String text) {
        String[] lines = text.split("\n", -1);
        List<Mismatch> out = new ArrayList<>();
        for (Map.Entry<Integer, List<Kept>> quoted : quotedByLine(text).entrySet()) {
            Matcher c = COUNT.matcher(lines[quoted.getKey() - 1]);
            while (c.find()) {
                String file = file(c.group(2));
                List<Kept> held = quoted.getValue().stream()
                        .filter(k -> k.source().endsWith(file))
                        .toList();
                String why = count(Integer.parseInt(c.group(1)), file, held);
                if (why != null) {
                    out.add(new Mismatch(quoted.getKey(), c.group().replaceAll("\\s+", " "), why));
                }
            }
        }
        return out;
    }

    /** Why {@code n} is not a count that one of the line's figures kept in {@code file} records; null where it is. */
    private static String count(int n, String file, List<Kept> held) {
        if (held.isEmpty()) {
            return "is beside no figure of a kept " + file + " on its line";
        }
        if (held.stream().anyMatch(k -> k.counts().contains(n))) {
            return null;
        }
        return "but the kept figure beside it records " + held.get(0).counts() + " ("
                + held.get(0).source() + ")";
    }

    /** The file a count's word is kept in: blocks in a crossover's, the joined comparisons in a join's. */
    private static String file(String word) {
        return switch (word.replaceAll("\\s+", " ")) {
            case "blocks" -> "crossover.json";
            case "joined", "comparisons joined" -> "join.json";
            default -> "summary.json";
        };
    }

    /** The kept ratios each line's quoted figures match, by the line a figure opens on. */
    private Map<Integer, List<Kept>> quotedByLine(String text) {
        Map<Integer, List<Kept>> byLine = new TreeMap<>();
        Matcher t = TRIPLET.matcher(text);
        while (t.find()) {
            String low = t.group(2) != null ? t.group(2) : t.group(4);
            String high = t.group(3) != null ? t.group(3) : t.group(5);
            byLine.computeIfAbsent(line(text, t.start()), l -> new ArrayList<>())
                    .addAll(triplets(t.group(1), low, high));
        }
        Matcher c = CHANGE.matcher(text);
        while (c.find()) {
            byLine.computeIfAbsent(line(text, c.start()), l -> new ArrayList<>())
                    .addAll(changes(c.group(1), c.group(2), c.group(3), c.group(4)));
        }
        byLine.values().removeIf(List::isEmpty);
        return byLine;
    }

    /**
     * Every "took X min" or "X min in all" on a line naming a kept comparison's day that is no kept wall time of that
     * day; a line holding one of {@code allowed} (a time no summary holds) is not read.
     */
    List<Mismatch> durations(String text, Collection<String> allowed) {
        String[] lines = text.split("\n", -1);
        List<Mismatch> out = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (allowed.stream().anyMatch(line::contains)) {
                continue;
            }
            Set<String> days = new TreeSet<>();
            DAY.matcher(line).results().map(MatchResult::group).forEach(days::add);
            List<Wall> ofDay =
                    walls.stream().filter(w -> days.contains(w.day())).toList();
            Matcher d = DURATION.matcher(line);
            while (!ofDay.isEmpty() && d.find()) {
                String minutes = d.group(1) != null ? d.group(1) : d.group(2);
                if (ofDay.stream().noneMatch(w -> close(w.seconds() / 60, number(minutes), minutes))) {
                    out.add(new Mismatch(
                            i + 1,
                            d.group(),
                            "is no kept wall time of " + days + ": "
                                    + ofDay.stream()
                                            .map(w -> w.source() + " " + rounded(w.seconds() / 60, 1) + " min")
                                            .toList()));
                }
            }
        }
        return out;
    }

    /** Whether a word quoted after a ratio says its kept verdict: the same words, or a bare direction that agrees. */
    private static boolean quotes(String word, Verdict kept) {
        return switch (word) {
            case "lower", "sooner" -> kept.lower();
            case "higher", "later" -> kept.higher();
            default -> kept.words().equals(word);
        };
    }

    private static String three(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }

    /** Equal at the precision the quote was printed with (0 or 1 decimal). */
    private static boolean close(double exact, double quoted, String printed) {
        int decimals = printed.contains(".") ? 1 : 0;
        return rounded(exact, decimals).equals(rounded(quoted, decimals));
    }

    private static String rounded(double v, int decimals) {
        String s = String.format(Locale.ROOT, "%." + decimals + "f", v);
        return s.matches("-0(\\.0)?") ? s.substring(1) : s;
    }

    private static double number(String s) {
        return Double.parseDouble(s.replace('−', '-'));
    }
}
