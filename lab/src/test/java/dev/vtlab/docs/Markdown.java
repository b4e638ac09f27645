package dev.vtlab.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the docs tests read in a Markdown page: its links, the anchors GitHub gives its headings, and the names
 * in the first column of its tables. Fenced code blocks and inline code are not prose: no links or headings there.
 */
final class Markdown {

    private static final Pattern FENCE = Pattern.compile("^\\s*(```|~~~)");
    private static final Pattern HEADING = Pattern.compile("^\\s{0,3}(#{1,6})\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern INLINE_CODE = Pattern.compile("`[^`]*`");
    /** [text](target) and ![alt](target); the target up to a space (a title may follow) or the closing parenthesis. */
    private static final Pattern LINK =
            Pattern.compile("!?\\[(?:[^\\]\\[]|\\[[^\\]]*])*]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
    /** [label]: target, a reference definition. */
    private static final Pattern REFERENCE = Pattern.compile("^\\s{0,3}\\[[^\\]]+]:\\s*<?(\\S+?)>?(?:\\s.*)?$");

    private static final Pattern HTML_ANCHOR = Pattern.compile("<a\\s+(?:name|id)=\"([^\"]+)\"");
    private static final Pattern BACKTICKED = Pattern.compile("`([^`]+)`");

    final Path file;
    private final List<String> prose = new ArrayList<>();

    private Markdown(Path file, List<String> lines) {
        this.file = file;
        boolean fenced = false;
        for (String line : lines) {
            if (FENCE.matcher(line).find()) {
                fenced = !fenced;
                prose.add("");
            } else {
                prose.add(fenced ? "" : line);
            }
        }
    }

    static Markdown read(Path file) throws IOException {
        return new Markdown(file, Files.readAllLines(file));
    }

    /** Every link target, as written (relative paths, anchors, URLs), outside code. */
    List<String> links() {
        List<String> targets = new ArrayList<>();
        for (String line : prose) {
            String text = INLINE_CODE.matcher(line).replaceAll("``");
            Matcher m = LINK.matcher(text);
            while (m.find()) {
                targets.add(m.group(1));
            }
            Matcher ref = REFERENCE.matcher(text);
            if (ref.matches()) {
                targets.add(ref.group(1));
            }
        }
        return targets;
    }

    /** The anchors a link can name: GitHub's slug of every heading (-1, -2 … for repeats) and explicit HTML anchors. */
    Set<String> anchors() {
        Set<String> anchors = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String line : prose) {
            Matcher h = HEADING.matcher(line);
            if (h.matches()) {
                String slug = slug(h.group(2));
                int n = seen.merge(slug, 1, Integer::sum) - 1;
                anchors.add(n == 0 ? slug : slug + "-" + n);
            }
            Matcher a = HTML_ANCHOR.matcher(line);
            while (a.find()) {
                anchors.add(a.group(1));
            }
        }
        return anchors;
    }

    /**
     * GitHub's heading anchor: the heading's text as shown (links reduced to their text, code and emphasis marks
     * dropped), lower case, every character but letters, digits, '_', '-' and spaces dropped, spaces turned to '-'.
     */
    static String slug(String heading) {
        String text = heading.replaceAll("!?\\[([^\\]]*)]\\([^)]*\\)", "$1")
                .replaceAll("<[^>]+>", "")
                .replace("`", "")
                .replace("*", "");
        return text.toLowerCase(Locale.ROOT)
                .replaceAll("[^\\p{L}\\p{M}\\p{N}_\\- ]", "")
                .replace(' ', '-');
    }

    /**
     * The backticked names matching {@code name} in the first column of every table whose first header cell is
     * {@code header} (a knob table: "| property | default | …" with rows like "| `HOST`, `PORT` | …").
     */
    Set<String> firstColumn(String header, Pattern name) {
        return new LinkedHashSet<>(defaults(header, name).keySet());
    }

    /** Each backticked name of a knob table's first column with its second cell, the default, as written. */
    Map<String, String> defaults(String header, Pattern name) {
        Map<String, String> defaults = new LinkedHashMap<>();
        boolean inTable = false;
        boolean wanted = false;
        for (String line : prose) {
            if (!line.trim().startsWith("|")) {
                inTable = false;
                continue;
            }
            List<String> cells = cells(line);
            if (!inTable) {
                inTable = true;
                wanted = !cells.isEmpty() && cells.get(0).equalsIgnoreCase(header);
                continue;
            }
            if (!wanted || cells.size() < 2 || cells.get(0).matches(":?-+:?")) {
                continue;
            }
            Matcher m = BACKTICKED.matcher(cells.get(0));
            while (m.find()) {
                if (name.matcher(m.group(1)).matches()) {
                    defaults.put(m.group(1), cells.get(1));
                }
            }
        }
        return defaults;
    }

    private static List<String> cells(String row) {
        String r = row.trim();
        r = r.substring(1, r.endsWith("|") && r.length() > 1 ? r.length() - 1 : r.length());
        List<String> cells = new ArrayList<>();
        for (String c : r.split("(?<!\\\\)\\|", -1)) {
            cells.add(c.trim());
        }
        return cells;
    }

    @Override
    public String toString() {
        return file.toString();
    }
}
