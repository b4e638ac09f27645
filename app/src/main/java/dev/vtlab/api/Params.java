package dev.vtlab.api;

/** Parses request parameters, naming the field in the 400 when a value is missing, malformed or out of range. */
public final class Params {

    private Params() {}

    /** {@code raw} as an int in [min, max]; {@code dflt} when absent or empty. */
    public static int intOr(String raw, String field, int dflt, int min, int max) {
        return raw == null || raw.isEmpty() ? dflt : (int) longIn(raw, field, min, max);
    }

    public static int requiredInt(String raw, String field, int min, int max) {
        if (raw == null || raw.isEmpty()) {
            throw ApiException.badRequest(field, field + " is required");
        }
        return (int) longIn(raw, field, min, max);
    }

    private static long longIn(String raw, String field, long min, long max) {
        long value;
        try {
            value = Long.parseLong(raw.trim());
        } catch (NumberFormatException e) {
            throw ApiException.badRequest(field, field + " must be a whole number, not '" + shorten(raw) + "'");
        }
        if (value < min || value > max) {
            throw ApiException.badRequest(field, field + " must be from " + min + " to " + max + ", not " + value);
        }
        return value;
    }

    /** At most 40 characters of client input, for an error message. */
    public static String shorten(String raw) {
        return raw.length() <= 40 ? raw : raw.substring(0, 40) + "...";
    }
}
