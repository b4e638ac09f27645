package dev.vtlab.compare;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one JMeter run measured, read from its CSV results (JTL). Percentiles are exact (nearest
 * rank over every sample); throughput is requests per second of wall time between the first request
 * sent and the last answer received.
 */
public record JtlStats(long requests, long errors, double durationS, double throughputRps,
                       double p50Ms, double p95Ms, double p99Ms, double meanMs,
                       double[] perSecondRps, Map<Integer, Level> levels) {

    /** Requests at one load level (JMeter's active-thread count of the sample's thread group). */
    public record Level(int users, long requests, double durationS, double throughputRps, double meanMs, double p95Ms) {
    }

    /** One JTL row, the columns we use. */
    record Sample(long start, long elapsed, boolean success, int groupThreads) {
    }

    public static JtlStats read(Path jtl) throws IOException {
        List<Sample> samples = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(jtl)) {
            String[] header = in.readLine().split(",");
            int ts = column(header, "timeStamp"), el = column(header, "elapsed"), ok = column(header, "success"),
                    grp = column(header, "grpThreads");
            for (String line; (line = in.readLine()) != null; ) {
                String[] f = splitCsv(line);
                if (f.length < header.length) {
                    continue; // a line JMeter was still writing when stopped
                }
                samples.add(new Sample(Long.parseLong(f[ts]), Long.parseLong(f[el]), Boolean.parseBoolean(f[ok]),
                        Integer.parseInt(f[grp])));
            }
        }
        return of(samples);
    }

    static JtlStats of(List<Sample> samples) {
        if (samples.isEmpty()) {
            return new JtlStats(0, 0, 0, 0, 0, 0, 0, 0, new double[0], Map.of());
        }
        long first = samples.stream().mapToLong(Sample::start).min().orElseThrow();
        long last = samples.stream().mapToLong(s -> s.start() + s.elapsed()).max().orElseThrow();
        double durationS = Math.max(1, last - first) / 1000.0;
        long errors = samples.stream().filter(s -> !s.success()).count();
        long[] elapsed = samples.stream().mapToLong(Sample::elapsed).sorted().toArray();
        double mean = Arrays.stream(elapsed).average().orElse(0);

        // answers per second of the run, by the second in which each answer arrived
        double[] perSecond = new double[(int) ((last - first) / 1000) + 1];
        for (Sample s : samples) {
            perSecond[(int) ((s.start() + s.elapsed() - first) / 1000)]++;
        }

        Map<Integer, List<Sample>> byUsers = new TreeMap<>();
        for (Sample s : samples) {
            byUsers.computeIfAbsent(s.groupThreads(), k -> new ArrayList<>()).add(s);
        }
        Map<Integer, Level> levels = new TreeMap<>();
        byUsers.forEach((users, all) -> {
            // A thread that finishes its last request as the test stops still reports the level it
            // started at; one such straggler would stretch the level's span to the end of the run.
            // So the level's window is its 0.5th..99.5th percentile of start times.
            long[] starts = all.stream().mapToLong(Sample::start).sorted().toArray();
            long from = starts[(int) (0.005 * starts.length)];
            long until = starts[Math.max(0, (int) Math.ceil(0.995 * starts.length) - 1)];
            List<Sample> list = all.stream().filter(s -> s.start() >= from && s.start() <= until).toList();
            long to = list.stream().mapToLong(s -> s.start() + s.elapsed()).max().orElseThrow();
            double seconds = Math.max(1, to - from) / 1000.0;
            long[] levelElapsed = list.stream().mapToLong(Sample::elapsed).sorted().toArray();
            levels.put(users, new Level(users, list.size(), seconds, list.size() / seconds,
                    Arrays.stream(levelElapsed).average().orElse(0), percentile(levelElapsed, 95)));
        });
        return new JtlStats(samples.size(), errors, durationS, samples.size() / durationS,
                percentile(elapsed, 50), percentile(elapsed, 95), percentile(elapsed, 99), mean, perSecond, levels);
    }

    /** Nearest-rank percentile of sorted values. */
    static double percentile(long[] sorted, double p) {
        if (sorted.length == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    /**
     * Seconds from the start of the run until throughput (3-second moving average) first reaches 90 %
     * of its peak: how fast a mode takes a sudden load.
     */
    public double secondsTo90PctOfPeak() {
        double[] smooth = movingAverage(perSecondRps, 3);
        double peak = Arrays.stream(smooth).max().orElse(0);
        for (int i = 0; i < smooth.length; i++) {
            if (smooth[i] >= 0.9 * peak && peak > 0) {
                return i + 1;
            }
        }
        return Double.NaN;
    }

    static double[] movingAverage(double[] values, int window) {
        double[] out = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            int from = Math.max(0, i - window + 1);
            double sum = 0;
            for (int j = from; j <= i; j++) {
                sum += values[j];
            }
            out[i] = sum / (i - from + 1);
        }
        return out;
    }

    /** Little's law: with {@code users} each waiting {@code delayMs} per request, at most users / delay req/s. */
    public static double littlesLawLimitRps(int users, double delayMs) {
        return users / (delayMs / 1000.0);
    }

    private static int column(String[] header, String name) {
        for (int i = 0; i < header.length; i++) {
            if (header[i].equals(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException("the JTL has no column " + name + ": " + String.join(",", header));
    }

    /** JMeter quotes a field holding a comma (e.g. a failure message). */
    static String[] splitCsv(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '"') {
                if (quoted && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else {
                    quoted = !quoted;
                }
            } else if (c == ',' && !quoted) {
                out.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        out.add(field.toString());
        return out.toArray(String[]::new);
    }
}
