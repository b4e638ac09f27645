package dev.vtlab.compare.settings;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The one list of the comparison's tests: each test's plan, how its load is shaped (which decides how
 * its load levels are found), how it is warmed up, and its defaults per profile. Nothing else in the
 * harness branches on a test's name.
 */
public final class Catalogue {

    /** How a plan applies load, and so how its levels are cut out of the results. */
    public enum Shape {
        /** A fixed number of users for DURATION s: one level. */
        USERS,
        /** Users added in STEPS steps of STEP_DURATION s: a level per user count (JMeter's grpThreads). */
        USER_STEPS,
        /** Arrivals at RATE/s for DURATION s (open model): one level. */
        RATE,
        /** Arrival rate raised in STEPS steps of STEP_DURATION s (open model): a level per step, by time. */
        RATE_STEPS,
        /** A user's own plan, any thread groups: one level over the whole run, named by the most threads JMeter ran. */
        PLAN;

        public boolean stepped() {
            return this == USER_STEPS || this == RATE_STEPS;
        }

        public boolean openModel() {
            return this == RATE || this == RATE_STEPS;
        }
    }

    /**
     * One test. {@code sudden}: the load arrives at once on a cold server (no warm-up) and the time to
     * reach 90 % of the peak rate is a headline; {@code waitKey}: the property holding the wait per
     * request that makes the test IO-bound when long (Little's law applies).
     */
    public record LoadTest(
            String name,
            String plan,
            Shape shape,
            boolean sudden,
            String waitKey,
            String about,
            Map<Profile, Map<String, String>> defaults,
            Arrival arrival) {

        LoadTest(
                String name,
                String plan,
                Shape shape,
                boolean sudden,
                String waitKey,
                String about,
                Map<Profile, Map<String, String>> defaults) {
            this(name, plan, shape, sudden, waitKey, about, defaults, null);
        }

        /**
         * The figure whose verdict answers the test's question (at its highest load level): requests per
         * CPU-second where the CPU binds, p95 latency where waits and queues do (open models, sleeps), the time to
         * 90 % of peak for a sudden load, the peak RSS for the footprint. Every other figure is secondary.
         */
        public Metric primary() {
            return PRIMARY.getOrDefault(name, Metric.TPS_PER_CPU_S);
        }

        /**
         * JVM options this test's servers get beyond the comparison's own: a test whose primary figure is the peak RSS
         * touches the whole heap at start (-XX:+AlwaysPreTouch), so that its RSS is the heap a long run reaches plus
         * the native memory, and settles in seconds. Without it RSS counts only the heap pages the collector has
         * touched so far, which under -Xms = -Xmx kept one mode's RSS rising for 9 minutes (notebook.md, footprint).
         */
        public List<String> serverJvmArgs() {
            return primary() == Metric.RSS_MAX_MIB ? List.of(PRE_TOUCH) : List.of();
        }

        /**
         * Whether the plan warms the server up itself, in its setUp thread group at the test's highest load in the
         * same JMeter process as the measurement (WARMUP_THREADS, WARMUP_CAP, WARMUP_DONE), until the comparison
         * finds the server warm. The others are warmed by a light run of their own before the measurement.
         */
        public boolean warmsInPlan() {
            return WARMS_IN_PLAN.contains(name);
        }

        /**
         * Whether the plan paces its users to RATE requests/s between them (a closed model whose rate the load side
         * sets): the figure is then the server's CPU per request at a rate every mode serves, not a race that JMeter's
         * one CPU may lose (docs/compare.md, "pace ping").
         */
        public boolean paced() {
            return PACED.contains(name);
        }

        /**
         * Whether a run of this test may follow another test's in the same JVM (compare.sharedJvm): its plan warms the
         * server until the JIT is quiet and the rate steady, whatever ran before, and its server needs no JVM options
         * of its own. Not a sudden load, which must meet a cold server.
         */
        public boolean sharesJvm() {
            return warmsInPlan() && !sudden && serverJvmArgs().isEmpty();
        }

        /**
         * Requests each in-plan warm-up user sends between two looks for the end of the warm-up: the look (a JEXL
         * script and a file check) costs JMeter more than a short request, so the fast tests look every 25 (a fraction
         * of a second at their rates), the slow ones (a 1-s wait per request) after each, and a user's URL, of a cost
         * the lab does not know, every 10.
         */
        public int warmUpBatch() {
            return WARM_UP_BATCHES.getOrDefault(name, 1);
        }

        /**
         * Whether the plan can run its levels from the top down (its LEVELS property, up or down): with the levels in
         * both orders, a figure that changes from level to level shows whether it follows the users or the time the
         * server has run.
         */
        public boolean levelsDown() {
            return LEVELS_DOWN.contains(name);
        }

        /** The properties of the warm-up: the same plan and endpoints at a light, short load. */
        public Map<String, String> warmUp(Map<String, String> props, int seconds) {
            return warmUp(props, seconds, 20);
        }

        /** The same with {@code users} users for the closed models. */
        public Map<String, String> warmUp(Map<String, String> props, int seconds, int users) {
            Map<String, String> w = new LinkedHashMap<>(props);
            String n = String.valueOf(users);
            switch (shape) {
                case USERS -> w.putAll(Map.of("THREADS", n, "RAMP", "1", "DURATION", String.valueOf(seconds)));
                case USER_STEPS ->
                    w.putAll(Map.of("THREADS", n, "STEPS", "1", "STEP_DURATION", String.valueOf(seconds)));
                case RATE -> w.putAll(Map.of("RATE", "50", "DURATION", String.valueOf(seconds), "DRAIN", "0"));
                case RATE_STEPS ->
                    w.putAll(
                            Map.of("RATE", "50", "STEPS", "1", "STEP_DURATION", String.valueOf(seconds), "DRAIN", "0"));
                case PLAN -> {
                    // the plan as it is, stopped after the warm-up's seconds (Compare asks JMeter to shut down)
                }
            }
            return w;
        }
    }

