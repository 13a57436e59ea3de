package io.rocescope.gui;

/** The classic hex view: 16 bytes a line, offset, hex and ASCII; and where each byte's hex digits sit. */
final class HexDump {
    static final int PER_LINE = 16;
    /** Characters of one line: "0000  " + 16 × "xx " + " " + 16 ASCII + newline. */
    static final int LINE_CHARS = 6 + PER_LINE * 3 + 1 + PER_LINE + 1;

    private HexDump() {}

    static String render(byte[] d, int len) {
        StringBuilder sb = new StringBuilder((len / PER_LINE + 1) * LINE_CHARS);
        for (int line = 0; line * PER_LINE < len; line++) {
            int base = line * PER_LINE;
            sb.append(String.format("%04x  ", base));
            for (int i = 0; i < PER_LINE; i++) {
                if (base + i < len) sb.append(String.format("%02x ", d[base + i] & 0xFF));
                else sb.append("   ");
            }
            sb.append(' ');
            for (int i = 0; i < PER_LINE; i++) {
                char c = base + i < len ? (char) (d[base + i] & 0xFF) : ' ';
                sb.append(c >= 0x20 && c < 0x7F ? c : '.');
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /** Character position of byte {@code offset}'s first hex digit. */
    static int hexStart(int offset) {
        return (offset / PER_LINE) * LINE_CHARS + 6 + (offset % PER_LINE) * 3;
    }

    /** Character range [start, end) that covers the hex digits of bytes [offset, offset + length). */
    static int[] hexRange(int offset, int length) {
        if (length <= 0) return new int[] {hexStart(offset), hexStart(offset)};
        return new int[] {hexStart(offset), hexStart(offset + length - 1) + 2};
    }

    /** The byte whose hex digits or ASCII character sit at text position {@code pos}; -1 for the offset column or a gap. */
    static int byteAt(int pos) {
        if (pos < 0) return -1;
        int line = pos / LINE_CHARS, col = pos % LINE_CHARS;
        if (col >= 6 && col < 6 + PER_LINE * 3) return line * PER_LINE + (col - 6) / 3;
        int ascii = 6 + PER_LINE * 3 + 1;
        if (col >= ascii && col < ascii + PER_LINE) return line * PER_LINE + col - ascii;
        return -1;
    }
}
