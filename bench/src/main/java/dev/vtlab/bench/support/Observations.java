package dev.vtlab.bench.support;

import com.google.gson.Gson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * What a benchmark fork saw besides its time (thread peaks, pinned events, heap, a hit cap), one
 * JSON line per fork. JMH's @AuxCounters only sum or rate per iteration and cannot carry a peak or a
 * sentence, hence this side file; the Markdown report joins it to the JMH JSON by benchmark and params.
 */
public final class Observations {
    /** Set by the runner on every fork; without it (a bare java -jar run) the lines go to stdout. */
    public static final String FILE_PROPERTY = "vtlab.bench.observations";

    private static final Gson GSON = new Gson();

    private Observations() {}

    public static synchronized void record(BenchmarkParams params, Map<String, Object> values) {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("benchmark", params.getBenchmark());
        line.put("jdkVersion", System.getProperty("java.version"));
        Map<String, String> paramValues = new LinkedHashMap<>();
        for (String key : params.getParamsKeys()) {
            paramValues.put(key, params.getParam(key));
        }
        line.put("params", paramValues);
        line.put("values", values);
        String json = GSON.toJson(line);
        String file = System.getProperty(FILE_PROPERTY);
        if (file == null) {
            System.out.println("[observation] " + json);
            return;
        }
        try {
            Path path = Path.of(file);
            Files.createDirectories(path.toAbsolutePath().getParent());
            Files.writeString(
                    path,
                    json + System.lineSeparator(),
                    StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new IllegalStateException("cannot append the observation to " + file, e);
        }
    }
}
