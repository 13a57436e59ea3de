package io.rocescope.dissector.text;

/**
 * tshark's {@code -x}: the frame's bytes sixteen to a line, offset in hex, the bytes in hex and as
 * ASCII (a dot for anything not printable), followed by an empty line.
 */
public final class HexDumpText {
    private HexDumpText() {}

    public static LineBuffer append(LineBuffer sb, byte[] d, int len) {
        int offsetDigits = 4;
        while (len > 0 && (len - 1) >>> (4 * offsetDigits) != 0) offsetDigits++;
        for (int line = 0; line < len; line += 16) {
            int n = Math.min(16, len - line);
            sb.appendHex(line, offsetDigits).append("  ");
            for (int i = 0; i < 16; i++) {
                if (i < n) sb.appendHex(d[line + i] & 0xFF, 2);
                else sb.append("  ");
                if (i < 15) sb.append(' ');
            }
            sb.append("   ");
            for (int i = 0; i < n; i++) {
                int b = d[line + i] & 0xFF;
                sb.append(b >= 0x20 && b < 0x7F ? (char) b : '.');
            }
            sb.append('\n');
        }
        return sb.append('\n');
    }
}
