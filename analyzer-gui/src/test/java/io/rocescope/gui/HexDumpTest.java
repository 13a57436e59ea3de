package io.rocescope.gui;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class HexDumpTest {
    @Test
    void byteOffsetsMapToTheirHexDigits() {
        byte[] d = new byte[40];
        for (int i = 0; i < d.length; i++) d[i] = (byte) (0xA0 + i);
        String dump = HexDump.render(d, d.length);
        assertThat(dump.lines()).hasSize(3);
        assertThat(dump.lines().findFirst().orElseThrow()).startsWith("0000  a0 a1 a2");
        for (int off : new int[] {0, 5, 15, 16, 39}) {
            int at = HexDump.hexStart(off);
            assertThat(dump.substring(at, at + 2)).isEqualTo(String.format("%02x", 0xA0 + off));
        }
        int[] r = HexDump.hexRange(14, 4);   // crosses a line
        assertThat(dump.substring(r[0], r[0] + 2)).isEqualTo("ae");
        assertThat(dump.substring(r[1] - 2, r[1])).isEqualTo("b1");
    }
}
