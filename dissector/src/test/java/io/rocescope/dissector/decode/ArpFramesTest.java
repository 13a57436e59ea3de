package io.rocescope.dissector.decode;

import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.encode.ArpFrames;
import io.rocescope.dissector.field.Fields;
import io.rocescope.dissector.field.LinkTypeNames;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The probe's ARP (encode.ArpFrames, ksy/arp_packet.ksy's layout): the request it writes is the ARP the dissector
 * (and so tshark, which TsharkOracleTest holds the dissector to) reads, and its reading of an answer agrees with the
 * dissector on every Ethernet ARP frame of the captures, requests and replies.
 */
class ArpFramesTest {
    private static final byte[] MAC = {2, 0, 0x0a, 0, 0, 1}, IP = {10, 0, 0, 1}, TARGET = {10, 0, 0, 2};

    @Test
    void theRequestDecodesAsAWhoHas() {
        byte[] f = ArpFrames.request(MAC, IP, TARGET);
        DecodedFrame d = SyntheticFrames.decode(f);
        assertThat(d.protocol).isEqualTo(DecodedFrame.Protocol.ARP);
        assertThat(d.experts()).isEmpty();
        assertThat(d.get(Fields.ARP_OPCODE, -1)).isEqualTo(1);
        assertThat(d.get(Fields.ARP_SRC_HW, -1)).isEqualTo(0x02000a000001L);
        assertThat(d.get(Fields.ARP_SRC_IP, -1)).isEqualTo(0x0a000001L);
        assertThat(d.get(Fields.ARP_DST_IP, -1)).isEqualTo(0x0a000002L);
        assertThat(d.get(Fields.ARP_DST_HW, -1)).isZero();
        assertThat(d.get(Fields.ETH_DST, -1)).isEqualTo(0xffffffffffffL);
        ArpFrames.Arp read = ArpFrames.read(f);
        assertThat(read.isReply()).isFalse();
        assertThat(read.senderMac()).isEqualTo(MAC);
        assertThat(read.targetIp()).isEqualTo(TARGET);
    }

    @Test
    void theReadingOfEveryCapturedArpIsTheDissectors() {
        int arps = 0, replies = 0;
        for (var capture : TestCaptures.all()) {
            List<TestCaptures.RawFrame> raw = TestCaptures.records(capture);
            List<DecodedFrame> decoded = TestCaptures.decode(capture);
            for (int n = 0; n < raw.size(); n++) {
                if (raw.get(n).linkType() != LinkTypeNames.ETHERNET) continue;
                DecodedFrame d = decoded.get(n);
                ArpFrames.Arp a = ArpFrames.read(raw.get(n).data());
                boolean isArp = d.has(Fields.ARP_SRC_HW);
                assertThat(a != null).as("%s frame %d", capture.getFileName(), n + 1).isEqualTo(isArp);
                if (a == null) continue;
                arps++;
                if (a.isReply()) replies++;
                assertThat((long) a.opcode()).isEqualTo(d.get(Fields.ARP_OPCODE, -1));
                assertThat(KaitaiFields.number(a.senderMac())).isEqualTo(d.get(Fields.ARP_SRC_HW, -1));
                assertThat(KaitaiFields.number(a.senderIp())).isEqualTo(d.get(Fields.ARP_SRC_IP, -1));
                assertThat(KaitaiFields.number(a.targetIp())).isEqualTo(d.get(Fields.ARP_DST_IP, -1));
            }
        }
        assertThat(arps).isGreaterThan(20);
        assertThat(replies).isPositive();
    }
}
