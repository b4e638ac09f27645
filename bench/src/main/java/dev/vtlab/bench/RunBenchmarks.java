package dev.vtlab.bench;

import dev.vtlab.bench.asynctasks.AsyncTasksBenchmark;
import dev.vtlab.bench.executorgrid.ExecutorGridBenchmark;
import dev.vtlab.bench.pinning.PinningBenchmark;
import dev.vtlab.bench.report.Environment;
import dev.vtlab.bench.report.JmhMarkdownReport;
import dev.vtlab.bench.sleeptasks.SleepTasksBenchmark;
import dev.vtlab.bench.support.Knobs;
import dev.vtlab.bench.support.Observations;
import dev.vtlab.bench.threadlocal.ThreadLocalMemoryBenchmark;
import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs every experiment through JMH's Java API and writes, per experiment, JMH's own JSON
 * (jmh-NAME.json) and the forks' observations (observations-NAME.jsonl), then the Markdown report.
 * The API rather than the command line because the executor grid needs different JVM arguments
 * for different params (maxPoolSize per fork), which one JMH command line cannot express.
 *
 * <p>Knobs: vtlab.bench.profile (full | smoke), vtlab.bench.results (directory),
 * vtlab.bench.include (regex on the experiment names below), vtlab.bench.param.NAME=v1,v2 (overrides
 * the JMH @Param NAME wherever a benchmark declares it), vtlab.bench.grid.threads (JMH threads
 * sharing one executor in the grid, 4 as published), vtlab.bench.pinning.jvms (java executables of
 * other JDKs to run the pinning experiment on as well, e.g. a JDK 21 to see the pinning JEP 491 removed).
 */
public final class RunBenchmarks {
    public static final Map<String, Class<?>> EXPERIMENTS = Map.of(
            "executor-grid", ExecutorGridBenchmark.class,
            "sleep-tasks", SleepTasksBenchmark.class,
            "async-tasks", AsyncTasksBenchmark.class,
            "pinning", PinningBenchmark.class,
            "threadlocal", ThreadLocalMemoryBenchmark.class);
    /** Run order: the cheap, timing-sensitive ones first. */
    public static final List<String> ORDER =
            List.of("executor-grid", "pinning", "threadlocal", "sleep-tasks", "async-tasks");

    private final boolean smoke;
    private final Path results;

    private RunBenchmarks(boolean smoke, Path results) {
        this.smoke = smoke;
        this.results = results;
    }

    public static void main(String[] args) throws IOException, RunnerException {
        String profile = Knobs.string("vtlab.bench.profile", "full");
        if (!profile.equals("full") && !profile.equals("smoke")) {
            throw new IllegalArgumentException("vtlab.bench.profile must be full or smoke: " + profile);
        }
        Path results =
                Path.of(Knobs.string("vtlab.bench.results", "target/results")).toAbsolutePath();
        Files.createDirectories(results);
        Pattern include = Pattern.compile(Knobs.string("vtlab.bench.include", ".*"));
        RunBenchmarks runner = new RunBenchmarks(profile.equals("smoke"), results);
        for (String experiment : ORDER) {
            if (include.matcher(experiment).matches()) {
                // Per experiment, so a later run of one experiment keeps the others' machine state.
                Environment.capture(experiment + " before", results.resolve("environment-jmh.json"));
                runner.run(experiment);
                Environment.capture(experiment + " after", results.resolve("environment-jmh.json"));
            }
        }
        Path report = JmhMarkdownReport.write(results);
        System.out.println("[vtlab-bench] wrote " + report);
    }

    private void run(String experiment) throws IOException, RunnerException {
        Path json = results.resolve("jmh-" + experiment + ".json");
        Path observations = results.resolve("observations-" + experiment + ".jsonl");
        Files.deleteIfExists(json);
        Files.deleteIfExists(observations);
        List<RunResult> all = new ArrayList<>();
        for (ChainedOptionsBuilder options : plan(experiment)) {
            options.jvmArgsPrepend("-D" + Observations.FILE_PROPERTY + "=" + observations)
                    .shouldFailOnError(true)
                    .forks(1);
            all.addAll(new Runner(options.build()).run());
        }
        // One JSON per experiment in JMH's own format, though it came from several Runner calls.
        ResultFormatFactory.getInstance(ResultFormatType.JSON, json.toString()).writeOut(all);
        System.out.println("[vtlab-bench] wrote " + json);
    }

    private List<ChainedOptionsBuilder> plan(String experiment) {
        return switch (experiment) {
            case "executor-grid" -> executorGrid();
            case "sleep-tasks" ->
                List.of(benchmark(
                        SleepTasksBenchmark.class,
                        ".*",
                        smallCounts(
                                "tasks",
                                "300",
                                "sleepMillis",
                                "100",
                                "fixedPoolSize",
                                "50",
                                "cachedPoolThreadCap",
                                "100"),
                        Map.of(),
                        o -> o));
            case "async-tasks" ->
                List.of(
                        benchmark(
                                AsyncTasksBenchmark.class,
                                "virtualAsyncExecutor",
                                smallCounts("tasks", "800", "sleepMillis", "5"),
                                Map.of(),
                                o -> o),
                        // ~10 minutes on the published counts: one measured shot, no warm-up, and room for it.
                        benchmark(
                                AsyncTasksBenchmark.class,
                                "platformAsyncExecutor",
                                smallCounts("tasks", "800", "sleepMillis", "5"),
                                Map.of(),
                                o -> smoke
                                        ? o
                                        : o.warmupIterations(0)
                                                .measurementIterations(1)
                                                .timeout(TimeValue.minutes(30))));
            case "pinning" -> pinning();
            case "threadlocal" ->
                List.of(benchmark(
                        ThreadLocalMemoryBenchmark.class, ".*", smallCounts("threads", "20000"), Map.of(), o -> o));
            default -> throw new IllegalArgumentException("unknown experiment " + experiment);
        };
    }

