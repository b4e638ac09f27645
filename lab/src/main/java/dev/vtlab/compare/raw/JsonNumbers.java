package dev.vtlab.compare.raw;

import jakarta.json.Json;
import jakarta.json.JsonValue;

/** A figure as JSON: NaN and the infinities, which JSON has no number for, are written as null. */
public final class JsonNumbers {

    private JsonNumbers() {}

    /** {@code v}, or JSON null where it is not finite. */
    public static JsonValue num(double v) {
        return Double.isFinite(v) ? Json.createValue(v) : JsonValue.NULL;
    }
}
