package io.rocescope.dissector.field;

/**
 * Turns a field value into the words a person reads next to it (Wireshark's value_string and
 * custom formatters). Returns null when it has nothing to say for a value.
 */
@FunctionalInterface
public interface ValueNames {
    String nameOf(long value);

    /** A dense table indexed by value; entries may be null. */
    static ValueNames table(String... names) {
        return v -> v >= 0 && v < names.length ? names[(int) v] : null;
    }
}
