package dev.vtlab.liberty.executor;

import static dev.vtlab.liberty.FeatureContract.MAX_IN_FLIGHT_PROPERTY;
import static dev.vtlab.liberty.FeatureContract.START_PROPERTY;

import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * The executor-virtual feature's settings, read once as it activates. A value that is set but bad refuses
 * the mode with one line naming the setting, never falls back to the default.
 *
 * @param maxInFlight at most this many tasks on their own virtual thread at once
 * @param start which thread starts a task's virtual thread
 */
record ExecutorVirtualSettings(int maxInFlight, Start start) {

    static final int DEFAULT_MAX_IN_FLIGHT = 10_000;
    static final int MAX_IN_FLIGHT_BOUND = 1_000_000;

    enum Start {
        /** The thread that hands Liberty the task (for HTTP, the TCP channel's selector): the study's prototype. */
        SUBMIT,
        /** A Default Executor thread, once the task has gone through the pool's queue. */
        RUN;

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** {@code lookup} gives the value set for a setting's name, or null where it is not set. */
    static ExecutorVirtualSettings from(UnaryOperator<String> lookup) {
        return new ExecutorVirtualSettings(
                maxInFlight(lookup.apply(MAX_IN_FLIGHT_PROPERTY)), start(lookup.apply(START_PROPERTY)));
    }

    private static int maxInFlight(String value) {
        if (value == null || value.isBlank()) {
            return DEFAULT_MAX_IN_FLIGHT;
        }
        try {
            int max = Integer.parseInt(value.trim());
            if (max >= 1 && max <= MAX_IN_FLIGHT_BOUND) {
                return max;
            }
        } catch (NumberFormatException notANumber) {
            // refused below, like a number out of bounds
        }
        throw new IllegalArgumentException(
                MAX_IN_FLIGHT_PROPERTY + " must be a whole number 1.." + MAX_IN_FLIGHT_BOUND + ", not '" + value + "'");
    }

    private static Start start(String value) {
        if (value == null || value.isBlank()) {
            return Start.SUBMIT;
        }
        for (Start start : Start.values()) {
            if (start.label().equalsIgnoreCase(value.trim())) {
                return start;
            }
        }
        throw new IllegalArgumentException(START_PROPERTY + " must be submit or run, not '" + value + "'");
    }
}
