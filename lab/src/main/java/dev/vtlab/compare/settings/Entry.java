package dev.vtlab.compare.settings;

import java.nio.file.Path;
import java.util.Properties;

/**
 * What a {@code -Pcompare} invocation asks for, read once from its properties: a comparison to run, one to analyse
 * again from its raw files, a study's table from its comparisons, or comparisons of one question joined. Pure; the
 * one setting that names two of them is refused with one line.
 */
public sealed interface Entry {

    /** Run a comparison: {@code properties} are its settings, relative paths against {@code basedir}. */
    record Measure(Properties properties, Path basedir) implements Entry {}

    /**
     * Analyse a report directory's raw runs again (compare.reanalyse), with flagged runs counted or not ({@code
     * keepFlagged} null: as the comparison had it), other contrasts (null: its own), and a history (null: none).
     */
    record Reanalyse(Path out, Boolean keepFlagged, String contrasts, Path history) implements Entry {}

    /** The study's table from one comparison per test (compare.studyFrom). */
    record Study(StudyFrom from, Path basedir) implements Entry {}

    /** Comparisons of one question joined (compare.join). */
    record Join(JoinFrom from, Path basedir) implements Entry {}

    /** The entry {@code p} asks for; relative paths against {@code basedir}, the default history under {@code home}. */
    public static Entry from(Properties p, Path basedir, String userHome) {
        String join = p.getProperty(Setting.JOIN.key());
        String studyFrom = p.getProperty(Setting.STUDY_FROM.key());
        String again = p.getProperty(Setting.REANALYSE.key());
        if (join != null) {
            if (studyFrom != null || again != null) {
                throw new IllegalArgumentException(Setting.JOIN.key() + " reads finished comparisons' summaries;"
                        + " give it without " + Setting.STUDY_FROM.key() + " or " + Setting.REANALYSE.key());
            }
            return new Join(JoinFrom.parse(join, p.getProperty(Setting.OUT.key()), basedir), basedir);
        }
        if (studyFrom != null) {
            if (again != null) {
                throw new IllegalArgumentException(Setting.STUDY_FROM.key() + " and " + Setting.REANALYSE.key()
                        + ": give one (the study's table reads its directories' runs again anyway)");
            }
            return new Study(StudyFrom.parse(studyFrom, p.getProperty(Setting.OUT.key()), basedir), basedir);
        }
        if (again != null) {
            String keep = p.getProperty(Setting.KEEP_FLAGGED.key());
            return new Reanalyse(
                    basedir.resolve(again),
                    keep == null ? null : CompareSettings.keepFlagged(keep, false),
                    p.getProperty(Setting.CONTRASTS.key()),
                    CompareSettings.history(p.getProperty(Setting.HISTORY.key()), userHome));
        }
        return new Measure(p, basedir);
    }
}
