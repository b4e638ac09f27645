package dev.vtlab.remoteapi;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The one way to start the remote system as its own JVM: the server's launcher (REMOTE_MODE=process),
 * the comparison and the tests all build the command here. It names the main class as text, as the
 * remote system's classes are not in the war: they run from its module's class directory.
 */
public final class RemoteCommand {

    /** The remote system's main class. */
    public static final String MAIN_CLASS = "dev.vtlab.remotesystem.RemoteSystem";

    /**
     * The remote's heap, for every way it is started. Its live set is about 36 KB per call waiting on
     * it (the JDK HTTP server's buffers of that connection; measured after a full GC: 218 MB with 6 000
     * calls pending, 540 MB with 15 000) plus the ledger (about 50 MB at 1 000 accounts once 200 000
     * transfer ids are remembered and every history ring is full). The lab waits on at most 15 000
     * calls at once (ConservationIT's bound; MAX_IN_FLIGHT and the comparison's THREADS stop at
     * 10 000), about 600 MB, which 1 GB holds with room for the collector; with 512 MB the remote ran
     * out of memory at 15 000 pending calls. Ledgers with more than about 100 000 busy accounts (50
     * history entries each) need more: pass a larger -Xmx in jvmOptions.
     */
    public static final List<String> HEAP = List.of("-Xms64m", "-Xmx1g");

    private RemoteCommand() {}

    /**
     * {@code java [HEAP] [jvmOptions] -cp classpath dev.vtlab.remotesystem.RemoteSystem --host host
     * --port port --accounts accounts --parent-pid parentPid}. The remote exits when process
     * {@code parentPid} does, so no orphan keeps the port.
     *
     * @param java       the java launcher, e.g. {@link #currentJava()}
     * @param classpath  where the remote system's classes are, e.g. the remote-system module's classes and the contract's
     *                   (REMOTE_CLASSPATH, which the app module's build sets for its servers)
     * @param jvmOptions more JVM options, after {@link #HEAP} (a later -Xmx wins); empty for none
     */
    public static List<String> command(
            String java,
            String classpath,
            String host,
            int port,
            int accounts,
            long parentPid,
            List<String> jvmOptions) {
        if (accounts < 1 || accounts > RemoteLimits.MAX_ACCOUNTS) {
            throw new IllegalArgumentException(
                    "accounts must be from 1 to " + RemoteLimits.MAX_ACCOUNTS + ", not " + accounts);
        }
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(HEAP);
        command.addAll(jvmOptions);
        command.addAll(List.of(
                "-cp",
                classpath,
                MAIN_CLASS,
                "--host",
                host,
                "--port",
                String.valueOf(port),
                "--accounts",
                String.valueOf(accounts),
                "--parent-pid",
                String.valueOf(parentPid)));
        return command;
    }

    /** The java launcher of this JVM. */
    public static String currentJava() {
        return ProcessHandle.current()
                .info()
                .command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }
}
