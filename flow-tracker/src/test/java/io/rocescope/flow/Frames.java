package io.rocescope.flow;

import io.rocescope.dissector.encode.Net;
import io.rocescope.dissector.encode.RoceFrames;

import java.nio.ByteBuffer;

/** RoCEv2/IPv4 and PFC frames for the tracker's synthetic tests, built by the dissector's encoder. */
public final class Frames {
    public static final int A = 0x0A000001, B = 0x0A000002;

    private Frames() {}

    /** BTH with {@code opcode}, DestQP, PSN and AckReq, then {@code rest} (extended headers + payload). */
    public static byte[] roce(int src, int dst, int opcode, int destQp, int psn, boolean ackReq, byte[] rest, int ecn) {
        Net net = new Net(new byte[] {2, 0, 0, 0, 0, 1}, new byte[] {2, 0, 0, 0, 0, 2}, ip(src), ip(dst), -1, 0, 0xC001, ecn);
        return RoceFrames.roce(net, opcode, destQp, psn, ackReq, false, new byte[0], rest);
    }

    private static byte[] ip(int a) { return ByteBuffer.allocate(4).putInt(a).array(); }

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
        return RoceFrames.pfc(new byte[] {2, 0, 0, 0, 0, 9}, prio, quanta);
    }
}
