package dev.vtlab.banking;

import dev.vtlab.api.ApiException;
import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.math.BigDecimal;

/** The body of POST /api/bank/transfers: {"from": 1, "to": 2, "amount": 10.00}. */
public record TransferRequest(int from, int to, BigDecimal amount) {

    public static final int MAX_BODY_CHARS = 4096;

    public static TransferRequest parse(String body, int maxAccountId) {
        if (body == null || body.isBlank()) {
            throw ApiException.badRequest("body", "the request body must be a JSON object {from, to, amount}");
        }
        if (body.length() > MAX_BODY_CHARS) {
            throw ApiException.badRequest("body", "the request body is larger than " + MAX_BODY_CHARS + " characters");
        }
        JsonObject json;
        try (JsonReader reader = Json.createReader(new StringReader(body))) {
            JsonValue value = reader.readValue();
            if (!(value instanceof JsonObject object)) {
                throw ApiException.badRequest("body", "the request body must be a JSON object {from, to, amount}");
            }
            json = object;
        } catch (JsonException | IllegalStateException e) {
            throw ApiException.badRequest("body", "the request body is not valid JSON");
        }
        int from = accountId(json.get("from"), "from", maxAccountId);
        int to = accountId(json.get("to"), "to", maxAccountId);
        if (from == to) {
            throw ApiException.badRequest("to", "to must differ from from (" + from + ")");
        }
        return new TransferRequest(from, to, Money.transferAmount(json.get("amount"), "amount"));
    }

    private static int accountId(JsonValue value, String field, int max) {
        if (value == null || value == JsonValue.NULL) {
            throw ApiException.badRequest(field, field + " is required");
        }
        if (value instanceof JsonNumber number && number.isIntegral()) {
            BigDecimal id = number.bigDecimalValue();
            if (id.signum() > 0 && id.compareTo(BigDecimal.valueOf(max)) <= 0) {
                return id.intValueExact();
            }
        }
        throw ApiException.badRequest(field, field + " must be an account number from 1 to " + max);
    }
}
