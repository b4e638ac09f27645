package dev.vtlab.compare.report;

import dev.vtlab.compare.judge.CrossoverJudge;
import dev.vtlab.compare.run.CrossoverRunner;
import dev.vtlab.compare.stats.Contrasts;
import dev.vtlab.compare.stats.LogRatio;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonWriterFactory;
import jakarta.json.stream.JsonGenerator;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The crossover design's writers over its one judged result ({@link CrossoverJudge.Result}): {@code crossover.json},
 * {@code crossover.md}, the raw {@code slices.csv}, and the console's summary.
 */
public final class CrossoverReport {

    public static final String JSON = "crossover.json";
    public static final String MARKDOWN = "crossover.md";
    public static final String SLICES = "slices.csv";

    private CrossoverReport() {}

    /** @param environment where and on what it ran: the machine, kernel, JDK, Liberty, CPUs, command */
    public static void write(
            Path out, CrossoverJudge.Result result, List<CrossoverRunner.Slice> slices, Map<String, String> environment)
            throws IOException {
        Files.createDirectories(out);
        Files.writeString(out.resolve(SLICES), csv(slices));
        Files.writeString(out.resolve(JSON), json(result, environment));
        Files.writeString(out.resolve(MARKDOWN), markdown(result, environment));
    }

    /** The keys of the environment the markdown's conditions line names, in its order. */
    private static final List<String> CONDITIONS = List.of(
            "load", "cpu_model", "cpu_plan", "kernel", "jdk", "liberty", "calibration", "generated_at", "command");

    /** One row a slice: what the analysis reads, so that it can be redone from this file alone. */
    static String csv(List<CrossoverRunner.Slice> slices) {
        StringBuilder b = new StringBuilder(
                "block,position,mode,start_epoch_ms,end_epoch_ms,requests,other_modes_requests,server_cpu_s,kernel_irq_softirq_s,server_cpus_busy_s,steal_s\n");
        for (CrossoverRunner.Slice s : slices) {
            b.append(String.format(
                    Locale.ROOT,
                    "%d,%d,%s,%d,%d,%d,%d,%.2f,%.2f,%.2f,%.2f%n",
                    s.block(),
                    s.position(),
                    s.mode().label(),
                    s.start().epochMs(),
                    s.end().epochMs(),
                    s.requests(),
                    s.others(),
                    s.cpuSeconds(),
                    s.kernelSeconds(),
                    s.busySeconds(),
                    s.stealSeconds()));
        }
        return b.toString();
    }

    static String json(CrossoverJudge.Result r, Map<String, String> environment) {
        JsonObjectBuilder env = Json.createObjectBuilder();
        environment.forEach(env::add);
        JsonObjectBuilder root = Json.createObjectBuilder()
                .add("design", "crossover")
                .add("test", r.test())
                .add("answer", Json.createArrayBuilder(CrossoverAnswer.of(r, environment)))
                .add("slice_seconds", r.design().sliceSeconds())
                .add("discard_seconds", r.design().discardSeconds())
                .add("blocks", r.design().blocks())
                .add("warmup_slices", r.warmupSlices())
                .add("warmup_s", round(r.warmupSeconds(), 1))
                .add("warmed", r.warmed())
                .add("wall_s", round(r.wallSeconds(), 1))
                .add("environment", env);
        root.add("modes", modesJson(r));
        root.add("contrasts", contrastsJson(r));
        root.add(
                "settling_after_switch",
                Json.createObjectBuilder()
                        .add("after_another_mode", curve(r.settling().switched()))
                        .add("after_the_same_mode", curve(r.settling().same())));
        root.add("carry_over", carryOverJson(r));
        if (r.profile() != null) {
            root.add("profile", CrossoverProfileReport.json(r.profile()));
        }
        StringWriter w = new StringWriter();
        JsonWriterFactory f = Json.createWriterFactory(Map.of(JsonGenerator.PRETTY_PRINTING, true));
        f.createWriter(w).write(root.build());
        return w + "\n";
    }

    private static JsonArrayBuilder modesJson(CrossoverJudge.Result r) {
        JsonArrayBuilder modes = Json.createArrayBuilder();
        for (CrossoverJudge.ModeFigures m : r.modes()) {
            modes.add(Json.createObjectBuilder()
                    .add("mode", m.mode().label())
                    .add("slices", m.slices())
                    .add("requests_per_s", number(m.requestsPerSecond(), 1))
                    .add("cpu_us_per_request", number(m.cpuUsPerRequest(), 2))
                    .add("kernel_us_per_request", number(m.kernelUsPerRequest(), 2))
                    .add("server_cpus_busy_us_per_request", number(m.busyUsPerRequest(), 2))
                    .add("latency_mean_ms", number(m.meanLatencyMs(), 2))
                    .add("latency_p95_ms", number(m.p95LatencyMs(), 1))
                    .add("in_flight_littles_law", number(m.inFlight(), 1))
                    .add("pool_threads", number(m.poolThreads(), 1))
                    .add("os_threads", number(m.osThreads(), 1))
                    .add("other_modes_share", number(m.othersShare(), 5))
                    .add("steal_pct", number(m.stealPct(), 3)));
        }
        return modes;
    }

