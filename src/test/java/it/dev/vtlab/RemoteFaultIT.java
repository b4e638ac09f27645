package it.dev.vtlab;

import dev.vtlab.remote.RemoteSystem;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.File;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * The remote goes down: the bank answers 502 at once, and serves again when the remote is back, without a restart.
 * Runs last: afterwards each server talks to a replacement remote started by this test.
 */
@Order(Integer.MAX_VALUE)
class RemoteFaultIT {

    static List<Lab> modes() {
        return Lab.modes().toList();
    }

    @ParameterizedTest
    @MethodSource("modes")
    void remoteDownIsA502AndServiceResumesWhenItIsBack(Lab lab) throws Exception {
        assumeFalse(Lab.DEV_MODE, "needs the servers ./mvnw verify starts");
        assertEquals(200, Lab.get(lab.app("/api/bank/accounts/1")).statusCode());
        long pid = Lab.json(Lab.get(lab.remote("/health"))).getJsonNumber("pid").longValue();
        ProcessHandle remote = ProcessHandle.of(pid).orElseThrow();
        remote.destroyForcibly();
        remote.onExit().get(10, TimeUnit.SECONDS);

        long start = System.nanoTime();
        HttpResponse<String> down = Lab.get(lab.app("/api/bank/accounts/1"));
        long tookMs = (System.nanoTime() - start) / 1_000_000;
        assertEquals(502, down.statusCode(), down.body());
        BadInputIT.assertErrorJson(down, null);
        assertEquals("remote_unavailable", Lab.json(down).getString("error"));
        assertTrue(tookMs < 1000, "502 took " + tookMs + " ms");

        Process replacement = startRemote(lab.remote("/").getPort());
        try {
            long deadline = System.currentTimeMillis() + 20_000;
            int status;
            do {
                Thread.sleep(100);
                status = Lab.get(lab.app("/api/bank/accounts/1")).statusCode();
            } while (status != 200 && System.currentTimeMillis() < deadline);
            assertEquals(200, status, "service did not resume after the remote came back");
        } finally {
            // the replacement exits with this test JVM (--parent-pid); leave it serving the remaining tests
            assertTrue(replacement.isAlive());
        }
    }

    /** A new remote-system JVM on the same port, as an operator would start one by hand. */
    private static Process startRemote(int port) throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        String classes = new File(RemoteSystem.class.getProtectionDomain().getCodeSource().getLocation().toURI()).getPath();
        return new ProcessBuilder(java, "-Xmx256m", "-cp", classes, RemoteSystem.class.getName(),
                "--port", String.valueOf(port), "--parent-pid", String.valueOf(ProcessHandle.current().pid()))
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    }
}
