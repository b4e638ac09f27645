package dev.vtlab.compare.settings;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * {@code -Dcompare.studyFrom=DIR,DIR}: study comparisons whose claims make one study table, and the directory it is
 * written to ({@code compare.out}, by default {@link #DEFAULT_OUT}). The whole study takes hours longer than its tests
 * one at a time, so each test can run on its own and the table be read from all of them. Parsed purely; what the
 * directories hold is checked when they are read.
 *
 * @param dirs the comparisons' report directories, absolute, in the order given
 * @param out where study.html and study.json go
 */
public record StudyFrom(List<Path> dirs, Path out) {

    /** The study's tests, and one more for the 2-CPU case on a bigger machine. */
    public static final int MAX_DIRS = 4;

    public static final String DEFAULT_OUT = "target/vtlab-study";

    public StudyFrom {
        dirs = List.copyOf(dirs);
    }

    /** {@code value} and {@code out} as given (out null: the default), relative paths against {@code basedir}. */
    public static StudyFrom parse(String value, String out, Path basedir) {
        String key = Setting.STUDY_FROM.key();
        List<Path> dirs = DirList.parse(key, value, basedir, MAX_DIRS, "one per test of the study");
        return new StudyFrom(dirs, DirList.out(key, out, DEFAULT_OUT, dirs, basedir, "the joined table"));
    }

    /** The command that makes this table again. */
    public String command() {
        return "./mvnw -Pcompare verify -D" + Setting.STUDY_FROM.key() + "="
                + dirs.stream().map(Path::toString).collect(Collectors.joining(",")) + " -D" + Setting.OUT.key() + "="
                + out;
    }
}
