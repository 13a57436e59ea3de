package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.IpProtoNames;

import static io.rocescope.dissector.field.Fields.DATA;

/** Chooses the dissector for an IP payload that runs from {@code off} to the declared {@code end}. */
final class IpProtocolDispatch {
    private IpProtocolDispatch() {}

    static void dissect(Packet p, int proto, int off, int end) {
        switch (proto) {
            case IpProtoNames.UDP:
                UdpDissector.dissect(p, off, end);
                return;
            case IpProtoNames.TCP:
                TcpDissector.dissect(p, off, end);
                return;
            case IpProtoNames.ICMP:
                IcmpDissector.dissectV4(p, off, end);
                return;
            case IpProtoNames.ICMPV6:
                IcmpDissector.dissectV6(p, off, end);
                return;
            default:
                int stop = Math.min(end, p.cap);
                if (off < stop) p.data(off, stop - off);
        }
    }
}
