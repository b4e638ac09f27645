package dev.vtlab.compare.report;

import dev.vtlab.compare.analyse.RunProfile;
import dev.vtlab.compare.judge.Comparison;
import dev.vtlab.compare.judge.CpuProfiles;
import dev.vtlab.compare.stats.Contrasts;
import dev.vtlab.compare.stats.LogRatio;
import dev.vtlab.compare.stats.Stats;
import dev.vtlab.dispatch.DispatchMode;
import dev.vtlab.measurement.SvgChart;
import dev.vtlab.profile.Bucket;
import dev.vtlab.profile.Profile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * index.html's sections of the profiled runs (compare.cpuProfile): "Where the CPU goes" (per test, the buckets' CPU µs
 * per request by mode with their intervals and differences from the baseline, the sampling's coverage of the measured
 * CPU, GC, allocation, JIT, links to the flame graphs), "Pinned virtual threads" with their stacks, and the profiled
 * runs' own list. Formats {@link CpuProfiles}; nothing without profiled runs.
 */
final class CpuProfileHtml {

    private CpuProfileHtml() {}

    static void write(StringBuilder h, Comparison c, Path out) {
        CpuProfiles profiles = c.profiles();
        if (profiles.isEmpty()) {
            return;
        }
        h.append("<section id=\"cpu-profile\"><h2>Where the CPU goes</h2>\n<p>From the profiled runs: extra runs after")
                .append(" the measured ones, on fresh servers, each recorded with JFR's CPU-time sampler (")
                .append(
                        "<code>jdk.CPUTimeSample</code>) from the measurement's start to JMeter's end. The profiler costs")
                .append(" CPU, so these runs count in no verdict. Each figure is over the steady window of the test's")
                .append(
                        " highest load level: the server's measured CPU µs per request, split into buckets by where the")
                .append(" samples were (the JVM's GC and JIT threads by their own measured CPU); mean ± the ")
                .append((int) (Stats.CONFIDENCE * 100))
                .append(" % interval's half-width across runs, and each mode's difference from ")
                .append(c.baseline().label())
                .append(" with Welch's interval. The buckets add up to the measured total by construction; <b>sampled")
                .append(" CPU covers</b> checks the sampling itself: (samples + lost samples) × interval + the JVM")
                .append(" threads' CPU, against the measured CPU (the lab's docs/profile.md lists each bucket's")
                .append(" packages).</p>\n");
        for (String test : c.tests()) {
            List<CpuProfiles.ModeProfile> modes = c.modes().stream()
                    .map(m -> profiles.of(test, m))
                    .filter(m -> m != null)
                    .toList();
            if (modes.isEmpty()) {
                continue;
            }
            h.append("<h3>").append(SvgChart.escape(test)).append("</h3>\n");
            buckets(h, c, test, modes);
            flameGraphs(h, c, test, out);
        }
        h.append("</section>\n");
        pinned(h, c);
        directBuffers(h, c);
        runs(h, c);
    }

    private static void buckets(StringBuilder h, Comparison c, String test, List<CpuProfiles.ModeProfile> modes) {
        h.append("<table class=\"cpu-buckets\" data-test=\"")
                .append(SvgChart.escape(test))
                .append("\"><tr><th>CPU µs per request</th>");
        for (CpuProfiles.ModeProfile m : modes) {
            h.append("<th class=\"")
                    .append(m.mode().label())
                    .append("\">")
                    .append(m.mode().label())
                    .append(" (")
                    .append(m.runs())
                    .append(m.runs() == 1 ? " run" : " runs")
                    .append(")</th>");
            if (m.mode() != c.baseline()) {
                h.append("<th>")
                        .append(m.mode().label())
                        .append(" − ")
                        .append(c.baseline().label())
                        .append("</th>");
            }
        }
        h.append("</tr>\n");
        cpuRows(h, c, modes);
        windowRows(h, c, modes);
        row(
                h,
                c,
                "virtual threads the scheduler could not start (submit failed)",
                null,
                modes,
                m -> String.valueOf(m.submitFailed()),
                m -> "");
        row(h, c, "CPU samples (lost samples)", null, modes, m -> m.samples() + " (" + m.lostSamples() + ")", m -> "");
        h.append("</table>\n");
    }

