package io.rocescope.flow;

/**
 * Hash codes for the tracker's table keys. A record's own hash code is a sum with multiplier 31: keys whose
 * parts count up together (address text a character apart, QPNs allocated one after another) collide in
 * long runs, and a table of a million of them degrades to trees of equal hashes. This mixes each part in.
 */
final class Hashes {
    private Hashes() {}

    /** {@code h} with {@code part} mixed in (a 64-bit multiply and fold: every bit of both reaches every bit). */
    static int mix(int h, int part) {
        long x = ((long) h << 32 | (part & 0xFFFFFFFFL)) * 0x9E3779B97F4A7C15L;
        x ^= x >>> 29;
        x *= 0xBF58476D1CE4E5B9L;
        return (int) (x ^ x >>> 32);
    }
}
