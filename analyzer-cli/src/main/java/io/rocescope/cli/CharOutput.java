package io.rocescope.cli;

import java.io.PrintWriter;

/**
 * Writes a StringBuilder without making a String of it: lines hold "→", so the builder is UTF-16 and
 * {@code append(CharSequence)} would copy and try to compress every line (the top cost in profiles).
 */
final class CharOutput {
    private CharOutput() {}

    private static final ThreadLocal<char[][]> BUF = ThreadLocal.withInitial(() -> new char[][] {new char[1024]});

    static void write(PrintWriter out, StringBuilder sb) {
        char[][] holder = BUF.get();
        int n = sb.length();
        if (holder[0].length < n) holder[0] = new char[Math.max(n, holder[0].length * 2)];
        sb.getChars(0, n, holder[0], 0);
        out.write(holder[0], 0, n);
    }
}
