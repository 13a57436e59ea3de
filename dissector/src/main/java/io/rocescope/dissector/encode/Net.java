package io.rocescope.dissector.encode;

import io.rocescope.dissector.field.ksy.Ipv4PacketLayout;
import io.rocescope.dissector.field.ksy.Ipv6PacketLayout;

/**
 * Where a frame goes: MACs, IP addresses (4 bytes for IPv4, 16 for IPv6), an optional 802.1Q tag
 * (vlan < 0: none) with its priority, the UDP source port (RoCEv2 flow entropy) and the ECN bits.
 * {@code ecn} is the whole Traffic Class byte written into the IP header (IPv4 TOS): the ECN bits, and
 * above them the DSCP when {@link #withTrafficClass} set one.
 */
public record Net(byte[] srcMac, byte[] dstMac, byte[] srcIp, byte[] dstIp, int vlan, int pcp, int udpSrcPort, int ecn) {
    /** The ECN bits of the Traffic Class byte (ksy/ipv4_packet.ksy's ecn, at shift 0 under the DSCP). */
    private static final int ECN = (int) Ipv4PacketLayout.MASK_ECN;

    public Net reverse() {
        return new Net(dstMac, srcMac, dstIp, srcIp, vlan, pcp, udpSrcPort ^ 0x0101, ecn);
    }

    /** The same with ECN codepoint {@code e}, the DSCP kept. */
    public Net withEcn(int e) { return new Net(srcMac, dstMac, srcIp, dstIp, vlan, pcp, udpSrcPort, (ecn & ~ECN) | (e & ECN)); }

    /** The same with DSCP {@code dscp} and ECN codepoint {@code e}. */
    public Net withTrafficClass(int dscp, int e) { return new Net(srcMac, dstMac, srcIp, dstIp, vlan, pcp, udpSrcPort, (dscp << Ipv4PacketLayout.SHIFT_DSCP) | (e & ECN)); }

    /** The same with 802.1Q tag {@code vlanId} and priority {@code priority} (vlanId < 0: untagged). */
    public Net withVlan(int vlanId, int priority) { return new Net(srcMac, dstMac, srcIp, dstIp, vlanId, priority, udpSrcPort, ecn); }

    public boolean ipv6() { return srcIp.length == Ipv6PacketLayout.LEN_SRC_ADDR; }
}
