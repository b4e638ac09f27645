package dev.vtlab.compare.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The lab's versions, read from a real git repository made for the test. */
class ProvenanceTest {

    @TempDir
    Path repo;

    @Test
    void aCommitOfDocsOrTestsKeepsTheCodeVersionAndAnEditOfCodeMarksIt() throws Exception {
        git("init", "-q");
        write("src/main/java/A.java", "class A {}");
        write("docs/results.md", "one");
        commit("code");
        String code = Provenance.labCodeVersion(repo);
        assertEquals(Provenance.labVersion(repo), code);

        write("docs/results.md", "two");
        write("src/test/java/ATest.java", "class ATest {}");
        write("README.md", "read me");
        commit("docs and tests");
        assertEquals(code, Provenance.labCodeVersion(repo), "docs and tests are not what runs");
        assertNotEquals(code, Provenance.labVersion(repo), "the commit itself moved");

        write("src/main/java/dev/vtlab/compare/report/HtmlReport.java", "class HtmlReport {}");
        write("bench/src/main/java/B.java", "class B {}");
        write(".ci/run", "./mvnw verify");
        commit("a report's format, a JMH experiment, the CI script");
        assertEquals(code, Provenance.labCodeVersion(repo), "they do not change what a comparison measures");
        write("src/main/java/dev/vtlab/compare/analyse/SteadyWindow.java", "class SteadyWindow {}");
        commit("the steady window's rule");
        assertNotEquals(code, Provenance.labCodeVersion(repo), "the analysis changes the figures");
        code = Provenance.labCodeVersion(repo);

        write("docs/results.md", "three");
        assertEquals(code, Provenance.labCodeVersion(repo), "an edit of the docs");
        write("src/main/java/A.java", "class A { int x; }");
        assertEquals(code + "+modified", Provenance.labCodeVersion(repo));

        commit("code again");
        assertEquals(Provenance.labVersion(repo), Provenance.labCodeVersion(repo));
    }

    @Test
    void outsideACheckoutBothAreUnknown() {
        assertEquals("unknown", Provenance.labVersion(repo));
        assertEquals("unknown", Provenance.labCodeVersion(repo));
    }

    private void write(String path, String text) throws IOException {
        Path file = repo.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private void commit(String message) throws Exception {
        git("add", "-A");
        git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", message);
    }

    private void git(String... args) throws Exception {
        String[] command = new String[args.length + 3];
        command[0] = "git";
        command[1] = "-C";
        command[2] = repo.toString();
        System.arraycopy(args, 0, command, 3, args.length);
        Process p = new ProcessBuilder(command).inheritIO().start();
        assertEquals(0, p.waitFor(), String.join(" ", command));
    }

    @Test
    void theLibertyVersionIsTheInstalledRuntimesOwn() throws IOException {
        Path versions = Files.createDirectories(repo.resolve("wlp/lib/versions"));
        Files.writeString(
                versions.resolve("openliberty.properties"),
                "com.ibm.websphere.productId=io.openliberty\ncom.ibm.websphere.productVersion=26.0.0.5\n");
        assertEquals("Open Liberty 26.0.0.5", Provenance.liberty(repo.resolve("wlp")));
        assertEquals("unknown", Provenance.liberty(repo.resolve("none")));
    }
}
