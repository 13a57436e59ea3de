package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.ksy.RoceV1GrhKsy;

import static io.rocescope.dissector.field.Fields.*;
import static io.rocescope.dissector.field.ksy.RoceV1GrhLayout.*;

/** RoCE v1: the 40-byte Global Route Header (ksy/roce_v1_grh.ksy's layout); a BTH follows only when NxtHdr says so. */
final class GrhDissector {
    static final int NEXT_HEADER_BTH = RoceV1GrhKsy.NEXT_HEADER_BTH;
    /** The GRH's bytes: RoCEv1's network header, and native InfiniBand's after the LRH. */
    static final int LENGTH = FIXED_SIZE;

    private GrhDissector() {}

    /** The GRH node and its fields at {@code off} ({@link #LENGTH} bytes, checked by the caller); the GIDs become the frame's addresses. */
    static void header(Packet p, int off) {
        byte[] d = p.d;
        int tclass = readTrafficClass(d, off);
        // RoCEv1 has no IP header: the GRH's Traffic Class is what the fabric classifies on
        if (p.f.trafficClass < 0) p.f.trafficClass = tclass;
        int node = p.f.open(GRH, off);
        p.add(GRH_IPVER, off + OFF_IP_VERSION, LEN_IP_VERSION, readIpVersion(d, off));
        p.add(GRH_TCLASS, off + OFF_TRAFFIC_CLASS, LEN_TRAFFIC_CLASS, tclass);
        p.add(GRH_FLOWLABEL, off + OFF_FLOW_LABEL, LEN_FLOW_LABEL, readFlowLabel(d, off));
        p.add(GRH_PAYLEN, off + OFF_PAYLOAD_LENGTH, LEN_PAYLOAD_LENGTH, readPayloadLength(d, off));
        p.add(GRH_NXTHDR, off + OFF_NEXT_HEADER, LEN_NEXT_HEADER, readNextHeader(d, off));
        p.add(GRH_HOPLMT, off + OFF_HOP_LIMIT, LEN_HOP_LIMIT, readHopLimit(d, off));
        p.f.addresses(io.rocescope.dissector.field.FieldType.IPV6, off + OFF_SGID, off + OFF_DGID);
        p.addr(GRH_SGID, off + OFF_SGID, LEN_SGID);
        p.addr(GRH_DGID, off + OFF_DGID, LEN_DGID);
        p.f.close(node, off + FIXED_SIZE);
    }

    static int dissect(Packet p, int off) {
        p.f.protocol = DecodedFrame.Protocol.ROCE;
        if (!p.need(off, FIXED_SIZE, "GRH")) return -1;
        int ib = p.f.open(IB, off);
        header(p, off);
        int paylen = readPayloadLength(p.d, off);
        int nxt = readNextHeader(p.d, off);
        int body = off + FIXED_SIZE;
        int end = body + paylen;
        // the InfiniBand node holds the GRH and what follows it (BTH, ETHs, payload, ICRC), as for RoCEv2
        try {
            if (end > p.cap && !p.cut) {
                p.malformed("GRH payload length " + paylen + " exceeds the " + (p.cap - body) + " bytes left in the frame");
                return -1;
            }
            if (nxt != NEXT_HEADER_BTH) {
                int stop = Math.min(end, p.cap);
                if (body < stop) p.data(body, stop - body);
                return end;
            }
            p.l3Offset = off;
            p.l3Kind = IcrcCalculator.GRH;
            p.l3HeaderLength = FIXED_SIZE;
            IbTransportDissector.dissect(p, body, end);
            return end;
        } finally {
            p.f.close(ib, Math.min(end, p.cap));
        }
    }
}
