package io.rocescope.dissector.encode;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** Ethernet/IPv4 TCP segments (checksums computed) and perftest's out-of-band records. */
public final class TcpFrames {
    public static final int FIN = 0x01, SYN = 0x02, RST = 0x04, PSH = 0x08, ACK = 0x10;

    private TcpFrames() {}

    public static byte[] segment(Net net, int srcPort, int dstPort, long seq, long ack, int flags, byte[] payload) {
        int tcpLen = 20 + payload.length;
        ByteBuffer b = ByteBuffer.allocate(14 + 20 + tcpLen);
        b.put(net.dstMac()).put(net.srcMac()).putShort((short) 0x0800);
        b.put((byte) 0x45).put((byte) 0).putShort((short) (20 + tcpLen)).putShort((short) (seq & 0xFFFF)).putShort((short) 0x4000)
            .put((byte) 64).put((byte) 6).putShort((short) 0).put(net.srcIp()).put(net.dstIp());
        b.putShort((short) srcPort).putShort((short) dstPort).putInt((int) seq).putInt((int) ack)
            .putShort((short) ((5 << 12) | flags)).putShort((short) 502).putShort((short) 0).putShort((short) 0);
        b.put(payload);
        byte[] f = b.array();
        InternetChecksum.put(f, 24, InternetChecksum.of(f, 14, 20, 0));
        long pseudo = InternetChecksum.sum(f, 26, 8) + 6 + tcpLen;   // addresses, protocol, TCP length
        InternetChecksum.put(f, 34 + 16, InternetChecksum.of(f, 34, tcpLen, pseudo));
        return f;
    }

    /** perftest's key message with a GID: "%04x:%04x:%06x:%06x:%08x:%016llx:" + 16 "%02x:" + "%08x:" + NUL (108 bytes). */
    public static byte[] perftestKey(int lid, int outReads, int qpn, int psn, long rkey, long va, byte[] gid, long srqn) {
        StringBuilder sb = new StringBuilder(String.format("%04x:%04x:%06x:%06x:%08x:%016x:", lid, outReads, qpn, psn, rkey, va));
        for (byte g : gid) sb.append(String.format("%02x:", g & 0xFF));
        sb.append(String.format("%08x:", srqn)).append('\0');
        return sb.toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    /** The 16-byte NUL-padded version string. */
    public static byte[] perftestVersion(String v) {
        byte[] b = new byte[16];
        byte[] s = v.getBytes(StandardCharsets.ISO_8859_1);
        System.arraycopy(s, 0, b, 0, Math.min(15, s.length));
        return b;
    }

    /** An IPv4 address as the IPv4-mapped GID RoCE uses. */
    public static byte[] gid(byte[] ipv4) {
        byte[] g = new byte[16];
        g[10] = (byte) 0xFF;
        g[11] = (byte) 0xFF;
        System.arraycopy(ipv4, 0, g, 12, 4);
        return g;
    }
}
