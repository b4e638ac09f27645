package dev.vtlab.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vtlab.compare.judge.CrossoverJudge;
import dev.vtlab.compare.run.CrossoverRunner;
import dev.vtlab.compare.settings.Crossover;
import dev.vtlab.dispatch.DispatchMode;
import dev.vtlab.profile.Bucket;
import dev.vtlab.profile.Profile;
import dev.vtlab.profile.SampledProfiles;
import dev.vtlab.profile.Window;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The crossover design's three files over one fixed result: a change to a format shows as a diff to review. */
class CrossoverGoldenTest {

    private static final Path GOLDEN = Path.of("src/test/resources/golden/crossover");

    /** Two modes, two blocks: managed-virtual's slices 4 % cheaper than the pool's, by hand. */
    static CrossoverRunner.Result run() {
        List<DispatchMode> modes = List.of(DispatchMode.THREADPOOL, DispatchMode.MANAGED_VIRTUAL);
        Crossover design = new Crossover(modes, 20, 5, 2, 300);
        List<CrossoverRunner.Slice> slices = new ArrayList<>();
        long[] answered = {0, 0};
        long ticks = 0, kernel = 0, ms = 1_796_000_000_000L;
        long[][] cpu = {{450, 432}, {441, 426}}; // ticks per 15 000 requests: pool, managed-virtual, by block
        for (List<DispatchMode> block : design.order()) {
            int b = slices.size() / 2;
            for (int pos = 0; pos < 2; pos++) {
                int m = modes.indexOf(block.get(pos));
                CrossoverRunner.Reading start = reading(ms, ticks, kernel, answered, modes);
                answered[m] += 15_000;
                ticks += cpu[b][m];
                kernel += 12 + m;
                ms += 15_000;
                slices.add(new CrossoverRunner.Slice(
                        b + 1,
                        pos + 1,
                        modes.get(m),
                        start,
                        reading(ms, ticks, kernel, answered, modes),
                        start.epochMs() - 5_000));
            }
        }
        // the profiled blocks read as the measured ones did, so the golden files show the profile's section too
        return new CrossoverRunner.Result(
                slices, slices, Path.of("profile.jfr"), List.of(), List.of(), 210.0, 120.0, 6, true);
    }

    private static CrossoverRunner.Reading reading(
            long ms, long ticks, long kernel, long[] answered, List<DispatchMode> modes) {
        Map<DispatchMode, Long> counts = new EnumMap<>(DispatchMode.class);
        for (int i = 0; i < modes.size(); i++) {
            counts.put(modes.get(i), answered[i]);
        }
        return new CrossoverRunner.Reading(ms, ticks, kernel, ticks + kernel, 0, counts);
    }

    /**
     * By hand: block 1, 15 000 / 4.50 s and 15 000 / 4.32 s of CPU, a ratio of 1.04167; block 2, 4.41 s and 4.26 s,
     * 1.03521. Their logs 0.0408220 and 0.0346057: mean 0.0377139, so 1.03843; standard error 0.0031081, t(1)
     * 12.7062, so 0.0377139 ± 0.0394930, [0.99822, 1.08026].
     */
    @org.junit.jupiter.api.Test
    void theRatioIsTheHandDerivedOne() {
        Crossover design =
                new Crossover(List.of(DispatchMode.THREADPOOL, DispatchMode.MANAGED_VIRTUAL), 20, 5, 2, 300, 2);
        CrossoverRunner.Result run = run();
        var r = CrossoverJudge.judge(design, "throughput", run, List.of(), 0.05, profiles(run))
                .contrasts()
                .get(0)
                .cpu()
                .ratio();
        assertEquals(1.03843, r.estimate(), 1e-5);
        assertEquals(0.99822, r.low(), 1e-5);
        assertEquals(1.08026, r.high(), 1e-5);
    }

    /** Each slice's samples: the pool 60 % application and 40 % HTTP, managed-virtual half and half. */
    private static List<Profile> profiles(CrossoverRunner.Result run) {
        List<Profile> profiles = new ArrayList<>();
        for (CrossoverRunner.Slice s : run.profiled()) {
            long app = s.mode() == DispatchMode.THREADPOOL ? 60 : 50;
            profiles.add(SampledProfiles.of(
                    new Window(s.start().epochMs(), s.end().epochMs()),
                    Map.of(Bucket.APPLICATION, app, Bucket.HTTP, 100 - app),
                    10_000_000L,
                    3,
                    Map.of("dev.vtlab.bank", app, "sun.nio.ch.EPoll ← com.ibm.ws.tcpchannel.internal", 100 - app)));
        }
        return profiles;
    }

    private static final Map<String, String> ENVIRONMENT = new LinkedHashMap<>();

    static {
        ENVIRONMENT.put("generated_at", "2026-12-02T04:12:33.511Z");
        ENVIRONMENT.put("load", "100 users");
        ENVIRONMENT.put("server_cpus", "0");
        ENVIRONMENT.put("cpu_model", "a test CPU");
        ENVIRONMENT.put("cpu_plan", "server on CPU 0, load on CPU 1");
        ENVIRONMENT.put("kernel", "Linux 6.0");
        ENVIRONMENT.put("jdk", "Temurin 25");
        ENVIRONMENT.put("liberty", "Open Liberty 26.0.0.5");
        ENVIRONMENT.put("command", "./mvnw -Pcompare verify");
    }

    @ParameterizedTest
    @ValueSource(strings = {CrossoverReport.JSON, CrossoverReport.MARKDOWN, CrossoverReport.SLICES})
    void eachFormatIsItsGoldenFile(String file, @TempDir Path tmp) throws IOException {
        CrossoverRunner.Result run = run();
        Crossover design =
                new Crossover(List.of(DispatchMode.THREADPOOL, DispatchMode.MANAGED_VIRTUAL), 20, 5, 2, 300, 2);
        CrossoverJudge.Result result = CrossoverJudge.judge(design, "throughput", run, List.of(), 0.05, profiles(run));
        CrossoverReport.write(tmp, result, run.slices(), ENVIRONMENT);
        String written = Files.readString(tmp.resolve(file));
        Path golden = GOLDEN.resolve(file);
        if (Boolean.getBoolean("vtlab.golden.update")) {
            Files.createDirectories(golden.getParent());
            Files.writeString(golden, written);
        }
        assertEquals(Files.readString(golden), written, file + " differs from " + golden);
    }
}
