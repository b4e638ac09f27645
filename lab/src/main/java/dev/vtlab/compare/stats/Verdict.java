package dev.vtlab.compare.stats;

import java.util.Arrays;
import java.util.Locale;

/**
 * A ratio's verdict in the glossary's words (docs/decide.md#glossary), the only ones the lab prints: read here, and
 * nowhere else, from the ratio's 95 % interval, its 90 % interval and the equivalence margin.
 *
 * <p>The order is the glossary's: equivalence first, then a difference, split by whether the whole 95 % interval
 * also lies beyond the margin. "Beyond" is strict and "inside" is not, so an interval touching 1 + m is within it.
 */
public enum Verdict {
    HIGHER_BEYOND_MARGIN("higher beyond the margin"),
    HIGHER_WITHIN_MARGIN("higher, within the margin"),
    EQUIVALENT("equivalent"),
    LOWER_WITHIN_MARGIN("lower, within the margin"),
    LOWER_BEYOND_MARGIN("lower beyond the margin"),
    /** Neither a difference nor within the margin: more runs would tell. */
    INCONCLUSIVE("inconclusive"),
    /** A sequential comparison at its cap of rounds without a verdict. */
    UNDECIDED_AT_CAP("undecided at the cap"),
    /** No interval: the ratio's reason says why. */
    UNDETERMINED("undetermined");

    private final String words;

    Verdict(String words) {
        this.words = words;
    }

    /** The glossary's words, as every report, the console and summary.json print them. */
    public String words() {
        return words;
    }

    /**
     * The verdict of a ratio whose 95 % interval is {@code difference} and whose 90 % interval is {@code equivalence},
     * against a margin m, a factor 1 + m either way: UNDETERMINED when either interval has no ends.
     */
    public static Verdict of(LogRatio.Bounds difference, LogRatio.Bounds equivalence, double margin) {
        if (!(margin > 0)) {
            throw new IllegalArgumentException("the equivalence margin must be above 0: " + margin);
        }
        if (Double.isNaN(difference.low())
                || Double.isNaN(difference.high())
                || Double.isNaN(equivalence.low())
                || Double.isNaN(equivalence.high())) {
            return UNDETERMINED;
        }
        double up = 1 + margin, down = 1 / (1 + margin);
        if (equivalence.low() >= down && equivalence.high() <= up) {
            return EQUIVALENT;
        }
        if (difference.low() > 1) {
            return difference.low() > up ? HIGHER_BEYOND_MARGIN : HIGHER_WITHIN_MARGIN;
        }
        if (difference.high() < 1) {
            return difference.high() < down ? LOWER_BEYOND_MARGIN : LOWER_WITHIN_MARGIN;
        }
        return INCONCLUSIVE;
    }

    /** Above the pool: beyond the margin or within it. */
    public boolean higher() {
        return this == HIGHER_BEYOND_MARGIN || this == HIGHER_WITHIN_MARGIN;
    }

    /** Below the pool: beyond the margin or within it. */
    public boolean lower() {
        return this == LOWER_BEYOND_MARGIN || this == LOWER_WITHIN_MARGIN;
    }

    /** The 95 % interval excludes 1 and the verdict is not equivalence: a difference either way. */
    public boolean differs() {
        return higher() || lower();
    }

    /** A verdict reached: a difference or equivalence. */
    public boolean decided() {
        return differs() || this == EQUIVALENT;
    }

    /**
     * A verdict as a kept file holds it. Files written before these words held "higher" and "lower" for either side
     * of the margin, "undecided" for the cap and the constants' names: those are read again from the 95 % interval
     * ({@code low}, {@code high}) and the margin the file was judged at. Null for anything else.
     */
    public static Verdict read(String kept, double low, double high, double margin) {
        String k = kept.trim().toLowerCase(Locale.ROOT);
        return switch (k) {
            case "higher" -> low > 1 + margin ? HIGHER_BEYOND_MARGIN : HIGHER_WITHIN_MARGIN;
            case "lower" -> high < 1 / (1 + margin) ? LOWER_BEYOND_MARGIN : LOWER_WITHIN_MARGIN;
            case "undecided" -> UNDECIDED_AT_CAP;
            default ->
                Arrays.stream(values())
                        .filter(v -> v.words.equals(k)
                                || v.name().toLowerCase(Locale.ROOT).equals(k))
                        .findFirst()
                        .orElse(null);
        };
    }
}
