package dev.vtlab.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class ProfileSettingsTest {

    private static ProfileSettings from(String... keyValues) {
        Properties p = new Properties();
        for (int i = 0; i < keyValues.length; i += 2) {
            p.setProperty(keyValues[i], keyValues[i + 1]);
        }
        return ProfileSettings.from(p);
    }

    @Test
    void offUnlessAskedFor() {
        assertFalse(from().enabled());
        assertEquals(ProfileSettings.DEFAULT_INTERVAL, from().interval());
        assertTrue(from("compare.cpuProfile", "on").enabled());
    }

    @Test
    void theIntervalIsBounded() {
        assertEquals(
                Duration.ofMillis(1), from("compare.cpuProfile.intervalMs", "1").interval());
        assertEquals(
                Duration.ofSeconds(1),
                from("compare.cpuProfile.intervalMs", "1000").interval());
        assertThrows(IllegalArgumentException.class, () -> from("compare.cpuProfile.intervalMs", "0"));
        assertThrows(IllegalArgumentException.class, () -> from("compare.cpuProfile.intervalMs", "1001"));
        assertThrows(IllegalArgumentException.class, () -> from("compare.cpuProfile.intervalMs", "fast"));
        assertThrows(IllegalArgumentException.class, () -> from("compare.cpuProfile", "yes"));
    }
}