    /** The CPU per request: by bucket, in all, and what the recording itself cost. */
    private static void cpuRows(StringBuilder h, Comparison c, List<CpuProfiles.ModeProfile> modes) {
        for (Bucket b : Bucket.values()) {
            if (modes.stream().allMatch(m -> m.buckets().get(b).interval().mean() == 0)) {
                continue; // a bucket no mode used
            }
            figureRow(h, c, b.label(), "bucket", modes, m -> m.buckets().get(b));
        }
        figureRow(h, c, "total (measured)", "total", modes, CpuProfiles.ModeProfile::total);
        figureRow(
                h,
                c,
                "of which filling thread-locals on a thread's first use",
                "first-use",
                modes,
                CpuProfiles.ModeProfile::firstUse);
        row(
                h,
                c,
                "the recording's cost: profiled less measured runs, µs per request",
                "recording-cost",
                modes,
                m -> m.recordingCost() == null ? "no valid measured run" : difference(m.recordingCost()),
                m -> "");
        row(
                h,
                c,
                "the recording's cost, round by round: profiled ÷ measured run of the same round, CPU per request",
                "recording-ratio",
                modes,
                m -> ratio(m.recordingRatio()),
                m -> "");
    }

    /** What else happened in the profiled window: the sampling's coverage, GC, allocation, JIT, context switches. */
    private static void windowRows(StringBuilder h, Comparison c, List<CpuProfiles.ModeProfile> modes) {
        intervalRow(h, c, "sampled CPU covers, % of measured", "coverage", modes, CpuProfiles.ModeProfile::coveragePct);
        intervalRow(h, c, "profiled window, s", "window", modes, CpuProfiles.ModeProfile::windowS);
        intervalRow(h, c, "GC collections in the window", "gc-count", modes, CpuProfiles.ModeProfile::gcCount);
        intervalRow(h, c, "GC pauses in the window, ms", "gc-pause", modes, CpuProfiles.ModeProfile::gcPauseMs);
        intervalRow(
                h,
                c,
                "allocated, bytes per request",
                "allocated",
                modes,
                CpuProfiles.ModeProfile::allocatedBytesPerRequest);
        intervalRow(
                h,
                c,
                "of which StackChunk (unmounted virtual threads' frames)",
                "stack-chunk",
                modes,
                CpuProfiles.ModeProfile::stackChunkBytesPerRequest);
        intervalRow(
                h,
                c,
                "of which direct buffers' objects (each new one holds native memory until a GC)",
                "direct-buffers",
                modes,
                CpuProfiles.ModeProfile::directBufferBytesPerRequest);
        intervalRow(h, c, "JIT compilations in the window", "jit", modes, CpuProfiles.ModeProfile::jitCompilations);
        intervalRow(
                h,
                c,
                "context switches per s (machine)",
                "context-switches",
                modes,
                CpuProfiles.ModeProfile::contextSwitchesPerS);
    }

    /** A figure's row: each mode's interval and, beside each mode but the baseline, its difference to it. */
    private static void figureRow(
            StringBuilder h,
            Comparison c,
            String label,
            String kind,
            List<CpuProfiles.ModeProfile> modes,
            Function<CpuProfiles.ModeProfile, CpuProfiles.Figure> figure) {
        row(
                h,
                c,
                label,
                kind,
                modes,
                m -> interval(figure.apply(m).interval()),
                m -> difference(figure.apply(m).vsBaseline()));
    }

