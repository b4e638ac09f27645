package dev.vtlab.compare.settings;

import java.util.Locale;

/**
 * The rate a user's URL is measured at unless compare.RATE or compare.pace=none says otherwise: a {@value #SHARE}th of
 * what the baseline's server and JMeter together served unpaced in a short probe on a fresh server, rounded down to a
 * rate the plan's per-user timer keeps exactly (a whole number of ms per user). Paced so, the primary figure is CPU per
 * request at a rate every mode serves, and no run is bound by JMeter's one CPU (docs/compare.md, "pace your URL").
 *
 * @param probed requests/s served unpaced over the probe's last {@value #PROBE_TAIL_SECONDS} s
 * @param users the plan's users (THREADS), between whom the rate is shared
 * @param rate the pace: requests/s between all the users
 */
public record Pace(double probed, int users, int rate) {

    /**
     * The pace is this share of the probed rate. A cold server's probe reads low, which only adds headroom; a quarter
     * leaves a mode at half the baseline's capacity (the IBM study's short requests on 2 CPUs ran at 50–55 % of the
     * pool) at half its CPU, and JMeter at about a quarter of its own.
     */
    public static final int SHARE = 4;
    /** The probe's length: the plan's load, unpaced, on a fresh server of the baseline mode. */
    public static final int PROBE_SECONDS = 30;
    /** The probe's rate is read over its last seconds (JMeter's 5-s summaries), after the server's first JIT rush. */
    public static final int PROBE_TAIL_SECONDS = 10;

    /** The pace for {@code users} users after a probe that served {@code probed} requests/s. */
    public static Pace of(double probed, int users) {
        long perUser = users * 1000L;
        long ceiling = Math.min(
                (long) Math.floor(probed / SHARE), TestSpec.BOUNDS.get("RATE").max());
        if (ceiling < 1) {
            throw new IllegalArgumentException(String.format(
                    Locale.ROOT,
                    "compare.pace: the probe served %.1f req/s unpaced, too few to pace at a %dth of it; give"
                            + " -Dcompare.RATE or -Dcompare.pace=none",
                    probed,
                    SHARE));
        }
        long rate = ceiling;
        while (perUser % rate != 0) {
            rate--;
        }
        return new Pace(probed, users, (int) rate);
    }

    /** How the pace was found, for the console and the report's environment. */
    public String describe(String baseline) {
        return String.format(
                Locale.ROOT,
                "%d req/s: at most a %dth of the %.0f req/s %s served unpaced in a %d-s probe (its last %d s), a whole"
                        + " number of ms per user",
                rate,
                SHARE,
                probed,
                baseline,
                PROBE_SECONDS,
                PROBE_TAIL_SECONDS);
    }
}
