package dev.vtlab.compare.settings;

import java.util.Locale;

/**
 * A comparison to a fixed precision within a budget ({@code -Dcompare.precision=5%}, {@code -Dcompare.budget=30m}):
 * the profile's repetitions are the first stage of Stein's two-stage design, the second stage as many more runs as
 * the first stage's variance asks for and the budget allows. The same target is what the sizing pilot designs for
 * ({@code -Dcompare.profile=sizing}), where the budget, if given, only bounds the pilot. Parsing and the budget's
 * arithmetic only: pure.
 *
 * @param target the relative half-width of the primary figure's 95 % ratio interval, as a fraction (0.05: ±5 %)
 * @param budgetSeconds the wall time the whole comparison may take, or null (the sizing pilot without a budget)
 * @param maxRuns the most runs per mode a test may reach, both stages (compare.maxRepeats; {@link
 *     TestSpec#MAX_REPEATS} unless said)
 */
public record Precision(double target, Integer budgetSeconds, int maxRuns) {

    /** Bounded by the budget alone. */
    public Precision(double target, Integer budgetSeconds) {
        this(target, budgetSeconds, TestSpec.MAX_REPEATS);
    }

    /** The first stage's runs per mode, at least: with fewer, c (2 + 2 df: 6.54; 1 + 1: 25.4) makes any plan absurd. */
    public static final int MIN_FIRST_STAGE = 3;

    /**
     * The first stage's runs per mode unless compare.repeats says (or the profile has more): the runs the target needs
     * grow with c², 6.54² with 3 runs per mode against 3.94² with 5. Measured: banking's first stage of 3 and 4 valid runs
     * (c = 5.52) asked for 41 runs per mode where 5 + 5 would have asked for 21 (docs/notebook.md §2).
     */
    public static final int FIRST_STAGE = 5;

    public static final int MIN_BUDGET_SECONDS = 60;
    public static final int MAX_BUDGET_SECONDS = 24 * 3600;

    /** compare.precision: a percentage from 1 % to 50 % written with its sign ({@code 5%}, {@code 2.5%}). */
    public static double target(String value) {
        String v = value.trim();
        double percent = Double.NaN;
        if (v.matches("[0-9]{1,2}(\\.[0-9]{1,2})?%")) {
            percent = Double.parseDouble(v.substring(0, v.length() - 1));
        }
        if (!(percent >= 1 && percent <= 50)) {
            throw new IllegalArgumentException(Setting.PRECISION.key()
                    + ": a percentage from 1% to 50%, like 5% or 2.5% (the ratio's 95 % interval within ±that), not '"
                    + value + "'");
        }
        return percent / 100;
    }

    /** compare.budget: whole seconds, minutes or hours ({@code 90s}, {@code 30m}, {@code 2h}), 1 min to 24 h. */
    public static int budgetSeconds(String value) {
        String v = value.trim();
        long seconds = -1;
        if (v.matches("[0-9]{1,6}[smh]")) {
            long n = Long.parseLong(v.substring(0, v.length() - 1));
            seconds = n
                    * switch (v.charAt(v.length() - 1)) {
                        case 's' -> 1;
                        case 'm' -> 60;
                        default -> 3600;
                    };
        }
        if (seconds < MIN_BUDGET_SECONDS || seconds > MAX_BUDGET_SECONDS) {
            throw new IllegalArgumentException(Setting.BUDGET.key()
                    + ": a wall time from 1m to 24h in whole s, m or h, like 90s, 30m or 2h, not '" + value + "'");
        }
        return (int) seconds;
    }

    /**
     * Refuses, in one line, a budget that cannot hold even the runs planned up front (the first stage, or the sizing
     * pilot), {@code estimatedSeconds} as the comparison announces it.
     */
    public void checkFits(int estimatedSeconds, int runs, String what) {
        if (budgetSeconds != null && estimatedSeconds > budgetSeconds) {
            throw new IllegalArgumentException(String.format(
                    Locale.ROOT,
                    "%s: %s cannot hold %s (%d runs, about %s); give at least %dm, or fewer tests or repetitions",
                    Setting.BUDGET.key(),
                    duration(budgetSeconds),
                    what,
                    runs,
                    duration(estimatedSeconds),
                    (estimatedSeconds + 59) / 60));
        }
    }

    /**
     * The second stage's runs per mode each test can have: {@code wanted[t]} asked for, each run of test t costing
     * {@code secondsPerRun[t]} in each of {@code modes} modes. When all of it does not fit in {@code remainingSeconds},
     * every test gets the same share of what it asked for, rounded down (a test that asks for more gets more), so
     * no test's precision is given up for another's.
     */
    public static int[] affordable(int[] wanted, double[] secondsPerRun, int modes, double remainingSeconds) {
        double cost = 0;
        for (int t = 0; t < wanted.length; t++) {
            cost += wanted[t] * modes * secondsPerRun[t];
        }
        double share = cost <= remainingSeconds ? 1 : Math.max(0, remainingSeconds) / cost;
        int[] runs = new int[wanted.length];
        for (int t = 0; t < wanted.length; t++) {
            // the share's product can fall a hair under a whole number it equals
            runs[t] = (int) Math.floor(wanted[t] * share + 1e-9);
        }
        return runs;
    }

    /** 90 s as "1.5 min", 1800 s as "30 min". */
    public static String duration(double seconds) {
        return seconds < 120
                ? String.format(Locale.ROOT, "%.0f s", seconds)
                : String.format(Locale.ROOT, "%.1f min", seconds / 60).replace(".0 min", " min");
    }
}
