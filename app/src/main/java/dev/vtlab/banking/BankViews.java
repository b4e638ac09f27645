package dev.vtlab.banking;

import java.math.BigDecimal;
import java.util.List;

/** What the bank's endpoints answer. Amounts are decimals with two places. */
public final class BankViews {

    private BankViews() {}

    public record Account(
            int id, BigDecimal balance, String tier, BigDecimal projectedBalanceIn12Months, String signature) {}

    public record Transfer(
            String transferId,
            int from,
            int to,
            BigDecimal amount,
            BigDecimal fee,
            BigDecimal fromBalance,
            BigDecimal toBalance,
            RiskModel.Risk risk,
            String signature,
            boolean replayed) {}

    public record StatementLine(
            String transferId, long at, int counterparty, BigDecimal amount, BigDecimal fee, BigDecimal balanceAfter) {}

    public record Statement(
            int id,
            BigDecimal balance,
            BigDecimal totalIn,
            BigDecimal totalOut,
            BigDecimal totalFees,
            List<StatementLine> lines,
            String signature) {}

    public record LedgerTotal(BigDecimal total, int accounts) {}
}
