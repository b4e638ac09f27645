package dev.vtlab.compare.settings;

import dev.vtlab.dispatch.DispatchMode;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The measurable claims of the IBM Liberty performance team's case study ("Java virtual threads: a case study", G.
 * DeVal, V. Sundaresan, R. Hagarty, L. Cowen, InfoQ 2024; the lab's copy is in {@code shared/reference/}), each as
 * a range for the ratio {@link #MODE} ÷ {@link #BASELINE} of one of vtlab's figures. Paraphrased, never quoted. The
 * one list the study profile's table is made from: the judge ({@code judge.StudyTable}) compares vtlab's interval
 * with each range, the writer only formats.
 */
public final class StudyClaims {

    /** Liberty's autonomic pool, the study's reference. */
    public static final DispatchMode BASELINE = DispatchMode.THREADPOOL;
    /**
     * The study's prototype started a new virtual thread for each HTTP request Liberty's pool would have run (a
     * channel-framework patch); vtlab's closest mode is executor-virtual (docs/architecture.md).
     */
    public static final DispatchMode MODE = DispatchMode.EXECUTOR_VIRTUAL;

    /** What a claim says of the ratio. */
    public enum Kind {
        /** Below 1 (virtual threads lower), and within the range where the study gives a size. */
        LOWER,
        /** Above 1, and within the range where the study gives a size. */
        HIGHER,
        /** Within the range, which holds 1: the study says the difference is small or goes either way. */
        WITHIN
    }

    /**
     * The study's figure as a range of the ratio; {@code high} may be infinite. A NaN end stands for the comparison's
     * equivalence margin m (compare.margin): a low end of NaN is 1/(1 + m), a high end 1 + m.
     */
    public record Range(double low, double high) {

        /** "No saving beyond the margin": the ratio is not below 1/(1 + m). */
        public static final Range NOT_BELOW_MARGIN = new Range(Double.NaN, Double.POSITIVE_INFINITY);

        /** "Lower", with no size the lab can compare: anywhere below 1. */
        public static final Range BELOW_ONE = new Range(0, 1);

        /** The range with any NaN end replaced by the margin's (a fraction: 0.05 for ±5 %). */
        public Range resolve(double margin) {
            return new Range(Double.isNaN(low) ? 1 / (1 + margin) : low, Double.isNaN(high) ? 1 + margin : high);
        }

        public boolean contains(double ratio) {
            return ratio >= low && ratio <= high;
        }

        /** "0.600–0.900", "≥ 0.952", "< 1". */
        public String text() {
            if (high == Double.POSITIVE_INFINITY) {
                return String.format(Locale.ROOT, "≥ %.3f", low);
            }
            if (low == 0) {
                return String.format(Locale.ROOT, "< %.3g", high);
            }
            return String.format(Locale.ROOT, "%.3f–%.3f", low, high);
        }
    }

    /** The Linux kernel a claim was measured on, where the study found the kernel to matter. */
    public enum Kernel {
        ANY("any", 0, 0, Integer.MAX_VALUE, 0),
        /** RHEL 8's kernel, where the study first saw the 2-CPU collapse. */
        V4_18("Linux 4.18 (RHEL 8)", 4, 18, 4, 18),
        /** The newer kernels the study re-ran on: 5.14 (RHEL 9) and 6.2 (Ubuntu 22.04). */
        V5_14_OR_NEWER("Linux 5.14 or newer (RHEL 9, Ubuntu 22.04)", 5, 14, Integer.MAX_VALUE, 0);

        private static final Pattern VERSION = Pattern.compile("^(\\d+)\\.(\\d+)");

        public final String text;
        private final int fromMajor, fromMinor, toMajor, toMinor;

        Kernel(String text, int fromMajor, int fromMinor, int toMajor, int toMinor) {
            this.text = text;
            this.fromMajor = fromMajor;
            this.fromMinor = fromMinor;
            this.toMajor = toMajor;
            this.toMinor = toMinor;
        }

        /** Whether a kernel release as /proc/sys/kernel/osrelease gives it ("6.18.44-…") is one of these. */
        public boolean matches(String release) {
            if (this == ANY) {
                return true;
            }
            Matcher m = VERSION.matcher(release == null ? "" : release.trim());
            if (!m.find()) {
                return false;
            }
            int version = Integer.parseInt(m.group(1)) * 1000 + Integer.parseInt(m.group(2));
            return version >= fromMajor * 1000 + fromMinor
                    && (toMajor == Integer.MAX_VALUE || version <= toMajor * 1000 + toMinor);
        }
    }

    /**
     * What a claim needs of the machine beyond what any run has: a server of exactly {@code serverCpus} CPUs of its
     * own (0: any) and a kernel.
     */
    public record Needs(int serverCpus, Kernel kernel) {
        static final Needs NOTHING = new Needs(0, Kernel.ANY);
    }

    /**
     * One claim.
     *
     * @param id a stable key for study.json
     * @param section where in the study it is (its section heading, in English)
     * @param claim what the study found, in our words
     * @param figure the study's figure as it stated it, in our words
     * @param test the catalogue test that measures it
     * @param metric the figure of that test, at its highest load level
     * @param note how vtlab's measurement differs from the study's, where it does
     */
    public record Claim(
            String id,
            String section,
            String claim,
            String figure,
            String test,
            Metric metric,
            Kind kind,
            Range range,
            Needs needs,
            String note) {}

    /** The machine the 2-CPU claims need: a 2-CPU server and two CPUs for the load, as the study's companion ran. */
    public static final int TWO_CPU_MACHINE = 4;

    private static final Needs TWO_CPUS_OLD_KERNEL = new Needs(2, Kernel.V4_18);
    private static final Needs TWO_CPUS_NEW_KERNEL = new Needs(2, Kernel.V5_14_OR_NEWER);

    public static final List<Claim> ALL = List.of(
            new Claim(
                    "cpu-bound-throughput",
                    "Test case 1: CPU throughput",
                    "On a CPU-bound load (the banking app with a 2 ms remote delay, load raised in levels held 150 s),"
                            + " virtual threads matched the pool at low load and fell behind it as the CPU filled up.",
                    "10–40 % lower throughput in some configurations",
                    "throughput",
                    Metric.TPS_PER_CPU_S,
                    Kind.LOWER,
                    new Range(0.60, 0.90),
                    Needs.NOTHING,
                    "vtlab compares requests per CPU-second at the highest level, where the server's CPU is full (the"
                            + " study compared transactions per second)."),
            new Claim(
                    "many-threads-per-cpu",
                    "Test case 2: ramp-up time (thousands of threads in Liberty's pool)",
                    "With a long remote delay that needs thousands of threads, the pool ran stably and did more"
                            + " transactions per CPU than virtual threads, mostly through how it sizes itself.",
                    "12–15 % more transactions per CPU with the pool",
                    "ramp-up",
                    Metric.TPS_PER_CPU_S,
                    Kind.LOWER,
                    new Range(1 / 1.15, 1 / 1.12),
                    Needs.NOTHING,
                    "vtlab reads it from the ramp-up runs' steady window, after the pool has grown."),
            new Claim(
                    "many-threads-throughput",
                    "Test case 2: ramp-up time (thousands of threads in Liberty's pool)",
                    "At the same thousands-of-threads load the pool's throughput was slightly higher than virtual"
                            + " threads'.",
                    "2–3 % higher throughput with the pool",
                    "ramp-up",
                    Metric.STEADY_RPS,
                    Kind.LOWER,
                    new Range(1 / 1.03, 1 / 1.02),
                    Needs.NOTHING,
                    "A 2–3 % difference needs an interval narrower than vtlab reaches with five runs: expect"
                            + " inconclusive."),
            new Claim(
                    "ramp-up",
                    "Test case 2: ramp-up time",
                    "Under a sudden heavy load on an idle server, virtual threads reached full throughput much sooner"
                            + " than the pool, which grows in steps (a decision every 1.5 s).",
                    "the pool 20–30 s behind virtual threads (Liberty 23.0.0.10 and later, a load of about 6 000"
                            + " threads); tens of minutes before that release",
                    "ramp-up",
                    Metric.TIME_TO_90PCT_S,
                    Kind.LOWER,
                    Range.BELOW_ONE,
                    Needs.NOTHING,
                    "The study gives the lag in seconds at its own load, not a ratio: vtlab checks the direction of"
                            + " the time to 90 % of peak."),
            new Claim(
                    "footprint",
                    "Test case 3: memory footprint",
                    "At loads needing a few hundred threads, virtual threads' smaller per-thread footprint made little"
                            + " difference to the process's memory, and other effects (how long DirectByteBuffers"
                            + " were retained) could make it go either way.",
                    "mixed: sometimes less memory, sometimes more (one example: 10 % more load, the pool −25 %,"
                            + " virtual threads +185 %)",
                    "footprint",
                    Metric.RSS_MAX_MIB,
                    Kind.WITHIN,
                    Range.NOT_BELOW_MARGIN,
                    Needs.NOTHING,
                    "Read as: no saving beyond the equivalence margin at 500 users. The study ran with a small"
                            + " minimum and a large maximum heap; vtlab sets -Xms = -Xmx."),
            new Claim(
                    "two-cpu-short-requests",
                    "Unexpected findings: low throughput and low CPU utilisation",
                    "Short requests (an mp-ping answered in 0.05–0.10 ms) on a 2-CPU server: virtual threads'"
                            + " throughput was far below the pool's, with CPU use correspondingly low (ForkJoinPool"
                            + " parking a carrier 10–13 ms against the Linux 4.18 scheduler).",
                    "as low as 50–55 % of the pool's throughput",
                    "ping",
                    Metric.STEADY_RPS,
                    Kind.LOWER,
                    new Range(0.50, 0.55),
                    TWO_CPUS_OLD_KERNEL,
                    ""),
            new Claim(
                    "two-cpu-short-requests-newer-kernel",
                    "Unexpected findings: low throughput and high CPU utilisation",
                    "The same 2-CPU short-request load on newer kernels: virtual threads' throughput still below the"
                            + " pool's, now with higher CPU use, the gap widening as load rose.",
                    "20–30 % lower throughput",
                    "ping",
                    Metric.STEADY_RPS,
                    Kind.LOWER,
                    new Range(0.70, 0.80),
                    TWO_CPUS_NEW_KERNEL,
                    ""));

    private StudyClaims() {}
}