    private static JsonArrayBuilder contrastsJson(CrossoverJudge.Result r) {
        JsonArrayBuilder contrasts = Json.createArrayBuilder();
        for (CrossoverJudge.Contrast c : r.contrasts()) {
            JsonObjectBuilder o = Json.createObjectBuilder()
                    .add("mode", c.mode().label())
                    .add("baseline", c.baseline().label());
            for (Map.Entry<String, LogRatio> e : CrossoverJudge.ratios(c).entrySet()) {
                o.add(e.getKey(), ratio(e.getValue()));
            }
            o.add("verdict", c.cpu().verdict().words())
                    .add("verdict_server_cpu_busy", c.cpuWithKernel().verdict().words())
                    .add("verdict_text", c.cpu().text());
            contrasts.add(o);
        }
        return contrasts;
    }

    private static JsonArrayBuilder carryOverJson(CrossoverJudge.Result r) {
        JsonArrayBuilder carry = Json.createArrayBuilder();
        for (CrossoverJudge.CarryOver c : r.carryOver()) {
            Contrasts.Difference d = c.afterAnotherLessAfterItself();
            JsonObjectBuilder o = Json.createObjectBuilder()
                    .add("mode", c.mode().label())
                    .add("cpu_us_per_request_after_another_less_after_itself", number(d.estimate(), 2));
            if (d.determined()) {
                o.add("ci95_low", number(d.low(), 2)).add("ci95_high", number(d.high(), 2));
            } else {
                o.add("why", d.why());
            }
            carry.add(o);
        }
        return carry;
    }

    private static JsonObjectBuilder curve(CrossoverJudge.Curve c) {
        JsonArrayBuilder rate = Json.createArrayBuilder(), cpu = Json.createArrayBuilder();
        for (int k = 0; k < c.rate().length; k++) {
            rate.add(number(c.rate()[k], 3));
            cpu.add(number(c.cpuPerRequest()[k], 3));
        }
        return Json.createObjectBuilder()
                .add("slices", c.slices())
                .add("rate", rate)
                .add("cpu_per_request", cpu);
    }

    private static JsonObjectBuilder ratio(LogRatio r) {
        // full precision: a reader's rounding to three places is then the lab's
        JsonObjectBuilder o = Json.createObjectBuilder().add("ratio", Json.createValue(r.estimate()));
        if (r.determined()) {
            o.add("ci95_low", Json.createValue(r.low()))
                    .add("ci95_high", Json.createValue(r.high()))
                    .add("pairs", r.n1());
        } else {
            o.add("why", r.why());
        }
        return o;
    }

    static String markdown(CrossoverJudge.Result r, Map<String, String> environment) {
        StringBuilder b = new StringBuilder();
        b.append("# Crossover: ").append(r.test()).append("\n\n");
        // the answer first, so that a reader finds it before the design and the tables
        b.append("## The answer\n\n");
        CrossoverAnswer.of(r, environment).forEach(s -> b.append("- ").append(s).append('\n'));
        b.append("\n## The run\n\n");
        b.append(String.format(
                Locale.ROOT,
                "Every mode in one warm server, switched every %d s under one constant load; the first %d s after each"
                        + " switch not measured. %d blocks of %d modes, after a warm-up of %d slices in %.0f s that ended"
                        + " %s; %.1f min in all.%n%n",
                r.design().sliceSeconds(),
                r.design().discardSeconds(),
                r.design().blocks(),
                r.design().modes().size(),
                r.warmupSlices(),
                r.warmupSeconds(),
                r.warmed() ? "with the JIT quiet" : "at its cap with the JIT still compiling: not a result",
                r.wallSeconds() / 60));
        for (String key : CONDITIONS) {
            if (environment.containsKey(key)) {
                b.append("- ")
                        .append(key.replace('_', ' '))
                        .append(": ")
                        .append(environment.get(key))
                        .append('\n');
            }
        }
        if (CONDITIONS.stream().anyMatch(environment::containsKey)) {
            b.append('\n');
        }
        modesTable(b, r);
        contrastsTable(b, r);
        settling(b, r);
        if (r.profile() != null) {
            CrossoverProfileReport.markdown(b, r.profile());
        }
        return b.toString();
    }

    private static void modesTable(StringBuilder b, CrossoverJudge.Result r) {
        b.append(
                "| mode | req/s | CPU µs a request | its CPU's interrupts, µs a request | its CPU busy, µs a request | mean ms | p95 ms | in flight, N = X·R |"
                        + " pool threads | OS threads |\n|---|---|---|---|---|---|---|---|---|---|\n");
        for (CrossoverJudge.ModeFigures m : r.modes()) {
            b.append(String.format(
                    Locale.ROOT,
                    "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n",
                    m.mode().label(),
                    cell(m.requestsPerSecond(), 0),
                    cell(m.cpuUsPerRequest(), 1),
                    cell(m.kernelUsPerRequest(), 1),
                    cell(m.busyUsPerRequest(), 1),
                    cell(m.meanLatencyMs(), 2),
                    cell(m.p95LatencyMs(), 0),
                    cell(m.inFlight(), 1),
                    cell(m.poolThreads(), 1),
                    cell(m.osThreads(), 0)));
        }
    }

