package dev.vtlab.banking;

import dev.vtlab.api.ApiException;
import dev.vtlab.api.Params;
import jakarta.json.JsonNumber;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.math.BigDecimal;
import java.math.RoundingMode;

/** Money is decimal with two places, carried between the app and the remote as whole cents. */
public final class Money {

    public static final BigDecimal MAX_TRANSFER = new BigDecimal("1000000.00");
    private static final BigDecimal SMALLEST = new BigDecimal("0.01");

    private Money() {}

    public static BigDecimal ofCents(long cents) {
        return BigDecimal.valueOf(cents, 2);
    }

    public static long toCents(BigDecimal amount) {
        return amount.setScale(2, RoundingMode.UNNECESSARY).unscaledValue().longValueExact();
    }

    /** A transfer amount from JSON (number or numeric string): 0.01 .. 1 000 000.00, at most two decimals. */
    public static BigDecimal transferAmount(JsonValue value, String field) {
        BigDecimal amount;
        if (value instanceof JsonNumber number) {
            amount = number.bigDecimalValue();
        } else if (value instanceof JsonString text) {
            try {
                amount = new BigDecimal(text.getString().trim());
            } catch (NumberFormatException e) {
                throw ApiException.badRequest(
                        field, field + " must be a decimal number, not '" + Params.shorten(text.getString()) + "'");
            }
        } else {
            throw ApiException.badRequest(
                    field, field + (value == null ? " is required" : " must be a decimal number"));
        }
        if (amount.stripTrailingZeros().scale() > 2) {
            throw ApiException.badRequest(
                    field, field + " has more than two decimal places: " + Params.shorten(amount.toString()));
        }
        if (amount.compareTo(SMALLEST) < 0 || amount.compareTo(MAX_TRANSFER) > 0) {
            throw ApiException.badRequest(
                    field,
                    field + " must be from 0.01 to " + MAX_TRANSFER.toPlainString() + ", not "
                            + Params.shorten(amount.toString()));
        }
        return amount.setScale(2, RoundingMode.UNNECESSARY);
    }
}
