package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.IpProtoNames;

import static io.rocescope.dissector.field.Fields.*;

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
            case IpProtoNames.ICMPV6:
                p.f.protocol = DecodedFrame.Protocol.ICMPV6;
                if (p.need(off, 4, "ICMPv6")) {
                    int node = p.f.open(ICMPV6, off);
                    p.u8(ICMPV6_TYPE, off);
                    p.u8(ICMPV6_CODE, off + 1);
                    p.f.close(node, Math.min(end, p.cap));
                }
                return;
            default:
                int stop = Math.min(end, p.cap);
                if (off < stop) p.bytes(DATA, off, stop - off);
        }
    }
}
