package io.rocescope.flow;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.decode.IbHeaders;
import io.rocescope.dissector.field.FieldType;
import io.rocescope.dissector.field.ksy.EthernetFrameLayout;
import io.rocescope.dissector.field.ksy.IbTransportKsy;
import io.rocescope.dissector.field.ksy.Ipv4PacketLayout;
import io.rocescope.dissector.field.ksy.Ipv6PacketLayout;
import io.rocescope.dissector.util.BigEndian;

/**
 * The values of one decoded frame that the tracker needs, read once: plain numbers, so that a
 * decoding thread can fill it and the tracker's thread take it later ({@link FlowTracker#accept(PacketView)}).
 * Addresses are kept as their bytes' values; the tracker turns them into the {@link Address} values
 * that flows and connections are keyed by.
 */
public final class PacketView {
    /** How far the IPv4 Identification sits before the source address (the frame gives the address's offset). */
    private static final int ID_BACK = Ipv4PacketLayout.OFF_SRC_ADDR - Ipv4PacketLayout.OFF_IDENTIFICATION;
    long frame;
    long ts;
    int length;
    /** Address type (null: none) and values: IPv4 and MAC in the low word, IPv6/GID in both. */
    FieldType addressType;
    boolean hasSrc, hasDst;
    long srcHi, srcLo, dstHi, dstLo;
    /** The addresses as values, set by the tracker. */
    Address src, dst;

    boolean roce;
    int opcode, destQp, psn, padCnt;
    boolean ackReq;
    int payload;
    /** The payload on the wire, pad excluded (more than {@link #payload} when the snaplen cut the frame). */
    int payloadWire;
    int syndrome = -1, msn;
    int dethSrcQp = -1;
    long qkey = -1;
    long dmaLen = -1, va, rkey;
    boolean atomic;
    int ecn = -1;
    /** IPv4 Identification (-1 without IPv4): a copy made by the network keeps it, a resend gets a new one. */
    int ipId = -1;
    boolean badIcrc, malformed;
    /** Bytes captured (less than {@link #length} when the snaplen cut the frame) and whether the ICRC went unchecked. */
    int captured;
    boolean icrcUnchecked;
    /** The fabric's view: first VLAN tag's ID and PCP, DSCP, UDP source port (each -1 without), and what the frame carries. */
    int vlanId = -1, pcp = -1, dscp = -1, udpSrcPort = -1;
    TrafficKind kind;

    /** Reads {@code f}'s values into {@code v} (and returns it). */
    public static PacketView of(DecodedFrame f, PacketView v) {
        v.frame = f.number();
        v.ts = f.timestampNanos();
        v.length = (int) Math.min(f.originalLength(), Integer.MAX_VALUE);
        v.addressType = f.addressType();
        byte[] d = f.data();
        int so = f.sourceOffset(), dO = f.destinationOffset();
        v.hasSrc = so >= 0 && v.addressType != null;
        v.hasDst = dO >= 0 && v.addressType != null;
        if (v.hasSrc) { v.srcHi = hi(d, so, v.addressType); v.srcLo = lo(d, so, v.addressType); }
        if (v.hasDst) { v.dstHi = hi(d, dO, v.addressType); v.dstLo = lo(d, dO, v.addressType); }
        v.roce = f.isRoce();
        IbHeaders h = f.ib();
        if (v.roce) {
            v.opcode = h.opcode();
            v.destQp = h.destQp();
            v.psn = h.psn();
            v.padCnt = h.padCount();
            v.ackReq = h.ackRequest();
        } else {
            v.opcode = v.destQp = v.psn = -1;
            v.padCnt = 0;
            v.ackReq = false;
        }
        v.payload = h.payloadCaptured();
        v.payloadWire = h.payloadLength();
        boolean aeth = h.has(IbTransportKsy.HEADER_AETH), reth = h.has(IbTransportKsy.HEADER_RETH);
        v.atomic = h.has(IbTransportKsy.HEADER_ATOMIC_ETH);
        v.syndrome = aeth ? h.syndrome() : -1;
        v.msn = aeth ? h.msn() : 0;
        v.dethSrcQp = h.has(IbTransportKsy.HEADER_DETH) ? h.srcQp() : -1;
        v.qkey = h.has(IbTransportKsy.HEADER_DETH) ? h.qKey() : -1;
        v.dmaLen = reth ? h.dmaLength() : -1;
        v.va = reth ? h.rethVa() : v.atomic ? h.atomicVa() : 0;
        v.rkey = reth ? h.rethRKey() : v.atomic ? h.atomicRKey() : 0;
        v.ecn = f.ecn();
        // the IPv4 Identification, found back from the source address
        v.ipId = v.addressType == FieldType.IPV4 && so >= ID_BACK && so + Ipv4PacketLayout.LEN_SRC_ADDR <= d.length
            ? (int) BigEndian.read(d, so - ID_BACK, Ipv4PacketLayout.LEN_IDENTIFICATION) : -1;
        v.badIcrc = f.icrcStatus() == DecodedFrame.IcrcStatus.BAD;
        v.malformed = f.hasExpert("malformed");
        v.captured = f.capturedLength();
        v.icrcUnchecked = f.icrcStatus() == DecodedFrame.IcrcStatus.UNCHECKED;
        v.vlanId = f.vlanId();
        v.pcp = f.pcp();
        v.dscp = f.dscp();
        v.udpSrcPort = f.udpLength() >= 0 ? f.srcPort() : -1;
        v.kind = TrafficKind.of(f, v.roce, v.opcode);
        return v;
    }

    /** Makes this view a copy of {@code o}, the addresses the tracker set included (a tracker shard's own copy). */
    void copyFrom(PacketView o) {
        frame = o.frame; ts = o.ts; length = o.length;
        addressType = o.addressType; hasSrc = o.hasSrc; hasDst = o.hasDst;
        srcHi = o.srcHi; srcLo = o.srcLo; dstHi = o.dstHi; dstLo = o.dstLo;
        src = o.src; dst = o.dst;
        roce = o.roce; opcode = o.opcode; destQp = o.destQp; psn = o.psn; padCnt = o.padCnt; ackReq = o.ackReq;
        payload = o.payload; payloadWire = o.payloadWire; syndrome = o.syndrome; msn = o.msn;
        dethSrcQp = o.dethSrcQp; qkey = o.qkey; dmaLen = o.dmaLen; va = o.va; rkey = o.rkey; atomic = o.atomic;
        ecn = o.ecn; ipId = o.ipId; badIcrc = o.badIcrc; malformed = o.malformed; captured = o.captured;
        icrcUnchecked = o.icrcUnchecked; vlanId = o.vlanId; pcp = o.pcp; dscp = o.dscp; udpSrcPort = o.udpSrcPort; kind = o.kind;
    }

    private static long hi(byte[] d, int off, FieldType type) {
        return type == FieldType.IPV6 ? BigEndian.read(d, off, Long.BYTES) : 0;   // an IPv6 address's first half
    }

    private static long lo(byte[] d, int off, FieldType type) {
        switch (type) {
            case IPV6: return BigEndian.read(d, off + Ipv6PacketLayout.LEN_SRC_ADDR - Long.BYTES, Long.BYTES);
            case IPV4: return BigEndian.read(d, off, Ipv4PacketLayout.LEN_SRC_ADDR);
            default: return BigEndian.read(d, off, EthernetFrameLayout.LEN_SRC_MAC);   // a MAC
        }
    }
}
