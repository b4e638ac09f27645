package dev.vtlab.compare.settings;

import dev.vtlab.dispatch.DispatchMode;

/**
 * Two modes compared with each other rather than with the baseline ({@code compare.contrasts}): every figure of
 * {@code mode} over {@code reference}'s, e.g. {@code virtual/platform-handoff} for what the virtual thread costs beyond
 * the hop onto another thread.
 */
public record Contrast(DispatchMode mode, DispatchMode reference) {

    /** As the setting writes it: "virtual/platform-handoff". */
    public String label() {
        return mode.label() + "/" + reference.label();
    }
}
