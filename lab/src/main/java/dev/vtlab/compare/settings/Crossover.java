package dev.vtlab.compare.settings;

import dev.vtlab.dispatch.DispatchMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The crossover design (compare.design=crossover): every mode in one warm server, switched between at run time in
 * slices under one constant load, so that the between-JVM spread and the host's slow drift fall out of each block's
 * ratio and the warm-up is paid once. Pure: parsed and checked against the comparison's settings, nothing run.
 *
 * <p>Each block runs every mode once for {@code sliceSeconds}; the first {@code discardSeconds} after each switch are
 * not measured (the requests of the mode before finish, the pool resizes). The blocks follow Williams' balanced Latin
 * square: each mode is in each position of a block, and follows each other mode, equally often over a whole square.
 *
 * @param blocks blocks measured, a whole number of squares
 * @param profiledBlocks blocks after the measured ones with the server's CPU recorded (compare.cpuProfile): one square
 *     per compare.cpuProfile.runs, none without profiling; the recording costs CPU, so they stay out of every verdict
 * @param warmupCapSeconds the most the warm-up may take: every mode in turn in slices of the same length, whole rounds
 *     until the JIT is quiet (compare.warmupSeconds, {@value #DEFAULT_WARMUP_CAP_SECONDS} s unless given: the
 *     warm-up is paid once, not once a run)
 */
public record Crossover(
        List<DispatchMode> modes,
        int sliceSeconds,
        int discardSeconds,
        int blocks,
        int warmupCapSeconds,
        int profiledBlocks) {

    /** A design without profiled blocks. */
    public Crossover(List<DispatchMode> modes, int sliceSeconds, int discardSeconds, int blocks, int warmupCapSeconds) {
        this(modes, sliceSeconds, discardSeconds, blocks, warmupCapSeconds, 0);
    }

    public static final int DEFAULT_WARMUP_CAP_SECONDS = 300;
    /** Whole rounds of every mode the warm-up runs at least, so that each mode's paths are compiled twice over. */
    public static final int MIN_WARMUP_ROUNDS = 2;

    public static final int DEFAULT_SLICE_SECONDS = 30;
    /**
     * After a switch the new mode's rate takes about ten seconds to settle (compare.md, "the discard"): a discard
     * shorter than that charges the switch to the mode switched to.
     */
    public static final int DEFAULT_DISCARD_SECONDS = 15;

    public static final int MIN_SLICE_SECONDS = 6;
    public static final int MAX_SLICE_SECONDS = 120;
    public static final int MAX_BLOCKS = 60;
    /** At most this long measured: every knob that costs time has a bound. */
    public static final int MAX_MEASURED_SECONDS = 3 * 3600;

    /** The design's name in compare.design, beside the default fresh JVM per run. */
    public static final String NAME = "crossover";

    /**
     * The design of {@code p}, or null when compare.design does not ask for it; {@code settings}: the comparison's own
     * settings, which must suit it (the lab's app, modes only the application decides, one test, a fixed number of
     * blocks).
     */
    public static Crossover from(Properties p, CompareSettings settings) {
        String given = p.getProperty(Setting.DESIGN.key());
        String design = given == null ? null : given.trim();
        String refusal = refusal(settings);
        if (design == null) {
            // the quick profile's question is one the crossover answers more precisely, where it applies; a count of
            // runs asks for fresh JVMs
            boolean crossover = settings.profile() == Catalogue.Profile.QUICK
                    && refusal == null
                    && p.getProperty(Setting.REPEATS.key()) == null;
            design = crossover ? NAME : "jvms";
        }
        if (design.equals("jvms")) {
            for (Setting s : List.of(
                    Setting.CROSSOVER_SLICE_SECONDS, Setting.CROSSOVER_DISCARD_SECONDS, Setting.CROSSOVER_BLOCKS)) {
                if (p.getProperty(s.key()) != null) {
                    throw new IllegalArgumentException(s.key() + " is a setting of the crossover design: add "
                            + Setting.DESIGN.key() + "=" + NAME);
                }
            }
            return null;
        }
        if (!design.equals(NAME)) {
            throw new IllegalArgumentException(Setting.DESIGN.key() + " must be 'jvms' (a fresh JVM per run) or '"
                    + NAME + "', not '" + design + "'");
        }
        if (refusal != null) {
            throw new IllegalArgumentException(refusal);
        }
        int slice = integer(
                p, Setting.CROSSOVER_SLICE_SECONDS, DEFAULT_SLICE_SECONDS, MIN_SLICE_SECONDS, MAX_SLICE_SECONDS);
        int discard = integer(p, Setting.CROSSOVER_DISCARD_SECONDS, DEFAULT_DISCARD_SECONDS, 1, slice / 2);
        int square = squareRows(settings.modes().size());
        int blocks = integer(p, Setting.CROSSOVER_BLOCKS, defaultBlocks(square), square, MAX_BLOCKS);
        if (blocks % square != 0) {
            throw new IllegalArgumentException(Setting.CROSSOVER_BLOCKS.key() + " must be a multiple of " + square
                    + " for " + settings.modes().size() + " modes (a whole balanced square), not " + blocks);
        }
        int profiled = settings.cpuProfile().profiledRuns() * square;
        if ((long) (blocks + profiled) * settings.modes().size() * slice > MAX_MEASURED_SECONDS) {
            throw new IllegalArgumentException("(" + Setting.CROSSOVER_BLOCKS.key() + " + profiled blocks) × modes × "
                    + Setting.CROSSOVER_SLICE_SECONDS.key() + " must be at most " + MAX_MEASURED_SECONDS + " s");
        }
        int cap = p.getProperty(Setting.WARMUP_SECONDS.key()) == null
                ? DEFAULT_WARMUP_CAP_SECONDS
                : settings.warmupSeconds();
        return new Crossover(List.copyOf(settings.modes()), slice, discard, blocks, cap, profiled);
    }

    /** Why {@code settings} cannot run as a crossover, or null when they can. */
    static String refusal(CompareSettings settings) {
        if (settings.app() != null) {
            return (Setting.DESIGN.key() + "=" + NAME
                    + " runs the lab's own app, whose server can switch modes at run time; your app runs in fresh JVMs");
        }
        for (DispatchMode mode : settings.modes()) {
            if (!mode.applicationLevel()) {
                return (Setting.DESIGN.key() + "=" + NAME + ": " + Setting.MODES.key()
                        + " may name only modes the application decides, not '" + mode.label()
                        + "' (vtlab's Liberty feature decides it when the server starts)");
            }
        }
        if (settings.specs().size() != 1) {
            return (Setting.DESIGN.key() + "=" + NAME + " measures one test at a time: set " + Setting.TESTS.key()
                    + " to one of them");
        }
        if (settings.specs().get(0).test().sudden()
                || settings.specs().get(0).test().shape() == Catalogue.Shape.PLAN) {
            return (Setting.DESIGN.key() + "=" + NAME
                    + " needs a steady load: a sudden load meets a cold server, which only a fresh JVM has");
        }
        if (settings.sequential() || settings.precision() != null || settings.sharedJvm()) {
            return (Setting.DESIGN.key() + "=" + NAME + " runs a fixed number of blocks ("
                    + Setting.CROSSOVER_BLOCKS.key() + "); " + Setting.SEQUENTIAL.key() + ", "
                    + Setting.PRECISION.key() + " and " + Setting.SHARED_JVM.key() + " belong to the fresh-JVM design");
        }
        return null;
    }

    private static int integer(Properties p, Setting key, int fallback, int min, int max) {
        String v = p.getProperty(key.key());
        if (v == null) {
            return fallback;
        }
        try {
            int n = Integer.parseInt(v.trim());
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException notANumber) {
            // refused below
        }
        throw new IllegalArgumentException(
                key.key() + " must be a whole number from " + min + " to " + max + ", not '" + v + "'");
    }

    /** Pairs of blocks a paired t interval rests on at least by default: 7 degrees of freedom, t 2.36 against 3.18 at 3. */
    public static final int MIN_DEFAULT_BLOCKS = 8;

    /** The fewest whole squares of {@code rows} blocks that reach {@link #MIN_DEFAULT_BLOCKS}, and at least two. */
    static int defaultBlocks(int rows) {
        return Math.max(2, (MIN_DEFAULT_BLOCKS + rows - 1) / rows) * rows;
    }

    /** Rows of Williams' square for {@code k} modes: k when k is even, 2k when it is odd. */
    public static int squareRows(int k) {
        return k % 2 == 0 ? k : 2 * k;
    }

    /**
     * Williams' balanced Latin square for {@code k} treatments: the first row 0, 1, k−1, 2, k−2, …; row i adds i to
     * each entry (mod k); for odd k the rows reversed follow, so that each treatment follows each other once per
     * square.
     */
    public static List<int[]> williams(int k) {
        int[] first = new int[k];
        for (int j = 0, lo = 1, hi = k - 1; j < k; j++) {
            first[j] = j == 0 ? 0 : j % 2 == 1 ? lo++ : hi--;
        }
        List<int[]> rows = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            int[] row = new int[k];
            for (int j = 0; j < k; j++) {
                row[j] = (first[j] + i) % k;
            }
            rows.add(row);
        }
        if (k % 2 == 1) {
            for (int i = 0; i < k; i++) {
                int[] row = rows.get(i), reversed = new int[k];
                for (int j = 0; j < k; j++) {
                    reversed[j] = row[k - 1 - j];
                }
                rows.add(reversed);
            }
        }
        return rows;
    }

    /** The modes of each measured block in order, square after square. */
    public List<List<DispatchMode>> order() {
        return order(blocks);
    }

    /** The modes of each profiled block in order: whole squares again, after the measured ones. */
    public List<List<DispatchMode>> profiledOrder() {
        return order(profiledBlocks);
    }

    private List<List<DispatchMode>> order(int count) {
        List<int[]> square = williams(modes.size());
        List<List<DispatchMode>> order = new ArrayList<>();
        for (int b = 0; b < count; b++) {
            List<DispatchMode> block = new ArrayList<>();
            for (int i : square.get(b % square.size())) {
                block.add(modes.get(i));
            }
            order.add(List.copyOf(block));
        }
        return order;
    }

    /** Seconds of the measured blocks. */
    public int measuredSeconds() {
        return blocks * modes.size() * sliceSeconds;
    }

    /** The most seconds of load: the warm-up's cap, a round past it, the measured blocks and the profiled ones. */
    public int maxLoadSeconds() {
        return warmupCapSeconds + modes.size() * sliceSeconds * (1 + profiledBlocks) + measuredSeconds();
    }

    /** The test's properties for one level of {@code seconds}: the whole crossover under one constant load. */
    public static Map<String, String> oneLevel(TestSpec spec, int seconds) {
        Map<String, String> props = new LinkedHashMap<>(spec.props());
        String s = String.valueOf(seconds);
        switch (spec.test().shape()) {
            case USERS -> props.put("DURATION", s);
            case USER_STEPS -> props.putAll(Map.of("STEPS", "1", "STEP_DURATION", s));
            case RATE -> props.putAll(Map.of("DURATION", s, "DRAIN", "0"));
            case RATE_STEPS -> props.putAll(Map.of("STEPS", "1", "STEP_DURATION", s, "DRAIN", "0"));
            case PLAN -> throw new IllegalArgumentException("a user's plan has no level the lab can set");
        }
        return props;
    }
}
