package io.rocescope.cli.live;

import io.rocescope.dissector.capture.CaptureInterface;
import io.rocescope.dissector.capture.CaptureReader;
import io.rocescope.dissector.capture.CaptureReaders;
import io.rocescope.dissector.capture.CaptureRecord;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.HexFormat;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bytes a live capture's pcapng file holds, pinned: the expectations are what the writer wrote before its
 * blocks were assembled by dissector's PcapngFileWriter (commit a64b322), so that a change to either cannot
 * change a live capture's file unnoticed.
 */
class PcapngLiveWriterTest {
    private static final long T0 = 1_700_000_000_123_456_789L;

    private static byte[] written(String ifDescription, int linkType, int snaplen, boolean flushEach, byte[]... frames) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (PcapngLiveWriter w = new PcapngLiveWriter(out, "eth0", ifDescription, linkType, snaplen, flushEach)) {
            for (int i = 0; i < frames.length; i++) w.write(T0 + i * 1_000L, frames[i], frames[i].length, frames[i].length + 40L * i);
            w.finish(T0 - 5_000_000_000L, T0 + 7, new CaptureStats(10, 2, 1, 0));
        }
        return out.toByteArray();
    }

    private static byte[] hex(String lines) {
        return HexFormat.of().parseHex(lines.replaceAll("\\s", ""));
    }

    private static byte[] frame(int n) {
        byte[] f = new byte[n];
        for (int i = 0; i < n; i++) f[i] = (byte) (0x10 + i);
        return f;
    }

    @Test
    void namedInterfaceTwoFramesAndStatisticsAreTheBytesWrittenBefore() throws IOException {
        byte[] bytes = written("mlx5_0 port 1", 1, 65535, false, frame(14), frame(5));
        assertThat(HexFormat.of().formatHex(bytes)).isEqualTo(HexFormat.of().formatHex(hex(NAMED)));
        try (CaptureReader r = CaptureReaders.open(new ByteArrayInputStream(bytes), "live")) {
            CaptureRecord rec = new CaptureRecord();
            assertThat(r.next(rec)).isTrue();
            assertThat(rec.timestampNanos).isEqualTo(T0);
            assertThat(r.next(rec)).isTrue();
            assertThat(rec.capturedLength).isEqualTo(5);
            assertThat(rec.originalLength).isEqualTo(45);
            assertThat(r.next(rec)).isFalse();
            assertThat(r.interfaces()).containsExactly(new CaptureInterface(1, 65535, "eth0", "mlx5_0 port 1"));
            assertThat(r.comments()).containsExactly("Application: RoCEscope (rocescope capture)");
        }
    }

    @Test
    void interfaceWithoutDescriptionAndNoFramesAreTheBytesWrittenBefore() throws IOException {
        assertThat(HexFormat.of().formatHex(written(null, 276, 262144, true)))
            .isEqualTo(HexFormat.of().formatHex(hex(UNDESCRIBED)));
    }

    /** Section header (shb_userappl), interface (if_name, if_description, if_tsresol), two packets, statistics. */
    private static final String NAMED = """
        0a0d0d0a440000004d3c2b1a01000000ffffffffffffffff04001d00526f434573636f70652028726f636573636f7065
        2063617074757265290000000000000044000000

        010000003c00000001000000ffff0000020004006574683003000d006d6c78355f3020706f7274203100000009000100
        09000000000000003c000000

        060000003000000000000000fe9c971715cd853d0e0000000e000000101112131415161718191a1b1c1d000030000000

        060000002800000000000000fe9c9717fdd0853d050000002d000000101112131400000028000000

        050000006400000000000000fe9c97171ccd853d02000800fd9c971715db7f1303000800fe9c97171ccd853d04000800
        0a0000000000000005000800010000000000000007000800020000000000000008000800020000000000000000000000
        64000000
        """;

    /** Section header, interface (if_name, if_tsresol; Linux cooked v2, snaplen 262144), statistics of no frame. */
    private static final String UNDESCRIBED = """
        0a0d0d0a440000004d3c2b1a01000000ffffffffffffffff04001d00526f434573636f70652028726f636573636f7065
        2063617074757265290000000000000044000000

        01000000280000001401000000000400020004006574683009000100090000000000000028000000

        050000006400000000000000fe9c97171ccd853d02000800fd9c971715db7f1303000800fe9c97171ccd853d04000800
        0a0000000000000005000800010000000000000007000800020000000000000008000800000000000000000000000000
        64000000
        """;
}
