package io.rocescope.flow;

import io.rocescope.dissector.field.FieldType;

import java.nio.ByteBuffer;

/**
 * A {@link PacketView} as bytes and back, so that frames decoded in one place (a fleet task decoding one
 * split of a large capture) can be tracked in another, in capture order, as if decoded there. Every value
 * the decoder put in the view is kept; the address text the tracker adds is not (it makes it again).
 * The layout is fixed-size: {@link #BYTES} per view.
 */
public final class PacketViewCodec {
    /** Bytes one view takes. */
    public static final int BYTES = 8 * 10 + 4 * 17 + 2 + 2 + 1;

    private static final FieldType[] ADDRESS_TYPES = FieldType.values();
    private static final TrafficKind[] KINDS = TrafficKind.values();

    private PacketViewCodec() {}

    /** Appends {@code v} to {@code out} ({@link #BYTES} of room needed). */
    public static void write(PacketView v, ByteBuffer out) {
        out.putLong(v.frame).putLong(v.ts).putInt(v.length);
        out.putShort((short) (v.addressType == null ? -1 : v.addressType.ordinal()));
        out.putLong(v.srcHi).putLong(v.srcLo).putLong(v.dstHi).putLong(v.dstLo);
        out.putInt(v.opcode).putInt(v.destQp).putInt(v.psn).putInt(v.padCnt).putInt(v.payload).putInt(v.payloadWire)
            .putInt(v.syndrome).putInt(v.msn).putInt(v.dethSrcQp).putLong(v.qkey).putLong(v.dmaLen).putLong(v.va).putLong(v.rkey)
            .putInt(v.ecn).putInt(v.ipId).putInt(v.captured).putInt(v.vlanId).putInt(v.pcp).putInt(v.dscp).putInt(v.udpSrcPort);
        int flags = (v.hasSrc ? 1 : 0) | (v.hasDst ? 2 : 0) | (v.roce ? 4 : 0) | (v.ackReq ? 8 : 0) | (v.atomic ? 16 : 0)
            | (v.badIcrc ? 32 : 0) | (v.malformed ? 64 : 0) | (v.icrcUnchecked ? 128 : 0);
        out.putShort((short) flags);
        out.put((byte) (v.kind == null ? -1 : v.kind.ordinal()));
    }

    /** Reads the next view of {@code in} into {@code v}, its frame number moved on by {@code frameBase}; returns {@code v}. */
    public static PacketView read(ByteBuffer in, PacketView v, long frameBase) {
        v.frame = in.getLong() + frameBase;
        v.ts = in.getLong();
        v.length = in.getInt();
        short at = in.getShort();
        v.addressType = at < 0 ? null : ADDRESS_TYPES[at];
        v.srcHi = in.getLong();
        v.srcLo = in.getLong();
        v.dstHi = in.getLong();
        v.dstLo = in.getLong();
        v.opcode = in.getInt();
        v.destQp = in.getInt();
        v.psn = in.getInt();
        v.padCnt = in.getInt();
        v.payload = in.getInt();
        v.payloadWire = in.getInt();
        v.syndrome = in.getInt();
        v.msn = in.getInt();
        v.dethSrcQp = in.getInt();
        v.qkey = in.getLong();
        v.dmaLen = in.getLong();
        v.va = in.getLong();
        v.rkey = in.getLong();
        v.ecn = in.getInt();
        v.ipId = in.getInt();
        v.captured = in.getInt();
        v.vlanId = in.getInt();
        v.pcp = in.getInt();
        v.dscp = in.getInt();
        v.udpSrcPort = in.getInt();
        int flags = in.getShort();
        v.hasSrc = (flags & 1) != 0;
        v.hasDst = (flags & 2) != 0;
        v.roce = (flags & 4) != 0;
        v.ackReq = (flags & 8) != 0;
        v.atomic = (flags & 16) != 0;
        v.badIcrc = (flags & 32) != 0;
        v.malformed = (flags & 64) != 0;
        v.icrcUnchecked = (flags & 128) != 0;
        byte kind = in.get();
        v.kind = kind < 0 ? null : KINDS[kind];
        v.src = v.dst = null;
        return v;
    }
}