    /**
     * What one arrival of an open-model plan is: the label of its first request (counted to check that
     * JMeter kept the arrival rate) and how many requests it sends, one after the other.
     */
    public record Arrival(String firstLabel, int requests) {}

    /**
     * How long and how often: smoke for CI, quick for a first answer, rigorous for a claim, full for the study's
     * durations, study for the IBM study's tests scaled to the machine and judged claim by claim ({@link
     * StudyProfile}, {@link StudyClaims}).
     */
    public enum Profile {
        SMOKE(0, List.of("ping", "throughput", "throughput-open", "ramp-up"), Map.of("ping", 3)),
        // banking alone: ping and banking, 12 runs, took 25-26 min here with the levers kept, and ping at 3 runs per
        // mode left its verdict open in 7 of the 8 quick comparisons of 2026-11-26 to 11-29 (compare.md, Profiles);
        // ping keeps its 3 runs when asked for (compare.tests=ping,throughput)
        QUICK(90, List.of("throughput"), Map.of("ping", 3, "throughput", 3)),
        // 150 s: the footprint's warm-ups at 500 users took 91-140 s here (notebook.md section 3); ramp-up and
        // footprint at 4 runs per mode, as 4 gave the ramp-up's time to peak its verdict (notebook.md section 1)
        RIGOROUS(
                150,
                List.of("ping", "throughput", "ramp-up", "footprint"),
                Map.of("ping", 5, "throughput", 5, "ramp-up", 4, "footprint", 4)),
        FULL(
                180,
                List.of("ping", "throughput", "ramp-up", "footprint"),
                Map.of("ping", 3, "throughput", 3, "ramp-up", 3, "footprint", 3)),
        /**
         * A pilot for {@code VarianceComponents}: the quick profile's tests and loads with levels of at least {@link
         * #SIZING_LEVEL_SECONDS}, three runs per mode, from which the sizing report designs the repetitions and level
         * length that reach compare.precision at least time.
         */
        SIZING(90, List.of("ping", "throughput"), Map.of("ping", 3, "throughput", 3)),
        // the study's tests at the rigorous profile's repetitions; ping only where a 2-CPU server fits (StudyProfile)
        STUDY(
                180,
                List.of("throughput", "ramp-up", "footprint", "ping"),
                Map.of("throughput", 5, "ramp-up", 5, "footprint", 5, "ping", 5));

        public final int warmupSeconds;
        public final List<String> tests;
        private final Map<String, Integer> repeats;

        Profile(int warmupSeconds, List<String> tests, Map<String, Integer> repeats) {
            this.warmupSeconds = warmupSeconds;
            this.tests = tests;
            this.repeats = repeats;
        }

        /** Repetitions of each (test, mode) unless compare.repeats says otherwise. */
        public int repeats(String test) {
            return repeats.getOrDefault(test, 1);
        }

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Profile parse(String value) {
            for (Profile p : values()) {
                if (p.label().equals(value)) {
                    return p;
                }
            }
            throw new IllegalArgumentException("compare.profile must be one of "
                    + String.join(
                            ", ", Arrays.stream(values()).map(Profile::label).toList())
                    + ", not '" + value + "'");
        }
    }

