package io.rocescope.dissector.field;

/**
 * Turns a field value into the words a person reads next to it (Wireshark's value_string and
 * custom formatters). {@link #nameOf} returns null when it has nothing to say for a value (the tree
 * then shows the number alone); text that needs a word uses {@link #label}, which is never null.
 */
@FunctionalInterface
public interface ValueNames {
    String nameOf(long value);

    /** The name, or "Unknown (N)" as Wireshark's val_to_str prints a value without one; never null. */
    default String label(long value) {
        String name = nameOf(value);
        return name != null ? name : unknown(value);
    }

    static String unknown(long value) {
        return "Unknown (" + value + ")";
    }

    /** A dense table indexed by value; entries may be null. */
    static ValueNames table(String... names) {
        return v -> v >= 0 && v < names.length ? names[(int) v] : null;
    }
}
