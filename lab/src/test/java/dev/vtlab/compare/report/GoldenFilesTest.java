package dev.vtlab.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vtlab.compare.Fixtures;
import dev.vtlab.compare.analyse.Flag;
import dev.vtlab.compare.analyse.RunResult;
import dev.vtlab.compare.judge.Comparison;
import dev.vtlab.dispatch.DispatchMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The writers' formats against golden files, as JMH tests its result formats: one fixed comparison (four ping runs
 * a mode, one of them flagged for its outcome, one for its setup) written as summary.json, runs.csv and ratios.csv,
 * byte for byte. A change to a format shows here as a diff to review; {@code -Dvtlab.golden.update=true} writes the
 * files anew (lab/src/test/resources/golden) when the change is meant.
 */
class GoldenFilesTest {

    private static final Path GOLDEN = Path.of("src/test/resources/golden");

    /** Identical runs for any JDK and machine: the fixtures' figures only. */
    static Comparison comparison() {
        List<RunResult> runs = new ArrayList<>();
        double[] pool = {1000, 1020, 985, 1010};
        double[] virtual = {810, 835, 790, 820};
        for (int rep = 1; rep <= pool.length; rep++) {
            runs.add(Fixtures.pingRun(DispatchMode.THREADPOOL, rep, pool[rep - 1], rep == 2 ? Flag.NOT_STEADY : null));
            runs.add(Fixtures.pingRun(
                    DispatchMode.EXECUTOR_VIRTUAL, rep, virtual[rep - 1], rep == 3 ? Flag.MACHINE_BUSY : null));
        }
        return Fixtures.pingComparison(runs, false);
    }

    @ParameterizedTest
    @ValueSource(strings = {"summary.json", "runs.csv", "ratios.csv"})
    void eachFormatIsItsGoldenFile(String file, @TempDir Path tmp) throws IOException {
        Comparison c = comparison();
        JsonReport.write(c, tmp.resolve("summary.json"));
        CsvReport.write(c, tmp);
        String written = Files.readString(tmp.resolve(file));
        Path golden = GOLDEN.resolve(file);
        if (Boolean.getBoolean("vtlab.golden.update")) {
            Files.writeString(golden, written);
        }
        assertEquals(Files.readString(golden), written, file + " differs from " + golden);
    }
}