    public static final List<LoadTest> ALL = List.of(
            new LoadTest(
                    "ping",
                    "ping.jmx",
                    Shape.USERS,
                    false,
                    null,
                    "the shortest request (/api/ping), keep-alive, no think time",
                    perProfile(
                            Map.of("THREADS", "20", "RAMP", "1", "DURATION", "3"),
                            // 2 500/s: a quarter of what executor-virtual's 1-CPU server answered at 100 % here
                            // (9 500-11 500/s), and within JMeter's one CPU with room to spare; 30-s levels, as after
                            // the unpaced warm-up the server's CPU per request and JMeter's CPU took ~10 s to settle
                            // at the pace (notebook.md section 0): a 12-s level left a window of them still settling
                            Map.of("THREADS", "50", "RAMP", "2", "DURATION", "30", "RATE", "2500"),
                            Map.of("THREADS", "50", "RAMP", "2", "DURATION", "30", "RATE", "2500"),
                            Map.of("THREADS", "50", "RAMP", "10", "DURATION", "180"))),
            new LoadTest(
                    "throughput",
                    "throughput.jmx",
                    Shape.USER_STEPS,
                    false,
                    "DELAY_MS",
                    "CPU-bound banking (2 ms remote delay), users added in steps",
                    perProfile(
                            Map.of("THREADS", "20", "STEPS", "2", "STEP_DURATION", "3", "DELAY_MS", "2", "WORK", "1"),
                            // quick: 20-s levels, as a 10-s level left a 5-10 s window after MSER's cut and
                            // 4 of 18 banking runs of a quick comparison had a level not steady in it
                            Map.of("THREADS", "100", "STEPS", "2", "STEP_DURATION", "20", "DELAY_MS", "2", "WORK", "1"),
                            // rigorous: the quick profile's levels at 30 s, judged at 100 users as in the quick and
                            // study profiles
                            Map.of("THREADS", "100", "STEPS", "2", "STEP_DURATION", "30", "DELAY_MS", "2", "WORK", "1"),
                            Map.of(
                                    "THREADS",
                                    "400",
                                    "STEPS",
                                    "8",
                                    "STEP_DURATION",
                                    "150",
                                    "DELAY_MS",
                                    "2",
                                    "WORK",
                                    "1"))),
            new LoadTest(
                    "throughput-open",
                    "throughput-open.jmx",
                    Shape.RATE_STEPS,
                    false,
                    "DELAY_MS",
                    "the throughput mix as sessions (account, transfer, statement) arriving at a rate raised in steps (open model: latency includes queueing)",
                    perProfile(
                            open(Map.of("RATE", "20", "STEPS", "2", "STEP_DURATION", "3", "DRAIN", "2")),
                            open(Map.of("RATE", "150", "STEPS", "3", "STEP_DURATION", "10", "DRAIN", "5")),
                            open(Map.of("RATE", "150", "STEPS", "3", "STEP_DURATION", "12", "DRAIN", "5")),
                            open(Map.of("RATE", "300", "STEPS", "8", "STEP_DURATION", "150", "DRAIN", "10"))),
                    new Arrival("account", 3)),
            new LoadTest(
                    "ramp-up",
                    "ramp-up.jmx",
                    Shape.USERS,
                    true,
                    "DELAY_MS",
                    "IO-bound account lookups: every user arrives at once on a cold server",
                    perProfile(
                            // smoke: 100 ms, as the pool's few threads at the start drained 200 users of 500 ms in 25 s
                            Map.of("THREADS", "200", "RAMP", "0", "DURATION", "5", "DELAY_MS", "100", "WORK", "1"),
                            Map.of("THREADS", "1000", "RAMP", "0", "DURATION", "20", "DELAY_MS", "1000", "WORK", "1"),
                            // rigorous: 150 s, as the pool on one CPU took 48-65 s to 90 % of its peak (notebook.md
                            // section 1) and a 25-s plan ended before it
                            Map.of("THREADS", "1000", "RAMP", "0", "DURATION", "150", "DELAY_MS", "1000", "WORK", "1"),
                            Map.of(
                                    "THREADS",
                                    "3000",
                                    "RAMP",
                                    "0",
                                    "DURATION",
                                    "180",
                                    "DELAY_MS",
                                    "3000",
                                    "WORK",
                                    "1"))),
            new LoadTest(
                    "ramp-up-open",
                    "ramp-up-open.jmx",
                    Shape.RATE,
                    true,
                    "DELAY_MS",
                    "the ramp-up lookups as a sudden arrival rate on a cold server (open model)",
                    perProfile(
                            Map.of(
                                    "RATE",
                                    "100",
                                    "DURATION",
                                    "6",
                                    "DELAY_MS",
                                    "500",
                                    "WORK",
                                    "1",
                                    "START_PAUSE",
                                    "2",
                                    "DRAIN",
                                    "3"),
                            Map.of(
                                    "RATE",
                                    "500",
                                    "DURATION",
                                    "20",
                                    "DELAY_MS",
                                    "1000",
                                    "WORK",
                                    "1",
                                    "START_PAUSE",
                                    "2",
                                    "DRAIN",
                                    "5"),
                            Map.of(
                                    "RATE",
                                    "500",
                                    "DURATION",
                                    "25",
                                    "DELAY_MS",
                                    "1000",
                                    "WORK",
                                    "1",
                                    "START_PAUSE",
                                    "2",
                                    "DRAIN",
                                    "5"),
                            Map.of(
                                    "RATE",
                                    "1000",
                                    "DURATION",
                                    "180",
                                    "DELAY_MS",
                                    "3000",
                                    "WORK",
                                    "1",
                                    "START_PAUSE",
                                    "2",
                                    "DRAIN",
                                    "10")),
                    new Arrival("account", 1)),
            new LoadTest(
                    "footprint",
                    "footprint.jmx",
                    Shape.USERS,
                    false,
                    "DELAY_MS",
                    "memory and threads of a mixed banking load (account, transfer, statement), the whole heap touched at start",
                    perProfile(
                            Map.of("THREADS", "20", "RAMP", "1", "DURATION", "4", "DELAY_MS", "20", "WORK", "1"),
                            Map.of("THREADS", "100", "RAMP", "2", "DURATION", "12", "DELAY_MS", "20", "WORK", "1"),
                            // rigorous: the study's 500 users for 60 s
                            Map.of("THREADS", "500", "RAMP", "10", "DURATION", "60", "DELAY_MS", "20", "WORK", "1"),
                            Map.of("THREADS", "500", "RAMP", "10", "DURATION", "300", "DELAY_MS", "20", "WORK", "1"))),
            new LoadTest(
                    "hello-steps",
                    "hello-steps.jmx",
                    Shape.USER_STEPS,
                    false,
                    "SLEEP_MS",
                    "a 100 ms sleep with users added in steps: Little's law, no remote system",
                    perProfile(
                            Map.of("THREADS", "40", "STEPS", "2", "STEP_DURATION", "3", "SLEEP_MS", "100"),
                            Map.of("THREADS", "1200", "STEPS", "6", "STEP_DURATION", "8", "SLEEP_MS", "100"),
                            Map.of("THREADS", "1200", "STEPS", "6", "STEP_DURATION", "12", "SLEEP_MS", "100"),
                            Map.of("THREADS", "1200", "STEPS", "6", "STEP_DURATION", "60", "SLEEP_MS", "100"))));

