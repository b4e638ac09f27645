package dev.vtlab.compare;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * One test of the comparison: its JMeter plan and the -J properties it runs with. Defaults come from
 * the profile (smoke: seconds, for CI; quick: the default, the whole set in about 5 minutes on a
 * 2-core box; full: the study's durations), and any property can be overridden with
 * {@code -Dcompare.KEY=value} (every test) or {@code -Dcompare.TEST.KEY=value} (one test).
 */
public record TestSpec(String name, String plan, boolean stepped, boolean warmUp, Map<String, String> props) {

    public static final List<String> ALL = List.of("ping", "throughput", "ramp-up", "footprint", "hello-steps");
    public static final List<String> DEFAULT = List.of("ping", "throughput", "ramp-up", "footprint");
    static final Map<String, Integer> BOUNDS = Map.of("THREADS", 10_000, "DURATION", 3_600, "STEP_DURATION", 3_600,
            "STEPS", 50, "DELAY_MS", 60_000, "WORK", 1_000, "SLEEP_MS", 60_000, "RAMP", 3_600);
    static final int IO_BOUND_MIN_DELAY_MS = 100;

    public static TestSpec of(String name, String profile, Properties system) {
        Map<String, String> props = new LinkedHashMap<>(defaults(name, profile));
        for (String key : system.stringPropertyNames()) {
            String value = system.getProperty(key);
            if (key.matches("compare\\.[A-Z_]+")) {
                props.put(key.substring("compare.".length()), value);
            } else if (key.startsWith("compare." + name + ".")) {
                props.put(key.substring(("compare." + name + ".").length()), value);
            }
        }
        props.forEach((key, value) -> {
            Integer max = BOUNDS.get(key);
            if (max != null) {
                int v = Integer.parseInt(value);
                if (v < 0 || v > max) {
                    throw new IllegalArgumentException(key + " must be from 0 to " + max + ", not " + value);
                }
            }
        });
        boolean stepped = name.equals("throughput") || name.equals("hello-steps");
        return new TestSpec(name, name + ".jmx", stepped, !name.equals("ramp-up"), props);
    }

    private static Map<String, String> defaults(String name, String profile) {
        int p = switch (profile) {
            case "smoke" -> 0;
            case "quick" -> 1;
            case "full" -> 2;
            default -> throw new IllegalArgumentException("compare.profile must be smoke, quick or full, not " + profile);
        };
        return switch (name) {
            case "ping" -> Map.of("THREADS", pick(p, "20", "50", "50"), "RAMP", pick(p, "1", "2", "10"),
                    "DURATION", pick(p, "4", "8", "180"));
            case "throughput" -> Map.of("THREADS", pick(p, "20", "200", "400"), "STEPS", pick(p, "2", "4", "8"),
                    "STEP_DURATION", pick(p, "2", "4", "150"), "DELAY_MS", "2", "WORK", "1");
            case "ramp-up" -> Map.of("THREADS", pick(p, "200", "1000", "3000"), "RAMP", "0",
                    "DURATION", pick(p, "6", "20", "180"), "DELAY_MS", pick(p, "500", "1000", "3000"), "WORK", "1");
            case "footprint" -> Map.of("THREADS", pick(p, "20", "100", "500"), "RAMP", pick(p, "1", "2", "10"),
                    "DURATION", pick(p, "4", "10", "300"), "DELAY_MS", "20", "WORK", "1");
            case "hello-steps" -> Map.of("THREADS", pick(p, "40", "1200", "1200"), "STEPS", pick(p, "2", "6", "6"),
                    "STEP_DURATION", pick(p, "2", "8", "60"), "SLEEP_MS", "100");
            default -> throw new IllegalArgumentException("unknown test " + name + "; tests are " + ALL);
        };
    }

    private static String pick(int profile, String smoke, String quick, String full) {
        return profile == 0 ? smoke : profile == 1 ? quick : full;
    }

    public int users() {
        return Integer.parseInt(props.get("THREADS"));
    }

    /** Seconds of load the plan applies. */
    public int seconds() {
        return stepped ? Integer.parseInt(props.get("STEPS")) * Integer.parseInt(props.get("STEP_DURATION"))
                : Integer.parseInt(props.get("DURATION"));
    }

    /** Users per level of a stepped test. */
    public int stepUsers() {
        return stepped ? Math.max(1, users() / Integer.parseInt(props.get("STEPS"))) : users();
    }

    /**
     * The wait per request that bounds an IO-bound test (Little's law), or null when the test is not
     * IO-bound: below {@value #IO_BOUND_MIN_DELAY_MS} ms of wait the lab's CPU ceiling binds long before
     * users / delay would, so a fraction of that limit would say nothing.
     */
    public Double ioDelayMs() {
        String delay = props.containsKey("SLEEP_MS") ? props.get("SLEEP_MS") : props.get("DELAY_MS");
        if (delay == null) {
            return null;
        }
        double ms = Double.parseDouble(delay);
        return ms >= IO_BOUND_MIN_DELAY_MS ? ms : null;
    }
}
