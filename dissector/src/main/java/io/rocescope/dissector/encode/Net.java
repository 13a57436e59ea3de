package io.rocescope.dissector.encode;

/**
 * Where a frame goes: MACs, IP addresses (4 bytes for IPv4, 16 for IPv6), an optional 802.1Q tag
 * (vlan < 0: none) with its priority, the UDP source port (RoCEv2 flow entropy) and the ECN bits.
 */
public record Net(byte[] srcMac, byte[] dstMac, byte[] srcIp, byte[] dstIp, int vlan, int pcp, int udpSrcPort, int ecn) {
    public Net reverse() {
        return new Net(dstMac, srcMac, dstIp, srcIp, vlan, pcp, udpSrcPort ^ 0x0101, ecn);
    }

    public Net withEcn(int e) { return new Net(srcMac, dstMac, srcIp, dstIp, vlan, pcp, udpSrcPort, e); }

    public boolean ipv6() { return srcIp.length == 16; }
}
