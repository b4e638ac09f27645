package dev.vtlab.compare.analyse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Locale;
import java.util.Random;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The steady-window rule on per-second series whose right answer is known by construction: where a burst, a
 * climb or a warm-up ends, which levels have no steady part at all, and, simulated, how often it flags a steady level
 * and how often it lets a slow start through.
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
        assertEquals(1, SteadyWindow.mser(series(10, 0, 0, 0), 0));
        assertEquals(0, SteadyWindow.mser(series(5, 5, 5, 5), 0), "nothing to cut");
        assertEquals(1, SteadyWindow.mser(series(5, 5, 5, 5), 1), "the least cut, whatever the series");
        assertEquals(2, SteadyWindow.mser(series(10, 10, 0, 0, 0, 0), 1), "and more where MSER finds more");
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

    @Test
    void aStartThatOutlastsMsersSearchMakesTheLevelTooShort() {
        // 30 s: from 60 to 100 over the first 20 s, then 100. MSER's 5-s batches (64, 74, 84, 94, 100, 100) are cut
        // to its limit, 15 s, and the window it leaves (the last 5 s of the climb, then flat) moves under 10 %: not
        // a trend, but a start MSER could not see the end of, in a level whose rate rose significantly across it
        double[] s = new double[30];
        for (int i = 0; i < 30; i++) {
            s[i] = Math.min(100, 60 + 2 * i);
        }
        SteadyWindow.Window w = SteadyWindow.find(s, 0, 30);
        assertEquals(Flag.TOO_SHORT, w.flag(), w.why());
        assertEquals(15, w.from());
        assertTrue(
                w.why().startsWith("MSER cut as much as it may, 15 s of its 30, and its rate rose +")
                        && w.why().endsWith("a level of at least 60 s would show where it ends"),
                w.why());
        assertTrue(Math.abs(w.change()) < SteadyWindow.TREND_LIMIT_PCT, w.toString());
        assertTrue(w.stoppedRising(), "no rising trend in its window: the peak was reached within the level");
    }

    /**
     * A level of {@code seconds} answered at 1 000/s × {@code profile}(second), times 1 + stationary AR(1) noise of
     * lag-1 {@code phi} and standard deviation {@code cv} (from the first second on: no start of its own).
     */
    private static double[] level(Random random, int seconds, double phi, double cv, DoubleUnaryOperator profile) {
        double[] out = new double[seconds];
        double noise = cv * random.nextGaussian();
        for (int t = 0; t < seconds; t++) {
            if (t > 0) {
                noise = phi * noise + cv * Math.sqrt(1 - phi * phi) * random.nextGaussian();
            }
            out[t] = 1000 * profile.applyAsDouble(t) * (1 + noise);
        }
        return out;
    }

    private static final double[] LAG1 = {0.5, 0.65, 0.8};
    private static final int SIMULATED = 3000;

    @Test
    void steadyAutocorrelatedLevelsAreFlaggedAtMost5PercentOfTheTime() {
        // 3 000 steady levels per cell, nothing to find: every flag is a false one. At a CV of 3 % a second (the
        // Poisson spread of 1 000 answers) and of 10 % (where the 10 % limit on a trend no longer shields a level),
        // 30-, 60- and 150-s levels were flagged (Monte-Carlo SE at most 0.3 %):
        //   lag-1 0.5: 0-0.03 %; 0.65: 0.07-0.33 %; 0.8: 0.13-2.83 %, the most at 30 s, where most are "too short".
        // The rule before issue 47 flagged 10-23 % of the 30- and 60-s levels at a CV of 10 % (its review: 9-23 %).
        // The first batch always cut, a steady level's window is on average 20.7-21.3 s of 30 (MSER alone:
        // 23.6-24.3 s), 47.5-48.7 of 60 and 133.6-137.3 of 150; at least 68 % of the level is asserted.
        for (double cv : new double[] {0.03, 0.10}) {
            for (int seconds : new int[] {30, 60, 150}) {
                for (double phi : LAG1) {
                    Random random = new Random(47 + seconds);
                    int flagged = 0;
                    double length = 0;
                    for (int i = 0; i < SIMULATED; i++) {
                        SteadyWindow.Window w = SteadyWindow.find(level(random, seconds, phi, cv, t -> 1), 0, seconds);
                        flagged += w.steady() ? 0 : 1;
                        length += (w.to() - w.from()) / (double) SIMULATED;
                    }
                    double rate = flagged / (double) SIMULATED;
                    System.out.printf(
                            Locale.ROOT,
                            "steady window, steady level: CV %2.0f %%, %3d s, lag-1 %.2f: flagged %.2f %% (SE %.2f %%),"
                                    + " window %.1f s%n",
                            100 * cv,
                            seconds,
                            phi,
                            100 * rate,
                            100 * Math.sqrt(rate * (1 - rate) / SIMULATED),
                            length);
                    assertTrue(rate <= 0.05, cv + " " + seconds + " s " + phi + ": " + rate);
                    assertTrue(length >= 0.68 * seconds, seconds + " s " + phi + ": " + length);
                }
            }
        }
    }

    /**
     * Of {@link #SIMULATED} 30-s levels at a CV of 3 % a second (the Poisson spread of 1 000 answers) shaped by {@code
     * profile}: the share flagged, and the share detected: flagged, or cut so that what the start left in the window
     * is at most 1 % of the plateau. The bias is the noiseless profile's mean over the window MSER chose, so it is
     * known whatever the noise did; 1 % is a fifth of the 5 % equivalence margin.
     */
    private static Detection detected(DoubleUnaryOperator profile, double phi) {
        Random random = new Random(13);
        int flagged = 0, detected = 0;
        for (int i = 0; i < SIMULATED; i++) {
            SteadyWindow.Window w = SteadyWindow.find(level(random, 30, phi, 0.03, profile), 0, 30);
            double bias = 0;
            for (int t = w.from(); t < w.to(); t++) {
                bias += (profile.applyAsDouble(t) - 1) / (w.to() - w.from());
            }
            flagged += w.steady() ? 0 : 1;
            detected += !w.steady() || Math.abs(bias) <= 0.01 ? 1 : 0;
        }
        return new Detection(flagged / (double) SIMULATED, detected / (double) SIMULATED);
    }

    private record Detection(double flagged, double detected) {}

    @Test
    void aFivePercentStartIsCutOffOrFlagged() {
        // The rate starting 5 % low and reaching its plateau exponentially (time constant 5 s) or linearly over 15 or
        // 20 s. Simulated (SE at most 0.9 %): the exponential start and the linear one over 15 s are detected in
        // 100 %, as the first batch, always cut, takes them to 0.1 % and 0.7 %. MSER alone detected the linear one in
        // 78-82 %, where it cut that first batch (4 % low, against a 5-s mean's noise of 2.0-2.6 %). Over 20 s, 1.2 %
        // is left after the first batch, and MSER cuts a second one, or the level is flagged, in 65-66 % (MSER alone:
        // 59-61 %). 0.8-15.7 % of them are flagged, the most at lag-1 0.8.
        for (double phi : LAG1) {
            Detection exponential = detected(t -> 1 - 0.05 * Math.exp(-t / 5), phi);
            Detection linear = detected(t -> 1 - 0.05 * Math.max(0, 1 - t / 15), phi);
            Detection longer = detected(t -> 1 - 0.05 * Math.max(0, 1 - t / 20), phi);
            print("5 % low, exponential, 5 s", phi, exponential);
            print("5 % low, linear over 15 s", phi, linear);
            print("5 % low, linear over 20 s", phi, longer);
            assertEquals(1, exponential.detected(), 1e-12, phi + ": " + exponential);
            assertTrue(linear.detected() >= 0.80, phi + ": " + linear);
            assertTrue(longer.detected() >= 0.60, phi + ": " + longer);
        }
    }

    @Test
    void aSlowStartThatMserCannotCutIsFlagged() {
        // The rate starting 20 % low and climbing linearly to its plateau at the level's end: the window MSER's limit
        // leaves (the last 15 s) is still 5.3 % low, so only a flag detects it. Flagged (SE at most 0.7 %): 83 % at
        // lag-1 0.5, 85 % at 0.65, 89 % at 0.8, 49-62 % of them "too short" and the rest still rising in the window;
        // the rule before issue 47 flagged 49-50 %. Issue 47's own slow start, 15 % low and climbing over 40 s (6.7 %
        // left at MSER's limit), stands out of the noise less: flagged in 40 %, 44 % and 52 % (before: 13-15 %). The
        // tests allow for lag-1 0.8 whatever the series, so they find least where the lag-1 is lowest.
        for (double phi : LAG1) {
            Detection slow = detected(t -> 1 - 0.2 * (1 - t / 30), phi);
            Detection slower = detected(t -> 1 - 0.15 * (1 - t / 40), phi);
            print("20 % low, linear over 30 s", phi, slow);
            print("15 % low, linear over 40 s", phi, slower);
            assertTrue(slow.flagged() >= 0.80, phi + ": " + slow);
            assertTrue(slower.flagged() >= 0.35, phi + ": " + slower);
        }
    }

    private static void print(String start, double phi, Detection d) {
        System.out.printf(
                Locale.ROOT,
                "steady window, 30-s level %s, lag-1 %.2f: flagged %.1f %%, detected %.1f %%%n",
                start,
                phi,
                100 * d.flagged(),
                100 * d.detected());
    }
}
