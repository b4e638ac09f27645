package dev.vtlab.dispatch;

import java.util.Locale;

/** Where request work runs: Liberty's Default Executor (the autonomic pool) or a new virtual thread. */
public enum DispatchMode {
    THREADPOOL, VIRTUAL;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static DispatchMode parse(String value) {
        for (DispatchMode mode : values()) {
            if (mode.label().equalsIgnoreCase(value.trim())) {
                return mode;
            }
        }
        throw new IllegalArgumentException("DISPATCH_MODE must be 'threadpool' or 'virtual', not '" + value + "'");
    }
}
