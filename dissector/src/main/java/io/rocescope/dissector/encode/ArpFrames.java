package io.rocescope.dissector.encode;

import io.rocescope.dissector.field.ksy.ArpPacketKsy;
import io.rocescope.dissector.field.ksy.EtherPayloadKsy;
import io.rocescope.dissector.field.ksy.EthernetFrameLayout;
import io.rocescope.dissector.util.BigEndian;

import java.util.Arrays;

import static io.rocescope.dissector.field.ksy.ArpPacketLayout.*;

/**
 * ARP for IPv4 over Ethernet, where ksy/arp_packet.ksy puts its fields: the request an active probe sends to learn
 * its next hop's MAC, and the reading of the answer (one layout for both, as a codec's decoder and encoder share a
 * record). The request is untagged, as the probes send; an answer may carry one 802.1Q tag.
 */
public final class ArpFrames {
    private ArpFrames() {}

    /** What an ARP packet says about its sender. */
    public record Arp(int opcode, byte[] senderMac, byte[] senderIp, byte[] targetIp) {
        public boolean isReply() { return opcode == ArpPacketKsy.OPCODE_REPLY; }
    }

    /** A broadcast request from {@code ourMac}/{@code ourIp} asking who has {@code targetIp} (4 bytes). */
    public static byte[] request(byte[] ourMac, byte[] ourIp, byte[] targetIp) {
        byte[] broadcast = new byte[LEN_ETHER_IPV4_ADDRESSES_SRC_HW];
        Layout.put(broadcast, 0, broadcast.length, EthernetFrameLayout.SHIFT_DST_MAC, EthernetFrameLayout.MASK_DST_MAC,
            EthernetFrameLayout.BROADCAST_MAC);
        Net net = new Net(ourMac, broadcast, ourIp, targetIp, -1, 0, 0, 0);
        byte[] f = new byte[EthernetHeader.length(net) + FIXED_SIZE + FIXED_SIZE_ETHER_IPV4_ADDRESSES];
        int at = EthernetHeader.put(f, net, EtherPayloadKsy.ETHER_TYPE_ARP);
        Layout.put(f, at + OFF_HW_TYPE, LEN_HW_TYPE, SHIFT_HW_TYPE, MASK_HW_TYPE, ArpPacketKsy.HARDWARE_TYPE_ETHERNET);
        Layout.put(f, at + OFF_PROTO_TYPE, LEN_PROTO_TYPE, SHIFT_PROTO_TYPE, MASK_PROTO_TYPE, EtherPayloadKsy.ETHER_TYPE_IPV4);
        Layout.put(f, at + OFF_HW_SIZE, LEN_HW_SIZE, SHIFT_HW_SIZE, MASK_HW_SIZE, LEN_ETHER_IPV4_ADDRESSES_SRC_HW);
        Layout.put(f, at + OFF_PROTO_SIZE, LEN_PROTO_SIZE, SHIFT_PROTO_SIZE, MASK_PROTO_SIZE, LEN_ETHER_IPV4_ADDRESSES_SRC_PROTO);
        Layout.put(f, at + OFF_OPCODE, LEN_OPCODE, SHIFT_OPCODE, MASK_OPCODE, ArpPacketKsy.OPCODE_REQUEST);
        int a = at + FIXED_SIZE;
        System.arraycopy(ourMac, 0, f, a + OFF_ETHER_IPV4_ADDRESSES_SRC_HW, LEN_ETHER_IPV4_ADDRESSES_SRC_HW);
        System.arraycopy(ourIp, 0, f, a + OFF_ETHER_IPV4_ADDRESSES_SRC_PROTO, LEN_ETHER_IPV4_ADDRESSES_SRC_PROTO);
        System.arraycopy(targetIp, 0, f, a + OFF_ETHER_IPV4_ADDRESSES_DST_PROTO, LEN_ETHER_IPV4_ADDRESSES_DST_PROTO);
        return f;   // the target MAC stays zero: it is what is asked
    }

    /** An Ethernet frame (untagged or with one 802.1Q tag) read as an ARP for IPv4 over Ethernet; null if it is not one. */
    public static Arp read(byte[] frame) {
        int at = EthernetHeader.payloadOf(frame, EtherPayloadKsy.ETHER_TYPE_ARP);
        if (at < 0 || frame.length < at + FIXED_SIZE + FIXED_SIZE_ETHER_IPV4_ADDRESSES) return null;
        if ((frame[at + OFF_HW_SIZE] & 0xFF) != LEN_ETHER_IPV4_ADDRESSES_SRC_HW
            || (frame[at + OFF_PROTO_SIZE] & 0xFF) != LEN_ETHER_IPV4_ADDRESSES_SRC_PROTO) return null;
        int opcode = (int) BigEndian.read(frame, at + OFF_OPCODE, LEN_OPCODE);
        int a = at + FIXED_SIZE;
        return new Arp(opcode,
            Arrays.copyOfRange(frame, a + OFF_ETHER_IPV4_ADDRESSES_SRC_HW, a + OFF_ETHER_IPV4_ADDRESSES_SRC_HW + LEN_ETHER_IPV4_ADDRESSES_SRC_HW),
            Arrays.copyOfRange(frame, a + OFF_ETHER_IPV4_ADDRESSES_SRC_PROTO, a + OFF_ETHER_IPV4_ADDRESSES_SRC_PROTO + LEN_ETHER_IPV4_ADDRESSES_SRC_PROTO),
            Arrays.copyOfRange(frame, a + OFF_ETHER_IPV4_ADDRESSES_DST_PROTO, a + OFF_ETHER_IPV4_ADDRESSES_DST_PROTO + LEN_ETHER_IPV4_ADDRESSES_DST_PROTO));
    }
}
