package io.rocescope.dissector.encode;

import io.rocescope.dissector.decode.IcrcCalculator;
import java.nio.ByteBuffer;

import static io.rocescope.dissector.field.ksy.IbTransportKsy.*;

/**
 * Builds complete RoCEv2 frames (Ethernet [802.1Q] IPv4/IPv6 UDP 4791, BTH, extended headers,
 * payload, pad, ICRC) and MAC Control frames. Lengths, the IPv4 checksum and the ICRC are computed.
 */
public final class RoceFrames {
    private RoceFrames() {}

    private static final ThreadLocal<IcrcCalculator> ICRC = ThreadLocal.withInitial(IcrcCalculator::new);

    /** A RoCEv2 frame; {@code headers} are the extended headers in wire order. */
    public static byte[] roce(Net net, int opcode, int destQp, int psn, boolean ackReq, boolean solicited, byte[] headers, byte[] payload) {
        int pad = (4 - payload.length % 4) % 4;
        int ib = SIZE_BTH + headers.length + payload.length + pad + 4;
        int udpLen = 8 + ib;
        int l3 = net.ipv6() ? 40 : 20;
        int l2 = 14 + (net.vlan() >= 0 ? 4 : 0);
        ByteBuffer b = ByteBuffer.allocate(l2 + l3 + udpLen);
        b.put(net.dstMac()).put(net.srcMac());
        if (net.vlan() >= 0) b.putShort((short) 0x8100).putShort((short) ((net.pcp() << 13) | net.vlan()));
        b.putShort((short) (net.ipv6() ? 0x86DD : 0x0800));
        int ipOff = b.position();
        if (net.ipv6()) {
            int flowLabel = (int) ((net.udpSrcPort() * 2654435761L) & 0xFFFFF);
            b.putInt((6 << 28) | (net.ecn() << 20) | flowLabel);
            b.putShort((short) udpLen).put((byte) 17).put((byte) 64).put(net.srcIp()).put(net.dstIp());
        } else {
            b.put((byte) 0x45).put((byte) net.ecn()).putShort((short) (20 + udpLen)).putShort((short) (psn ^ destQp ^ opcode << 8))
                .putShort((short) 0x4000).put((byte) 64).put((byte) 17).putShort((short) 0).put(net.srcIp()).put(net.dstIp());
        }
        int udpOff = b.position();
        b.putShort((short) net.udpSrcPort()).putShort((short) 4791).putShort((short) udpLen).putShort((short) 0);
        int bthOff = b.position();
        b.put(bth(opcode, solicited, pad, destQp, ackReq, psn));
        b.put(headers).put(payload).put(new byte[pad]);
        byte[] frame = b.array();
        if (!net.ipv6()) InternetChecksum.put(frame, ipOff + 10, InternetChecksum.of(frame, ipOff, 20, 0));
        int icrcOff = frame.length - 4;
        long crc = ICRC.get().compute(frame, ipOff, net.ipv6() ? IcrcCalculator.IPV6 : IcrcCalculator.IPV4, l3, udpOff, bthOff, icrcOff);
        for (int i = 0; i < 4; i++) frame[icrcOff + i] = (byte) (crc >>> (8 * i));
        // IPv6 forbids a zero UDP checksum (RFC 8200; rxe sends 0 anyway, and tshark flags it): compute it.
        // The ICRC masks this field, so it stays valid.
        if (net.ipv6()) udp6Checksum(frame, ipOff, udpOff, udpLen);
        return frame;
    }

    /**
     * An IPv4 RoCEv2 {@code frame} grown to {@code length} bytes by padding its IP datagram after the UDP
     * datagram (IP Total Length covers the pad, UDP Length does not): the RoCE packet is unchanged, so the
     * receiver's IP layer trims the pad and its RoCE stack sees the packet as sent, while every link on the
     * way carries the bigger frame (a path MTU probe that cannot overrun a receive buffer). The IPv4
     * checksum and the ICRC (which covers Total Length) are computed anew. {@code length} no larger than
     * the frame: the frame itself.
     */
    public static byte[] paddedIpv4(byte[] frame, int length) {
        if (length <= frame.length) return frame;
        int ipOff = (frame[12] & 0xFF) == 0x81 && frame[13] == 0 ? 18 : 14;
        if ((frame[ipOff - 2] & 0xFF) != 0x08 || frame[ipOff - 1] != 0 || (frame[ipOff] & 0xFF) != 0x45) {
            throw new IllegalArgumentException("not an IPv4 frame without options");
        }
        byte[] f = java.util.Arrays.copyOf(frame, length);
        int udpOff = ipOff + 20, bthOff = udpOff + 8;
        int udpLen = ((f[udpOff + 4] & 0xFF) << 8) | (f[udpOff + 5] & 0xFF);
        int total = length - ipOff;
        f[ipOff + 2] = (byte) (total >>> 8);
        f[ipOff + 3] = (byte) total;
        f[ipOff + 10] = 0;
        f[ipOff + 11] = 0;
        InternetChecksum.put(f, ipOff + 10, InternetChecksum.of(f, ipOff, 20, 0));
        int icrcOff = udpOff + udpLen - 4;
        long crc = ICRC.get().compute(f, ipOff, IcrcCalculator.IPV4, 20, udpOff, bthOff, icrcOff);
        for (int i = 0; i < 4; i++) f[icrcOff + i] = (byte) (crc >>> (8 * i));
        return f;
    }

