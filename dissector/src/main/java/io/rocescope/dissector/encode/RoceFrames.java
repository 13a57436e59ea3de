package io.rocescope.dissector.encode;

import io.rocescope.dissector.decode.IcrcCalculator;
import io.rocescope.dissector.field.ksy.EtherPayloadKsy;
import io.rocescope.dissector.field.ksy.Ipv4PacketKsy;

import io.rocescope.dissector.field.ksy.EthernetFrameLayout;
import io.rocescope.dissector.field.ksy.IbMadLayout;
import io.rocescope.dissector.field.ksy.Ipv6PacketLayout;
import io.rocescope.dissector.field.ksy.UdpDatagramLayout;
import io.rocescope.dissector.field.ksy.MacControlKsy;
import io.rocescope.dissector.field.ksy.MacControlLayout;
import io.rocescope.dissector.field.ksy.RoceV1GrhKsy;
import io.rocescope.dissector.field.ksy.RoceV1GrhLayout;

import java.nio.ByteBuffer;

import static io.rocescope.dissector.field.ksy.IbTransportKsy.*;
import static io.rocescope.dissector.field.ksy.IbTransportLayout.*;

/**
 * Builds complete RoCEv2 frames (Ethernet [802.1Q] IPv4/IPv6 UDP 4791, BTH, extended headers,
 * payload, pad, ICRC), RoCEv1 frames and MAC Control frames. Lengths, the IPv4 checksum and the ICRC are computed.
 * Each header is written where its .ksy puts it (EthernetHeader, Ipv4Header, Ipv6Header, UdpHeader; the BTH and
 * extended headers here, from IbTransportKsy; the GRH from RoceV1GrhLayout, PFC from MacControlLayout).
 */
public final class RoceFrames {
    private RoceFrames() {}

    /** The ICRC's size (ksy/ib_transport.ksy's icrc_size); it is written least significant byte first. */
    private static final int ICRC_LEN = (int) ICRC_SIZE;
    private static final ThreadLocal<IcrcCalculator> ICRC = ThreadLocal.withInitial(IcrcCalculator::new);

    /** A RoCEv2 frame; {@code headers} are the extended headers in wire order. */
    public static byte[] roce(Net net, int opcode, int destQp, int psn, boolean ackReq, boolean solicited, byte[] headers, byte[] payload) {
        int pad = (4 - payload.length % 4) % 4;
        int ib = FIXED_SIZE_BTH + headers.length + payload.length + pad + ICRC_LEN;
        int udpLen = UdpHeader.LENGTH + ib;
        int l3 = net.ipv6() ? Ipv6Header.LENGTH : Ipv4Header.LENGTH;
        byte[] frame = new byte[EthernetHeader.length(net) + l3 + udpLen];
        int ipOff = EthernetHeader.put(frame, net, net.ipv6() ? EtherPayloadKsy.ETHER_TYPE_IPV6 : EtherPayloadKsy.ETHER_TYPE_IPV4);
        int udpOff = ipOff + l3;
        if (net.ipv6()) {
            int flowLabel = (int) ((net.udpSrcPort() * 2654435761L) & Ipv6PacketLayout.MASK_FLOW_LABEL);
            Ipv6Header.put(frame, ipOff, net.ecn(), flowLabel, udpLen, Ipv4PacketKsy.IP_PROTOCOL_UDP, net.srcIp(), net.dstIp());
        } else {
            Ipv4Header.put(frame, ipOff, net.ecn(), l3 + udpLen, psn ^ destQp ^ opcode << 8, Ipv4PacketKsy.IP_PROTOCOL_UDP, net.srcIp(),
                net.dstIp());
        }
        UdpHeader.put(frame, udpOff, net.udpSrcPort(), (int) UdpDatagramLayout.ROCE_V2_PORT, udpLen);
        int bthOff = udpOff + UdpHeader.LENGTH;
        System.arraycopy(bth(opcode, solicited, pad, destQp, ackReq, psn), 0, frame, bthOff, FIXED_SIZE_BTH);
        System.arraycopy(headers, 0, frame, bthOff + FIXED_SIZE_BTH, headers.length);
        System.arraycopy(payload, 0, frame, bthOff + FIXED_SIZE_BTH + headers.length, payload.length);
        int icrcOff = frame.length - ICRC_LEN;
        long crc = ICRC.get().compute(frame, ipOff, net.ipv6() ? IcrcCalculator.IPV6 : IcrcCalculator.IPV4, l3, udpOff, bthOff, icrcOff);
        for (int i = 0; i < ICRC_LEN; i++) frame[icrcOff + i] = (byte) (crc >>> (8 * i));
        // IPv6 forbids a zero UDP checksum (RFC 8200; rxe sends 0 anyway, and tshark flags it): compute it.
        // The ICRC masks this field, so it stays valid.
        if (net.ipv6()) UdpHeader.checksum(frame, udpOff, udpLen, Ipv6Header.addressSum(frame, ipOff) + udpLen + Ipv4PacketKsy.IP_PROTOCOL_UDP);
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
        int ipOff = EthernetHeader.payloadOf(frame, EtherPayloadKsy.ETHER_TYPE_IPV4);
        if (ipOff < 0 || !Ipv4Header.isPlain(frame, ipOff)) {
            throw new IllegalArgumentException("not an IPv4 frame without options");
        }
        byte[] f = java.util.Arrays.copyOf(frame, length);
        int udpOff = ipOff + Ipv4Header.LENGTH, bthOff = udpOff + UdpHeader.LENGTH;
        int udpLen = UdpHeader.length(f, udpOff);
        Ipv4Header.totalLength(f, ipOff, length - ipOff);
        int icrcOff = udpOff + udpLen - ICRC_LEN;
        long crc = ICRC.get().compute(f, ipOff, IcrcCalculator.IPV4, Ipv4Header.LENGTH, udpOff, bthOff, icrcOff);
        for (int i = 0; i < ICRC_LEN; i++) f[icrcOff + i] = (byte) (crc >>> (8 * i));
        return f;
    }

