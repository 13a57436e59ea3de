package io.rocescope.dissector.encode;

import java.nio.ByteBuffer;

/** 256-byte CM MADs (IBTA vol 1 ch. 12) as RDMA-CM sends them, and the UD frames to QP1 that carry them. */
public final class CmMads {
    public static final long GSI_QKEY = 0x80010000L;
    public static final int REQ = 0x10, REJ = 0x12, REP = 0x13, RTU = 0x14, DREQ = 0x15, DREP = 0x16;

    private CmMads() {}

    /** The frame: UD SEND Only to QP1 from QP1, DETH with the GSI Q_Key. */
    public static byte[] frame(Net net, int psn, byte[] mad) {
        return RoceFrames.roce(net, 0x64, 1, psn, true, false, RoceFrames.deth(GSI_QKEY, 1), mad);
    }

    static byte[] mad(int attribute, long tid, ByteBuffer body) {
        ByteBuffer m = ByteBuffer.allocate(256);
        m.put((byte) 1).put((byte) 7).put((byte) 2).put((byte) 3).putShort((short) 0).putShort((short) 0)
            .putLong(tid).putShort((short) attribute).putShort((short) 0).putInt(0);
        m.put(body.array(), 0, 232);
        return m.array();
    }

    /**
     * A REQ from an RDMA-CM initiator: TCP port space, the listener's port, the initiator's QPN and the
     * Starting PSN its own receive queue expects, path MTU (ibv enum), and the cma header with both IPs.
     */
    public static byte[] req(long tid, int localCommId, int port, long caGuid, int qpn, int startPsn, int mtuEnum,
                             byte[] srcIp, byte[] dstIp, int srcPort) {
        ByteBuffer b = ByteBuffer.allocate(232);
        b.putInt(0, localCommId);
        b.putLong(8, 0x0000000001060000L | port);
        b.putLong(16, caGuid);
        b.putInt(32, (qpn << 8) | 1);                 // QPN, responder resources 1
        b.putInt(36, 1);                              // EECN 0, initiator depth 1
        b.putInt(40, (20 << 3));                      // remote CM response timeout 20, RC, no E2E flow control
        b.putInt(44, (startPsn << 8) | (20 << 3) | 7);// starting PSN, local CM response timeout 20, retry count 7
        b.putShort(48, (short) 0xFFFF);
        b.put(50, (byte) ((mtuEnum << 4) | 7));       // path MTU, RNR retry 7
        b.put(51, (byte) (15 << 4));                  // max CM retries 15
        b.putShort(52, (short) 0xFFFF).putShort(54, (short) 0xFFFF);
        putGid(b, 56, srcIp);
        putGid(b, 72, dstIp);
        b.put(93, (byte) 64);                         // hop limit
        b.put(95, (byte) (19 << 3));                  // local ACK timeout
        // RDMA-CM header in the private data
        b.put(140, (byte) 0).put(141, (byte) ((srcIp.length == 16 ? 6 : 4) << 4)).putShort(142, (short) srcPort);
        if (srcIp.length == 16) {
            b.position(144); b.put(srcIp); b.put(dstIp);
        } else {
            b.position(156); b.put(srcIp);
            b.position(172); b.put(dstIp);
        }
        return mad(REQ, tid, b);
    }

    public static byte[] rep(long tid, int localCommId, int remoteCommId, int qpn, int startPsn, long caGuid) {
        ByteBuffer b = ByteBuffer.allocate(232);
        b.putInt(0, localCommId).putInt(4, remoteCommId).putInt(12, qpn << 8).putInt(20, startPsn << 8);
        b.put(24, (byte) 1).put(25, (byte) 1).put(26, (byte) (15 << 3)).put(27, (byte) (7 << 5));
        b.putLong(28, caGuid);
        return mad(REP, tid, b);
    }

    public static byte[] rtu(long tid, int localCommId, int remoteCommId) {
        return mad(RTU, tid, ByteBuffer.allocate(232).putInt(0, localCommId).putInt(4, remoteCommId));
    }

    /** A REJ of a REQ: reason 8 is "invalid service ID" (nothing listens). */
    public static byte[] rej(long tid, int localCommId, int remoteCommId, int reason) {
        ByteBuffer b = ByteBuffer.allocate(232).putInt(0, localCommId).putInt(4, remoteCommId);
        b.put(8, (byte) 0).putShort(10, (short) reason);
        return mad(REJ, tid, b);
    }

    public static byte[] dreq(long tid, int localCommId, int remoteCommId, int remoteQpn) {
        return mad(DREQ, tid, ByteBuffer.allocate(232).putInt(0, localCommId).putInt(4, remoteCommId).putInt(8, remoteQpn << 8));
    }

    public static byte[] drep(long tid, int localCommId, int remoteCommId) {
        return mad(DREP, tid, ByteBuffer.allocate(232).putInt(0, localCommId).putInt(4, remoteCommId));
    }

    private static void putGid(ByteBuffer b, int at, byte[] ip) {
        if (ip.length == 16) {
            for (int i = 0; i < 16; i++) b.put(at + i, ip[i]);
        } else {
            b.put(at + 10, (byte) 0xFF).put(at + 11, (byte) 0xFF);
            for (int i = 0; i < 4; i++) b.put(at + 12 + i, ip[i]);
        }
    }
}
