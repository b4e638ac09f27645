package dev.vtlab.compare.stats;

import org.apache.commons.math3.distribution.HypergeometricDistribution;

/**
 * Fisher's exact test on a 2×2 table: whether two modes' runs were left out at different rates beyond what chance
 * gives. Commons Math 3.6.1 has the hypergeometric distribution but not the test, so the two-sided p-value is summed
 * here: the probability, with the margins fixed, of every table no more likely than the one observed.
 */
public final class Fisher {

    /** Tables within this relative distance of the observed one's probability count as equally likely. */
    private static final double TIES = 1e-7;

    private Fisher() {}

    /**
     * The two-sided p-value for the table [[a, b], [c, d]]: a of a + b in the first group against c of c + d in the
     * second (here: runs left out and kept, per mode). 1 when a margin is empty.
     */
    public static double twoSided(int a, int b, int c, int d) {
        if (Math.min(Math.min(a, b), Math.min(c, d)) < 0) {
            throw new IllegalArgumentException(
                    "a 2×2 table's counts are 0 or more: " + a + ", " + b + ", " + c + ", " + d);
        }
        int n = a + b + c + d, firstRow = a + b, firstColumn = a + c;
        if (firstRow == 0 || firstRow == n || firstColumn == 0 || firstColumn == n) {
            return 1;
        }
        HypergeometricDistribution h = new HypergeometricDistribution(null, n, firstColumn, firstRow);
        double observed = h.probability(a);
        double p = 0;
        for (int k = Math.max(0, firstRow + firstColumn - n); k <= Math.min(firstRow, firstColumn); k++) {
            double pk = h.probability(k);
            if (pk <= observed * (1 + TIES)) {
                p += pk;
            }
        }
        return Math.min(1, p);
    }
}