    /**
     * A RoCEv1 frame: EtherType 0x8915, a GRH (the GIDs are {@code net}'s 16-byte addresses, NxtHdr BTH, hop limit 1),
     * BTH, extended headers, payload, pad and ICRC. Lengths and the ICRC are computed.
     */
    public static byte[] roceV1(Net net, int opcode, int destQp, int psn, boolean ackReq, byte[] headers, byte[] payload) {
        if (!net.ipv6()) throw new IllegalArgumentException("RoCEv1 GIDs are 16 bytes: give the Net IPv6 addresses");
        int pad = (4 - payload.length % 4) % 4;
        int ib = FIXED_SIZE_BTH + headers.length + payload.length + pad + ICRC_LEN;
        int l2 = EthernetHeader.length(net);
        ByteBuffer b = ByteBuffer.allocate(l2 + RoceV1GrhLayout.FIXED_SIZE + ib);
        int grhOff = EthernetHeader.put(b.array(), net, EtherPayloadKsy.ETHER_TYPE_ROCE);
        grh(b.array(), grhOff, ib, net.srcIp(), net.dstIp());
        int bthOff = grhOff + RoceV1GrhLayout.FIXED_SIZE;
        b.position(bthOff);
        b.put(bth(opcode, false, pad, destQp, ackReq, psn));
        b.put(headers).put(payload).put(new byte[pad]);
        byte[] frame = b.array();
        int icrcOff = frame.length - ICRC_LEN;
        long crc = ICRC.get().compute(frame, grhOff, IcrcCalculator.GRH, RoceV1GrhLayout.FIXED_SIZE, -1, bthOff, icrcOff);
        for (int i = 0; i < ICRC_LEN; i++) frame[icrcOff + i] = (byte) (crc >>> (8 * i));
        return frame;
    }

    /** A BTH (default P_Key 0xFFFF, version 0), where ksy/ib_transport.ksy puts each field. */
    static byte[] bth(int opcode, boolean solicited, int pad, int destQp, boolean ackReq, int psn) {
        byte[] h = new byte[FIXED_SIZE_BTH];
        Layout.put(h, OFF_BTH_OPCODE, LEN_BTH_OPCODE, SHIFT_BTH_OPCODE, MASK_BTH_OPCODE, opcode);
        Layout.put(h, OFF_BTH_SOLICITED_EVENT, LEN_BTH_SOLICITED_EVENT, SHIFT_BTH_SOLICITED_EVENT, MASK_BTH_SOLICITED_EVENT,
            solicited ? 1 : 0);
        Layout.put(h, OFF_BTH_PAD_CNT, LEN_BTH_PAD_CNT, SHIFT_BTH_PAD_CNT, MASK_BTH_PAD_CNT, pad);
        Layout.put(h, OFF_BTH_PARTITION_KEY, LEN_BTH_PARTITION_KEY, SHIFT_BTH_PARTITION_KEY, MASK_BTH_PARTITION_KEY, IbMadLayout.DEFAULT_P_KEY);
        Layout.put(h, OFF_BTH_DEST_QP, LEN_BTH_DEST_QP, SHIFT_BTH_DEST_QP, MASK_BTH_DEST_QP, destQp);
        Layout.put(h, OFF_BTH_ACK_REQ, LEN_BTH_ACK_REQ, SHIFT_BTH_ACK_REQ, MASK_BTH_ACK_REQ, ackReq ? 1 : 0);
        Layout.put(h, OFF_BTH_PSN, LEN_BTH_PSN, SHIFT_BTH_PSN, MASK_BTH_PSN, psn);
        return h;
    }

