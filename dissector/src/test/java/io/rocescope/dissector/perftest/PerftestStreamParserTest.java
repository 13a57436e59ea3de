package io.rocescope.dissector.perftest;

import io.rocescope.dissector.value.Gid;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The record cutter on byte streams the captures do not have: key messages without GID, byte-by-byte delivery. */
class PerftestStreamParserTest {
    private static final String GID_KEY =
        "0000:0001:000011:9ae6be:00000000:00007fd2e5ee0000:00:00:00:00:00:00:00:00:00:00:ff:ff:0a:00:00:01:00000000:";

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static List<PerftestRecord> feedByteByByte(byte[] stream) {
        PerftestStreamParser p = new PerftestStreamParser();
        List<PerftestRecord> out = new ArrayList<>();
        for (int i = 0; i < stream.length; i++) p.bytes(stream, i, 1, i, out);
        p.finish(out);
        return out;
    }

    @Test
    void fiftyNineByteKeyMessagesWithoutGid() {
        String key = "0001:0080:000108:63ad7d:00001234:00007f0011223344:00000000";
        assertThat(key.length() + 1).isEqualTo(59);
        byte[] version = new byte[16];
        System.arraycopy(ascii("5.60"), 0, version, 0, 4);
        ByteArrayOutputStream s = new ByteArrayOutputStream();
        s.writeBytes(version);
        s.writeBytes(new byte[] {0, 0, 0x10, 0, 0, 0, 0, 0x40});   // cycle buffer, cache line
        s.writeBytes(ascii("5\0"));                                // MTU 4096
        s.writeBytes(ascii(key + "\0"));
        s.writeBytes(ascii(key + "\0"));
        s.writeBytes(ascii("done\0"));
        List<PerftestRecord> records = feedByteByByte(s.toByteArray());
        assertThat(records).extracting(PerftestRecord::kind).containsExactly(PerftestRecord.Kind.VERSION,
            PerftestRecord.Kind.CYCLE_BUFFER, PerftestRecord.Kind.CACHE_LINE_SIZE, PerftestRecord.Kind.MTU,
            PerftestRecord.Kind.KEY, PerftestRecord.Kind.KEY, PerftestRecord.Kind.SYNC);
        PerftestRecord.Key k = records.get(4).key();
        assertThat(k.lid()).isEqualTo(1);
        assertThat(k.outReads()).isEqualTo(0x80);
        assertThat(k.qpn()).isEqualTo(0x108);
        assertThat(k.psn()).isEqualTo(0x63ad7d);
        assertThat(k.rkey()).isEqualTo(0x1234);
        assertThat(k.vaddr()).isEqualTo(0x7f0011223344L);
        assertThat(k.gid()).isNull();
        assertThat(k.tailVaddr()).isEqualTo(-1);
        assertThat(records.get(3).number()).isEqualTo(5);
        assertThat(records.get(4).streamEnd() - records.get(4).streamStart()).isEqualTo(59);
    }

    @Test
    void aStreamThatStartsMidExchangeStillYieldsKeys() {
        List<PerftestRecord> records = feedByteByByte(ascii(GID_KEY + "\0" + GID_KEY + "\0"));
        assertThat(records).extracting(PerftestRecord::kind).containsExactly(PerftestRecord.Kind.KEY, PerftestRecord.Kind.KEY);
        assertThat(records.get(0).key().gid()).isEqualTo(Gid.ipv4Mapped(0x0a000001));
    }

    /** Data-validation builds send the tail-marker VA after the VA (76 bytes without a GID, 125 with one). */
    @Test
    void dataValidationKeysCarryTheTailMarkerVa() {
        String noGid = "0001:0080:000108:63ad7d:00001234:00007f0011223344:00007f0011225000:00000007";
        String withGid = "0000:0001:000011:9ae6be:00000abc:00007fd2e5ee0000:00007fd2e5ef0000:"
            + "fd:00:00:00:00:00:00:00:00:00:00:00:00:00:00:02:00000000:";
        assertThat(noGid.length() + 1).isEqualTo(76);
        assertThat(withGid.length() + 1).isEqualTo(125);
        List<PerftestRecord> records = feedByteByByte(ascii(noGid + "\0" + withGid + "\0"));
        assertThat(records).extracting(PerftestRecord::key).containsExactly(
            new PerftestRecord.Key(1, 0x80, 0x108, 0x63ad7d, 0x1234, 0x7f0011223344L, 0x7f0011225000L, null, 7),
            new PerftestRecord.Key(0, 1, 0x11, 0x9ae6be, 0xabc, 0x7fd2e5ee0000L, 0x7fd2e5ef0000L,
                new Gid(0xfd00_0000_0000_0000L, 2), 0));
    }

