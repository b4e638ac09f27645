package dev.vtlab.profile;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Records a Liberty server's measured window with JFR: {@link #jvmArgs()} when the server starts, then
 * {@link #start} and {@link #stop} around the window ({@code jcmd PID JFR.start / JFR.stop}), so startup
 * and warm-up stay out of the file. The settings are vtlab-profile.jfc (jdk.CPUTimeSample at
 * {@link ProfileSettings#interval()}, GC pauses, allocation samples, compilations, virtual-thread pinning and
 * submit failures, context switches); beside the recording, the CPU time of every thread of the server
 * ({@link ThreadCpu}, read each second), for the JVM's own threads that JFR does not sample.
 */
public final class ProfileRecorder {

    static final String SETTINGS = "vtlab-profile.jfc";
    private static final String RECORDING_NAME = "vtlab-profile";
    private static final String THROTTLE = "<setting name=\"throttle\">10 ms</setting>";

    private final ProfileSettings settings;
    private final Path jcmd;

    /** Between two readings of the server's threads' CPU. */
    static final Duration THREAD_READING_PERIOD = Duration.ofSeconds(1);

    /** A recording under way: where it goes, and the server's threads read each second on a thread of its own. */
    public static final class Recording {
        private final long pid;
        private final Path file;
        private final long startEpochMs = System.currentTimeMillis();
        private final List<ThreadCpu.Snapshot> snapshots = Collections.synchronizedList(new ArrayList<>());
        private final Thread reader;

        private Recording(long pid, Path file) {
            this.pid = pid;
            this.file = file;
            this.reader = Thread.ofPlatform().daemon().name("vtlab-thread-cpu").unstarted(this::readEachSecond);
        }

        private void readEachSecond() {
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    snapshots.add(ThreadCpu.snapshot(pid));
                    Thread.sleep(THREAD_READING_PERIOD);
                }
            } catch (InterruptedException stopped) {
                Thread.currentThread().interrupt();
            } catch (IOException gone) {
                // the server is gone: the readings so far are all there is
            }
        }

        private ThreadCpu stopReading() throws IOException, InterruptedException {
            reader.interrupt();
            reader.join();
            snapshots.add(ThreadCpu.snapshot(pid));
            return new ThreadCpu(List.copyOf(snapshots));
        }

        public Path file() {
            return file;
        }

        /** When the recording had started: its span begins here. */
        public long startEpochMs() {
            return startEpochMs;
        }
    }

    /** With the jcmd of the JDK this runs on, which the lab's servers run on too. */
    public ProfileRecorder(ProfileSettings settings) {
        this(settings, Path.of(System.getProperty("java.home"), "bin", "jcmd"));
    }

    ProfileRecorder(ProfileSettings settings, Path jcmd) {
        this.settings = settings;
        this.jcmd = jcmd;
    }

    /**
     * Options for the server JVM, none when profiling is off: stacks of up to 256 frames (Liberty's request
     * stacks run to 60-100 and JFR's default keeps 64), and debug information at every instruction so that
     * samples between safepoints land on the right inlined frame.
     */
    public List<String> jvmArgs() {
        if (!settings.enabled()) {
            return List.of();
        }
        return List.of(
                "-XX:FlightRecorderOptions:stackdepth=256",
                "-XX:+UnlockDiagnosticVMOptions",
                "-XX:+DebugNonSafepoints");
    }

    /** Where a run's recording goes: {@code RUN_DIR/profile/profile.jfr}. */
    public static Path recordingFile(Path runDir) {
        return runDir.resolve("profile").resolve("profile.jfr");
    }

    /** The thread CPU file beside a recording. */
    public static Path threadCpuFile(Path recording) {
        return recording.resolveSibling(
                recording.getFileName().toString().replaceFirst("\\.jfr$", "") + ".threads.tsv");
    }

    /** Starts recording the server {@code pid}; call it as the measured window begins. */
    public Recording start(long pid, Path runDir) throws IOException, InterruptedException {
        Path file = recordingFile(runDir);
        Files.createDirectories(file.getParent());
        Path jfc = file.resolveSibling(SETTINGS);
        Files.writeString(jfc, settingsText(settings));
        jcmd(pid, "JFR.start", "name=" + RECORDING_NAME, "settings=" + jfc);
        // read after jcmd (about a second) and until just before it at the stop: the threads' span is the recording's
        Recording recording = new Recording(pid, file);
        recording.reader.start();
        return recording;
    }

    /** Stops the recording and writes it, with the threads' CPU time beside it; returns the recording. */
    public Path stop(Recording recording) throws IOException, InterruptedException {
        ThreadCpu threads = recording.stopReading();
        jcmd(recording.pid, "JFR.stop", "name=" + RECORDING_NAME, "filename=" + recording.file);
        threads.write(threadCpuFile(recording.file));
        return recording.file;
    }

    /** vtlab-profile.jfc with the CPU sampler's throttle set to the settings' interval. */
    static String settingsText(ProfileSettings settings) {
        try (InputStream in = ProfileRecorder.class.getResourceAsStream(SETTINGS)) {
            String jfc = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            if (!jfc.contains(THROTTLE)) {
                throw new IllegalStateException(SETTINGS + " has no " + THROTTLE + " to replace");
            }
            return jfc.replace(
                    THROTTLE,
                    "<setting name=\"throttle\">" + settings.interval().toMillis() + " ms</setting>");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void jcmd(long pid, String... command) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of(jcmd.toString(), String.valueOf(pid)));
        args.addAll(List.of(command));
        Process p = new ProcessBuilder(args).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0 || out.contains("Exception")) {
            p.destroyForcibly();
            throw new IOException(String.join(" ", args) + " failed: " + out.strip());
        }
    }
}