    public static byte[] reth(long va, int rkey, int length) {
        byte[] h = new byte[FIXED_SIZE_RETH];
        Layout.put(h, OFF_RETH_VIRTUAL_ADDRESS, LEN_RETH_VIRTUAL_ADDRESS, SHIFT_RETH_VIRTUAL_ADDRESS, MASK_RETH_VIRTUAL_ADDRESS, va);
        Layout.put(h, OFF_RETH_R_KEY, LEN_RETH_R_KEY, SHIFT_RETH_R_KEY, MASK_RETH_R_KEY, rkey);
        Layout.put(h, OFF_RETH_DMA_LENGTH, LEN_RETH_DMA_LENGTH, SHIFT_RETH_DMA_LENGTH, MASK_RETH_DMA_LENGTH, length);
        return h;
    }

    /** The whole syndrome byte: the reserved bit, the type and the value (the lowest, at shift 0) together. */
    private static final long SYNDROME_BITS = MASK_AETH_SYNDROME_RESERVED << SHIFT_AETH_SYNDROME_RESERVED
        | MASK_AETH_SYNDROME_TYPE << SHIFT_AETH_SYNDROME_TYPE | MASK_AETH_SYNDROME_VALUE << SHIFT_AETH_SYNDROME_VALUE;

    public static byte[] aeth(int syndrome, int msn) {
        byte[] h = new byte[FIXED_SIZE_AETH];
        // the syndrome byte is the reserved bit, the type and the value together
        Layout.put(h, OFF_AETH_SYNDROME_RESERVED, LEN_AETH_SYNDROME_RESERVED, SHIFT_AETH_SYNDROME_VALUE, SYNDROME_BITS, syndrome);
        Layout.put(h, OFF_AETH_MSN, LEN_AETH_MSN, SHIFT_AETH_MSN, MASK_AETH_MSN, msn);
        return h;
    }

    public static byte[] deth(long qkey, int srcQp) {
        byte[] h = new byte[FIXED_SIZE_DETH];
        Layout.put(h, OFF_DETH_Q_KEY, LEN_DETH_Q_KEY, SHIFT_DETH_Q_KEY, MASK_DETH_Q_KEY, qkey);
        Layout.put(h, OFF_DETH_SRC_QP, LEN_DETH_SRC_QP, SHIFT_DETH_SRC_QP, MASK_DETH_SRC_QP, srcQp);
        return h;
    }

    public static byte[] atomicEth(long va, int rkey, long add, long compare) {
        byte[] h = new byte[FIXED_SIZE_ATOMIC_ETH];
        Layout.put(h, OFF_ATOMIC_ETH_VIRTUAL_ADDRESS, LEN_ATOMIC_ETH_VIRTUAL_ADDRESS, SHIFT_ATOMIC_ETH_VIRTUAL_ADDRESS,
            MASK_ATOMIC_ETH_VIRTUAL_ADDRESS, va);
        Layout.put(h, OFF_ATOMIC_ETH_R_KEY, LEN_ATOMIC_ETH_R_KEY, SHIFT_ATOMIC_ETH_R_KEY, MASK_ATOMIC_ETH_R_KEY, rkey);
        Layout.put(h, OFF_ATOMIC_ETH_SWAP_OR_ADD_DATA, LEN_ATOMIC_ETH_SWAP_OR_ADD_DATA, SHIFT_ATOMIC_ETH_SWAP_OR_ADD_DATA,
            MASK_ATOMIC_ETH_SWAP_OR_ADD_DATA, add);
        Layout.put(h, OFF_ATOMIC_ETH_COMPARE_DATA, LEN_ATOMIC_ETH_COMPARE_DATA, SHIFT_ATOMIC_ETH_COMPARE_DATA,
            MASK_ATOMIC_ETH_COMPARE_DATA, compare);
        return h;
    }