    /**
     * A RoCEv1 frame: EtherType 0x8915, a GRH (the GIDs are {@code net}'s 16-byte addresses, NxtHdr 0x1B),
     * BTH, extended headers, payload, pad and ICRC. Lengths and the ICRC are computed.
     */
    public static byte[] roceV1(Net net, int opcode, int destQp, int psn, boolean ackReq, byte[] headers, byte[] payload) {
        if (!net.ipv6()) throw new IllegalArgumentException("RoCEv1 GIDs are 16 bytes: give the Net IPv6 addresses");
        int pad = (4 - payload.length % 4) % 4;
        int ib = SIZE_BTH + headers.length + payload.length + pad + 4;
        int l2 = 14 + (net.vlan() >= 0 ? 4 : 0);
        ByteBuffer b = ByteBuffer.allocate(l2 + 40 + ib);
        b.put(net.dstMac()).put(net.srcMac());
        if (net.vlan() >= 0) b.putShort((short) 0x8100).putShort((short) ((net.pcp() << 13) | net.vlan()));
        b.putShort((short) 0x8915);
        int grhOff = b.position();
        b.putInt(6 << 28).putShort((short) ib).put((byte) 0x1B).put((byte) 1).put(net.srcIp()).put(net.dstIp());
        int bthOff = b.position();
        b.put(bth(opcode, false, pad, destQp, ackReq, psn));
        b.put(headers).put(payload).put(new byte[pad]);
        byte[] frame = b.array();
        int icrcOff = frame.length - 4;
        long crc = ICRC.get().compute(frame, grhOff, IcrcCalculator.GRH, 40, -1, bthOff, icrcOff);
        for (int i = 0; i < 4; i++) frame[icrcOff + i] = (byte) (crc >>> (8 * i));
        return frame;
    }

    /** A BTH (default P_Key 0xFFFF, version 0), where ksy/ib_transport.ksy puts each field. */
    static byte[] bth(int opcode, boolean solicited, int pad, int destQp, boolean ackReq, int psn) {
        byte[] h = new byte[SIZE_BTH];
        Layout.put(h, OFF_BTH_OPCODE, LEN_BTH_OPCODE, SHIFT_BTH_OPCODE, MASK_BTH_OPCODE, opcode);
        Layout.put(h, OFF_BTH_SOLICITED_EVENT, LEN_BTH_SOLICITED_EVENT, SHIFT_BTH_SOLICITED_EVENT, MASK_BTH_SOLICITED_EVENT,
            solicited ? 1 : 0);
        Layout.put(h, OFF_BTH_PAD_CNT, LEN_BTH_PAD_CNT, SHIFT_BTH_PAD_CNT, MASK_BTH_PAD_CNT, pad);
        Layout.put(h, OFF_BTH_PARTITION_KEY, LEN_BTH_PARTITION_KEY, SHIFT_BTH_PARTITION_KEY, MASK_BTH_PARTITION_KEY, 0xFFFF);
        Layout.put(h, OFF_BTH_DEST_QP, LEN_BTH_DEST_QP, SHIFT_BTH_DEST_QP, MASK_BTH_DEST_QP, destQp);
        Layout.put(h, OFF_BTH_ACK_REQ, LEN_BTH_ACK_REQ, SHIFT_BTH_ACK_REQ, MASK_BTH_ACK_REQ, ackReq ? 1 : 0);
        Layout.put(h, OFF_BTH_PSN, LEN_BTH_PSN, SHIFT_BTH_PSN, MASK_BTH_PSN, psn);
        return h;
    }

    private static void udp6Checksum(byte[] f, int ipOff, int udpOff, int udpLen) {
        long pseudo = InternetChecksum.sum(f, ipOff + 8, 32) + udpLen + 17;   // addresses, length, next header
        int ck = InternetChecksum.of(f, udpOff, udpLen, pseudo);
        InternetChecksum.put(f, udpOff + 6, ck == 0 ? 0xFFFF : ck);           // 0 means "none" in UDP
    }

