package io.rocescope.cli;

import java.io.FilterWriter;
import java.io.IOException;
import java.io.Writer;

/**
 * Text from outside (file names, above all) made safe for a terminal: control characters (C0, DEL,
 * C1) are written as {@code \xHH}, so that a name cannot move the cursor, recolour or retitle the
 * terminal. Tab and line ends are the only controls kept, and only where the program writes them.
 */
final class TerminalText {
    private TerminalText() {}

    static boolean isControl(char c) {
        return c < 0x20 || (c >= 0x7F && c <= 0x9F);
    }

    /** {@code s} with every control character as {@code \xHH}. */
    static String escape(String s) {
        int i = 0;
        while (i < s.length() && !isControl(s.charAt(i))) i++;
        if (i == s.length()) return s;
        StringBuilder sb = new StringBuilder(s.length() + 8).append(s, 0, i);
        for (; i < s.length(); i++) append(sb, s.charAt(i));
        return sb.toString();
    }

    private static void append(StringBuilder sb, char c) {
        if (isControl(c)) sb.append("\\x").append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 0xF, 16));
        else sb.append(c);
    }

    /**
     * Standard error's writer: each message is one line, so the line ends the program writes pass and
     * every other control character (one a message took from a file name) is escaped.
     */
    static final class ErrorWriter extends FilterWriter {
        ErrorWriter(Writer out) { super(out); }

        @Override
        public void write(int c) throws IOException {
            if (c == '\n' || c == '\r' || c == '\t' || !isControl((char) c)) out.write(c);
            else out.write(escape(String.valueOf((char) c)));
        }

        @Override
        public void write(char[] b, int off, int len) throws IOException {
            for (int i = off; i < off + len; i++) write(b[i]);
        }

        @Override
        public void write(String s, int off, int len) throws IOException {
            for (int i = off; i < off + len; i++) write(s.charAt(i));
        }
    }
}
