package dev.vtlab.compare.run;

import dev.vtlab.profile.ProfileRecorder;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The JFR recording of a profiled run's server ({@link ProfileRecorder}): started as the measurement starts (when
 * the plan's warm-up ends, or before the measured JMeter when there is none in the plan) and stopped when the
 * measured JMeter has ended, so startup and warm-up stay out of it.
 */
final class ProfiledWindow {

    /** The span the recording covered, epoch ms: after JFR.start returned, before JFR.stop was called. */
    record Span(long startEpochMs, long endEpochMs) {}

    private static final Duration START_WAIT = Duration.ofSeconds(60);

    private final ProfileRecorder recorder;
    private final long serverPid;
    private final Path runDir;
    private volatile ProfileRecorder.Recording recording;
    private volatile Exception failed;
    private Thread starter;

    ProfiledWindow(ProfileRecorder recorder, long serverPid, Path runDir) {
        this.recorder = recorder;
        this.serverPid = serverPid;
        this.runDir = runDir;
    }

    /** Starts recording now (jcmd takes about a second). */
    void start() throws InterruptedException {
        try {
            recording = recorder.start(serverPid, runDir);
        } catch (IOException e) {
            throw new Stopped("the profiled run's recording did not start: " + e.getMessage());
        }
    }

    /** Starts recording once {@code warmUp} has ended, on a thread of its own: JMeter's output must keep flowing. */
    void startAfter(WarmUp warmUp) {
        starter = Thread.ofPlatform().daemon().name("vtlab-profile-start").start(() -> {
            try {
                warmUp.awaitEnd();
                start();
            } catch (InterruptedException e) {
                // the run ended first
            } catch (RuntimeException e) {
                failed = e;
            }
        });
    }

    /** Stops the recording and returns its span; a recording that never started stops the comparison. */
    Span stop() throws InterruptedException {
        // the warm-up ends at its cap at the latest, before the measurement: the start is done or under way
        if (starter != null && !starter.join(START_WAIT)) {
            starter.interrupt();
        }
        if (failed != null) {
            throw new Stopped(failed.getMessage());
        }
        if (recording == null) {
            throw new Stopped("the profiled run's recording never started: its warm-up did not end before JMeter did");
        }
        long start = recording.startEpochMs(), end = System.currentTimeMillis();
        try {
            recorder.stop(recording);
        } catch (IOException e) {
            throw new Stopped("the profiled run's recording did not stop: " + e.getMessage());
        }
        return new Span(start, end);
    }

    /** Leaves a recording that a failed run started to the server's end (the JVM's exit ends it). */
    void abandon() {
        if (starter != null) {
            starter.interrupt();
        }
    }
}
