package dev.vtlab.profile;

import java.time.Instant;

/** The measured window [startEpochMs, endEpochMs) of a run, in epoch milliseconds. */
public record Window(long startEpochMs, long endEpochMs) {

    public Window {
        if (endEpochMs <= startEpochMs) {
            throw new IllegalArgumentException("empty window [" + startEpochMs + ", " + endEpochMs + ")");
        }
    }

    public boolean contains(Instant t) {
        long ms = t.toEpochMilli();
        return ms >= startEpochMs && ms < endEpochMs;
    }

    public double seconds() {
        return (endEpochMs - startEpochMs) / 1000.0;
    }
}
