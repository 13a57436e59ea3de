package io.rocescope.dissector.decode;

import static io.rocescope.dissector.field.Fields.*;

/** UDP; destination port 4791 (or a Decode-As port) carries RoCEv2. */
final class UdpDissector {
    private UdpDissector() {}

    static void dissect(Packet p, int off, int ipEnd) {
        p.f.protocol = DecodedFrame.Protocol.UDP;
        if (!p.need(off, 8, "UDP header")) return;
        byte[] d = p.d;
        int sport = Bytes.u16(d, off), dport = Bytes.u16(d, off + 2), len = Bytes.u16(d, off + 4);
        p.f.srcPort = sport;
        p.f.dstPort = dport;
        p.f.udpLength = len;
        if (p.detail) {
            int node = p.f.open(UDP, off);
            p.f.add(UDP_SRCPORT, off, 2, sport);
            p.f.add(UDP_DSTPORT, off + 2, 2, dport);
            p.f.add(UDP_PORT, off, 2, sport);
            p.f.add(UDP_PORT, off + 2, 2, dport);
            p.f.add(UDP_LENGTH, off + 4, 2, len);
            p.u16(UDP_CHECKSUM, off + 6);
            if (p.conversations != null) {
                Conversations.Conversation c = p.conversations.find(false, d, p.f.sourceOffset(), p.f.destinationOffset(),
                    p.f.addressType() == io.rocescope.dissector.field.FieldType.IPV4 ? 4 : 16, sport, dport);
                p.f.add(UDP_STREAM, off, 0, c.index);
            }
            p.f.close(node, off + 8);
        }
        if (len < 8 || off + len > ipEnd) {
            p.malformed("UDP length " + len + " does not fit the " + (ipEnd - off) + " bytes the IP header gives it");
            return;
        }
        int end = off + len;
        p.udpOffset = off;
        int stop = Math.min(end, p.cap);
        if (p.options.isRocePort(dport)) {
            p.f.protocol = DecodedFrame.Protocol.RROCE;
            if (p.detail && off + 8 < stop) p.bytes(UDP_PAYLOAD, off + 8, stop - off - 8);   // as tshark, under RoCE too
            IbTransportDissector.dissect(p, off + 8, end);
        } else {
            if (off + 8 < stop) p.bytes(UDP_PAYLOAD, off + 8, stop - off - 8);
        }
    }
}
