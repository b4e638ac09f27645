package dev.vtlab.compare.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Many figures compared at once: at 5 % each, one in twenty differs by chance alone. Holm's step-down adjustment
 * (Holm 1979, "A simple sequentially rejective multiple test procedure") keeps the chance of any false difference in
 * the family at 5 % without assuming the tests independent (a comparison's figures are not: rate, latency and CPU move
 * together), and rejects at least what Bonferroni does. The p-values come from {@link LogRatio#pValue()}.
 */
public final class Multiplicity {

    /** The family-wise error rate. */
    public static final double ALPHA = 1 - Stats.CONFIDENCE;

    /**
     * One test of the family: its p-value, Holm's adjusted p-value, and whether it is significant at the family's
     * level (adjusted ≤ alpha). A NaN p-value (no test: an undetermined ratio) stays NaN and is not significant.
     */
    public record Adjusted(double pValue, double adjusted, boolean significant) {}

    private Multiplicity() {}

    /** Holm's adjustment at {@link #ALPHA}, in the order given. */
    public static List<Adjusted> holm(double[] pValues) {
        return holm(pValues, ALPHA);
    }

    /**
     * Holm's adjustment, in the order given: with the k real p-values sorted, p(1) ≤ … ≤ p(k), the i-th adjusted value
     * is max over j ≤ i of min(1, (k − j + 1) p(j)). NaN p-values are not tests and do not count in k.
     */
    public static List<Adjusted> holm(double[] pValues, double alpha) {
        int[] order = IntStream.range(0, pValues.length)
                .filter(i -> !Double.isNaN(pValues[i]))
                .boxed()
                .sorted(Comparator.comparingDouble(i -> pValues[i]))
                .mapToInt(Integer::intValue)
                .toArray();
        double[] adjusted = new double[pValues.length];
        Arrays.fill(adjusted, Double.NaN);
        double running = 0;
        for (int rank = 0; rank < order.length; rank++) {
            // a smaller p-value's adjusted value is never above a larger one's: the step-down stops at the first keep
            running = Math.max(running, Math.min(1, (order.length - rank) * pValues[order[rank]]));
            adjusted[order[rank]] = running;
        }
        List<Adjusted> out = new ArrayList<>();
        for (int i = 0; i < pValues.length; i++) {
            out.add(new Adjusted(pValues[i], adjusted[i], adjusted[i] <= alpha));
        }
        return out;
    }
}
