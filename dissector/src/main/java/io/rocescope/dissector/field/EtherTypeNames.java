package io.rocescope.dissector.field;

/** EtherType names (Wireshark's etype_vals, the ones a RoCE capture meets). */
public final class EtherTypeNames {
    private EtherTypeNames() {}

    public static final int IPV4 = 0x0800, ARP = 0x0806, VLAN = 0x8100, IPV6 = 0x86DD, MAC_CONTROL = 0x8808,
        QINQ = 0x88A8, QINQ_OLD = 0x9100, ROCE = 0x8915, LLDP = 0x88CC;

    public static final ValueNames NAMES = v -> {
        switch ((int) v) {
            case IPV4: return "IPv4";
            case ARP: return "ARP";
            case VLAN: return "802.1Q Virtual LAN";
            case IPV6: return "IPv6";
            case MAC_CONTROL: return "MAC Control";
            case QINQ: return "802.1ad Provider Bridge (Q-in-Q)";
            case QINQ_OLD: return "QinQ: old non-standard 802.1ad";
            case ROCE: return "RDMA over Converged Ethernet";
            case LLDP: return "802.1 Link Layer Discovery Protocol (LLDP)";
            default: return null;
        }
    };
}
