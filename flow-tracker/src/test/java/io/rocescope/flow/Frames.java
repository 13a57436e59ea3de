package io.rocescope.flow;

import io.rocescope.dissector.decode.IcrcCalculator;

import java.nio.ByteBuffer;

/** Builds RoCEv2/IPv4 frames (with a correct ICRC) and PFC frames for the tracker's synthetic tests. */
public final class Frames {
    public static final int A = 0x0A000001, B = 0x0A000002;

    private Frames() {}

    /** BTH with {@code opcode}, DestQP, PSN and AckReq, then {@code rest} (extended headers + payload). */
    public static byte[] roce(int src, int dst, int opcode, int destQp, int psn, boolean ackReq, byte[] rest, int ecn) {
        int udpLen = 8 + 12 + rest.length + 4;
        ByteBuffer b = ByteBuffer.allocate(14 + 20 + udpLen);
        b.put(new byte[] {2, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1}).putShort((short) 0x0800);
        b.put((byte) 0x45).put((byte) ecn).putShort((short) (20 + udpLen)).putShort((short) 1).putShort((short) 0x4000)
            .put((byte) 64).put((byte) 17).putShort((short) 0).putInt(src).putInt(dst);
        b.putShort((short) 0xC001).putShort((short) 4791).putShort((short) udpLen).putShort((short) 0);
        b.put((byte) opcode).put((byte) 0).putShort((short) 0xFFFF).putInt(destQp & 0xFFFFFF)
            .putInt((ackReq ? 0x80000000 : 0) | (psn & 0xFFFFFF));
        b.put(rest);
        byte[] frame = b.array();
        long crc = new IcrcCalculator().compute(frame, 14, IcrcCalculator.IPV4, 20, 34, 42, frame.length - 4);
        for (int i = 0; i < 4; i++) frame[frame.length - 4 + i] = (byte) (crc >>> (8 * i));
        return frame;
    }

    public static byte[] sendOnly(int psn) { return roce(A, B, 0x04, 0x11, psn, true, new byte[64], 2); }

    public static byte[] ack(int psn, int syndrome, int msn) {
        return roce(B, A, 0x11, 0x22, psn, false, ByteBuffer.allocate(4).putInt((syndrome << 24) | msn).array(), 0);
    }

    static byte[] readRequest(int psn, long va, int rkey, int len) {
        return roce(A, B, 0x0C, 0x11, psn, true, ByteBuffer.allocate(16).putLong(va).putInt(rkey).putInt(len).array(), 0);
    }

    /** READ response (First 0x0D, Middle 0x0E, Last 0x0F, Only 0x10) with {@code payload} bytes. */
    static byte[] readResponse(int opcode, int psn, int payload) {
        boolean aeth = opcode != 0x0E;
        ByteBuffer b = ByteBuffer.allocate((aeth ? 4 : 0) + payload);
        if (aeth) b.putInt(0x1F000000);
        return roce(B, A, opcode, 0x22, psn, false, b.array(), 0);
    }

    public static byte[] cnp(int src, int dst, int destQp) {
        return roce(src, dst, 0x81, destQp, 0, false, new byte[16], 0);
    }

    /** PFC frame pausing priority {@code prio} for {@code quanta}. */
    public static byte[] pfc(int prio, int quanta) {
        ByteBuffer b = ByteBuffer.allocate(60);
        b.put(new byte[] {1, (byte) 0x80, (byte) 0xC2, 0, 0, 1, 2, 0, 0, 0, 0, 9}).putShort((short) 0x8808);
        b.putShort((short) 0x0101).putShort((short) (1 << prio));
        for (int p = 0; p < 8; p++) b.putShort((short) (p == prio ? quanta : 0));
        return b.array();
    }
}
