package dev.vtlab.compare.analyse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The steady-window rule on per-second series whose right answer is known by construction: where a burst, a
 * climb or a warm-up ends, and which levels have no steady part at all.
 */
class SteadyWindowTest {

    private static double[] series(double... values) {
        return values;
    }

    private static double[] repeat(double value, int times) {
        double[] out = new double[times];
        Arrays.fill(out, value);
        return out;
    }

    private static double[] concat(double[]... parts) {
        return Arrays.stream(parts).flatMapToDouble(Arrays::stream).toArray();
    }

    private static double rate(double[] perSecond, SteadyWindow.Window w) {
        return Arrays.stream(perSecond, w.from(), w.to()).average().orElse(0);
    }

    @Test
    void mserCutsWhatDiffersFromTheRest() {
        // by hand: d=0 leaves 10,0,0,0 (mean 2.5, squares 75, / 16 = 4.7); d=1 leaves 0,0,0 (0): d = 1
        assertEquals(1, SteadyWindow.mser(series(10, 0, 0, 0)));
        assertEquals(0, SteadyWindow.mser(series(5, 5, 5, 5)), "nothing to cut");
    }

    @Test
    void aBurstAtTheStartIsCutOff() {
        // 900 and 700 answers (a queue released), then 200 a second: the window is the 200s, read as 200, not 23 % high
        double[] s = concat(series(900, 700), repeat(200, 18));
        SteadyWindow.Window w = SteadyWindow.find(s, 0, 20);
        assertTrue(w.steady(), w.why());
        assertEquals(2, w.from());
        assertEquals(20, w.to());
        assertEquals(200, rate(s, w), 1e-9);
    }

    @Test
    void aClimbFrom60To100IsNotSteady() {
        double[] s = new double[20];
        for (int i = 0; i < s.length; i++) {
            s[i] = 60 + 40.0 * i / (s.length - 1);
        }
        SteadyWindow.Window w = SteadyWindow.find(s, 0, 20);
        assertFalse(w.steady());
        assertTrue(w.why().startsWith("its rate was still rising"), w.why());
    }

    @Test
    void aLevelWithNothingAnsweredIsNotSteadyAtZero() {
        SteadyWindow.Window w = SteadyWindow.find(repeat(0, 20), 0, 20);
        assertFalse(w.steady());
        assertEquals("nothing was answered in its window", w.why());
    }

    @Test
    void aLevelWhoseRequestsWereSentForASecondHasNoWindowWhateverItsDrainAnswered() {
        // the requests went out in second 0; their answers (30 s later) are the drain
        double[] s = concat(repeat(0, 30), series(1000));
        SteadyWindow.Window w = SteadyWindow.find(s, 0, 0);
        assertFalse(w.steady());
        assertEquals(0, rate(s, w), 1e-9);
    }

    @Test
    void aWarmUpTrendEndsTheCutAndTheWindowReadsTheWarmRate() {
        // 60 s: a JIT warm-up climbing from 10 to 100 over 20 s, then 40 s at 100. MSER with 5-s batches may stop
        // within the last climbing batch, which it averages with the plateau: the window starts after 15 s at the
        // earliest and reads the warm rate within 2 %
        double[] climb = new double[20];
        for (int i = 0; i < 20; i++) {
            climb[i] = 10 + 90.0 * i / 20;
        }
        double[] s = concat(climb, repeat(100, 40));
        SteadyWindow.Window w = SteadyWindow.find(s, 0, 60);
        assertTrue(w.steady(), w.why());
        assertTrue(w.from() >= 15 && w.from() % 5 == 0, "cut in 5-s batches: " + w);
        assertEquals(100, rate(s, w), 2);
    }

    @Test
    void noiseWithoutATrendIsSteady() {
        double[] s = new double[40];
        for (int i = 0; i < s.length; i++) {
            s[i] = 100 + (i % 2 == 0 ? 10 : -10);
        }
        SteadyWindow.Window w = SteadyWindow.find(s, 0, 40);
        assertTrue(w.steady(), w.why());
        assertEquals(100, rate(s, w), 10.0 / (w.to() - w.from()) + 1e-9);
    }
}