    /** A row of intervals alone: no difference to the baseline. */
    private static void intervalRow(
            StringBuilder h,
            Comparison c,
            String label,
            String kind,
            List<CpuProfiles.ModeProfile> modes,
            Function<CpuProfiles.ModeProfile, Stats.Interval> figure) {
        row(h, c, label, kind, modes, m -> interval(figure.apply(m)), m -> "");
    }

    /**
     * A row of the buckets table: its label, then per mode its {@code cell} and, after each mode but the baseline,
     * its {@code vsBaseline} cell; {@code kind}: the row's class (null: none).
     */
    private static void row(
            StringBuilder h,
            Comparison c,
            String label,
            String kind,
            List<CpuProfiles.ModeProfile> modes,
            Function<CpuProfiles.ModeProfile, String> cell,
            Function<CpuProfiles.ModeProfile, String> vsBaseline) {
        h.append(kind == null ? "<tr>" : "<tr class=\"" + kind + "\">")
                .append("<td class=\"l\">")
                .append(SvgChart.escape(label))
                .append("</td>");
        for (CpuProfiles.ModeProfile m : modes) {
            h.append("<td>").append(cell.apply(m)).append("</td>");
            if (m.mode() != c.baseline()) {
                h.append("<td>").append(vsBaseline.apply(m)).append("</td>");
            }
        }
        h.append("</tr>\n");
    }

    private static void flameGraphs(StringBuilder h, Comparison c, String test, Path out) {
        List<String> links = new ArrayList<>();
        for (DispatchMode mode : c.modes()) {
            List<RunProfile> mine = c.profiles().runs().stream()
                    .filter(p -> p.analysed()
                            && p.run().test().equals(test)
                            && p.run().mode() == mode)
                    .toList();
            if (mine.isEmpty()) {
                continue;
            }
            links.add(mode.label() + ": "
                    + mine.stream()
                            .map(p -> link(
                                    out,
                                    FlameGraphReport.flame(p),
                                    "run " + p.run().repetition()))
                            .collect(Collectors.joining(", ")));
            if (mode != c.baseline()) {
                links.add(mode.label() + " against " + c.baseline().label() + " (differential, reversed): "
                        + mine.stream()
                                .map(p -> link(
                                        out,
                                        FlameGraphReport.diff(p, c.baseline()),
                                        "run " + p.run().repetition()))
                                .collect(Collectors.joining(", ")));
            }
        }
        h.append("<p class=\"flame-graphs\" data-test=\"")
                .append(SvgChart.escape(test))
                .append(
                        "\">Flame graphs (self-contained, offline; a frame's width is its share of the samples, the top")
                .append(" edge is where the CPU was): ")
                .append(String.join("; ", links))
                .append(".</p>\n");
    }

    /** A link to a file of the report, or its name with why there is none. */
    private static String link(Path out, String file, String text) {
        return Files.exists(out.resolve(file))
                ? "<a href=\"" + file + "\">" + text + "</a>"
                : text + " (not drawn: see the console)";
    }

