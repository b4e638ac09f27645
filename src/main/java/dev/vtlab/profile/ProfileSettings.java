package dev.vtlab.profile;

import java.time.Duration;
import java.util.Properties;

/**
 * Whether a run's server is profiled, and the CPU sampler's period: a sample per {@code interval} of CPU
 * time of each thread (JFR's jdk.CPUTimeSample throttle), 1..1000 ms.
 */
public record ProfileSettings(boolean enabled, Duration interval) {

    public static final Duration MIN_INTERVAL = Duration.ofMillis(1);
    public static final Duration MAX_INTERVAL = Duration.ofSeconds(1);
    /** 100 samples per CPU-second: a 15 s window at one busy CPU gives about 1 500. */
    public static final Duration DEFAULT_INTERVAL = Duration.ofMillis(10);

    public static final ProfileSettings OFF = new ProfileSettings(false, DEFAULT_INTERVAL);

    public ProfileSettings {
        if (interval.compareTo(MIN_INTERVAL) < 0 || interval.compareTo(MAX_INTERVAL) > 0) {
            throw new IllegalArgumentException(
                    "compare.cpuProfile.intervalMs is 1..1000, not " + interval.toMillis() + " ms");
        }
    }

    /** {@code compare.cpuProfile} (off, on; default off) and {@code compare.cpuProfile.intervalMs} (1..1000, default 10). */
    public static ProfileSettings from(Properties p) {
        String on = p.getProperty("compare.cpuProfile", "off");
        boolean enabled =
                switch (on) {
                    case "on" -> true;
                    case "off" -> false;
                    default -> throw new IllegalArgumentException("compare.cpuProfile is on or off, not '" + on + "'");
                };
        String ms = p.getProperty("compare.cpuProfile.intervalMs", String.valueOf(DEFAULT_INTERVAL.toMillis()));
        try {
            return new ProfileSettings(enabled, Duration.ofMillis(Long.parseLong(ms.trim())));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "compare.cpuProfile.intervalMs is a number of milliseconds, not '" + ms + "'");
        }
    }
}
