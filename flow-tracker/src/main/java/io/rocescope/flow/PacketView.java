package io.rocescope.flow;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.Fields;

/**
 * The values of one decoded frame that the tracker needs, read once. Addresses are kept as text
 * (IPv4 dotted or IPv6), which is what connections are keyed and reported by.
 */
final class PacketView {
    final AddressCache addresses = new AddressCache();
    long frame;
    long ts;
    String src, dst;
    int length;

    boolean roce;
    int opcode, destQp, psn, padCnt;
    boolean ackReq;
    int payload;
    int syndrome = -1, msn;
    int dethSrcQp = -1;
    long dmaLen = -1, va, rkey;
    boolean atomic;
    int ecn = -1;
    boolean badIcrc, malformed;

    static PacketView of(DecodedFrame f, PacketView v) {
        v.frame = f.number();
        v.ts = f.timestampNanos();
        v.length = f.originalLength();
        v.src = v.addresses.text(f, f.srcField());
        v.dst = v.addresses.text(f, f.dstField());
        v.roce = f.isRoce();
        v.opcode = (int) f.get(Fields.BTH_OPCODE, -1);
        v.destQp = (int) f.get(Fields.BTH_DESTQP, -1);
        v.psn = (int) f.get(Fields.BTH_PSN, -1);
        v.padCnt = (int) f.get(Fields.BTH_PADCNT, 0);
        v.ackReq = f.get(Fields.BTH_A, 0) != 0;
        int p = f.find(Fields.PAYLOAD);
        v.payload = p < 0 ? 0 : f.length(p);
        v.syndrome = (int) f.get(Fields.AETH_SYNDROME, -1);
        v.msn = (int) f.get(Fields.AETH_MSN, 0);
        v.dethSrcQp = (int) f.get(Fields.DETH_SRCQP, -1);
        v.dmaLen = f.get(Fields.RETH_DMALEN, -1);
        v.va = f.has(Fields.RETH_VA) ? f.get(Fields.RETH_VA, 0) : f.get(Fields.ATOMICETH_VA, 0);
        v.rkey = f.has(Fields.RETH_R_KEY) ? f.get(Fields.RETH_R_KEY, 0) : f.get(Fields.ATOMICETH_R_KEY, 0);
        v.atomic = f.has(Fields.ATOMICETH_VA);
        v.ecn = (int) (f.has(Fields.IP_ECN) ? f.get(Fields.IP_ECN, -1) : f.get(Fields.IPV6_ECN, -1));
        v.badIcrc = f.icrcStatus() == DecodedFrame.IcrcStatus.BAD;
        v.malformed = f.hasExpert("malformed");
        return v;
    }
}
