package io.rocescope.dissector.encode;

import io.rocescope.dissector.field.ksy.EtherPayloadKsy;
import io.rocescope.dissector.field.ksy.IbMadLayout;
import io.rocescope.dissector.field.ksy.Ipv4PacketKsy;

import io.rocescope.dissector.field.ksy.TcpSegmentKsy;

import java.nio.charset.StandardCharsets;

import static io.rocescope.dissector.field.ksy.PerftestExchangeLayout.*;
import static io.rocescope.dissector.field.ksy.TcpSegmentLayout.*;
import static io.rocescope.dissector.field.ksy.TcpSegmentLayout.FIXED_SIZE;   // not the perftest layout's

/** Ethernet/IPv4 TCP segments (checksums computed; every header where its .ksy puts it) and perftest's out-of-band records. */
public final class TcpFrames {
    public static final int FIN = TcpSegmentKsy.TCP_FLAG_FIN, SYN = TcpSegmentKsy.TCP_FLAG_SYN, RST = TcpSegmentKsy.TCP_FLAG_RST,
        PSH = TcpSegmentKsy.TCP_FLAG_PSH, ACK = TcpSegmentKsy.TCP_FLAG_ACK;
    /** The window every segment advertises (any value will do: the decoders only show it). */
    private static final int WINDOW = 502;

    private TcpFrames() {}

    public static byte[] segment(Net net, int srcPort, int dstPort, long seq, long ack, int flags, byte[] payload) {
        int tcpLen = FIXED_SIZE + payload.length;
        Net untagged = net.withVlan(-1, 0);   // the out-of-band exchange runs on the untagged interface
        byte[] f = new byte[EthernetHeader.length(untagged) + Ipv4Header.LENGTH + tcpLen];
        int ip = EthernetHeader.put(f, untagged, EtherPayloadKsy.ETHER_TYPE_IPV4);
        int tcp = ip + Ipv4Header.LENGTH;
        // the TCP header without options (checksum and urgent pointer 0 until the checksum is computed), then the payload
        Layout.put(f, tcp + OFF_SRC_PORT, LEN_SRC_PORT, SHIFT_SRC_PORT, MASK_SRC_PORT, srcPort);
        Layout.put(f, tcp + OFF_DST_PORT, LEN_DST_PORT, SHIFT_DST_PORT, MASK_DST_PORT, dstPort);
        Layout.put(f, tcp + OFF_SEQ_NUM, LEN_SEQ_NUM, SHIFT_SEQ_NUM, MASK_SEQ_NUM, seq);
        Layout.put(f, tcp + OFF_ACK_NUM, LEN_ACK_NUM, SHIFT_ACK_NUM, MASK_ACK_NUM, ack);
        Layout.put(f, tcp + OFF_DATA_OFFSET, LEN_DATA_OFFSET, SHIFT_DATA_OFFSET, MASK_DATA_OFFSET, FIXED_SIZE / DATA_OFFSET_UNIT);
        Layout.put(f, tcp + OFF_FLAGS, LEN_FLAGS, SHIFT_FLAGS, MASK_FLAGS, flags);
        Layout.put(f, tcp + OFF_WINDOW_SIZE, LEN_WINDOW_SIZE, SHIFT_WINDOW_SIZE, MASK_WINDOW_SIZE, WINDOW);
        System.arraycopy(payload, 0, f, tcp + FIXED_SIZE, payload.length);
        Ipv4Header.put(f, ip, 0, Ipv4Header.LENGTH + tcpLen, (int) (seq & 0xFFFF), Ipv4PacketKsy.IP_PROTOCOL_TCP, net.srcIp(), net.dstIp());
        long pseudo = Ipv4Header.addressSum(f, ip) + Ipv4PacketKsy.IP_PROTOCOL_TCP + tcpLen;   // addresses, protocol, TCP length
        InternetChecksum.put(f, tcp + OFF_CHECKSUM, InternetChecksum.of(f, tcp, tcpLen, pseudo));
        return f;
    }

    /** perftest's key message with a GID: "%04x:%04x:%06x:%06x:%08x:%016llx:" + 16 "%02x:" + "%08x:" + NUL (108 bytes). */
    public static byte[] perftestKey(int lid, int outReads, int qpn, int psn, long rkey, long va, byte[] gid, long srqn) {
        StringBuilder sb = new StringBuilder(String.format(KEY_COMMON_FORMAT, lid, outReads, qpn, psn, rkey, va));
        for (byte g : gid) sb.append(String.format(KEY_GID_BYTE_FORMAT, g & 0xFF));
        sb.append(String.format(KEY_SRQN_FORMAT, srqn)).append(CONTENTS_KEY_TERMINATOR);
        return sb.toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    /** The key message's fields as perftest prints them (%0Nx), widths and separators ksy/perftest_exchange.ksy's key. */
    private static final String KEY_COMMON_FORMAT = "%0" + LEN_KEY_COMMON_LID + "x" + CONTENTS_KEY_COMMON_SEP_LID
        + "%0" + LEN_KEY_COMMON_OUT_READS + "x" + CONTENTS_KEY_COMMON_SEP_OUT_READS
        + "%0" + LEN_KEY_COMMON_QPN + "x" + CONTENTS_KEY_COMMON_SEP_QPN
        + "%0" + LEN_KEY_COMMON_PSN + "x" + CONTENTS_KEY_COMMON_SEP_PSN
        + "%0" + LEN_KEY_COMMON_RKEY + "x" + CONTENTS_KEY_COMMON_SEP_RKEY
        + "%0" + LEN_KEY_COMMON_VADDR + "x" + CONTENTS_KEY_COMMON_SEP_VADDR;
    private static final String KEY_GID_BYTE_FORMAT = "%0" + LEN_GID_BYTE_HEX + "x" + CONTENTS_GID_BYTE_SEP;
    private static final String KEY_SRQN_FORMAT = "%0" + LEN_KEY_SRQN + "x" + CONTENTS_KEY_SEP_SRQN;

    /** The 16-byte NUL-padded version string. */
    public static byte[] perftestVersion(String v) {
        byte[] b = new byte[FIXED_SIZE_VERSION];
        byte[] s = v.getBytes(StandardCharsets.ISO_8859_1);
        System.arraycopy(s, 0, b, 0, Math.min(LEN_VERSION_TEXT, s.length));
        return b;
    }

    /** An IPv4 address as the IPv4-mapped GID RoCE uses. */
    public static byte[] gid(byte[] ipv4) {
        byte[] g = new byte[IbMadLayout.LEN_PATH_LOCAL_GID];
        CmMads.mapIpv4(g, 0, ipv4);
        return g;
    }
}
