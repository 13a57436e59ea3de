package io.rocescope.dissector.decode;

import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.TestPcapWriter;
import io.rocescope.dissector.Tshark;
import io.rocescope.dissector.encode.Net;
import io.rocescope.dissector.encode.RoceFrames;
import io.rocescope.dissector.field.FieldDef;
import io.rocescope.dissector.field.Fields;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * RoCEv1 (EtherType 0x8915): the InfiniBand node holds the GRH and everything after it, BTH, ETHs,
 * payload, pad and ICRC, as it does for RoCEv2. Frames made by the encoder, checked by tshark.
 */
class RoceV1TreeTest {
    private static byte[] gid(int last) {
        byte[] g = new byte[16];
        g[0] = (byte) 0xFE;
        g[1] = (byte) 0x80;
        g[15] = (byte) last;
        return g;
    }

    private static final Net NET = new Net(new byte[] {2, 0, 0, 0, 0, 1}, new byte[] {2, 0, 0, 0, 0, 2}, gid(1), gid(2), -1, 0, 0, 0);

    private static Path capture(Path dir) throws Exception {
        byte[] write = RoceFrames.roceV1(NET, 0x0A, 0x12, 4242, true, RoceFrames.reth(0x7f00deadbeef00L, 0x1234, 18), new byte[18]);
        byte[] ack = RoceFrames.roceV1(NET.reverse(), 0x11, 0x34, 4242, false, RoceFrames.aeth(0x1F, 7), new byte[0]);
        Path file = dir.resolve("rocev1.pcap");
        Files.write(file, TestPcapWriter.pcap(List.of(new TestCaptures.RawFrame(1_000_000_000L, write, write.length, 1),
            new TestCaptures.RawFrame(1_000_010_000L, ack, ack.length, 1)), 1, ByteOrder.LITTLE_ENDIAN, true, 65535));
        return file;
    }

    @Test
    void transportHeadersAreInsideTheInfinibandNode(@TempDir Path dir) throws Exception {
        Path file = capture(dir);
        List<DecodedFrame> frames = TestCaptures.decode(file);
        assertThat(frames).hasSize(2);
        assertInside(frames.get(0), Fields.GRH, Fields.BTH, Fields.BTH_PSN, Fields.RETH, Fields.RETH_VA, Fields.PAYLOAD,
            Fields.PAD, Fields.INVARIANT_CRC, Fields.ICRC_STATUS);
        assertInside(frames.get(1), Fields.GRH, Fields.BTH, Fields.AETH, Fields.AETH_MSN, Fields.INVARIANT_CRC);
        assertThat(frames.get(0).icrcStatus()).isEqualTo(DecodedFrame.IcrcStatus.GOOD);

        Assumptions.assumeTrue(Tshark.available(), "tshark is not installed");
        // tshark decodes the same frames as RoCE (so they are what they claim to be) with these values
        List<String[]> t = Tshark.fields(file, null, "frame.protocols", "infiniband.bth.opcode", "infiniband.bth.psn",
            "infiniband.reth.va", "infiniband.bth.padcnt", "infiniband.aeth.msn", "infiniband.invariant.crc");
        assertThat(t).hasSize(2);
        assertThat(t.get(0)[0]).startsWith("eth:ethertype:infiniband");
        assertThat(frames.get(0).get(Fields.BTH_OPCODE, -1)).isEqualTo(Long.parseLong(t.get(0)[1]));
        assertThat(frames.get(0).get(Fields.BTH_PSN, -1)).isEqualTo(Long.parseLong(t.get(0)[2]));
        assertThat(frames.get(0).get(Fields.RETH_VA, -1)).isEqualTo(Long.decode(t.get(0)[3]));
        assertThat(frames.get(0).get(Fields.BTH_PADCNT, -1)).isEqualTo(Long.parseLong(t.get(0)[4]));
        assertThat(frames.get(1).get(Fields.AETH_MSN, -1)).isEqualTo(Long.parseLong(t.get(1)[5]));
        assertThat(frames.get(0).get(Fields.INVARIANT_CRC, -1)).isEqualTo(Long.decode(t.get(0)[6]));
    }

    /** Each field is present, one of the InfiniBand node's descendants, and within its bytes. */
    private static void assertInside(DecodedFrame f, FieldDef... defs) {
        int ib = f.find(Fields.IB);
        assertThat(ib).isGreaterThanOrEqualTo(0);
        int end = ib + 1;
        while (end < f.fieldCount() && f.depth(end) > f.depth(ib)) end++;
        for (FieldDef d : defs) {
            int i = f.findIn(d, ib + 1, end);
            assertThat(i).as(d.abbrev() + " inside infiniband").isGreaterThan(ib);
            assertThat(f.offset(i) + f.length(i)).as(d.abbrev() + " within the node's bytes")
                .isLessThanOrEqualTo(f.offset(ib) + f.length(ib));
        }
        assertThat(f.offset(ib) + f.length(ib)).as("the node runs to the ICRC's end").isEqualTo(f.capturedLength());
    }
}
