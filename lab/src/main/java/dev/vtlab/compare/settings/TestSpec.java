package dev.vtlab.compare.settings;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * One test as it will run: its catalogue entry, its JMeter properties (profile defaults overridden by
 * {@code -Dcompare.KEY=value} for every test or {@code -Dcompare.TEST.KEY=value} for one) and how many
 * times each mode runs it.
 */
public record TestSpec(Catalogue.LoadTest test, Map<String, String> props, int repeats) {

    /** A plan property's range; a value outside it stops the comparison before anything starts. */
    record Range(int min, int max) {}

    /** The lab's plans' numeric properties and their ranges (a count or a duration of 0 makes no test). */
    static final Map<String, Range> BOUNDS = Map.ofEntries(
            Map.entry("THREADS", new Range(1, 10_000)),
            Map.entry("DURATION", new Range(1, 3_600)),
            Map.entry("STEP_DURATION", new Range(1, 3_600)),
            Map.entry("STEPS", new Range(1, 50)),
            Map.entry("DELAY_MS", new Range(0, 60_000)),
            Map.entry("WORK", new Range(0, 1_000)),
            Map.entry("SLEEP_MS", new Range(0, 60_000)),
            Map.entry("RAMP", new Range(0, 3_600)),
            Map.entry("RATE", new Range(1, 20_000)),
            Map.entry("MAX_THREADS", new Range(1, 10_000)),
            Map.entry("START_PAUSE", new Range(0, 600)),
            Map.entry("DRAIN", new Range(0, 600)),
            Map.entry("ACCOUNTS", new Range(2, 1_000_000)), // a transfer is between two accounts
            Map.entry("CONNECT_TIMEOUT_MS", new Range(1, 600_000)),
            Map.entry("RESPONSE_TIMEOUT_MS", new Range(1, 3_600_000)),
            Map.entry("SEED", new Range(0, Integer.MAX_VALUE)));
    /** How the open-model plans draw arrival times (their ARRIVALS property). */
    static final List<String> ARRIVALS = List.of("random", "even");
    /** The directions a stepped plan with LEVELS runs its levels in (see {@link Catalogue.LoadTest#levelsDown()}). */
    static final List<String> LEVEL_ORDERS = List.of("up", "down");
    /** The lab sets these to the server it starts: a user's value would send the load elsewhere. */
    public static final List<String> SET_BY_THE_LAB = List.of("HOST", "PORT");

    /** Runs per (test, mode), at most: compare.repeats's bound, and a two-stage design's. */
    public static final int MAX_REPEATS = 50;
    /** Below this wait per request the lab's CPU ceiling binds long before users / wait would. */
    static final int IO_BOUND_MIN_WAIT_MS = 100;

    /**
     * How long a user's plan (its own durations unknown to the lab) may run, unless -Dcompare.DURATION says:
     * past it and a margin, JMeter is stopped.
     */
    public static final int PLAN_DEFAULT_SECONDS = 600;

    public static TestSpec of(
            Catalogue.LoadTest test, Catalogue.Profile profile, Properties system, Integer repeatsOverride) {
        return of(test, test.defaults().get(profile), profile.repeats(test.name()), system, repeatsOverride);
    }

    /**
     * The test with {@code defaults} in place of a profile's (the study profile's, scaled to the machine), overridden
     * as above; {@code defaultRepeats} unless compare.repeats or compare.TEST.repeats says otherwise.
     */
    public static TestSpec of(
            Catalogue.LoadTest test,
            Map<String, String> defaults,
            int defaultRepeats,
            Properties system,
            Integer repeatsOverride) {
        String name = test.name();
        Map<String, String> props = new LinkedHashMap<>(defaults);
        Integer repeats = repeatsOverride;
        String forAll = Setting.PREFIX, forThis = Setting.PREFIX + name + ".";
        for (String key : system.stringPropertyNames()) {
            String value = system.getProperty(key);
            String prop = key.startsWith(forThis)
                    ? key.substring(forThis.length())
                    : key.startsWith(forAll) ? key.substring(forAll.length()) : "";
            if (prop.matches("[A-Z][A-Z0-9_]*")) {
                if (SET_BY_THE_LAB.contains(prop)) {
                    throw new IllegalArgumentException(key + ": the lab sends the load to the server it starts; use "
                            + Setting.PORT.key() + " for its port");
                }
                if (key.startsWith(forThis) || !system.containsKey(forThis + prop)) {
                    // compare.TEST.KEY wins over compare.KEY, whichever comes first
                    props.put(prop, value);
                }
            } else if (key.equals(forThis + "repeats")) {
                repeats = Bounds.integer(key, value, 1, MAX_REPEATS);
            }
        }
        props.forEach((key, value) -> check(key, value));
        if (props.containsKey("LEVELS")) {
            checkLevels(test, props);
        }
        if (test.paced() && props.containsKey("RATE")) {
            checkPace(Integer.parseInt(props.getOrDefault("THREADS", "50")), Integer.parseInt(props.get("RATE")));
        }
        return new TestSpec(test, props, repeats == null ? defaultRepeats : repeats);
    }

