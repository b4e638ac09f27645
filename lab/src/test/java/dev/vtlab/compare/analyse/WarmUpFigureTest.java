package dev.vtlab.compare.analyse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.vtlab.compare.Fixtures;
import dev.vtlab.compare.raw.RunRecord;
import dev.vtlab.compare.settings.Metric;
import dev.vtlab.dispatch.DispatchMode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The time to warm is a run's figure only when its warm-up ended warm: a capped one would be the cap, not a time. */
class WarmUpFigureTest {

    @Test
    void aWarmUpThatEndedWarmIsAFigureOfTheRun() {
        assertEquals(73.4, headlines(73.4, true).get(Headline.of(Metric.WARMUP_S)));
    }

    @Test
    void aWarmUpAtItsCapOrNoneIsNoFigure() {
        assertFalse(headlines(150, false).containsKey(Headline.of(Metric.WARMUP_S)));
        assertFalse(headlines(Double.NaN, null).containsKey(Headline.of(Metric.WARMUP_S)));
    }

    private static Map<Headline, Double> headlines(double seconds, Boolean warm) {
        RunRecord r = Fixtures.runRecord("ping", DispatchMode.THREADPOOL, 1, 1, 1000, Map.of());
        RunRecord warmed = new RunRecord(
                r.test(),
                r.mode(),
                r.repetition(),
                r.order(),
                r.calibration(),
                r.memory(),
                seconds,
                warm,
                r.props(),
                r.before(),
                r.after(),
                r.wallS(),
                r.serverJvmArgs(),
                r.profiling());
        return new Fixtures.Run(warmed, List.of(Fixtures.level("50 users", 50, 5, 25, 900, 90, 1000)))
                .result()
                .headlines();
    }
}