    @Test
    void binaryNoiseIsReportedAsUnknownAndDoesNotHideTheNextKey() {
        byte[] noise = {1, 2, 3, (byte) 0xff, 0, 9, 9};
        ByteArrayOutputStream s = new ByteArrayOutputStream();
        s.writeBytes(ascii(GID_KEY + "\0"));
        s.writeBytes(noise);
        s.writeBytes(ascii(GID_KEY + "\0"));
        List<PerftestRecord> records = feedByteByByte(s.toByteArray());
        assertThat(records).extracting(PerftestRecord::kind).containsExactly(PerftestRecord.Kind.KEY,
            PerftestRecord.Kind.UNKNOWN, PerftestRecord.Kind.KEY);
        assertThat(records.get(1).streamEnd() - records.get(1).streamStart()).isEqualTo(noise.length);
    }

    @Test
    void anOverLongVersionNumberIsBoundedAndTheRecordsAfterItStillParse() {
        for (String version : new String[] {"6.9999999999999", "99999999999.06"}) {
            byte[] v = java.util.Arrays.copyOf(ascii(version), 16);
            ByteArrayOutputStream s = new ByteArrayOutputStream();
            s.writeBytes(v);
            s.writeBytes(new byte[] {0, 0, 0x10, 0, 0, 0, 0, 0x40});   // cycle buffer, cache line
            s.writeBytes(ascii("3\0"));                                // MTU 1024
            s.writeBytes(ascii(GID_KEY + "\0"));
            List<PerftestRecord> records = feedByteByByte(s.toByteArray());
            assertThat(records).as(version).extracting(PerftestRecord::kind).containsExactly(PerftestRecord.Kind.VERSION,
                PerftestRecord.Kind.CYCLE_BUFFER, PerftestRecord.Kind.CACHE_LINE_SIZE, PerftestRecord.Kind.MTU, PerftestRecord.Kind.KEY);
            assertThat(records.get(0).text()).isEqualTo(version);
        }
        assertThat(PerftestStreamParser.boundedNumber("99999999999999999999")).isEqualTo(Integer.MAX_VALUE);
        assertThat(PerftestStreamParser.boundedNumber("532")).isEqualTo(532);
    }
    /**
     * Builds from before XRC send no SRQN (the pattern's optional parts, made of the .ksy's widths), and peers before
     * 5.33 a 36-byte report whose iteration count is 32 bits (the .ksy's report_before_5_33).
     */
    @Test
    void keysWithoutSrqnAndTheOldReportAreRead() {
        String noSrqn = GID_KEY.substring(0, GID_KEY.length() - "00000000:".length());
        java.nio.ByteBuffer report = java.nio.ByteBuffer.allocate(36).putLong(65536).putInt(5000).putDouble(1234.5).putDouble(1200.25)
            .putDouble(0.0192);
        ByteArrayOutputStream s = new ByteArrayOutputStream();
        s.writeBytes(ascii(noSrqn + "\0"));
        s.writeBytes(report.array());
        s.writeBytes(ascii(GID_KEY + "\0"));
        List<PerftestRecord> records = feedByteByByte(s.toByteArray());
        assertThat(records).extracting(PerftestRecord::kind).containsExactly(PerftestRecord.Kind.KEY, PerftestRecord.Kind.REPORT,
            PerftestRecord.Kind.KEY);
        PerftestRecord.Key old = records.get(0).key();
        assertThat(old.srqn()).isZero();
        assertThat(old.gid()).isEqualTo(records.get(2).key().gid());
        assertThat(old.qpn()).isEqualTo(0x11);
        assertThat(records.get(1).report()).isEqualTo(new PerftestRecord.Report(65536, 5000, 1234.5, 1200.25, 0.0192));
        assertThat(records.get(1).streamEnd() - records.get(1).streamStart()).isEqualTo(36);
    }

    /** The NUL of a key message is looked for past the longest variant the .ksy describes. */
    @Test
    void theKeySearchReachesPastTheLongestVariant() {
        assertThat(PerftestStreamParser.MAX_KEY)
            .isGreaterThanOrEqualTo(io.rocescope.dissector.field.ksy.PerftestExchangeLayout.FIXED_SIZE_KEY_WITH_TAIL);
    }
}