    /**
     * A paced plan's users each wait a whole number of ms between requests (JMeter's Constant Throughput Timer counts
     * in ms): a RATE that does not divide users x 1 000 evenly would be sent faster than asked, and measured against
     * the wrong rate.
     */
    private static void checkPace(int users, int rate) {
        long perUser = users * 1000L;
        if (perUser % rate != 0) {
            long below = rate, above = rate;
            while (perUser % below != 0) {
                below--;
            }
            while (perUser % above != 0) {
                above++;
            }
            throw new IllegalArgumentException(String.format(
                    Locale.ROOT,
                    "RATE: each of the %d users waits a whole number of ms between requests, so RATE must divide %d"
                            + " evenly (%d or %d), not %d",
                    users,
                    perUser,
                    below,
                    above,
                    rate));
        }
    }

    /** LEVELS only where the plan reads it; levels down need whole steps, as each user leaves at a level's end. */
    private static void checkLevels(Catalogue.LoadTest test, Map<String, String> props) {
        if (!test.levelsDown()) {
            throw new IllegalArgumentException(
                    "LEVELS: the " + test.name() + " test's levels only run up; LEVELS is for "
                            + Catalogue.ALL.stream()
                                    .filter(Catalogue.LoadTest::levelsDown)
                                    .map(Catalogue.LoadTest::name)
                                    .toList());
        }
        int threads = Integer.parseInt(props.get("THREADS")), steps = Integer.parseInt(props.get("STEPS"));
        if (props.get("LEVELS").equals("down") && threads % steps != 0) {
            throw new IllegalArgumentException(String.format(
                    Locale.ROOT,
                    "LEVELS=down: THREADS (%d) must be a multiple of STEPS (%d), so that each level has as many users"
                            + " fewer",
                    threads,
                    steps));
        }
    }

    /** One line naming the property when its value is out of range or of the wrong form. */
    private static void check(String key, String value) {
        Range range = BOUNDS.get(key);
        if (range != null) {
            Bounds.integer(key, value, range.min(), range.max());
        } else if (key.equals("ARRIVALS") && !ARRIVALS.contains(value)) {
            throw new IllegalArgumentException("ARRIVALS is one of " + ARRIVALS + ", not '" + value + "'");
        } else if (key.equals("LEVELS") && !LEVEL_ORDERS.contains(value)) {
            throw new IllegalArgumentException("LEVELS is one of " + LEVEL_ORDERS + ", not '" + value + "'");
        } else if (key.equals("PATH") && !value.matches("/[A-Za-z0-9._~!$&'()*+,;=:@%/?-]{0,500}")) {
            throw new IllegalArgumentException("PATH: a path on the server starting with /, not '" + value + "'");
        } else if (key.equals("LABEL") && !value.matches("[A-Za-z0-9_.-]{1,80}")) {
            throw new IllegalArgumentException("LABEL: letters, digits, _ . and -, not '" + value + "'");
        }
    }

    public String name() {
        return test.name();
    }

    public int intProp(String key) {
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

    /** The requests/s a paced test's users send between them ({@link Catalogue.LoadTest#paced()}), else null. */
    public Integer pacedRate() {
        return test.paced() && props.containsKey("RATE") ? intProp("RATE") : null;
    }

    /** This test at {@code pace}'s rate (a user's URL after its probe): its runs are then judged as paced ones. */
    public TestSpec paced(Pace pace) {
        Map<String, String> p = new LinkedHashMap<>(props);
        p.put("RATE", String.valueOf(pace.rate()));
        checkPace(intProp("THREADS"), pace.rate());
        return new TestSpec(test, p, repeats);
    }

    /** The probe that finds a pace: this test's users, unpaced, for {@link Pace#PROBE_SECONDS}. */
    public Map<String, String> probe() {
        Map<String, String> p = new LinkedHashMap<>(props);
        p.remove("RATE");
        p.put("DURATION", String.valueOf(Pace.PROBE_SECONDS));
        return p;
    }

    /**
     * The wait per request that bounds an IO-bound test (Little's law), or null when the test is not
     * IO-bound: below {@value #IO_BOUND_MIN_WAIT_MS} ms the CPU ceiling binds first.
     */
    public Double ioWaitMs() {
        double ms = waitMs();
        return ms >= IO_BOUND_MIN_WAIT_MS ? ms : null;
    }

    /** The wait per request (on the remote system, or a sleep) in ms: 0 for a test whose requests do not wait. */
    public double waitMs() {
        String wait = test.waitKey() == null ? null : props.get(test.waitKey());
        return wait == null ? 0 : Double.parseDouble(wait);
    }
}
