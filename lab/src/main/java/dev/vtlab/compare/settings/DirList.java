package dev.vtlab.compare.settings;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A comma-separated list of report directories given to a setting that reads comparisons already made
 * ({@code compare.studyFrom}, {@code compare.join}), and the directory its result goes to: parsed purely, refused
 * in one line naming the setting.
 */
final class DirList {

    private DirList() {}

    /** Absolute, normalised, in the order given: no empty entry, none twice, at most {@code max}. */
    static List<Path> parse(String key, String value, Path basedir, int max, String atMost) {
        List<Path> dirs = new ArrayList<>();
        for (String entry : value.split(",", -1)) {
            if (entry.isBlank()) {
                throw new IllegalArgumentException(key + ": an empty entry in \"" + value + "\"; name each report"
                        + " directory once, separated by commas");
            }
            Path dir = basedir.resolve(entry.strip()).toAbsolutePath().normalize();
            if (dirs.contains(dir)) {
                throw new IllegalArgumentException(key + ": " + dir + " is named twice");
            }
            dirs.add(dir);
        }
        if (dirs.size() > max) {
            throw new IllegalArgumentException(
                    key + ": " + dirs.size() + " directories; at most " + max + ", " + atMost);
        }
        return dirs;
    }

    /** {@code out} (null: {@code defaultOut}) against {@code basedir}, refused when it is one of {@code dirs}. */
    static Path out(String key, String out, String defaultOut, List<Path> dirs, Path basedir, String what) {
        Path to =
                basedir.resolve(out == null ? defaultOut : out).toAbsolutePath().normalize();
        if (dirs.contains(to)) {
            throw new IllegalArgumentException(Setting.OUT.key() + ": " + to + " is one of " + key + "'s directories;"
                    + " name another for " + what);
        }
        return to;
    }
}
