package dev.vtlab.compare;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * One test as it will run: its catalogue entry, its JMeter properties (profile defaults overridden by
 * {@code -Dcompare.KEY=value} for every test or {@code -Dcompare.TEST.KEY=value} for one) and how many
 * times each mode runs it.
 */
public record TestSpec(Catalogue.LoadTest test, Map<String, String> props, int repeats) {

    static final Map<String, Integer> BOUNDS = Map.ofEntries(
            Map.entry("THREADS", 10_000),
            Map.entry("DURATION", 3_600),
            Map.entry("STEP_DURATION", 3_600),
            Map.entry("STEPS", 50),
            Map.entry("DELAY_MS", 60_000),
            Map.entry("WORK", 1_000),
            Map.entry("SLEEP_MS", 60_000),
            Map.entry("RAMP", 3_600),
            Map.entry("RATE", 20_000),
            Map.entry("MAX_THREADS", 10_000),
            Map.entry("START_PAUSE", 600),
            Map.entry("DRAIN", 600));
    static final int MAX_REPEATS = 50;
    /** Below this wait per request the lab's CPU ceiling binds long before users / wait would. */
    static final int IO_BOUND_MIN_WAIT_MS = 100;

    /**
     * How long a user's plan (its own durations unknown to the lab) may run, unless -Dcompare.DURATION says:
     * past it and a margin, JMeter is stopped.
     */
    static final int PLAN_DEFAULT_SECONDS = 600;

    public static TestSpec of(String name, Catalogue.Profile profile, Properties system, Integer repeatsOverride) {
        return of(Catalogue.get(name), profile, system, repeatsOverride);
    }

    public static TestSpec of(
            Catalogue.LoadTest test, Catalogue.Profile profile, Properties system, Integer repeatsOverride) {
        String name = test.name();
        Map<String, String> props = new LinkedHashMap<>(test.defaults().get(profile));
        Integer repeats = repeatsOverride;
        for (String key : system.stringPropertyNames()) {
            String value = system.getProperty(key);
            if (key.matches("compare\\.[A-Z_]+")) {
                props.put(key.substring("compare.".length()), value);
            } else if (key.matches("compare\\." + java.util.regex.Pattern.quote(name) + "\\.[A-Z_]+")) {
                props.put(key.substring(("compare." + name + ".").length()), value);
            } else if (key.equals("compare." + name + ".repeats")) {
                repeats = bounded(key, value, 1, MAX_REPEATS);
            }
        }
        props.forEach((key, value) -> {
            Integer max = BOUNDS.get(key);
            if (max != null) {
                bounded(key, value, 0, max);
            }
        });
        return new TestSpec(test, props, repeats == null ? profile.repeats(name) : repeats);
    }

    static int bounded(String key, String value, int min, int max) {
        int v;
        try {
            v = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be a whole number, not '" + value + "'");
        }
        if (v < min || v > max) {
            throw new IllegalArgumentException(key + " must be from " + min + " to " + max + ", not " + v);
        }
        return v;
    }

    public String name() {
        return test.name();
    }

    int intProp(String key) {
        return Integer.parseInt(props.get(key));
    }

    /** Seconds of load the plan applies (for an open model, after its start pause). */
    public int loadSeconds() {
        if (test.shape() == Catalogue.Shape.PLAN) {
            return props.containsKey("DURATION") ? intProp("DURATION") : PLAN_DEFAULT_SECONDS;
        }
        return test.shape().stepped() ? intProp("STEPS") * intProp("STEP_DURATION") : intProp("DURATION");
    }

    /** Seconds the plan runs: its load, and for an open model the start pause and the drain. */
    public int seconds() {
        return loadSeconds() + (test.shape().openModel() ? intProp("START_PAUSE") + intProp("DRAIN") : 0);
    }

    /** Users (closed model) or arrivals per second (open model) at the top of the test. */
    public int offered() {
        if (test.shape() == Catalogue.Shape.PLAN) {
            return 0; // a user's plan: the level is named by the threads JMeter ran (RunAnalysis)
        }
        return test.shape().openModel() ? intProp("RATE") : intProp("THREADS");
    }

    /**
     * The wait per request that bounds an IO-bound test (Little's law), or null when the test is not
     * IO-bound: below {@value #IO_BOUND_MIN_WAIT_MS} ms the CPU ceiling binds first.
     */
    public Double ioWaitMs() {
        String wait = test.waitKey() == null ? null : props.get(test.waitKey());
        if (wait == null) {
            return null;
        }
        double ms = Double.parseDouble(wait);
        return ms >= IO_BOUND_MIN_WAIT_MS ? ms : null;
    }
}
