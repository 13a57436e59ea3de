package io.rocescope.dissector.encode;

import io.rocescope.dissector.field.EtherTypeNames;
import io.rocescope.dissector.field.IpProtoNames;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** Ethernet/IPv4 TCP segments (checksums computed; Ethernet and IPv4 where their .ksy put them) and perftest's out-of-band records. */
public final class TcpFrames {
    public static final int FIN = 0x01, SYN = 0x02, RST = 0x04, PSH = 0x08, ACK = 0x10;

    private TcpFrames() {}

    public static byte[] segment(Net net, int srcPort, int dstPort, long seq, long ack, int flags, byte[] payload) {
        int tcpLen = 20 + payload.length;
        Net untagged = net.withVlan(-1, 0);   // the out-of-band exchange runs on the untagged interface
        byte[] f = new byte[EthernetHeader.length(untagged) + Ipv4Header.LENGTH + tcpLen];
        int ip = EthernetHeader.put(f, untagged, EtherTypeNames.IPV4);
        int tcp = ip + Ipv4Header.LENGTH;
        // the TCP header (ksy/tcp_segment.ksy is not generated into a layout: it is read only by the Kaitai oracle)
        ByteBuffer.wrap(f, tcp, tcpLen).putShort((short) srcPort).putShort((short) dstPort).putInt((int) seq).putInt((int) ack)
            .putShort((short) ((5 << 12) | flags)).putShort((short) 502).putShort((short) 0).putShort((short) 0).put(payload);
        Ipv4Header.put(f, ip, 0, Ipv4Header.LENGTH + tcpLen, (int) (seq & 0xFFFF), IpProtoNames.TCP, net.srcIp(), net.dstIp());
        long pseudo = Ipv4Header.addressSum(f, ip) + IpProtoNames.TCP + tcpLen;   // addresses, protocol, TCP length
        InternetChecksum.put(f, tcp + 16, InternetChecksum.of(f, tcp, tcpLen, pseudo));
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
