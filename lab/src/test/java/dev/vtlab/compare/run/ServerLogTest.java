package dev.vtlab.compare.run;

import static dev.vtlab.compare.Fixtures.assertMessage;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.dispatch.DispatchMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A virtual="true" Liberty ignored, as its messages.log says it: the lines below are Open Liberty 26.0.0.5's own
 * messages (the English text of io.openliberty.concurrent.internal's and com.ibm.ws.threading's CWWK*Messages, their
 * arguments filled in), in messages.log's layout.
 */
class ServerLogTest {

    @TempDir
    Path tmp;

    /** An application's ManagedExecutorDefinition with virtual=true on Java 17. */
    static final String CWWKC1217I = "[12/1/26, 21:38:59:101 UTC] 0000002d"
            + " io.openliberty.concurrent.internal.processor.ManagedExecutorResourceFactoryBuilder I CWWKC1217I: The"
            + " Concurrency specification requires virtual=true to be ignored on the shop application artifact's"
            + " ManagedExecutorDefinition annotation or managed-executor deployment descriptor element with the"
            + " java:app/concurrent/orders name because Java 17 does not support virtual threads.";

    /** A server.xml concurrency policy with virtual=true where the server has virtual thread creation disabled. */
    static final String CWWKE1208I =
            "[12/1/26, 21:38:59:204 UTC] 00000031 com.ibm.ws.threading.internal.PolicyExecutorImpl"
                    + "              I CWWKE1208I: The managedExecutorService[vtlabRequests]/concurrencyPolicy[default-0]"
                    + " concurrency policy will create platform threads because virtual thread creation by the Liberty server"
                    + " is disabled.";

    private static final String STARTED = "[12/1/26, 21:39:20:016 UTC] 00000023"
            + " com.ibm.ws.kernel.feature.internal.FeatureManager            A CWWKF0011I: The vtlab-compare server is"
            + " ready to run a smarter planet. The vtlab-compare server started in 21.292 seconds.";

    @Test
    void eachMessageOfAnIgnoredVirtualSettingIsFoundFromItsCodeOn() {
        assertEquals(
                Optional.of(CWWKC1217I.substring(CWWKC1217I.indexOf("CWWKC1217I"))),
                ServerLog.virtualIgnored(List.of(STARTED, CWWKC1217I, CWWKE1208I)));
        assertEquals(
                Optional.of(CWWKE1208I.substring(CWWKE1208I.indexOf("CWWKE1208I"))),
                ServerLog.virtualIgnored(List.of(CWWKE1208I)));
        assertEquals(Optional.empty(), ServerLog.virtualIgnored(List.of(STARTED)));
    }

    @Test
    void managedVirtualIsRefusedWhereLibertyIgnoredVirtualOtherModesAreFlagged() throws IOException {
        Path log = tmp.resolve("messages.log");
        Files.writeString(log, STARTED + "\n" + CWWKC1217I + "\n");
        assertMessage(
                "DISPATCH_MODE=managed-virtual: Liberty ignored virtual=\"true\", so the managed executors would run on"
                        + " platform threads: CWWKC1217I: The Concurrency specification requires virtual=true to be"
                        + " ignored",
                "Java 17 does not support virtual threads",
                () -> ServerLog.checkVirtualHonoured(log, DispatchMode.MANAGED_VIRTUAL));
        for (DispatchMode other : List.of(DispatchMode.MANAGED_PLATFORM, DispatchMode.THREADPOOL)) {
            String flag = ServerLog.checkVirtualHonoured(log, other).orElseThrow();
            assertTrue(flag.startsWith("Liberty ignored a virtual=\"true\" of your server in " + other.label()), flag);
            assertTrue(flag.contains("CWWKC1217I"), flag);
        }
        Files.writeString(log, STARTED + "\n");
        assertEquals(Optional.empty(), ServerLog.checkVirtualHonoured(log, DispatchMode.MANAGED_VIRTUAL));
        assertEquals(
                Optional.empty(),
                ServerLog.checkVirtualHonoured(tmp.resolve("none.log"), DispatchMode.MANAGED_VIRTUAL));
    }
}
