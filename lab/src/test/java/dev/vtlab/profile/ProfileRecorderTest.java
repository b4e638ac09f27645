package dev.vtlab.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

class ProfileRecorderTest {

    @Test
    void noOptionsWhenOff() {
        assertEquals(List.of(), new ProfileRecorder(ProfileSettings.OFF).jvmArgs());
        assertTrue(new ProfileRecorder(new ProfileSettings(true, 1, Duration.ofMillis(10)))
                .jvmArgs()
                .contains("-XX:FlightRecorderOptions:stackdepth=256"));
    }

    @Test
    void theSettingsCarryTheInterval() {
        String jfc = ProfileRecorder.settingsText(new ProfileSettings(true, 1, Duration.ofMillis(4)));
        assertTrue(jfc.contains("<setting name=\"throttle\">4 ms</setting>"), jfc);
        for (String event : List.of(
                "jdk.CPUTimeSample",
                "jdk.GarbageCollection",
                "jdk.ObjectAllocationSample",
                "jdk.Compilation",
                "jdk.VirtualThreadPinned",
                "jdk.VirtualThreadSubmitFailed",
                "jdk.ThreadContextSwitchRate")) {
            assertTrue(jfc.contains("<event name=\"" + event + "\">"), event);
        }
    }

    @Test
    void theThreadCpuLiesBesideTheRecording() {
        Path recording = ProfileRecorder.recordingFile(Path.of("run-3"));
        assertEquals(Path.of("run-3/profile/profile.jfr"), recording);
        assertEquals(Path.of("run-3/profile/profile.threads.tsv"), ProfileRecorder.threadCpuFile(recording));
    }

    /** The whole round on a real JVM: options at launch, jcmd around a window, the profile of that window. */
    @Test
    @EnabledOnOs(OS.LINUX)
    void recordsARunningJvmsWindow(@TempDir Path run) throws Exception {
        assumeTrue(Runtime.version().feature() >= 25, "jdk.CPUTimeSample is JDK 25's");
        ProfileRecorder recorder = new ProfileRecorder(new ProfileSettings(true, 1, Duration.ofMillis(5)));
        List<String> command = new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(recorder.jvmArgs());
        command.addAll(List.of(
                "-cp",
                Path.of(Busy.class
                                .getProtectionDomain()
                                .getCodeSource()
                                .getLocation()
                                .toURI())
                        .toString(),
                Busy.class.getName()));
        Process busy = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(busy.getInputStream()));
            assertEquals("ready", out.readLine());
            ProfileRecorder.Recording recording = recorder.start(busy.pid(), run);
            long start = System.currentTimeMillis();
            Thread.sleep(1500);
            long end = System.currentTimeMillis();
            Path file = recorder.stop(recording);
            assertTrue(Files.size(file) > 0);

            Profile p = ProfileAnalysis.of(file, new Window(start, end), Set.of(Busy.class.getName()));
            assertTrue(p.samples().get(Bucket.APPLICATION) > 50, p.samples().toString());
            // the sampler saw the spinning virtual thread itself, not just its carrier
            assertTrue(p.virtualThreadSamples() > 50, "virtual-thread samples: " + p.virtualThreadSamples());
            assertTrue(p.threadCpu().measured());
            // read each second while recording, and once more at the stop
            assertTrue(
                    p.threadCpu().snapshots().size() >= 3,
                    "readings: " + p.threadCpu().snapshots().size());
        } finally {
            busy.destroyForcibly().waitFor();
        }
    }
}
