package io.rocescope.dissector.capture;

import io.kaitai.struct.ByteBufferKaitaiStream;
import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.field.LinkTypeNames;
import io.rocescope.dissector.kaitai.ErfRecord;
import io.rocescope.dissector.kaitai.PcapFile;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The ERF unwrapping (Erf, which reads where the generated layout of ksy/erf_record.ksy says) and the parser
 * Kaitai generates from the same .ksy agree on every ERF record: the real ibdump capture's InfiniBand records
 * and byte-built Ethernet records with and without extension headers, so the .ksy describes what the readers
 * unwrap and the layout is read where the .ksy puts it.
 */
class ErfKaitaiTest {

    @Test
    void theRealErfCaptureUnwrapsAsKaitaiParsesIt() throws Exception {
        // ibdump's capture of an InfiniBand port (external/SOURCES.md): 43 ERF type-21 records
        Path p = TestCaptures.dir().resolve("external/srinivaskoritala_rdma-softroce-demo__infiniband.pcap");
        PcapFile k = PcapFile.fromFile(p.toString());
        assertThat(k.hdr().network() & 0xFFFF).isEqualTo(LinkTypeNames.ERF);
        int records = 0;
        for (PcapFile.Record r : k.records()) {
            assertAgree(r.body());
            records++;
        }
        assertThat(records).isEqualTo(43);
    }

    @Test
    void ethernetRecordsWithExtensionHeadersUnwrapAsKaitaiParsesThem() {
        byte[] frame = new byte[60];
        for (int i = 0; i < frame.length; i++) frame[i] = (byte) (i * 7);
        for (int extensions = 0; extensions <= 2; extensions++) {
            byte[] rec = erfEthernet(extensions, frame, 0x5F5E1000_80000001L, frame.length + 4);
            Erf.Unwrapped u = assertAgree(rec);
            assertThat(u.skip).isEqualTo(16 + 8 * extensions + 2);
            assertThat(u.linkType).isEqualTo(LinkTypeNames.ETHERNET);
            assertThat(u.capturedLength).isEqualTo(frame.length);
            assertThat(u.originalLength).isEqualTo(frame.length + 4);
            // 0x5F5E1000 s = 1,600,000,000 s, and 0x80000001 / 2^32 s rounds to 0.5 s
            assertThat(u.timestampNanos).isEqualTo(1_600_000_000_500_000_000L);
        }
    }

    /** Unwraps a record both ways and checks they agree; returns ours. */
    private static Erf.Unwrapped assertAgree(byte[] rec) {
        ErfRecord k = new ErfRecord(new ByteBufferKaitaiStream(rec));
        Erf.Unwrapped u = new Erf.Unwrapped();
        assertThat(Erf.unwrap(ByteBuffer.wrap(rec).order(ByteOrder.LITTLE_ENDIAN), 0, rec.length, u)).isTrue();
        int extensions = k.extensions() == null ? 0 : k.extensions().size();
        boolean eth = k.type() == ErfRecord.ErfType.ETH;
        assertThat(u.linkType).isEqualTo(eth ? LinkTypeNames.ETHERNET : LinkTypeNames.INFINIBAND);
        assertThat(u.skip).isEqualTo(rec.length - k.packet().length);
        assertThat(u.skip).isEqualTo(16 + 8 * extensions + (eth ? 2 : 0));
        assertThat(u.originalLength).isEqualTo(Math.max(k.wlen(), u.capturedLength));
        assertThat(u.capturedLength).isEqualTo(Math.min(k.packet().length, k.wlen()));
        assertThat(u.timestampNanos).isEqualTo(Erf.nanos(k.ts()));
        assertThat(Arrays.copyOfRange(rec, u.skip, u.skip + u.capturedLength))
            .isEqualTo(Arrays.copyOf(k.packet(), u.capturedLength));
        // the buffer's own order does not matter: the reader reads each field in the order the .ksy gives it
        Erf.Unwrapped big = new Erf.Unwrapped();
        assertThat(Erf.unwrap(ByteBuffer.wrap(rec).order(ByteOrder.BIG_ENDIAN), 0, rec.length, big)).isTrue();
        assertThat(big).usingRecursiveComparison().isEqualTo(u);
        return u;
    }

    /** An ERF Ethernet record (type 2) with that many extension headers, written by hand from the ERF reference. */
    private static byte[] erfEthernet(int extensions, byte[] frame, long ts, int wlen) {
        ByteBuffer b = ByteBuffer.allocate(16 + 8 * extensions + 2 + frame.length);
        b.order(ByteOrder.LITTLE_ENDIAN).putLong(ts).order(ByteOrder.BIG_ENDIAN);
        b.put((byte) (2 | (extensions > 0 ? 0x80 : 0))).put((byte) 0x04)   // type (top bit: extension follows), flags
            .putShort((short) b.capacity()).putShort((short) 0).putShort((short) wlen);
        for (int i = 0; i < extensions; i++) {
            b.put((byte) (0x05 | (i + 1 < extensions ? 0x80 : 0)));         // extension type, top bit: another follows
            b.put(new byte[] {1, 2, 3, 4, 5, 6, 7});
        }
        b.put((byte) 0).put((byte) 0);                                     // offset, pad
        b.put(frame);
        return b.array();
    }
}
