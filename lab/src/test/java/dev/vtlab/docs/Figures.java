package dev.vtlab.docs;

import dev.vtlab.compare.stats.Verdict;
import dev.vtlab.compare.stats.Verdicts;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
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
 */
record Figures(List<Kept> kept) {

    /**
     * One ratio of a kept comparison: {@code ratios} (mode ÷ baseline) or {@code contrasts} (mode ÷ reference), its
     * verdict in the glossary's words (null where the file holds none).
     */
    record Kept(String source, String test, String metric, double ratio, double low, double high, Verdict verdict) {}

    /** A quoted figure that matches no kept ratio, or whose verdict is not the kept one. */
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
        for (Path summary : summaries) {
            String source = dataDir.relativize(summary).toString();
            JsonObject root;
            try (Reader r = Files.newBufferedReader(summary);
                    JsonReader json = Json.createReader(r)) {
                root = json.readObject();
            }
            if (summary.getFileName().toString().equals("crossover.json")) {
                kept.addAll(crossover(source, root));
                continue;
            }
            JsonObject env = root.getJsonObject("environment");
            double margin = margin(env == null ? "" : env.getString("margin", ""));
            for (String section : List.of("ratios", "contrasts", "joined")) {
                JsonArray rows = root.getJsonArray(section);
                if (rows == null) {
                    continue;
                }
                for (JsonValue v : rows) {
                    JsonObject row = v.asJsonObject();
                    if (Stream.of("ratio", "ci_low", "ci_high").anyMatch(k -> !row.containsKey(k) || row.isNull(k))) {
                        continue; // undetermined: a figure without an interval, never quoted as one
                    }
                    kept.add(kept(source, row, row, margin));
                    // the same figure on every run that finished, and without the runs flagged for their outcome,
                    // which the report prints beside the verdict
                    for (String reading : List.of("all_runs", "unflagged_runs")) {
                        // a reading with too few runs has no interval ("undetermined"): nothing to quote
                        if (row.containsKey(reading)
                                && row.getJsonObject(reading).get("ci_low").getValueType()
                                        == JsonValue.ValueType.NUMBER) {
                            kept.add(kept(source, row, row.getJsonObject(reading), margin));
                        }
                    }
                }
            }
        }
        return new Figures(List.copyOf(kept));
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
                                    : null));
                }
            }
        }
        return kept;
    }

    private static Kept kept(String source, JsonObject row, JsonObject figure, double margin) {
        double low = figure.getJsonNumber("ci_low").doubleValue();
        double high = figure.getJsonNumber("ci_high").doubleValue();
        return new Kept(
                source,
                row.getString("test"),
                row.getString("metric"),
                figure.getJsonNumber("ratio").doubleValue(),
                low,
                high,
                Verdict.read(figure.getString("verdict", ""), low, high, margin));
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

    private String triplet(String ratio, String low, String high, String word) {
        List<Kept> same = kept.stream()
                .filter(k -> same(k, k.ratio(), ratio) && same(k, k.low(), low) && same(k, k.high(), high))
                .toList();
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
        boolean down =
                switch (direction) {
                    case "lower", "sooner", "fewer", "below" -> true;
                    default -> false;
                };
        double lo = number(from);
        double hi = number(to);
        for (Kept k : kept) {
            double change = down ? 100 * (1 - k.ratio()) : 100 * (k.ratio() - 1);
            double a = down ? 100 * (1 - k.high()) : 100 * (k.low() - 1);
            double b = down ? 100 * (1 - k.low()) : 100 * (k.high() - 1);
            if (close(change, number(pct), pct) && close(a, lo, from) && close(b, hi, to)) {
                return null;
            }
        }
        return "matches no ratio of a kept summary (docs/data/*/summary.json), read as a ratio of "
                + String.format(Locale.ROOT, "%.3f", down ? 1 - number(pct) / 100 : 1 + number(pct) / 100);
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
