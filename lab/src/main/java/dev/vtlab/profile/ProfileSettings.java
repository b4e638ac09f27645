package dev.vtlab.profile;

import java.time.Duration;

/**
 * Whether a comparison profiles its servers, in how many extra runs per test and mode, and the CPU sampler's
 * period: a sample per {@code interval} of CPU time of each thread (JFR's jdk.CPUTimeSample throttle). Parsed from
 * {@code compare.cpuProfile*} by the comparison's settings; the bounds are kept here, where they are used.
 */
public record ProfileSettings(boolean enabled, int runs, Duration interval) {

    public static final Duration MIN_INTERVAL = Duration.ofMillis(1);
    public static final Duration MAX_INTERVAL = Duration.ofSeconds(1);
    /** 100 samples per CPU-second: a 15 s window at one busy CPU gives about 1 500. */
    public static final Duration DEFAULT_INTERVAL = Duration.ofMillis(10);

    public static final int MIN_RUNS = 1;
    /** Each profiled run is a fresh server and a whole run more per mode: bounded like every knob that costs time. */
    public static final int MAX_RUNS = 10;
    /** Two runs per mode: an interval across runs needs at least two. */
    public static final int DEFAULT_RUNS = 2;

    public static final ProfileSettings OFF = new ProfileSettings(false, DEFAULT_RUNS, DEFAULT_INTERVAL);

    public ProfileSettings {
        if (interval.compareTo(MIN_INTERVAL) < 0 || interval.compareTo(MAX_INTERVAL) > 0) {
            throw new IllegalArgumentException(
                    "compare.cpuProfile.intervalMs is 1..1000, not " + interval.toMillis() + " ms");
        }
        if (runs < MIN_RUNS || runs > MAX_RUNS) {
            throw new IllegalArgumentException(
                    "compare.cpuProfile.runs is " + MIN_RUNS + ".." + MAX_RUNS + ", not " + runs);
        }
    }

    /** The profiled runs per test and mode: none when profiling is off. */
    public int profiledRuns() {
        return enabled ? runs : 0;
    }
}
