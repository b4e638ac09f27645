package dev.vtlab.profile;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import one.convert.Arguments;
import one.convert.FlameGraph;
import one.convert.JfrToFlame;

/**
 * CPU flame graphs of a recording's window, as async-profiler's converter (jfr-converter) draws them: one
 * self-contained HTML file each (its script and styles inline, nothing loaded from elsewhere), frames in
 * dotted class names, lambdas' generated names normalised so that two runs' graphs line up.
 */
public final class FlameGraphs {

    /** Stacks from the top frame down: the method where the CPU was at the root, its callers above it. */
    private static final String REVERSE = "--reverse";

    private FlameGraphs() {}

    /** The CPU-time samples (jdk.CPUTimeSample) of {@code window}, as a flame graph. */
    public static void write(Path recording, Window window, String title, Path html) throws IOException {
        dump(parse(recording, window, title), html);
    }

    /**
     * A differential flame graph of {@code recording}'s window against {@code baseline}'s, reversed: the
     * method where the CPU was at the root, its callers above it, so that two modes whose threads start
     * differently (a pool thread's {@code Thread.run}, a virtual thread's {@code Continuation.enterSpecial})
     * still line up on the methods they share. Each frame is coloured by how its share of the samples
     * changed against the baseline (red: more, blue: less; a colour of its own when the baseline does not have
     * it). The converter normalises the two by their totals, so the colours compare shares, not CPU time.
     */
    public static void diff(
            Path baseline, Window baselineWindow, Path recording, Window window, String title, Path html)
            throws IOException {
        FlameGraph graph = parse(recording, window, title, REVERSE);
        graph.diff(parse(baseline, baselineWindow, title, REVERSE));
        dump(graph, html);
    }

    private static FlameGraph parse(Path recording, Window window, String title, String... more) throws IOException {
        return JfrToFlame.parse(recording.toString(), arguments(window, title, more));
    }

    private static Arguments arguments(Window window, String title, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "--cpu-time",
                "--dot",
                "--norm",
                "--from",
                String.valueOf(window.startEpochMs()),
                "--to",
                String.valueOf(window.endEpochMs()),
                "--title",
                title));
        args.addAll(List.of(more));
        return new Arguments(args.toArray(String[]::new));
    }

    private static void dump(FlameGraph graph, Path html) throws IOException {
        Files.createDirectories(html.toAbsolutePath().getParent());
        try (OutputStream out = Files.newOutputStream(html)) {
            graph.dump(out);
        }
    }
}
