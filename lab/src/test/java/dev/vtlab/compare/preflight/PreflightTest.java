package dev.vtlab.compare.preflight;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.Fixtures;
import dev.vtlab.compare.settings.CompareSettings;
import dev.vtlab.compare.settings.Layout;
import dev.vtlab.dispatch.DispatchMode;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The checks that need the machine: each refuses with one line naming the setting, before anything starts. */
class PreflightTest {

    private static final Path PROJECT = Fixtures.ROOT;

    private static String refusal(Runnable check) {
        String message =
                assertThrows(IllegalArgumentException.class, check::run).getMessage();
        assertTrue(message.lines().count() == 1, message);
        return message;
    }

    @Test
    void anUpperCaseKeyNoPlanReadsIsRefusedWithTheNearestPropertyTheyDo() {
        Properties p = new Properties();
        p.setProperty("compare.THREDS", "10");
        CompareSettings settings = CompareSettings.from(p, PROJECT, "0-1", Fixtures.HOME);
        String message = refusal(() -> Preflight.checkPlanProperties(settings, p));
        assertTrue(message.startsWith("compare.THREDS: no plan of the tests that run reads THREDS"), message);
        assertTrue(message.endsWith("did you mean THREADS?"), message);

        Properties q = new Properties();
        q.setProperty("compare.tests", "ping,throughput");
        q.setProperty("compare.ping.DELAY_MS", "5");
        assertTrue(
                refusal(() -> Preflight.checkPlanProperties(CompareSettings.from(q, PROJECT, "0-1", Fixtures.HOME), q))
                        .startsWith("compare.ping.DELAY_MS: ping's plan reads"));
        Properties r = new Properties();
        r.setProperty("compare.DELAY_MS", "5"); // throughput's plan reads it
        assertDoesNotThrow(
                () -> Preflight.checkPlanProperties(CompareSettings.from(r, PROJECT, "0-1", Fixtures.HOME), r));
    }

    @Test
    void theModeFilesOfEveryModeTheLabsServerRunsPass() {
        Properties p = new Properties();
        p.setProperty("compare.modes", DispatchMode.labels().replace("'", "").replace(" ", ""));
        CompareSettings settings = CompareSettings.from(p, PROJECT, "0-1", Fixtures.HOME);
        assertTrue(
                settings.modes().contains(DispatchMode.MANAGED_VIRTUAL),
                settings.modes().toString());
        assertDoesNotThrow(() -> Preflight.checkModeFiles(settings));
    }

    @Test
    void aReportDirectoryIsOverwrittenOnlyWhereTheLabMadeIt(@TempDir Path tmp) throws IOException {
        assertDoesNotThrow(() -> Preflight.requireOurs(tmp.resolve("new"), PROJECT));
        assertDoesNotThrow(() -> Preflight.requireOurs(tmp, PROJECT), "empty");
        Files.writeString(tmp.resolve("thesis.tex"), "mine");
        assertTrue(refusal(() -> {
                    try {
                        Preflight.requireOurs(tmp, PROJECT);
                    } catch (IOException e) {
                        throw new AssertionError(e);
                    }
                })
                .startsWith("compare.out: " + tmp + " holds files the lab did not write"));
        Files.writeString(tmp.resolve(Preflight.REPORT_MARKER), "");
        assertDoesNotThrow(() -> Preflight.requireOurs(tmp, PROJECT), "marked as the lab's");
    }

    @Test
    void aPortSomethingElseListensOnIsRefused() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            String message = refusal(() ->
                    Preflight.requireFree(InetAddress.getLoopbackAddress(), taken.getLocalPort(), "compare.port"));
            assertTrue(message.startsWith("compare.port: port " + taken.getLocalPort() + " is in use"), message);
        }
    }

    @Test
    void jmeterMissingFromTheBuildIsOneLine(@TempDir Path tmp) {
        assertTrue(refusal(() -> {
                    try {
                        Preflight.jmeterHome(new Layout(tmp));
                    } catch (IOException e) {
                        throw new AssertionError(e);
                    }
                })
                .endsWith("is missing: JMeter is set up by the build (./mvnw -Pcompare verify, or bin/jmeter)"));
    }
}
