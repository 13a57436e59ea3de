package io.rocescope.gui;

/** "1 set-up", "2 set-ups": a count with its noun, plural when it is not one. */
final class Plural {
    private Plural() {}

    static String of(long n, String noun) { return n + " " + noun + (n == 1 ? "" : "s"); }

    /** "1 RTT", "1,234 RTTs": the count with thousands separators. */
    static String grouped(long n, String noun) { return grouped(n, noun, noun + "s"); }

    /** A noun whose plural is not an added s: "1 ACK/response", "2 ACKs/responses". */
    static String grouped(long n, String noun, String plural) {
        return String.format(java.util.Locale.ROOT, "%,d ", n) + (n == 1 ? noun : plural);
    }
}
