package dev.vtlab.compare.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.vtlab.compare.run.CrossoverRunner;
import dev.vtlab.compare.settings.Crossover;
import dev.vtlab.dispatch.DispatchMode;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Carry-over against a hand derivation: four ABBA blocks whose managed-virtual slices cost more after the pool. */
class CrossoverCarryOverTest {

    private static final DispatchMode POOL = DispatchMode.THREADPOOL, MV = DispatchMode.MANAGED_VIRTUAL;

    @Test
    void slicesAfterAnotherModeAgainstSlicesAfterTheirOwn() {
        Crossover design = new Crossover(List.of(POOL, MV), 20, 5, 4, 300);
        // 10 000 requests a slice; ticks are CPU hundredths of a second: 500 ticks is 500 µs a request
        Map<Integer, Long> mvTicks = Map.of(2, 500L, 3, 400L, 6, 520L, 7, 420L);
        List<CrossoverRunner.Slice> slices = new ArrayList<>();
        long ms = 0, ticks = 0;
        Map<DispatchMode, Long> answered = new EnumMap<>(Map.of(POOL, 0L, MV, 0L));
        int i = 1;
        for (List<DispatchMode> block : design.order()) {
            for (int pos = 0; pos < 2; pos++, i++) {
                DispatchMode mode = block.get(pos);
                CrossoverRunner.Reading start = new CrossoverRunner.Reading(ms, ticks, 0, 0, 0, Map.copyOf(answered));
                answered.merge(mode, 10_000L, Long::sum);
                ticks += mode == MV ? mvTicks.get(i) : 450;
                ms += 15_000;
                slices.add(new CrossoverRunner.Slice(
                        slices.size() / 2 + 1,
                        pos + 1,
                        mode,
                        start,
                        new CrossoverRunner.Reading(ms, ticks, 0, 0, 0, Map.copyOf(answered)),
                        start.epochMs() - 5_000));
            }
        }
        List<CrossoverJudge.CarryOver> carry = CrossoverJudge.carryOver(design, slices);
        // managed-virtual: after the pool 500 and 520, after itself 400 and 420: 100 µs; each sd 14.142, se 14.142,
        // Welch's df 2, t 4.3027: 100 ± 60.85
        var mv = carry.get(1).afterAnotherLessAfterItself();
        assertEquals(MV, carry.get(1).mode());
        assertEquals(100, mv.estimate(), 1e-9);
        assertEquals(100 - 4.302653 * 14.142136, mv.low(), 1e-4);
        assertEquals(100 + 4.302653 * 14.142136, mv.high(), 1e-4);
        // the pool follows itself once only (slice 5): no interval
        assertFalse(carry.get(0).afterAnotherLessAfterItself().determined());
    }
}
