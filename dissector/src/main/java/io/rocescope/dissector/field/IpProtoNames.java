package io.rocescope.dissector.field;

/** IP protocol numbers met in RoCE captures. */
public final class IpProtoNames {
    private IpProtoNames() {}

    public static final int ICMP = 1, TCP = 6, UDP = 17, ICMPV6 = 58;

    public static final ValueNames NAMES = v -> {
        switch ((int) v) {
            case ICMP: return "ICMP";
            case TCP: return "TCP";
            case UDP: return "UDP";
            case ICMPV6: return "ICMPv6";
            default: return null;
        }
    };
}
