package dev.vtlab.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProfileRecorderTest {

    @Test
    void noOptionsWhenOff() {
        assertEquals(List.of(), new ProfileRecorder(ProfileSettings.OFF).jvmArgs());
        assertTrue(new ProfileRecorder(new ProfileSettings(true, Duration.ofMillis(10)))
                .jvmArgs()
                .contains("-XX:FlightRecorderOptions:stackdepth=256"));
    }

    @Test
    void theSettingsCarryTheInterval() {
        String jfc = ProfileRecorder.settingsText(new ProfileSettings(true, Duration.ofMillis(4)));
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
}