    private static void pinned(StringBuilder h, Comparison c) {
        boolean userApp = c.environment().userTest() != null;
        h.append(
                        "<section id=\"pinned\"><h2>Pinned virtual threads</h2>\n<p>Every <code>jdk.VirtualThreadPinned</code>")
                .append(" event of the profiled windows (threshold 0: every pinning, however short), by the place that")
                .append(" pinned: a virtual thread that blocks while pinned keeps its carrier from every other virtual")
                .append(" thread.</p>\n");
        for (CpuProfiles.ModeProfile m : c.profiles().modes()) {
            CpuProfiles.Pinned p = m.pinned();
            modeHeading(h, "pinned", m);
            if (p.count() == 0) {
                h.append("no virtual thread was pinned in ")
                        .append(profiledRuns(m))
                        .append(".</p>\n</div>\n");
                continue;
            }
            if (userApp) {
                h.append(String.format(
                        Locale.ROOT,
                        "your app pinned a carrier %d times, here:%s",
                        p.inApp(),
                        p.count() > p.inApp()
                                ? " (and " + (p.count() - p.inApp()) + " pinnings with no frame of your app, below)"
                                : ""));
            } else {
                h.append(String.format(
                        Locale.ROOT,
                        "%d pinnings, %.1f ms pinned in all, in %d profiled run%s:",
                        p.count(),
                        p.nanos() / 1e6,
                        m.runs(),
                        m.runs() == 1 ? "" : "s"));
            }
            h.append("</p>\n");
            for (CpuProfiles.PinnedSite site : p.sites()) {
                h.append("<details class=\"pinned-stack\"")
                        .append(site.inApp() ? " data-app=\"true\"" : "")
                        .append("><summary>")
                        .append(String.format(
                                Locale.ROOT,
                                "%d × %.1f ms in all: %s%s",
                                site.stack().count(),
                                site.stack().nanos() / 1e6,
                                SvgChart.escape(
                                        site.stack().reason().isEmpty()
                                                ? "pinned"
                                                : site.stack().reason()),
                                site.stack().blockingOperation().isEmpty()
                                        ? ""
                                        : " — " + SvgChart.escape(site.stack().blockingOperation())))
                        .append("</summary><pre>")
                        .append(SvgChart.escape(String.join("\n", site.stack().frames())))
                        .append("</pre></details>\n");
            }
            h.append("</div>\n");
        }
        h.append("</section>\n");
    }

    private static void directBuffers(StringBuilder h, Comparison c) {
        h.append("<section id=\"direct-buffers\"><h2>Where direct buffers were allocated</h2>\n<p>The")
                .append(" <code>jdk.ObjectAllocationSample</code> events of the profiled windows whose object is a")
                .append(" <code>java.nio.DirectByteBuffer</code>, by the frames that allocated it, the most bytes")
                .append(" first: a new buffer (<code>ByteBuffer.allocateDirect</code> on top) takes native memory that")
                .append(" is freed only once a collection finds it unreachable, a view of one")
                .append(" (<code>slice</code>, <code>duplicate</code>) takes none. Bytes are JFR's estimate of the")
                .append(" heap allocated as these objects (the samples' weights), not the native memory.</p>\n");
        for (CpuProfiles.ModeProfile m : c.profiles().modes()) {
            List<Profile.AllocationSite> sites = m.directBufferSites();
            modeHeading(h, "direct-buffers", m);
            if (sites.isEmpty()) {
                h.append("no direct buffer's allocation was sampled in ")
                        .append(profiledRuns(m))
                        .append(".</p>\n</div>\n");
                continue;
            }
            h.append(String.format(
                    Locale.ROOT,
                    "%d samples at %d sites in %d profiled run%s%s:</p>\n",
                    sites.stream().mapToLong(Profile.AllocationSite::samples).sum(),
                    sites.size(),
                    m.runs(),
                    m.runs() == 1 ? "" : "s",
                    sites.size() > CpuProfileJson.SITES
                            ? ", the " + CpuProfileJson.SITES + " with the most bytes"
                            : ""));
            for (Profile.AllocationSite site : sites.subList(0, Math.min(CpuProfileJson.SITES, sites.size()))) {
                h.append("<details class=\"direct-buffer-site\"><summary>")
                        .append(String.format(
                                Locale.ROOT,
                                "%d samples, %s bytes: %s",
                                site.samples(),
                                fmt(site.bytes()),
                                SvgChart.escape(caller(site.frames()))))
                        .append("</summary><pre>")
                        .append(SvgChart.escape(String.join("\n", site.frames())))
                        .append("</pre></details>\n");
            }
            h.append("</div>\n");
        }
        h.append("</section>\n");
    }

