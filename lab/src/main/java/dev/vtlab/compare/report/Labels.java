package dev.vtlab.compare.report;

import dev.vtlab.compare.analyse.Headline;

/** How a headline reads in a table: "steady req/s @ 50 users", "p95 ms · transfer". */
final class Labels {

    private Labels() {}

    static String label(Headline h) {
        if (h.requestType() != null) {
            return h.metric().label + " · " + h.requestType();
        }
        return h.level() == null ? h.metric().label : h.metric().label + " @ " + h.level();
    }
}