    public static final List<String> NAMES = ALL.stream().map(LoadTest::name).toList();

    /** The stepped tests whose plans take LEVELS (see {@link LoadTest#levelsDown()}). */
    private static final Set<String> LEVELS_DOWN = Set.of("throughput");

    /**
     * The closed-model tests whose plans hold a warm-up group (see {@link LoadTest#warmsInPlan()}); a user's URL runs
     * ping's plan, so it is warmed in the JMeter that measures it too.
     */
    private static final Set<String> WARMS_IN_PLAN = Set.of("ping", "throughput", "footprint", "hello-steps", "url");

    /** Requests between two looks for the warm-up's end where it is not 1 (see {@link LoadTest#warmUpBatch()}). */
    private static final Map<String, Integer> WARM_UP_BATCHES = Map.of("ping", 25, "throughput", 25, "url", 10);

    /** The tests whose plan takes RATE as a pace for its closed users (ping.jmx: see {@link LoadTest#paced()}). */
    private static final Set<String> PACED = Set.of("ping", "url", "throughput");

    /** The JVM option that commits and touches every heap page at start (see {@link LoadTest#serverJvmArgs()}). */
    private static final String PRE_TOUCH = "-XX:+AlwaysPreTouch";

    /** Each test's primary figure, where it is not requests per CPU-second (see {@link LoadTest#primary()}). */
    private static final Map<String, Metric> PRIMARY = Map.of(
            "throughput-open", Metric.P95_MS,
            "ramp-up", Metric.TIME_TO_90PCT_S,
            "ramp-up-open", Metric.P95_MS,
            "footprint", Metric.RSS_MAX_MIB,
            "hello-steps", Metric.P95_MS);

    private Catalogue() {}

    /**
     * The spread between fresh JVMs of a run's requests per CPU-second on the lab's machine, least and most (the
     * spreads compare.md's simulations of the sequential design use): what a design's precision is announced at,
     * before the comparison's own runs show theirs.
     */
    public static final List<Double> SPREADS_MEASURED_HERE = List.of(0.03, 0.07);

