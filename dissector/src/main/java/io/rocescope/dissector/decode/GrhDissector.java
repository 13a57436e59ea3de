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
        int version = Bytes.u8(d, off + OFF_IP_VERSION), tclass = Bytes.u16(d, off + OFF_TRAFFIC_CLASS);
        int flow = Bytes.u24(d, off + OFF_FLOW_LABEL);
        // RoCEv1 has no IP header: the GRH's Traffic Class is what the fabric classifies on
        if (p.f.trafficClass < 0) p.f.trafficClass = (int) ((tclass >>> SHIFT_TRAFFIC_CLASS) & MASK_TRAFFIC_CLASS);
        int node = p.f.open(GRH, off);
        p.bits(GRH_IPVER, off + OFF_IP_VERSION, LEN_IP_VERSION, version, SHIFT_IP_VERSION, MASK_IP_VERSION);
        p.bits(GRH_TCLASS, off + OFF_TRAFFIC_CLASS, LEN_TRAFFIC_CLASS, tclass, SHIFT_TRAFFIC_CLASS, MASK_TRAFFIC_CLASS);
        p.bits(GRH_FLOWLABEL, off + OFF_FLOW_LABEL, LEN_FLOW_LABEL, flow, SHIFT_FLOW_LABEL, MASK_FLOW_LABEL);
        p.u16(GRH_PAYLEN, off + OFF_PAYLOAD_LENGTH);
        p.u8(GRH_NXTHDR, off + OFF_NEXT_HEADER);
        p.u8(GRH_HOPLMT, off + OFF_HOP_LIMIT);
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
        int paylen = Bytes.u16(p.d, off + OFF_PAYLOAD_LENGTH);
        int nxt = Bytes.u8(p.d, off + OFF_NEXT_HEADER);
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
