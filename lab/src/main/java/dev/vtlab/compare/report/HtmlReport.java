package dev.vtlab.compare.report;

import dev.vtlab.compare.analyse.Headline;
import dev.vtlab.compare.analyse.RunResult;
import dev.vtlab.compare.judge.Comparison;
import dev.vtlab.compare.raw.ServerMetric;
import dev.vtlab.compare.raw.ServerSample;
import dev.vtlab.compare.settings.Catalogue;
import dev.vtlab.compare.settings.Metric;
import dev.vtlab.compare.stats.Stats;
import dev.vtlab.compare.stats.Verdict;
import dev.vtlab.dispatch.DispatchMode;
import dev.vtlab.measurement.SvgChart;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * index.html: one offline page, no script — the answer in sentences and the flags first, the primary verdicts,
 * every other figure and the environment folded, then every run, then charts per test.
 */
public final class HtmlReport {

    /** One colour per dispatch mode. */
    private static final Map<DispatchMode, String> COLORS = new EnumMap<>(Map.of(
            DispatchMode.THREADPOOL, "#1f77b4",
            DispatchMode.EXECUTOR_VIRTUAL, "#9467bd",
            DispatchMode.EXECUTOR_VIRTUAL_AT_RUN, "#8c564b",
            DispatchMode.POOL_VIRTUAL_WORKERS, "#2ca02c",
            DispatchMode.VIRTUAL, "#d62728",
            DispatchMode.PLATFORM_HANDOFF, "#ff7f0e",
            DispatchMode.MANAGED_VIRTUAL, "#e377c2",
            DispatchMode.MANAGED_PLATFORM, "#17becf",
            DispatchMode.THREADPOOL_ASYNC, "#bcbd22"));
    /** Every chart each test gets (ratio-to-baseline only with two or more modes); the smoke test checks them. */
    public static final List<String> CHARTS = List.of(
            "throughput-over-time",
            "ratio-to-baseline",
            "tps-per-level",
            "latency-percentiles",
            "server-cpu",
            "memory",
            "threads");

    private HtmlReport() {}

    public static void write(Comparison c, Path out) throws IOException {
        write(c, out, "");
    }

    /** With {@code sections}, HTML of other writers (the sizing pilot's), after the verdicts. */
    public static void write(Comparison c, Path out, String sections) throws IOException {
        StringBuilder h = new StringBuilder(128 * 1024);
        head(h);
        answer(h, c);
        if (Files.exists(out.resolve(StudyReport.HTML))) {
            // the study profile's claim-by-claim table, written just before this page
            h.append("<p id=\"study\"><b>The case study's claims, re-measured:</b> <a href=\"")
                    .append(StudyReport.HTML)
                    .append("\">")
                    .append(StudyReport.HTML)
                    .append("</a></p>\n");
        }
        verdicts(h, c);
        h.append(sections);
        environment(h, c);
        runs(h, c, out);
        CpuProfileHtml.write(h, c, out);
        for (String test : c.tests()) {
            testSection(h, c, test);
        }
        Files.writeString(
                out.resolve("index.html"), h.append("</body></html>\n").toString());
    }

