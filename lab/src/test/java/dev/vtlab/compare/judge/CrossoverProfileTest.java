package dev.vtlab.compare.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.vtlab.compare.run.CrossoverRunner;
import dev.vtlab.compare.stats.Stats;
import dev.vtlab.dispatch.DispatchMode;
import dev.vtlab.profile.Bucket;
import dev.vtlab.profile.Profile;
import dev.vtlab.profile.SampledProfiles;
import dev.vtlab.profile.Window;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The crossover's profile against figures derived by hand from two profiled blocks of two modes. */
class CrossoverProfileTest {

    private static final DispatchMode POOL = DispatchMode.THREADPOOL, MV = DispatchMode.MANAGED_VIRTUAL;
    private static final long PERIOD_NS = 10_000_000L;

    /**
     * Block 1: the pool 400 ticks (4.0 s) for 10 000 requests, 60 % of its samples application, 40 % HTTP;
     * managed-virtual 380 ticks, half and half. Block 2: the pool 420 ticks, managed-virtual 360, the same shares.
     */
    private static final long[][] TICKS = {{400, 380}, {420, 360}};

    private static final long[][] APP_SAMPLES = {{60, 50}, {60, 50}};

    private static final String APP_SITE = "dev.vtlab.bank", EPOLL_SITE = "sun.nio.ch.EPoll ← com.ibm.ws.tcpchannel";

    private record Run(List<CrossoverRunner.Slice> slices, List<Profile> profiles) {}

    private static Run run() {
        List<CrossoverRunner.Slice> slices = new ArrayList<>();
        List<Profile> profiles = new ArrayList<>();
        long ms = 1_000_000L, ticks = 0;
        Map<DispatchMode, Long> answered = new EnumMap<>(Map.of(POOL, 0L, MV, 0L));
        for (int b = 0; b < 2; b++) {
            for (int m = 0; m < 2; m++) {
                DispatchMode mode = m == 0 ? POOL : MV;
                CrossoverRunner.Reading start = new CrossoverRunner.Reading(ms, ticks, 0, 0, 0, Map.copyOf(answered));
                answered.merge(mode, 10_000L, Long::sum);
                ticks += TICKS[b][m];
                ms += 10_000;
                CrossoverRunner.Reading end = new CrossoverRunner.Reading(ms, ticks, 0, 0, 0, Map.copyOf(answered));
                slices.add(new CrossoverRunner.Slice(b + 1, m + 1, mode, start, end, start.epochMs() - 5_000));
                profiles.add(profile(new Window(start.epochMs(), end.epochMs()), APP_SAMPLES[b][m], 100));
            }
        }
        return new Run(slices, profiles);
    }

    private static Profile profile(Window window, long app, long all) {
        return SampledProfiles.of(
                window,
                Map.of(Bucket.APPLICATION, app, Bucket.HTTP, all - app),
                PERIOD_NS,
                0,
                Map.of(APP_SITE, app, EPOLL_SITE, all - app));
    }

    private static CrossoverProfile profileOf(Run r) {
        CrossoverJudge.Contrast contrast = new CrossoverJudge.Contrast(MV, POOL, null, null, null);
        return CrossoverProfile.of(List.of(POOL, MV), 2, r.slices(), r.profiles(), r.slices(), 2, List.of(contrast));
    }

    @Test
    void bucketsAreTheMeasuredCpuSharedBySamples() {
        CrossoverProfile p = profileOf(run());
        CrossoverProfile.ModeBuckets pool = p.modes().get(0);
        // the pool: 400 and 420 µs a request, 60 % application: 240 and 252
        assertEquals(246, pool.micros().get(Bucket.APPLICATION), 1e-9);
        assertEquals(164, pool.micros().get(Bucket.HTTP), 1e-9);
        assertEquals(410, pool.total(), 1e-9);
        CrossoverProfile.ModeBuckets mv = p.modes().get(1);
        assertEquals(185, mv.micros().get(Bucket.APPLICATION), 1e-9);
        assertEquals(370, mv.total(), 1e-9);
        // 4 slices × 100 samples × 10 ms = 4 s sampled of 15.6 s measured
        assertEquals(100 * 4 / 15.6, p.coveragePct(), 1e-9);
        assertEquals(400, p.samples());
    }

    @Test
    void differencesArePairedByBlockAndAddUp() {
        CrossoverProfile.Difference d = profileOf(run()).differences().get(0);
        // application: 190 − 240 = −50 and 180 − 252 = −72; mean −61, sd 22/√2, se 11, t(1) 12.706
        Stats.Interval app = d.buckets().get(Bucket.APPLICATION);
        assertEquals(-61, app.mean(), 1e-9);
        assertEquals(-61 - 12.7062047 * 11, app.low(), 1e-4);
        assertEquals(-61 + 12.7062047 * 11, app.high(), 1e-4);
        // HTTP: 190 − 160 = 30 and 180 − 168 = 12; total: −20 and −60, mean −40, se 20
        assertEquals(21, d.buckets().get(Bucket.HTTP).mean(), 1e-9);
        assertEquals(-40, d.total().mean(), 1e-9);
        assertEquals(-40 + 12.7062047 * 20, d.total().high(), 1e-4);
        double sum =
                d.buckets().values().stream().mapToDouble(Stats.Interval::mean).sum();
        assertEquals(d.total().mean(), sum, 1e-9);
        assertEquals(-40, d.measuredTotal().mean(), 1e-9);
        assertEquals(2, d.total().n());
    }

    @Test
    void sitesArePairedLikeTheBucketsLargestDifferenceFirst() {
        CrossoverProfile.Difference d = profileOf(run()).differences().get(0);
        // each site here is one bucket's samples, so its difference is that bucket's: −61 for the application, +21
        assertEquals(
                List.of(APP_SITE, EPOLL_SITE),
                d.sites().stream().map(CrossoverProfile.Site::site).toList());
        CrossoverProfile.Site app = d.sites().get(0);
        assertEquals(-61, app.difference().mean(), 1e-9);
        assertEquals(-61 - 12.7062047 * 11, app.difference().low(), 1e-4);
        assertEquals(246, app.baselineMicros(), 1e-9);
        assertEquals(185, app.modeMicros(), 1e-9);
        assertEquals(21, d.sites().get(1).difference().mean(), 1e-9);
    }

    @Test
    void aProfileForEverySlice() {
        Run r = run();
        CrossoverJudge.Contrast contrast = new CrossoverJudge.Contrast(MV, POOL, null, null, null);
        assertThrows(
                IllegalArgumentException.class,
                () -> CrossoverProfile.of(
                        List.of(POOL, MV),
                        2,
                        r.slices(),
                        r.profiles().subList(0, 3),
                        r.slices(),
                        2,
                        List.of(contrast)));
    }
}
