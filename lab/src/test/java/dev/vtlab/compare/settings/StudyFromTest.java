package dev.vtlab.compare.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** compare.studyFrom as typed: the directories, where the table goes, and the mistakes refused in one line. */
class StudyFromTest {

    private static final Path BASE = Path.of("/home/me/vtlab");

    private static String refusal(String value, String out) {
        return assertThrows(IllegalArgumentException.class, () -> StudyFrom.parse(value, out, BASE))
                .getMessage();
    }

    @Test
    void relativeDirectoriesAreTheProjectsAndTheTableGoesToItsTargetByDefault() {
        StudyFrom from = StudyFrom.parse("target/study-ramp-up, /data/study-throughput/", null, BASE);
        assertEquals(
                List.of(Path.of("/home/me/vtlab/target/study-ramp-up"), Path.of("/data/study-throughput")),
                from.dirs());
        assertEquals(Path.of("/home/me/vtlab/target/vtlab-study"), from.out());
        assertEquals(
                "./mvnw -Pcompare verify -Dcompare.studyFrom=/home/me/vtlab/target/study-ramp-up,"
                        + "/data/study-throughput -Dcompare.out=/home/me/vtlab/target/vtlab-study",
                from.command());
        assertEquals(
                Path.of("/tmp/table"), StudyFrom.parse("a", "/tmp/table", BASE).out());
    }

    @Test
    void mistakesAreRefusedNamingTheSetting() {
        assertEquals(
                "compare.studyFrom: an empty entry in \"a,,b\"; name each report directory once, separated by commas",
                refusal("a,,b", null));
        assertEquals("compare.studyFrom: /home/me/vtlab/a is named twice", refusal("a,./a", null));
        assertEquals(
                "compare.studyFrom: 5 directories; at most 4, one per test of the study", refusal("a,b,c,d,e", null));
        assertEquals(
                "compare.out: /home/me/vtlab/b is one of compare.studyFrom's directories; name another for the joined"
                        + " table",
                refusal("a,b", "b"));
    }
}
