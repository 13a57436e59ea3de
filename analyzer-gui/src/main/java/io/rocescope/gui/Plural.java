package io.rocescope.gui;

/** "1 set-up", "2 set-ups": a count with its noun, plural when it is not one. */
final class Plural {
    private Plural() {}

    static String of(long n, String noun) { return n + " " + noun + (n == 1 ? "" : "s"); }
}