    private static void contrastsTable(StringBuilder b, CrossoverJudge.Result r) {
        b.append(
                "\n| contrast | requests per CPU-second, 95 % CI | verdict | per second of the server CPU's whole busy time |"
                        + " requests per second |\n|---|---|---|---|---|\n");
        for (CrossoverJudge.Contrast c : r.contrasts()) {
            b.append("| ")
                    .append(c.mode().label())
                    .append(" ÷ ")
                    .append(c.baseline().label())
                    .append(" | ")
                    .append(interval(c.cpu().ratio()))
                    .append(" | ")
                    .append(c.cpu().text())
                    .append(" | ")
                    .append(interval(c.cpuWithKernel().ratio()))
                    .append(" | ")
                    .append(interval(c.rate().ratio()))
                    .append(" |\n");
        }
    }

    /** Each second since the switch, its rate and CPU per request against the slice's last third; then carry-over. */
    private static void settling(StringBuilder b, CrossoverJudge.Result r) {
        CrossoverJudge.Curve after = r.settling().switched(),
                same = r.settling().same();
        b.append("\nAfter each switch, by second, against the same slice's last third (medians over slices; the first ")
                .append(r.design().discardSeconds())
                .append(" s are discarded). ")
                .append(after.slices())
                .append(" slices follow another mode, ")
                .append(same.slices())
                .append(" their own:\n\n| second | rate, after another mode | CPU a request, after another mode |"
                        + " rate, after its own | CPU a request, after its own |\n|---|---|---|---|---|\n");
        for (int k = 0; k < after.rate().length; k++) {
            b.append("| ")
                    .append(k + 1)
                    .append(" | ")
                    .append(cell(after.rate()[k], 3))
                    .append(" | ")
                    .append(cell(after.cpuPerRequest()[k], 3))
                    .append(" | ")
                    .append(cell(same.rate()[k], 3))
                    .append(" | ")
                    .append(cell(same.cpuPerRequest()[k], 3))
                    .append(" |\n");
        }
        b.append(
                "\nCarry-over: each mode's CPU µs a request in slices after another mode, less in slices after its own."
                        + " A difference beyond its interval is carry-over the discard did not remove.\n\n"
                        + "| mode | after another − after its own, µs, 95 % CI |\n|---|---|\n");
        for (CrossoverJudge.CarryOver c : r.carryOver()) {
            Contrasts.Difference d = c.afterAnotherLessAfterItself();
            b.append("| ")
                    .append(c.mode().label())
                    .append(" | ")
                    .append(
                            d.determined()
                                    ? String.format(
                                            Locale.ROOT, "%+.1f [%+.1f, %+.1f]", d.estimate(), d.low(), d.high())
                                    : "— (" + d.why() + ")")
                    .append(" |\n");
        }
    }

    /** The console's lines: one a mode, one a contrast, then the answer's sentences, as crossover.md opens with them. */
    public static void console(CrossoverJudge.Result r, Map<String, String> environment, PrintStream out) {
        for (CrossoverJudge.ModeFigures m : r.modes()) {
            out.printf(
                    Locale.ROOT,
                    "[compare] crossover · %s · %.0f req/s · %.1f µs CPU a request (its CPU's interrupts %.1f µs) · in flight %.1f%n",
                    m.mode().label(),
                    m.requestsPerSecond(),
                    m.cpuUsPerRequest(),
                    m.kernelUsPerRequest(),
                    m.inFlight());
        }
        for (CrossoverJudge.Contrast c : r.contrasts()) {
            out.printf(
                    Locale.ROOT,
                    "[compare] crossover · %s ÷ %s, requests per CPU-second: %s%n",
                    c.mode().label(),
                    c.baseline().label(),
                    c.cpu().ratio().determined()
                            ? interval(c.cpu().ratio()) + ", " + c.cpu().text()
                            : interval(c.cpu().ratio()));
        }
        for (String sentence : CrossoverAnswer.of(r, environment)) {
            out.println("[compare] answer: " + sentence);
        }
    }

    /** A figure to {@code digits} decimals, or a dash where it was not read. */
    private static String cell(double v, int digits) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%." + digits + "f", v) : "—";
    }

    static String interval(LogRatio r) {
        return r.determined()
                ? String.format(Locale.ROOT, "%.3f [%.3f, %.3f]", r.estimate(), r.low(), r.high())
                : String.format(Locale.ROOT, "%.3f (%s)", r.estimate(), r.why());
    }

    private static jakarta.json.JsonValue number(double v, int digits) {
        return Double.isFinite(v) ? Json.createValue(round(v, digits)) : jakarta.json.JsonValue.NULL;
    }

    private static double round(double v, int digits) {
        double f = Math.pow(10, digits);
        return Math.round(v * f) / f;
    }
}