    /** A RoCEv1 GRH into zeroed bytes at {@code at}: IP version 6, traffic class and flow label 0, NxtHdr BTH, hop limit 1. */
    private static void grh(byte[] f, int at, int payloadLength, byte[] sgid, byte[] dgid) {
        Layout.put(f, at + RoceV1GrhLayout.OFF_IP_VERSION, RoceV1GrhLayout.LEN_IP_VERSION, RoceV1GrhLayout.SHIFT_IP_VERSION,
            RoceV1GrhLayout.MASK_IP_VERSION, Ipv6PacketLayout.IPV6_VERSION_VALUE);
        Layout.put(f, at + RoceV1GrhLayout.OFF_PAYLOAD_LENGTH, RoceV1GrhLayout.LEN_PAYLOAD_LENGTH, RoceV1GrhLayout.SHIFT_PAYLOAD_LENGTH,
            RoceV1GrhLayout.MASK_PAYLOAD_LENGTH, payloadLength);
        Layout.put(f, at + RoceV1GrhLayout.OFF_NEXT_HEADER, RoceV1GrhLayout.LEN_NEXT_HEADER, RoceV1GrhLayout.SHIFT_NEXT_HEADER,
            RoceV1GrhLayout.MASK_NEXT_HEADER, RoceV1GrhKsy.NEXT_HEADER_BTH);
        Layout.put(f, at + RoceV1GrhLayout.OFF_HOP_LIMIT, RoceV1GrhLayout.LEN_HOP_LIMIT, RoceV1GrhLayout.SHIFT_HOP_LIMIT,
            RoceV1GrhLayout.MASK_HOP_LIMIT, 1);
        System.arraycopy(sgid, 0, f, at + RoceV1GrhLayout.OFF_SGID, RoceV1GrhLayout.LEN_SGID);
        System.arraycopy(dgid, 0, f, at + RoceV1GrhLayout.OFF_DGID, RoceV1GrhLayout.LEN_DGID);
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
        byte[] f = roce(net, OPCODE_CNP, destQp, 0, false, false, new byte[FIXED_SIZE_CNP_PADDING], new byte[0]);
        int bth = EthernetHeader.length(net) + (net.ipv6() ? Ipv6Header.LENGTH : Ipv4Header.LENGTH) + UdpHeader.LENGTH;
        Layout.put(f, bth + OFF_BTH_BECN, LEN_BTH_BECN, SHIFT_BTH_BECN, MASK_BTH_BECN, 1);   // masked in the ICRC, so it stays valid
        return f;
    }

    /** The smallest Ethernet frame without its FCS: a MAC Control frame is padded up to it. */
    private static final int MIN_FRAME = (int) io.rocescope.dissector.field.ksy.EthernetFrameLayout.MIN_FRAME_SIZE;

    /** A PFC frame (to MAC Control's reserved address) pausing one priority for {@code quanta} (0 = resume). */
    public static byte[] pfc(byte[] srcMac, int priority, int quanta) {
        byte[] f = new byte[MIN_FRAME];
        Net link = new Net(srcMac, mac(MacControlLayout.DESTINATION_MAC), null, null, -1, 0, 0, 0);
        int at = EthernetHeader.put(f, link, EtherPayloadKsy.ETHER_TYPE_MAC_CONTROL);
        Layout.put(f, at + MacControlLayout.OFF_OPCODE, MacControlLayout.LEN_OPCODE, MacControlLayout.SHIFT_OPCODE,
            MacControlLayout.MASK_OPCODE, MacControlKsy.OPCODE_PFC);
        int pfc = at + MacControlLayout.FIXED_SIZE;
        Layout.put(f, pfc + MacControlLayout.OFF_PFC_CLASS_ENABLE_VECTOR, MacControlLayout.LEN_PFC_CLASS_ENABLE_VECTOR,
            MacControlLayout.SHIFT_PFC_CLASS_ENABLE_VECTOR, MacControlLayout.MASK_PFC_CLASS_ENABLE_VECTOR, 1L << priority);
        // the pause times are COUNT_ equal integers, one a priority; the others stay 0
        int each = MacControlLayout.LEN_PFC_PAUSE_TIMES / MacControlLayout.COUNT_PFC_PAUSE_TIMES;
        Layout.put(f, pfc + MacControlLayout.OFF_PFC_PAUSE_TIMES + each * priority, each, 0, (1L << (8 * each)) - 1, quanta);
        return f;
    }

    /** A MAC address from its 48-bit value. */
    private static byte[] mac(long value) {
        byte[] m = new byte[EthernetFrameLayout.LEN_DST_MAC];
        for (int i = 0; i < m.length; i++) m[i] = (byte) (value >>> (8 * (m.length - 1 - i)));
        return m;
    }
}
