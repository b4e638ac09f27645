package it.dev.vtlab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.vtlab.compare.preflight.Preflight;
import dev.vtlab.compare.raw.Jtl;
import dev.vtlab.compare.run.JMeter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ping plan paced by RATE, in real JMeter against the threadpool server: its users send RATE requests/s between
 * them, each waiting THREADS x 1 000 / RATE ms between its requests, and never faster (docs/tests/ping.md).
 */
class PacedPingIT {

    @Test
    void theUsersSendTheirPaceAndNoMore(@TempDir Path dir) throws Exception {
        assumeFalse(Lab.DEV_MODE, "needs the JMeter the build lays out in pre-integration-test");
        URI server = Lab.THREADPOOL.app("/");
        // 4 users at 400/s: each one request every 10 ms, for 8 s after a 1-s ramp
        List<String> command = JMeter.run(
                ProcessHandle.current().info().command().orElseThrow(),
                Preflight.jmeterHome(Lab.LAYOUT),
                Lab.LAYOUT.plans().resolve("ping.jmx"),
                dir.resolve("results.jtl"),
                dir.resolve("jmeter.log"),
                Map.of(
                        "HOST", server.getHost(),
                        "PORT", String.valueOf(server.getPort()),
                        "THREADS", "4",
                        "RAMP", "1",
                        "DURATION", "8",
                        "RATE", "400"),
                List.of());
        Process run = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("jmeter.out").toFile())
                .start();
        assertTrue(run.waitFor(120, TimeUnit.SECONDS), "JMeter did not end within 120 s");
        assertEquals(0, run.exitValue(), Files.readString(dir.resolve("jmeter.out")));

        List<Jtl.Sample> samples = Jtl.read(dir.resolve("results.jtl"));
        assertEquals(0, samples.stream().filter(s -> !s.success()).count(), "errors");
        long t0 = samples.stream().mapToLong(Jtl.Sample::start).min().orElseThrow();
        // seconds 2-7, after the ramp and before the end: the timer only ever delays, so never above the pace (how far
        // under it a cold IT server on a busy machine falls is the analysis's to flag, not this test's)
        Map<Long, Long> perSecond = samples.stream()
                .collect(Collectors.groupingBy(s -> (s.start() - t0) / 1000, TreeMap::new, Collectors.counting()));
        double rate = perSecond.entrySet().stream()
                        .filter(e -> e.getKey() >= 2 && e.getKey() < 8)
                        .mapToLong(Map.Entry::getValue)
                        .sum()
                / 6.0;
        assertTrue(rate <= 400 * 1.02, "sent faster than the pace: " + perSecond);
        // each user's requests mostly 10 ms apart (unpaced, an idle server answers ping in about 1 ms): a request due
        // while the one before is still out starts when that one ends, and the pace runs on from there
        List<Long> gaps = samples.stream()
                .collect(Collectors.groupingBy(
                        Jtl.Sample::thread, Collectors.mapping(Jtl.Sample::start, Collectors.toList())))
                .values()
                .stream()
                .flatMap(starts -> {
                    List<Long> sorted = starts.stream().sorted().toList();
                    return IntStream.range(1, sorted.size()).mapToObj(i -> sorted.get(i) - sorted.get(i - 1));
                })
                .sorted()
                .toList();
        long median = gaps.get(gaps.size() / 2);
        assertTrue(median >= 9 && median <= 11, "median gap " + median + " ms, not 10");
    }
}