    /** The page's head, its style (a class per mode's colour) and title. */
    private static void head(StringBuilder h) {
        h.append(
                        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>vtlab comparison</title>\n<style>")
                .append(
                        "body{font-family:sans-serif;margin:24px;color:#222}table{border-collapse:collapse;font-size:13px;margin-bottom:12px}")
                .append(
                        "td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}th{background:#f4f4f4}td.l{text-align:left}")
                .append(".better{background:#e6f4e6}.worse{background:#fbe4e4}.flag{color:#b00;font-weight:bold}")
                .append(".charts{display:flex;flex-wrap:wrap;gap:12px}.chart{margin:0;border:1px solid #eee}")
                .append(COLORS.entrySet().stream()
                        .map(e -> "." + e.getKey().label() + "{color:" + e.getValue() + "}")
                        .collect(Collectors.joining()))
                .append("</style></head><body>\n<h1>vtlab: Liberty thread pool vs virtual threads</h1>\n");
    }

    /** The environment, the wall time and how every figure was made, folded. */
    private static void environment(StringBuilder h, Comparison c) {
        h.append("<details id=\"environment\"><summary>Environment and method</summary>\n<p>");
        c.environment().entries().forEach((k, v) -> h.append("<b>")
                .append(k)
                .append("</b>: ")
                .append(SvgChart.escape(v))
                .append(" &nbsp; "));
        h.append("<b>wall time</b>: ")
                .append(
                        Double.isNaN(c.wallS())
                                ? "not recorded: the comparison was interrupted, these are the runs it finished"
                                : String.format(Locale.ROOT, "%.0f s", c.wallS()))
                .append("</p>\n");
        h.append("<p>Every figure is the mean over repetitions (each a fresh server and remote JVM) with its ")
                .append((int) (Stats.CONFIDENCE * 100))
                .append(" % confidence interval; each ratio is mode ÷ ")
                .append(c.modes().get(0).label())
                .append(" of geometric means, its interval Welch's on the logs of the runs' figures (or paired, where")
                .append(" the method pairs the runs). Throughput and latency count successful requests only, ")
                .append("over each load level's steady window. Each test's primary figure (its catalogue's) answers")
                .append(" its question; every other figure is secondary. Raw numbers: <a href=\"summary.json\">")
                .append("summary.json</a>, <a href=\"runs.csv\">runs.csv</a>, <a href=\"ratios.csv\">ratios.csv</a>;")
                .append(
                        " each run's raw files under <code>runs/</code>. The terms — steady window, MSER, the margin and")
                .append(" TOST, Holm, two-stage, variance components — are explained in the glossary at the end of the")
                .append(" lab's docs/decide.md.</p>\n")
                .append(TwoStageReport.html(c))
                .append("</details>\n");
    }

    /** A test's section: what it is, its request types, contrasts and variance, then its charts. */
    private static void testSection(StringBuilder h, Comparison c, String test) {
        Catalogue.LoadTest spec = Catalogue.resolve(test, c.environment().userTest());
        h.append("<h2 id=\"")
                .append(test)
                .append("\">")
                .append(test)
                .append("</h2>\n<p>")
                .append(SvgChart.escape(spec.about()))
                .append(". JMeter properties: <code>")
                .append(SvgChart.escape(c.runs().stream()
                        .filter(r -> r.test().equals(test))
                        .findFirst()
                        .map(r -> r.props().toString())
                        .orElse("")))
                .append("</code>");
        if (!spec.serverJvmArgs().isEmpty()) {
            h.append("; its servers' JVM options add <code>")
                    .append(SvgChart.escape(String.join(" ", spec.serverJvmArgs())))
                    .append("</code> to the comparison's");
        }
        h.append(" (each run's as its JVM reported them: <code>server_jvm_args</code> in summary.json)</p>\n");
        requestTypes(h, c, test);
        ContrastsReport.html(h, c, test);
        VariabilityReport.html(h, c, test);
        h.append("<div class=\"charts\">\n");
        for (String chart : CHARTS) {
            if (chart.equals("ratio-to-baseline") && c.modes().size() < 2) {
                continue;
            }
            h.append("<figure class=\"chart\" data-test=\"")
                    .append(test)
                    .append("\" data-chart=\"")
                    .append(chart)
                    .append("\">")
                    .append(chart(c, test, chart))
                    .append("</figure>\n");
        }
        h.append("</div>\n");
    }

    /** Per test and mode one sentence from the primary verdict, then which runs are doubtful. */
    private static void answer(StringBuilder h, Comparison c) {
        h.append("<section id=\"answer\"><h2>The answer</h2>\n<ul>\n");
        for (Answers.Answer a : Answers.of(c)) {
            h.append("<li class=\"answer ")
                    .append(a.ratio().judgement())
                    .append("\" data-test=\"")
                    .append(a.test())
                    .append("\" data-mode=\"")
                    .append(a.mode().label())
                    .append("\">")
                    .append(SvgChart.escape(a.text()))
                    .append("</li>\n");
        }
        boolean flagged = c.runs().stream().anyMatch(r -> !r.flags().isEmpty());
        h.append("</ul>\n<p id=\"flags\"")
                .append(flagged ? " class=\"flag\"" : "")
                .append(">")
                .append(SvgChart.escape(Answers.flags(c)))
                .append("</p>\n</section>\n");
    }

    /** The primary figure of each test first; every other figure folded below it. */
    private static void verdicts(StringBuilder h, Comparison c) {
        h.append("<h2>Verdicts</h2>\n");
        table(h, c, "primary", true);
        long others = c.tests().stream()
                .mapToLong(t -> headlines(c, t, false).stream()
                        .filter(x -> !x.equals(c.primary(t)))
                        .count())
                .sum();
        h.append("<details id=\"secondary\"><summary>Every other figure (")
                .append(others)
                .append(")</summary>\n");
        table(h, c, "verdicts", false);
        h.append("</details>\n");
    }

    private static void table(StringBuilder h, Comparison c, String id, boolean primary) {
        DispatchMode base = c.modes().get(0);
        h.append("<table id=\"")
                .append(id)
                .append("\"><tr><th>test</th><th>figure</th><th>")
                .append(base.label())
                .append("</th>");
        for (DispatchMode m : c.modes().subList(1, c.modes().size())) {
            h.append("<th>").append(m.label()).append("</th><th>ratio [CI]</th><th>verdict</th>");
        }
        h.append("</tr>\n");
        for (String test : c.tests()) {
            for (Headline headline : headlines(c, test, false)) {
                if (headline.equals(c.primary(test)) != primary) {
                    continue;
                }
                h.append("<tr><td class=\"l\">")
                        .append(test)
                        .append("</td><td class=\"l\">")
                        .append(SvgChart.escape(Labels.label(headline)))
                        .append("</td>");
                figures(h, c, test, headline);
                h.append("</tr>\n");
            }
        }
        h.append("</table>\n");
    }

    /** The plan's sampler labels, each on its own, when a test has more than one (a user's plan usually does). */
    private static void requestTypes(StringBuilder h, Comparison c, String test) {
        DispatchMode base = c.modes().get(0);
        List<Headline> headlines = headlines(c, test, true);
        if (headlines.isEmpty()) {
            return;
        }
        h.append("<p>Each request type (the plan's sampler labels) on its own, successes over ")
                .append(
                        c.runs().stream()
                                        .anyMatch(r -> r.test().equals(test)
                                                && r.levels().size() > 1)
                                ? "the steady windows of all load levels"
                                : "the steady window")
                .append(":</p>\n<table class=\"request-types\" data-test=\"")
                .append(test)
                .append("\"><tr><th>request type</th><th>figure</th><th>")
                .append(base.label())
                .append("</th>");
        for (DispatchMode m : c.modes().subList(1, c.modes().size())) {
            h.append("<th>").append(m.label()).append("</th><th>ratio [CI]</th><th>verdict</th>");
        }
        h.append("</tr>\n");
        for (Headline headline : headlines) {
            h.append("<tr><td class=\"l\">")
                    .append(SvgChart.escape(headline.requestType()))
                    .append("</td><td class=\"l\">")
                    .append(headline.metric().label)
                    .append("</td>");
            figures(h, c, test, headline);
            h.append("</tr>\n");
        }
        h.append("</table>\n");
    }

    /** A test's headlines in the order they were aggregated: the request types' or the others. */
    private static List<Headline> headlines(Comparison c, String test, boolean requestTypes) {
        return c.headlines(test).stream()
                .filter(x -> (x.requestType() != null) == requestTypes)
                .toList();
    }

    /** One figure's cells: the baseline's mean and interval, then each mode's, its ratio and verdict. */
    private static void figures(StringBuilder h, Comparison c, String test, Headline headline) {
        h.append("<td>")
                .append(interval(c.interval(test, c.modes().get(0), headline)))
                .append("</td>");
        for (DispatchMode m : c.modes().subList(1, c.modes().size())) {
            Comparison.RatioRow r = c.ratio(test, m, headline);
            h.append("<td>")
                    .append(interval(c.interval(test, m, headline)))
                    .append("</td><td>")
                    .append(
                            Double.isNaN(r.ratio().low())
                                    ? fmt3(r.ratio().estimate())
                                    : String.format(
                                            Locale.ROOT,
                                            "%.3f [%.3f, %.3f]",
                                            r.ratio().estimate(),
                                            r.ratio().low(),
                                            r.ratio().high()))
                    .append("</td><td class=\"l ")
                    .append(r.judgement())
                    .append("\">")
                    .append(SvgChart.escape(r.text()))
                    .append(r.judgement().isEmpty() ? "" : " — " + r.judgement())
                    .append(
                            r.verdict().verdict() != Verdict.UNDETERMINED
                                            && r.modeRuns().leftOut()
                                                            + r.baselineRuns().leftOut()
                                                            + r.flaggedKept()
                                                    > 0
                                    ? SvgChart.escape(" (on " + m.label() + " "
                                            + r.modeRuns().text() + ", "
                                            + r.baseline().label() + " "
                                            + r.baselineRuns().text() + ")")
                                    : "")
                    .append("</td>");
        }
    }

    /** A run's warm-up in whole seconds, "at its cap" when it ended there, "—" when the test has none. */
    private static String warmUp(RunResult r) {
        double s = r.record().warmupSeconds();
        if (Double.isNaN(s)) {
            return "—";
        }
        return String.format(Locale.ROOT, "%.0f", s)
                + (Boolean.FALSE.equals(r.record().warm()) ? " (at its cap)" : "");
    }

    private static void runs(StringBuilder h, Comparison c, Path out) {
        h.append(
                        "<h2>Runs, in the order they ran</h2>\n<table id=\"runs\"><tr><th>#</th><th>test</th><th>mode</th><th>rep</th><th>requests</th>")
                .append(
                        "<th>errors</th><th>steady req/s per level</th><th>server CPU %</th><th>JMeter CPU %</th><th>remote CPU %</th>")
                .append("<th>other CPU %</th><th>load avg before</th><th>warm-up s</th><th>flags and warnings</th>")
                .append("<th>files</th></tr>\n");
        for (RunResult r : c.runs()) {
            String levels = r.levels().stream()
                    .map(l -> String.format(Locale.ROOT, "%s: %.1f", l.name(), l.rps()))
                    .collect(Collectors.joining("<br>"));
            String cpu = r.levels().stream()
                    .map(l -> String.format(Locale.ROOT, "%.0f", l.cpuPct()))
                    .collect(Collectors.joining("<br>"));
            List<String> flags = new ArrayList<>();
            if (r.tooManyErrors()) {
                flags.add("<span class=\"flag\">errors above " + RunResult.ERROR_LIMIT_PCT + " %</span>");
            }
            r.warnings().forEach(w -> flags.add(SvgChart.escape(w)));
            String errors = r.errors()
                    + (r.errors() == 0
                            ? ""
                            : String.format(Locale.ROOT, " (%.2f %%: %s)", r.errorPct(), r.errorsByCode()));
            boolean dashboard = Files.exists(out.resolve(r.dir()).resolve("jmeter-dashboard/index.html"));
            h.append(String.format(
                    Locale.ROOT,
                    "<tr><td>%d</td><td class=\"l\">%s</td><td class=\"l %s\">%s</td><td>%d</td><td>%d</td><td class=\"%s\">%s</td>"
                            + "<td>%s</td><td>%s</td><td>%.0f</td><td>%.0f</td><td>%.0f</td><td>%.2f</td><td>%s</td><td class=\"l\">%s</td><td class=\"l\"><a href=\"%s/\">run</a>%s</td></tr>%n",
                    r.order(),
                    r.test(),
                    r.mode().label(),
                    r.mode().label(),
                    r.repetition(),
                    r.requests(),
                    r.tooManyErrors() ? "flag" : "",
                    SvgChart.escape(errors),
                    levels,
                    cpu,
                    r.jmeterCpuPct(),
                    r.remoteCpuPct(),
                    r.otherCpuPct(),
                    r.before().loadAverage1m(),
                    warmUp(r),
                    String.join("<br>", flags),
                    r.dir(),
                    dashboard
                            ? " · <a href=\"" + r.dir() + "/jmeter-dashboard/index.html\">JMeter dashboard</a>"
                            : ""));
        }
        h.append("</table>\n");
    }

    private static String chart(Comparison c, String test, String chart) {
        String id = test + "-" + chart;
        List<RunResult> runs =
                c.runs().stream().filter(r -> r.test().equals(test)).toList();
        return switch (chart) {
            case "throughput-over-time" ->
                SvgChart.line(
                        id,
                        "Successful answers per second, every repetition",
                        "seconds",
                        "req/s",
                        runs.stream().map(r -> perSecond(r)).toList());
            case "ratio-to-baseline" -> ratioToBaseline(c, test, id);
            case "tps-per-level" ->
                levelBars(c, test, id, "Steady throughput per load level (mean, CI)", "req/s", Metric.STEADY_RPS);
            case "latency-percentiles" -> latencyPercentiles(c, test, id, runs);
            case "server-cpu" ->
                SvgChart.line(
                        id,
                        "Server CPU, every repetition",
                        "seconds",
                        "% of one core",
                        runs.stream()
                                .map(r -> sampled(
                                        r.mode().label() + " #" + r.repetition(),
                                        COLORS.get(r.mode()),
                                        false,
                                        r,
                                        ServerSample::serverCpuPct))
                                .toList());
            case "memory" ->
                SvgChart.line(
                        id,
                        "Server RSS (solid) and heap used (dashed)",
                        "seconds",
                        "bytes",
                        runs.stream().flatMap(r -> memory(r)).toList());
            case "threads" ->
                SvgChart.line(
                        id,
                        "Liberty pool size (solid) vs virtual threads in flight (dashed)",
                        "seconds",
                        "threads",
                        runs.stream().flatMap(r -> threads(r)).toList());
            default -> throw new IllegalArgumentException(chart);
        };
    }

    /** Each mode's ratio to the baseline of the test's figures (not the request types'), with its interval. */
    private static String ratioToBaseline(Comparison c, String test, String id) {
        return SvgChart.ratios(
                id,
                "Ratio to " + c.modes().get(0).label() + " with its interval",
                c.ratios().stream()
                        .filter(r -> r.test().equals(test) && r.headline().requestType() == null)
                        .map(r -> new SvgChart.RatioPoint(
                                Labels.label(r.headline()),
                                r.mode().label(),
                                COLORS.get(r.mode()),
                                r.ratio().estimate(),
                                r.ratio().low(),
                                r.ratio().high()))
                        .toList());
    }

    /** The percentiles at the highest load level, where the modes differ most. */
    private static String latencyPercentiles(Comparison c, String test, String id, List<RunResult> runs) {
        String top =
                runs.isEmpty() ? null : level(runs.get(0), runs.get(0).levels().size() - 1);
        return SvgChart.bars(
                id,
                "Latency at the top level, successes (mean, CI)",
                "ms",
                List.of("p50", "p95", "p99"),
                modeBars(
                        c,
                        test,
                        Stream.of(Metric.P50_MS, Metric.P95_MS, Metric.P99_MS)
                                .map(m -> new Headline(m, top, null))
                                .toList()));
    }

    /** A run's RSS and heap used, one series each. */
    private static Stream<SvgChart.Series> memory(RunResult r) {
        return Stream.of(
                sampled(
                        r.mode().label() + " RSS #" + r.repetition(),
                        COLORS.get(r.mode()),
                        false,
                        r,
                        ServerSample::rssBytes),
                sampled(
                        r.mode().label() + " heap #" + r.repetition(),
                        COLORS.get(r.mode()),
                        true,
                        r,
                        x -> x.metric(ServerMetric.MEMORY_USED_HEAP_BYTES)));
    }

    /** A run's pool size, and its virtual threads in flight where its mode has any and they were sampled. */
    private static Stream<SvgChart.Series> threads(RunResult r) {
        SvgChart.Series pool = sampled(
                r.mode().label() + ": pool size #" + r.repetition(),
                COLORS.get(r.mode()),
                false,
                r,
                x -> x.metric(ServerMetric.THREADPOOL_SIZE));
        // the Dispatcher's virtual threads, or in executor-virtual mode the feature's
        ServerMetric metric = r.mode().virtualThreadPerTask()
                ? ServerMetric.EXECUTOR_VIRTUAL_TASKS_IN_FLIGHT
                : ServerMetric.VIRTUAL_THREADS_ACTIVE;
        SvgChart.Series vts = sampled(
                r.mode().label() + ": virtual threads in flight #" + r.repetition(),
                COLORS.get(r.mode()),
                true,
                r,
                x -> x.metric(metric));
        return vts.x().length > 0 && (r.mode().handsOff() || r.mode().virtualThreadPerTask())
                ? Stream.of(pool, vts)
                : Stream.of(pool);
    }

    private static String levelBars(Comparison c, String test, String id, String title, String unit, Metric metric) {
        List<RunResult> runs =
                c.runs().stream().filter(r -> r.test().equals(test)).toList();
        List<String> groups = runs.isEmpty()
                ? List.of()
                : runs.get(0).levels().stream().map(RunResult.Level::name).toList();
        return SvgChart.bars(
                id,
                title,
                unit,
                groups,
                modeBars(
                        c,
                        test,
                        groups.stream()
                                .map(g -> new Headline(metric, groups.size() == 1 ? null : g, null))
                                .toList()));
    }

    /** Per mode, a bar of each headline's mean with its interval (NaN where the mode has none). */
    private static List<SvgChart.Bars> modeBars(Comparison c, String test, List<Headline> headlines) {
        return c.modes().stream()
                .map(m -> {
                    double[] v = new double[headlines.size()],
                            lo = new double[headlines.size()],
                            hi = new double[headlines.size()];
                    for (int i = 0; i < headlines.size(); i++) {
                        Stats.Interval in = c.interval(test, m, headlines.get(i));
                        v[i] = in == null ? Double.NaN : in.mean();
                        lo[i] = in == null ? Double.NaN : in.low();
                        hi[i] = in == null ? Double.NaN : in.high();
                    }
                    return new SvgChart.Bars(m.label(), COLORS.get(m), v, lo, hi);
                })
                .toList();
    }

    /** The name a level's headlines carry: none where the test has one level. */
    private static String level(RunResult r, int index) {
        return r.levels().size() == 1 ? null : r.levels().get(index).name();
    }

    private static SvgChart.Series perSecond(RunResult r) {
        double[] x = new double[r.perSecondOk().length];
        for (int i = 0; i < x.length; i++) {
            x[i] = i;
        }
        return new SvgChart.Series(
                r.mode().label() + " #" + r.repetition(), COLORS.get(r.mode()), false, x, r.perSecondOk());
    }

    private static SvgChart.Series sampled(
            String name, String color, boolean dashed, RunResult r, ToDoubleFunction<ServerSample> f) {
        List<ServerSample> present = r.samples().stream()
                .filter(s -> !Double.isNaN(f.applyAsDouble(s)))
                .toList();
        return new SvgChart.Series(
                name,
                color,
                dashed,
                present.stream()
                        .mapToDouble(s -> (s.epochMs() - r.t0EpochMs()) / 1000.0)
                        .toArray(),
                present.stream().mapToDouble(f).toArray());
    }

    private static String interval(Stats.Interval i) {
        if (i == null || Double.isNaN(i.mean())) {
            return "";
        }
        return Double.isNaN(i.low()) ? fmt(i.mean()) : fmt(i.mean()) + " ± " + fmt(i.halfWidth());
    }

    private static String fmt(double v) {
        return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.2f", v);
    }

    private static String fmt3(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.3f", v);
    }
}
