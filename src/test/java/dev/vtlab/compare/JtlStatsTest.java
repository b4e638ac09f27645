package dev.vtlab.compare;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The report's derived numbers, on inputs whose answers are known. */
class JtlStatsTest {

    private static final long T0 = 1_700_000_000_000L;

    @Test
    void percentilesAreNearestRank() {
        long[] oneToHundred = LongStream.rangeClosed(1, 100).toArray();
        assertEquals(50, JtlStats.percentile(oneToHundred, 50));
        assertEquals(95, JtlStats.percentile(oneToHundred, 95));
        assertEquals(99, JtlStats.percentile(oneToHundred, 99));
        long[] four = {10, 20, 30, 40};
        assertEquals(20, JtlStats.percentile(four, 50)); // rank ceil(0.5 * 4) = 2
        assertEquals(40, JtlStats.percentile(four, 95)); // rank ceil(3.8) = 4
        assertEquals(7, JtlStats.percentile(new long[]{7}, 99));
        assertEquals(0, JtlStats.percentile(new long[0], 50));
    }

    @Test
    void throughputCountsEveryRequestOverTheWallTimeOfTheRun() {
        // 100 requests, one every 100 ms, each taking 50 ms: first sent at 0, last answered at 9.95 s
        List<JtlStats.Sample> samples = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            samples.add(new JtlStats.Sample(T0 + i * 100L, 50, i % 10 != 0, 1));
        }
        JtlStats s = JtlStats.of(samples);
        assertEquals(100, s.requests());
        assertEquals(10, s.errors());
        assertEquals(9.95, s.durationS(), 1e-9);
        assertEquals(100 / 9.95, s.throughputRps(), 1e-9);
        assertEquals(50, s.p99Ms());
        assertEquals(50, s.meanMs(), 1e-9);
        assertArrayEquals(new double[]{10, 10, 10, 10, 10, 10, 10, 10, 10, 10}, s.perSecondRps());
    }

    @Test
    void timeToNinetyPercentOfPeakUsesTheThreeSecondMovingAverage() {
        // answers per second: 10, 50, 100, 100, 100 ... -> moving average 10, 30, 53.3, 83.3, 100
        JtlStats s = JtlStats.of(perSecond(10, 50, 100, 100, 100, 100, 100, 100));
        assertEquals(5, s.secondsTo90PctOfPeak());
        // a mode that takes the load at once reaches it in the first second
        assertEquals(1, JtlStats.of(perSecond(100, 100, 100, 100)).secondsTo90PctOfPeak());
        // a slow climb: 20, 40, ..., 200 -> the 3-s average reaches 90 % of its peak (190) at 180, in second 10
        JtlStats climb = JtlStats.of(perSecond(20, 40, 60, 80, 100, 120, 140, 160, 180, 200, 200, 200));
        assertEquals(10, climb.secondsTo90PctOfPeak());
        assertTrue(Double.isNaN(JtlStats.of(List.of()).secondsTo90PctOfPeak()));
    }

    @Test
    void littlesLawLimitAndFraction() {
        assertEquals(1000, JtlStats.littlesLawLimitRps(1000, 1000), 1e-9);
        assertEquals(1000, JtlStats.littlesLawLimitRps(3000, 3000), 1e-9);
        assertEquals(2000, JtlStats.littlesLawLimitRps(200, 100), 1e-9);
        // 900 answers per second in the second half of a run whose limit is 1000 -> fraction 0.9
        JtlStats s = JtlStats.of(perSecond(100, 500, 900, 900, 900, 900, 900, 900, 900, 900, 50));
        assertEquals(900, Report.steadyRps(s), 1e-9);
        assertEquals(0.9, Report.steadyRps(s) / JtlStats.littlesLawLimitRps(1000, 1000), 1e-9);
    }

    @Test
    void levelsGroupSamplesByActiveThreads() {
        List<JtlStats.Sample> samples = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            samples.add(new JtlStats.Sample(T0 + i * 100L, 10, true, 10));
        }
        for (int i = 0; i < 60; i++) {
            samples.add(new JtlStats.Sample(T0 + 2000 + i * 50L, 30, true, 20));
        }
        JtlStats s = JtlStats.of(samples);
        assertEquals(2, s.levels().size());
        JtlStats.Level low = s.levels().get(10), high = s.levels().get(20);
        assertEquals(20, low.requests());
        assertEquals(20 / 1.91, low.throughputRps(), 1e-9);
        assertEquals(60, high.requests());
        assertEquals(60 / 2.98, high.throughputRps(), 1e-9);
        assertEquals(30, high.p95Ms());
    }

    @Test
    void aStragglerAtTheEndDoesNotStretchItsLevel() {
        List<JtlStats.Sample> samples = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            samples.add(new JtlStats.Sample(T0 + i * 10L, 5, true, 100)); // 10 s at 100 req/s
        }
        for (int i = 0; i < 1000; i++) {
            samples.add(new JtlStats.Sample(T0 + 10_000 + i * 10L, 5, true, 150));
        }
        samples.add(new JtlStats.Sample(T0 + 19_990, 5, true, 100)); // a level-100 thread's last request
        JtlStats.Level level = JtlStats.of(samples).levels().get(100);
        assertEquals(100, level.throughputRps(), 1.0);
    }

    @Test
    void readsJMeterCsvWithQuotedFieldsAndATruncatedLastLine(@TempDir Path dir) throws IOException {
        Path jtl = dir.resolve("results.jtl");
        Files.writeString(jtl, """
                timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect
                %d,12,ping,200,OK,Ping 1-1,text,true,,120,110,5,5,http://localhost:9080/api/ping,12,0,1
                %d,30,transfer,503,"Service Unavailable, retry",Bank 1-2,text,false,"Response code was 503, not 201",90,200,5,5,http://localhost:9080/api/bank/transfers,30,0,0
                %d,8,ping,200,OK,Ping 1-1,text,tr""".formatted(T0, T0 + 500, T0 + 900));
        JtlStats s = JtlStats.read(jtl);
        assertEquals(2, s.requests(), "the half-written last line is left out");
        assertEquals(1, s.errors());
        assertEquals(30, s.p95Ms());
        assertEquals(0.53, s.durationS(), 1e-9);
    }

    @Test
    void splitCsvHandlesEscapedQuotes() {
        assertArrayEquals(new String[]{"a", "say \"hi\", then", ""}, JtlStats.splitCsv("a,\"say \"\"hi\"\", then\","));
    }

    /** One 1-ms request answered in each second, {@code counts[i]} times in second i. */
    private static List<JtlStats.Sample> perSecond(int... counts) {
        List<JtlStats.Sample> samples = new ArrayList<>();
        for (int second = 0; second < counts.length; second++) {
            for (int n = 0; n < counts[second]; n++) {
                samples.add(new JtlStats.Sample(T0 + second * 1000L + (n * 997L) % 998, 1, true, 1));
            }
        }
        return samples;
    }
}
