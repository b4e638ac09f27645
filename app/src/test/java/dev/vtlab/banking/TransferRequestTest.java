package dev.vtlab.banking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.vtlab.api.ApiException;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TransferRequestTest {

    @Test
    void parsesNumbersAndNumericStringAmounts() {
        TransferRequest r = TransferRequest.parse("{\"from\":1,\"to\":2,\"amount\":10.5}", 1000);
        assertEquals(new TransferRequest(1, 2, new BigDecimal("10.50")), r);
        assertEquals(
                new BigDecimal("7.25"),
                TransferRequest.parse("{\"from\":1,\"to\":2,\"amount\":\"7.25\"}", 1000)
                        .amount());
        assertEquals(
                new BigDecimal("3.00"),
                TransferRequest.parse("{\"from\":1,\"to\":2,\"amount\":3.000}", 1000)
                        .amount());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "''|body",
                "'   '|body",
                "'{'|body",
                "'\"text\"'|body",
                "'[]'|body",
                "'{\"to\":2,\"amount\":1}'|from",
                "'{\"from\":0,\"to\":2,\"amount\":1}'|from",
                "'{\"from\":1001,\"to\":2,\"amount\":1}'|from",
                "'{\"from\":true,\"to\":2,\"amount\":1}'|from",
                "'{\"from\":1,\"to\":-2,\"amount\":1}'|to",
                "'{\"from\":2,\"to\":2,\"amount\":1}'|to",
                "'{\"from\":1,\"to\":2,\"amount\":null}'|amount",
                "'{\"from\":1,\"to\":2,\"amount\":0.001}'|amount",
                "'{\"from\":1,\"to\":2,\"amount\":-1}'|amount",
                "'{\"from\":1,\"to\":2,\"amount\":1e9}'|amount",
                "'{\"from\":1,\"to\":2,\"amount\":\"1,5\"}'|amount",
                "'{\"from\":1,\"to\":2,\"amount\":[1]}'|amount"
            })
    void namesTheFieldThatIsWrong(String body, String field) {
        ApiException e = assertThrows(ApiException.class, () -> TransferRequest.parse(body, 1000));
        assertEquals(400, e.status().getStatusCode());
        assertEquals(field, e.field());
    }

    @Test
    void rejectsHugeBodies() {
        String huge =
                "{\"from\":1,\"to\":2,\"amount\":1,\"pad\":\"" + "x".repeat(TransferRequest.MAX_BODY_CHARS) + "\"}";
        assertEquals(
                "body",
                assertThrows(ApiException.class, () -> TransferRequest.parse(huge, 1000))
                        .field());
    }
}