    /** Opens a (test, mode) block of a section: its div of class {@code kind} and the paragraph's bold heading. */
    private static void modeHeading(StringBuilder h, String kind, CpuProfiles.ModeProfile m) {
        h.append("<div class=\"")
                .append(kind)
                .append("\" data-test=\"")
                .append(SvgChart.escape(m.test()))
                .append("\" data-mode=\"")
                .append(m.mode().label())
                .append("\"><p><b>")
                .append(SvgChart.escape(m.test()))
                .append(" · ")
                .append(m.mode().label())
                .append("</b>: ");
    }

    /** "1 profiled run", "2 profiled runs". */
    private static String profiledRuns(CpuProfiles.ModeProfile m) {
        return m.runs() + (m.runs() == 1 ? " profiled run" : " profiled runs");
    }

    /** A site in one line: its top frame, and the first frame below the JDK's nio classes if there is one. */
    private static String caller(List<String> frames) {
        if (frames.isEmpty()) {
            return "no stack";
        }
        return frames.stream()
                .filter(f -> !f.startsWith("java.nio."))
                .findFirst()
                .map(f -> frames.get(0) + " ← " + f)
                .orElse(frames.get(0));
    }

    private static void runs(StringBuilder h, Comparison c) {
        h.append("<h3>Profiled runs, in the order they ran (none in any verdict)</h3>\n<table id=\"profiled-runs\">")
                .append("<tr><th>#</th><th>test</th><th>mode</th><th>profiled run</th><th>level</th><th>window s</th>")
                .append(
                        "<th>requests</th><th>CPU µs per request</th><th>sampled CPU covers %</th><th>files</th></tr>\n");
        for (RunProfile p : c.profiles().runs()) {
            h.append(String.format(
                    Locale.ROOT,
                    "<tr><td>%d</td><td class=\"l\">%s</td><td class=\"l %s\">%s</td><td>%d</td><td class=\"l\">%s</td>",
                    p.run().order(),
                    SvgChart.escape(p.run().test()),
                    p.run().mode().label(),
                    p.run().mode().label(),
                    p.run().repetition(),
                    SvgChart.escape(p.level())));
            if (p.analysed()) {
                h.append(String.format(
                        Locale.ROOT,
                        "<td>%.0f</td><td>%d</td><td>%s</td><td>%.0f</td>",
                        p.window().seconds(),
                        p.requests(),
                        fmt(p.measuredMicrosPerRequest()),
                        100 * p.coverage()));
            } else {
                h.append("<td colspan=\"4\" class=\"l flag\">no profile: ")
                        .append(SvgChart.escape(p.problem()))
                        .append("</td>");
            }
            h.append("<td class=\"l\"><a href=\"").append(p.run().dir()).append("/\">run</a></td></tr>\n");
        }
        h.append("</table>\n");
    }

    private static String interval(Stats.Interval i) {
        if (i == null || Double.isNaN(i.mean())) {
            return "";
        }
        return Double.isNaN(i.low()) ? fmt(i.mean()) : fmt(i.mean()) + " ± " + fmt(i.halfWidth());
    }

    private static String ratio(LogRatio r) {
        if (r == null) {
            return "no round with both a valid profiled and a valid measured run";
        }
        String pairs = r.n1() + (r.n1() == 1 ? " pair" : " pairs");
        return r.determined()
                ? String.format(Locale.ROOT, "%.3f [%.3f, %.3f], %s", r.estimate(), r.low(), r.high(), pairs)
                : String.format(Locale.ROOT, "%.3f (%s), %s", r.estimate(), r.why(), pairs);
    }

    private static String difference(Contrasts.Difference d) {
        if (d == null || Double.isNaN(d.estimate())) {
            return "";
        }
        String sign = d.estimate() >= 0 ? "+" : "−";
        return sign
                + fmt(Math.abs(d.estimate()))
                + (d.determined()
                        ? " [" + fmt(d.low()) + ", " + fmt(d.high()) + "]"
                        : " (no interval: fewer than 2 runs per mode)");
    }

    private static String fmt(double v) {
        return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.2f", v);
    }
}
