package io.rocescope.dissector.decode;

import static io.rocescope.dissector.field.Fields.*;

/** UDP; destination port 4791 (or a Decode-As port) carries RoCEv2. */
final class UdpDissector {
    private UdpDissector() {}

    static void dissect(Packet p, int off, int ipEnd) {
        p.f.protocol = DecodedFrame.Protocol.UDP;
        if (!p.need(off, 8, "UDP header")) return;
        int node = p.f.open(UDP, off);
        p.u16(UDP_SRCPORT, off);
        int dport = p.u16(UDP_DSTPORT, off + 2);
        int len = p.u16(UDP_LENGTH, off + 4);
        p.u16(UDP_CHECKSUM, off + 6);
        p.f.close(node, off + 8);
        if (len < 8 || off + len > ipEnd) {
            p.malformed("UDP length " + len + " does not fit the " + (ipEnd - off) + " bytes the IP header gives it");
            return;
        }
        int end = off + len;
        p.udpOffset = off;
        if (p.options.isRocePort(dport)) {
            p.f.protocol = DecodedFrame.Protocol.RROCE;
            IbTransportDissector.dissect(p, off + 8, end);
        } else {
            int stop = Math.min(end, p.cap);
            if (off + 8 < stop) p.bytes(UDP_PAYLOAD, off + 8, stop - off - 8);
        }
    }
}