    /** On the JDK running this, then on each JDK of vtlab.bench.pinning.jvms (JMH's own -jvm option). */
    private List<ChainedOptionsBuilder> pinning() {
        List<ChainedOptionsBuilder> runs = new ArrayList<>();
        runs.add(benchmark(
                PinningBenchmark.class, ".*", smallCounts("tasks", "20", "holdMillis", "5"), Map.of(), o -> o));
        for (String java : Knobs.list("vtlab.bench.pinning.jvms", "")) {
            if (!Files.isExecutable(Path.of(java))) {
                throw new IllegalArgumentException("vtlab.bench.pinning.jvms: " + java + " is not an executable java");
            }
            runs.add(benchmark(
                    PinningBenchmark.class,
                    ".*",
                    smallCounts("tasks", "20", "holdMillis", "5"),
                    Map.of(),
                    o -> o.jvm(java)));
        }
        return runs;
    }

    /**
     * The grid three times: the fixed pool; virtual threads with maxPoolSize set in @Setup (as
     * published); and virtual threads with maxPoolSize as a -D of each fork (the right way).
     */
    private List<ChainedOptionsBuilder> executorGrid() {
        int threads = (int) Knobs.bounded("vtlab.bench.grid.threads", 4, 1, 64);
        Map<String, String> counts = smallCounts("loop", "100", "nThreads", "50");
        UnaryOperator<ChainedOptionsBuilder> settings = o -> (smoke ? o : o.warmupIterations(3)).threads(threads);
        List<ChainedOptionsBuilder> runs = new ArrayList<>();
        runs.add(benchmark(
                ExecutorGridBenchmark.class, "fixedThreadPool", counts, Map.of("maxPoolSizeFrom", "setup"), settings));
        runs.add(benchmark(
                ExecutorGridBenchmark.class,
                "virtualThreadPerTask",
                counts,
                Map.of("maxPoolSizeFrom", "setup"),
                settings));
        String nThreadsValues = System.getProperty(
                "vtlab.bench.param.nThreads",
                counts.getOrDefault(
                        "nThreads", String.join(",", paramValues(ExecutorGridBenchmark.class, "nThreads"))));
        for (String nThreads : nThreadsValues.split(",")) {
            runs.add(benchmark(
                            ExecutorGridBenchmark.class,
                            "virtualThreadPerTask",
                            counts,
                            Map.of("maxPoolSizeFrom", "fork", "nThreads", nThreads),
                            settings)
                    .jvmArgsAppend("-Djdk.virtualThreadScheduler.maxPoolSize=" + nThreads));
        }
        return runs;
    }

    /**
     * Options for the methods of {@code type} matching {@code methodRegex}. Each JMH param is set
     * once (JMH's param() adds values): the smoke counts, replaced by -Dvtlab.bench.param.NAME, replaced
     * by the params this run is about ({@code fixed}).
     */
    private ChainedOptionsBuilder benchmark(
            Class<?> type,
            String methodRegex,
            Map<String, String> smokeCounts,
            Map<String, String> fixed,
            UnaryOperator<ChainedOptionsBuilder> settings) {
        ChainedOptionsBuilder options =
                new OptionsBuilder().include(Pattern.quote(type.getName()) + "\\." + methodRegex + "$");
        if (smoke) {
            options.warmupIterations(0).measurementIterations(1).measurementTime(TimeValue.milliseconds(200));
        }
        Map<String, String> params = new LinkedHashMap<>(smokeCounts);
        for (String param : declaredParams(type)) {
            String override = System.getProperty("vtlab.bench.param." + param);
            if (override != null) {
                params.put(param, override);
            }
        }
        params.putAll(fixed);
        params.forEach((name, values) -> options.param(name, values.split(",")));
        return settings.apply(options);
    }

    /** The small counts of the smoke profile (name/value pairs); none in the full profile. */
    private Map<String, String> smallCounts(String... nameValuePairs) {
        Map<String, String> counts = new LinkedHashMap<>();
        for (int i = 0; smoke && i < nameValuePairs.length; i += 2) {
            counts.put(nameValuePairs[i], nameValuePairs[i + 1]);
        }
        return counts;
    }

    public static Set<String> declaredParams(Class<?> type) {
        return Arrays.stream(type.getDeclaredFields())
                .filter(f -> f.isAnnotationPresent(Param.class))
                .map(Field::getName)
                .collect(Collectors.toSet());
    }

    private static List<String> paramValues(Class<?> type, String name) {
        String override = System.getProperty("vtlab.bench.param." + name);
        if (override != null) {
            return List.of(override.split(","));
        }
        try {
            return List.of(
                    type.getDeclaredField(name).getAnnotation(Param.class).value());
        } catch (NoSuchFieldException e) {
            throw new IllegalArgumentException(type + " has no @Param " + name, e);
        }
    }
}
