package dev.vtlab.banking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FeeAndRiskTest {

    @ParameterizedTest
    @CsvSource({
        "0.01,0.10",
        "99.99,0.10",
        "250.00,0.25",
        "1234.56,1.23",
        "1235.00,1.24",
        "1245.00,1.24",
        "25000.00,25.00",
        "1000000.00,25.00"
    })
    void feeIsATenthOfAPercentBetweenTenCentsAndTwentyFive(String amount, String fee) {
        assertEquals(new BigDecimal(fee), FeeSchedule.feeFor(new BigDecimal(amount)));
    }

    @Test
    void riskRisesWithLargeAndRoundAmounts() {
        RiskModel.Risk small = RiskModel.score(10, 20, new BigDecimal("12.34"));
        RiskModel.Risk large = RiskModel.score(10, 20, new BigDecimal("50000.00"));
        assertEquals("low", small.level());
        assertEquals("high", large.level());
        assertTrue(large.score() > small.score());
        assertTrue(RiskModel.score(10, 20, new BigDecimal("300.00")).score()
                > RiskModel.score(10, 20, new BigDecimal("301.00")).score());
    }

    @Test
    void signatureIsDeterministicAndDependsOnTheWork() {
        assertEquals(RiskModel.sign("payload", 3), RiskModel.sign("payload", 3));
        assertNotEquals(RiskModel.sign("payload", 3), RiskModel.sign("payload", 4));
        assertNotEquals(RiskModel.sign("payload", 0), RiskModel.sign("payloaD", 0));
        assertEquals(32, RiskModel.sign("x", 0).length());
    }

    @Test
    void projectionCompoundsMonthlyAtTheTierRate() {
        assertEquals("standard", BankService.tier(new BigDecimal("1999.99")));
        assertEquals("silver", BankService.tier(new BigDecimal("2000.00")));
        assertEquals("gold", BankService.tier(new BigDecimal("10000.00")));
        // 1000 * (1 + 0.005/12)^12 = 1005.0114...
        assertEquals(new BigDecimal("1005.01"), BankService.projectIn12Months(new BigDecimal("1000.00"), "standard"));
        // 10000 * (1 + 0.025/12)^12 = 10252.8808...
        assertEquals(new BigDecimal("10252.88"), BankService.projectIn12Months(new BigDecimal("10000.00"), "gold"));
    }
}