    public static byte[] reth(long va, int rkey, int length) {
        byte[] h = new byte[SIZE_RETH];
        Layout.put(h, OFF_RETH_VIRTUAL_ADDRESS, LEN_RETH_VIRTUAL_ADDRESS, SHIFT_RETH_VIRTUAL_ADDRESS, MASK_RETH_VIRTUAL_ADDRESS, va);
        Layout.put(h, OFF_RETH_R_KEY, LEN_RETH_R_KEY, SHIFT_RETH_R_KEY, MASK_RETH_R_KEY, rkey);
        Layout.put(h, OFF_RETH_DMA_LENGTH, LEN_RETH_DMA_LENGTH, SHIFT_RETH_DMA_LENGTH, MASK_RETH_DMA_LENGTH, length);
        return h;
    }

    public static byte[] aeth(int syndrome, int msn) {
        byte[] h = new byte[SIZE_AETH];
        // the syndrome byte is the reserved bit, the type and the value together
        Layout.put(h, OFF_AETH_SYNDROME_RESERVED, LEN_AETH_SYNDROME_RESERVED, 0, 0xFF, syndrome);
        Layout.put(h, OFF_AETH_MSN, LEN_AETH_MSN, SHIFT_AETH_MSN, MASK_AETH_MSN, msn);
        return h;
    }

    public static byte[] deth(long qkey, int srcQp) {
        byte[] h = new byte[SIZE_DETH];
        Layout.put(h, OFF_DETH_Q_KEY, LEN_DETH_Q_KEY, SHIFT_DETH_Q_KEY, MASK_DETH_Q_KEY, qkey);
        Layout.put(h, OFF_DETH_SRC_QP, LEN_DETH_SRC_QP, SHIFT_DETH_SRC_QP, MASK_DETH_SRC_QP, srcQp);
        return h;
    }

    public static byte[] atomicEth(long va, int rkey, long add, long compare) {
        byte[] h = new byte[SIZE_ATOMIC_ETH];
        Layout.put(h, OFF_ATOMIC_ETH_VIRTUAL_ADDRESS, LEN_ATOMIC_ETH_VIRTUAL_ADDRESS, SHIFT_ATOMIC_ETH_VIRTUAL_ADDRESS,
            MASK_ATOMIC_ETH_VIRTUAL_ADDRESS, va);
        Layout.put(h, OFF_ATOMIC_ETH_R_KEY, LEN_ATOMIC_ETH_R_KEY, SHIFT_ATOMIC_ETH_R_KEY, MASK_ATOMIC_ETH_R_KEY, rkey);
        Layout.put(h, OFF_ATOMIC_ETH_SWAP_OR_ADD_DATA, LEN_ATOMIC_ETH_SWAP_OR_ADD_DATA, SHIFT_ATOMIC_ETH_SWAP_OR_ADD_DATA,
            MASK_ATOMIC_ETH_SWAP_OR_ADD_DATA, add);
        Layout.put(h, OFF_ATOMIC_ETH_COMPARE_DATA, LEN_ATOMIC_ETH_COMPARE_DATA, SHIFT_ATOMIC_ETH_COMPARE_DATA,
            MASK_ATOMIC_ETH_COMPARE_DATA, compare);
        return h;
    }

    public static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) n += p.length;
        ByteBuffer b = ByteBuffer.allocate(n);
        for (byte[] p : parts) b.put(p);
        return b.array();
    }

    /** A RoCEv2 CNP to {@code destQp} (the data sender's QP). */
    public static byte[] cnp(Net net, int destQp) {
        byte[] f = roce(net, OPCODE_CNP, destQp, 0, false, false, new byte[SIZE_CNP_PADDING], new byte[0]);
        int bth = 14 + (net.vlan() >= 0 ? 4 : 0) + (net.ipv6() ? 40 : 20) + 8;
        Layout.put(f, bth + OFF_BTH_BECN, LEN_BTH_BECN, SHIFT_BTH_BECN, MASK_BTH_BECN, 1);   // masked in the ICRC, so it stays valid
        return f;
    }

    /** A PFC frame pausing one priority for {@code quanta} (0 = resume). */
    public static byte[] pfc(byte[] srcMac, int priority, int quanta) {
        ByteBuffer b = ByteBuffer.allocate(60);
        b.put(new byte[] {1, (byte) 0x80, (byte) 0xC2, 0, 0, 1}).put(srcMac).putShort((short) 0x8808);
        b.putShort((short) 0x0101).putShort((short) (1 << priority));
        for (int p = 0; p < 8; p++) b.putShort((short) (p == priority ? quanta : 0));
        return b.array();
    }
}
