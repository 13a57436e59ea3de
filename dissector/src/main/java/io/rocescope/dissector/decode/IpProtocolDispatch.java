package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.ksy.Ipv4PacketKsy;

import static io.rocescope.dissector.field.Fields.DATA;

/** Chooses the dissector for an IP payload that runs from {@code off} to the declared {@code end}. */
final class IpProtocolDispatch {
    private IpProtocolDispatch() {}

    static void dissect(Packet p, int proto, int off, int end) {
        switch (proto) {
            case Ipv4PacketKsy.IP_PROTOCOL_UDP:
                UdpDissector.dissect(p, off, end);
                return;
            case Ipv4PacketKsy.IP_PROTOCOL_TCP:
                TcpDissector.dissect(p, off, end);
                return;
            case Ipv4PacketKsy.IP_PROTOCOL_ICMP:
                IcmpDissector.dissectV4(p, off, end);
                return;
            case Ipv4PacketKsy.IP_PROTOCOL_ICMPV6:
                IcmpDissector.dissectV6(p, off, end);
                return;
            default:
                int stop = Math.min(end, p.cap);
                if (off < stop) p.data(off, stop - off);
        }
    }
}
