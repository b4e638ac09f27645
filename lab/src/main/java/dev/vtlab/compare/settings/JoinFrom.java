package dev.vtlab.compare.settings;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * {@code -Dcompare.join=DIR,DIR,…}: comparisons of the same question made on other days or hosts, each a directory
 * with the lab's {@code summary.json} (a report directory, or a kept copy under {@code docs/data/}), joined into one
 * ratio per figure with the spread between them ({@code stats.MetaAnalysis}); written to {@code compare.out}, by
 * default {@link #DEFAULT_OUT}. Parsed purely; what the directories hold is checked when they are read.
 */
public record JoinFrom(List<Path> dirs, Path out) {

    /** Enough for a season of comparisons; each is one small file. */
    public static final int MAX_DIRS = 20;

    public static final String DEFAULT_OUT = "target/vtlab-join";

    public JoinFrom {
        dirs = List.copyOf(dirs);
    }

    public static JoinFrom parse(String value, String out, Path basedir) {
        String key = Setting.JOIN.key();
        List<Path> dirs = DirList.parse(key, value, basedir, MAX_DIRS, "the comparisons of one question");
        if (dirs.size() < 2) {
            throw new IllegalArgumentException(
                    key + ": one directory; a join needs at least 2 comparisons, separated by commas");
        }
        return new JoinFrom(dirs, DirList.out(key, out, DEFAULT_OUT, dirs, basedir, "the joined figures"));
    }

    /** The command that makes this join again, from {@code basedir}: paths under it relative, so it reads anywhere. */
    public String command(Path basedir) {
        return "./mvnw -Pcompare verify -D" + Setting.JOIN.key() + "="
                + dirs.stream().map(d -> shown(d, basedir)).collect(Collectors.joining(",")) + " -D"
                + Setting.OUT.key() + "=" + shown(out, basedir);
    }

    private static String shown(Path p, Path basedir) {
        return p.startsWith(basedir) ? basedir.relativize(p).toString() : p.toString();
    }
}
