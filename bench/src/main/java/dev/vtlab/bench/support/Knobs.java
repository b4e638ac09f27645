package dev.vtlab.bench.support;

import java.util.Arrays;
import java.util.List;

/** System-property knobs with a default and a bound, so a typo cannot launch an unbounded run. */
public final class Knobs {
    private Knobs() {}

    public static String string(String name, String defaultValue) {
        String value = System.getProperty(name);
        return value == null || value.isBlank() ? defaultValue : value.trim();
    }

    public static long bounded(String name, long defaultValue, long min, long max) {
        return within(name, Long.parseLong(string(name, Long.toString(defaultValue))), min, max);
    }

    public static double bounded(String name, double defaultValue, double min, double max) {
        double value = Double.parseDouble(string(name, Double.toString(defaultValue)));
        if (value < min || value > max) {
            throw new IllegalArgumentException(name + "=" + value + " is outside [" + min + ", " + max + "]");
        }
        return value;
    }

    /** A comma-separated list knob, e.g. -Dvtlab.probe.cpus=1,2. */
    public static List<String> list(String name, String defaultValue) {
        return Arrays.stream(string(name, defaultValue).split(","))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .toList();
    }

    /** Bounds a JMH @Param or a knob; benchmarks call it in @Setup so -p overrides are checked too. */
    public static long within(String name, long value, long min, long max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(name + "=" + value + " is outside [" + min + ", " + max + "]");
        }
        return value;
    }
}
