package it.dev.vtlab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.vtlab.compare.preflight.Preflight;
import dev.vtlab.compare.preflight.Prepared;
import dev.vtlab.compare.run.LabServers;
import dev.vtlab.compare.run.ServerLayout;
import dev.vtlab.compare.settings.CompareSettings;
import dev.vtlab.dispatch.DispatchMode;
import dev.vtlab.measurement.Machine;
import jakarta.json.JsonObject;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * compare.virtualExecutors on samples/reports, an app that is not vtlab's and hands its work to a managed executor
 * of its own: the comparison's copy of its server runs that executor on virtual threads in managed-virtual, on
 * Liberty's pool in threadpool (its server as it is), through the same preflight and server layout a comparison
 * uses; the sample's files are unchanged (by hash).
 */
class VirtualExecutorsIT {

    @Test
    void theSamplesOwnExecutorIsFlippedInTheLabsCopyOnly() throws Exception {
        assumeFalse(Lab.DEV_MODE, "starts a server of its own; run it with ./mvnw verify");
        Path basedir = Path.of(System.getProperty("basedir"));
        Path serverDir = Samples.build(Lab.ROOT, "reports");
        Map<String, String> before = Samples.digests(serverDir);

        Properties p = new Properties();
        p.setProperty("compare.app", serverDir.toString());
        p.setProperty("compare.url", "/reports/report?waitMs=5");
        p.setProperty("compare.virtualExecutors", "reportExecutor");
        p.setProperty("compare.port", System.getProperty("it.executors.port"));
        p.setProperty("compare.serverCpus", "all"); // a functional test: no pinning
        p.setProperty("compare.history", "none");
        p.setProperty(
                "compare.out", basedir.resolve("target/virtual-executors-it").toString());
        CompareSettings settings =
                CompareSettings.from(p, Lab.ROOT, Machine.allowedCpus(), System.getProperty("user.home"));
        assertEquals(
                List.of(DispatchMode.THREADPOOL, DispatchMode.MANAGED_VIRTUAL),
                settings.modes(),
                "the flip against the server as it is, by default");
        try (Prepared prepared = Preflight.check(settings, p)) {
            ServerLayout.prepare(settings, prepared.app(), prepared.port());
            try (LabServers lab = new LabServers(prepared)) {
                for (DispatchMode mode : settings.modes()) {
                    lab.start(mode);
                    HttpResponse<String> answer = Lab.get(lab.app("/reports/report?waitMs=5"));
                    assertEquals(200, answer.statusCode(), mode + ": " + answer.body());
                    JsonObject report = Lab.json(answer);
                    boolean flipped = mode == DispatchMode.MANAGED_VIRTUAL;
                    assertEquals(flipped, report.getBoolean("virtual"), mode + ": " + report);
                    assertTrue(
                            report.getString("thread").contains("reportExecutor") || !flipped,
                            "the sample's own executor's virtual thread: " + report);
                    Path override =
                            lab.serverDir().resolve("configDropins/overrides/vtlab-mode-" + mode.label() + ".xml");
                    assertEquals(flipped, Files.exists(override), mode + ": " + override);
                    if (flipped) {
                        assertTrue(
                                Files.readString(override).contains("<managedExecutorService id=\"reportExecutor\">"),
                                Files.readString(override));
                    }
                    lab.stopServer();
                }
            }
        }
        assertEquals(before, Samples.digests(serverDir), "the sample's own files are unchanged");
        try (var files = Files.walk(serverDir)) {
            assertFalse(files.anyMatch(f -> f.getFileName().toString().startsWith("vtlab")), "nothing of the lab's");
        }
    }
}
