package dev.vtlab.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ParamsTest {

    @Test
    void defaultsWhenAbsentAndParsesInRange() {
        assertEquals(2, Params.intOr(null, "delayMs", 2, 0, 60_000));
        assertEquals(2, Params.intOr("", "delayMs", 2, 0, 60_000));
        assertEquals(60_000, Params.intOr("60000", "delayMs", 2, 0, 60_000));
        assertEquals(7, Params.requiredInt(" 7 ", "id", 1, 10));
    }

    @Test
    void namesTheFieldWhenMalformedOrOutOfRange() {
        assertEquals(
                "delayMs",
                assertThrows(ApiException.class, () -> Params.intOr("-1", "delayMs", 2, 0, 60_000))
                        .field());
        assertEquals(
                "delayMs",
                assertThrows(ApiException.class, () -> Params.intOr("1.5", "delayMs", 2, 0, 60_000))
                        .field());
        assertEquals(
                "id",
                assertThrows(ApiException.class, () -> Params.requiredInt(null, "id", 1, 10))
                        .field());
        ApiException huge = assertThrows(ApiException.class, () -> Params.requiredInt("9".repeat(100), "id", 1, 10));
        assertEquals(400, huge.status().getStatusCode());
        assertEquals("id must be a whole number, not '" + "9".repeat(40) + "...'", huge.getMessage());
    }
}
