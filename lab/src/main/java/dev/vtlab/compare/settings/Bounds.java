package dev.vtlab.compare.settings;

/** A whole number in a range, or one line naming the setting and the range. */
public final class Bounds {

    private Bounds() {}

    public static int integer(String key, String value, int min, int max) {
        int v;
        try {
            v = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    key + " must be a whole number from " + min + " to " + max + ", not '" + value + "'");
        }
        if (v < min || v > max) {
            throw new IllegalArgumentException(key + " must be from " + min + " to " + max + ", not " + v);
        }
        return v;
    }
}