    /** A test of a report: the user's plan or URL ("plan:PATH", "url:/path"), else the catalogue's test of that name. */
    public static LoadTest resolve(String name, String user) {
        if (user == null) {
            return get(name);
        }
        return user.startsWith("plan:")
                ? userPlan(Path.of(user.substring("plan:".length())))
                : url(user.substring("url:".length()));
    }

    public static LoadTest get(String name) {
        return ALL.stream()
                .filter(t -> t.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException(
                        "compare.tests: unknown test '" + name + "'; choose from " + NAMES));
    }

    /**
     * A user's JMeter plan (-Dcompare.plan), run as it is: -Dcompare.KEY=value reach it as -JKEY=value, and
     * HOST and PORT name the lab's server.
     */
    public static LoadTest userPlan(Path plan) {
        String file = plan.getFileName().toString();
        String name = file.endsWith(".jmx") ? file.substring(0, file.length() - 4) : file;
        Map<String, String> none = Map.of();
        return new LoadTest(
                name.replaceAll("[^A-Za-z0-9_.-]", "_"),
                plan.toAbsolutePath().toString(),
                Shape.PLAN,
                false,
                null,
                "your plan " + file,
                perProfile(none, none, none, none));
    }

    /** One path of a user's app under the ping plan's closed load (-Dcompare.url, with THREADS, RAMP, DURATION). */
    public static LoadTest url(String path) {
        if (!path.matches("/[A-Za-z0-9._~!$&'()*+,;=:@%/?-]{0,500}")) {
            throw new IllegalArgumentException(
                    "compare.url: a path on your server starting with /, like /api/orders?id=1, not '" + path + "'");
        }
        Map<Profile, Map<String, String>> defaults = new EnumMap<>(Profile.class);
        get("ping").defaults().forEach((profile, props) -> {
            Map<String, String> p = new LinkedHashMap<>(props);
            p.remove("RATE"); // ping's pace suits /api/ping, not a path of unknown cost: -Dcompare.RATE sets one
            p.put("PATH", path);
            p.put("LABEL", "url");
            defaults.put(profile, p);
        });
        return new LoadTest(
                "url", "ping.jmx", Shape.USERS, false, null, "GET " + path + ", keep-alive, no think time", defaults);
    }

    /** The throughput mix's knobs with an open model's start pause. */
    private static Map<String, String> open(Map<String, String> shape) {
        Map<String, String> props = new LinkedHashMap<>(shape);
        props.putAll(Map.of("DELAY_MS", "2", "WORK", "1", "START_PAUSE", "2"));
        return props;
    }

    private static Map<Profile, Map<String, String>> perProfile(
            Map<String, String> smoke,
            Map<String, String> quick,
            Map<String, String> rigorous,
            Map<String, String> full) {
        // the study profile scales its own tests to the machine (StudyProfile); any other test runs at full's defaults
        return Map.of(
                Profile.SMOKE,
                smoke,
                Profile.QUICK,
                quick,
                Profile.RIGOROUS,
                rigorous,
                Profile.FULL,
                full,
                Profile.STUDY,
                full,
                Profile.SIZING,
                sizing(quick));
    }

    /**
     * Seconds a level of the sizing pilot lasts at least. The within-run component needs {@code
     * VarianceComponents.MIN_BATCHES} (10) batch means per window at a batch length long enough for them to be
     * uncorrelated (GC and JIT bursts span seconds: batches of up to 4 s), and the steady window loses its first
     * seconds (5 s always, then what MSER cuts): a steady 60-s level leaves 47–49 s on average (SteadyWindowTest),
     * 11–12 batches of 4 s. Longer pilots estimate λ better but cost
     * every run the same again.
     */
    public static final int SIZING_LEVEL_SECONDS = 60;

    /** The quick profile's load with every level at least {@link #SIZING_LEVEL_SECONDS} long. */
    private static Map<String, String> sizing(Map<String, String> quick) {
        Map<String, String> p = new LinkedHashMap<>(quick);
        for (String key : List.of("STEP_DURATION", "DURATION")) {
            p.computeIfPresent(key, (k, v) -> String.valueOf(Math.max(SIZING_LEVEL_SECONDS, Integer.parseInt(v))));
        }
        return p;
    }

    /** The plan property that sets the length of a test's levels: STEP_DURATION for a stepped test, else DURATION. */
    public static String levelKey(LoadTest test) {
        return test.shape().stepped() ? "STEP_DURATION" : "DURATION";
    }
}
