package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.ksy.Ipv4PacketLayout;
import io.rocescope.dissector.field.ksy.Ipv6PacketLayout;

import static io.rocescope.dissector.field.Fields.*;
import static io.rocescope.dissector.field.ksy.UdpDatagramLayout.*;

/** UDP (ksy/udp_datagram.ksy's layout); destination port 4791 (or a Decode-As port) carries RoCEv2. */
final class UdpDissector {
    private UdpDissector() {}

    static void dissect(Packet p, int off, int ipEnd) {
        p.f.protocol = DecodedFrame.Protocol.UDP;
        if (!p.need(off, FIXED_SIZE, "UDP header")) return;
        byte[] d = p.d;
        int sport = readSrcPort(d, off), dport = readDstPort(d, off), len = readLength(d, off);
        p.f.srcPort = sport;
        p.f.dstPort = dport;
        p.f.udpLength = len;
        if (p.detail) {
            int node = p.f.open(UDP, off);
            p.f.add(UDP_SRCPORT, off + OFF_SRC_PORT, LEN_SRC_PORT, sport);
            p.f.add(UDP_DSTPORT, off + OFF_DST_PORT, LEN_DST_PORT, dport);
            p.f.add(UDP_PORT, off + OFF_SRC_PORT, LEN_SRC_PORT, sport);
            p.f.add(UDP_PORT, off + OFF_DST_PORT, LEN_DST_PORT, dport);
            p.f.add(UDP_LENGTH, off + OFF_LENGTH, LEN_LENGTH, len);
            p.add(UDP_CHECKSUM, off + OFF_CHECKSUM, LEN_CHECKSUM, readChecksum(d, off));
            if (p.conversations != null) {
                Conversations.Conversation c = p.conversations.find(false, d, p.f.sourceOffset(), p.f.destinationOffset(),
                    p.f.addressType() == io.rocescope.dissector.field.FieldType.IPV4 ? Ipv4PacketLayout.LEN_SRC_ADDR : Ipv6PacketLayout.LEN_SRC_ADDR,
                    sport, dport);
                p.f.add(UDP_STREAM, off, 0, c.index);
            }
            p.f.close(node, off + FIXED_SIZE);
        }
        if (len < FIXED_SIZE || off + len > ipEnd) {
            p.malformed("UDP length " + len + " does not fit the " + (ipEnd - off) + " bytes the IP header gives it");
            return;
        }
        int end = off + len;
        p.udpOffset = off;
        int stop = Math.min(end, p.cap);
        if (p.options.isRocePort(dport)) {
            p.f.protocol = DecodedFrame.Protocol.RROCE;
            int body = off + FIXED_SIZE;
            if (p.detail && body < stop) p.bytes(UDP_PAYLOAD, body, stop - body);   // as tshark, under RoCE too
            IbTransportDissector.dissect(p, body, end);
        } else {
            int body = off + FIXED_SIZE;
            if (body < stop) p.bytes(UDP_PAYLOAD, body, stop - body);
        }
    }
}
