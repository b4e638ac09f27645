package dev.vtlab.banking;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** The transfer fee: 0.1 % of the amount, at least 0.10 and at most 25.00, rounded half-even to the cent. */
public final class FeeSchedule {

    static final BigDecimal RATE = new BigDecimal("0.001");
    static final BigDecimal MIN = new BigDecimal("0.10");
    static final BigDecimal MAX = new BigDecimal("25.00");

    private FeeSchedule() {}

    public static BigDecimal feeFor(BigDecimal amount) {
        BigDecimal fee = amount.multiply(RATE).setScale(2, RoundingMode.HALF_EVEN);
        return fee.max(MIN).min(MAX);
    }
}
