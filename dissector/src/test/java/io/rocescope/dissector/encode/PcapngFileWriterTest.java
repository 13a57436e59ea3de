package io.rocescope.dissector.encode;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.HexFormat;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bytes `dissect -F pcapng -w` and the GUI's save write, pinned: the expectations are what the writer wrote
 * before the live capture's writer came to share its blocks (commit a64b322).
 */
class PcapngFileWriterTest {
    private static final long T0 = 1_700_000_000_123_456_789L;

    /** Three frames: interface 0 Ethernet, interface 1 InfiniBand (a second description), interface 0 again, cut. */
    private static String written(boolean nanos) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (PcapngFileWriter w = new PcapngFileWriter(out, nanos)) {
            w.write(T0, new byte[] {1, 2, 3, 4, 5, 6, 7, 8}, 8, 8, 1, 0);
            w.write(T0 + 1_500, new byte[] {9, 10, 11}, 3, 3, 247, 1);
            w.write(T0 + 3_000, new byte[] {12, 13, 14, 15, 16, 17}, 5, 1500, 1, 0);
        }
        return HexFormat.of().formatHex(out.toByteArray());
    }

    private static String hex(String lines) {
        return lines.replaceAll("\\s", "");
    }

    @Test
    void nanosecondFileIsTheBytesWrittenBefore() throws IOException {
        assertThat(written(true)).isEqualTo(hex(NANOS));
    }

    @Test
    void microsecondFileIsTheBytesWrittenBefore() throws IOException {
        assertThat(written(false)).isEqualTo(hex(MICROS));
    }

    /** Section header, interface 0 (if_tsresol 9), packet, interface 1, packet, packet: one block a paragraph. */
    private static final String NANOS = """
        0a0d0d0a1c0000004d3c2b1a01000000ffffffffffffffff1c000000

        0100000020000000010000000000040009000100090000000000000020000000

        060000002800000000000000fe9c971715cd853d0800000008000000010203040506070828000000

        0100000020000000f70000000000040009000100090000000000000020000000

        060000002400000001000000fe9c9717f1d2853d0300000003000000090a0b0024000000

        060000002800000000000000fe9c9717cdd8853d05000000dc0500000c0d0e0f1000000028000000
        """;

    /** The same in microseconds: the interfaces have no options (no if_tsresol, no opt_endofopt). */
    private static final String MICROS = """
        0a0d0d0a1c0000004d3c2b1a01000000ffffffffffffffff1c000000

        0100000014000000010000000000040014000000

        060000002800000000000000240a0600402220180800000008000000010203040506070828000000

        0100000014000000f70000000000040014000000

        060000002400000001000000240a0600422220180300000003000000090a0b0024000000

        060000002800000000000000240a06004322201805000000dc0500000c0d0e0f1000000028000000
        """;
}
