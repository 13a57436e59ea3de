package io.rocescope.dissector.field;

/** pcap LINKTYPE_ values the readers understand. */
public final class LinkTypeNames {
    private LinkTypeNames() {}

    public static final int ETHERNET = 1, RAW_BSD = 12, RAW_BSD14 = 14, RAW = 101, LINUX_SLL = 113,
        IPV4 = 228, IPV6 = 229, LINUX_SLL2 = 276,
        /** Endace ERF records (ibdump writes them for InfiniBand ports): the readers unwrap them (capture.Erf). */
        ERF = 197,
        /** Native InfiniBand: the packet starts with the LRH. */
        INFINIBAND = 247,
        /** IP over InfiniBand (DLT_IPOIB): a 40-byte pseudo-header, the 4-byte IPoIB header, then IP or ARP. */
        IPOIB = 242;

    public static boolean isSupported(int linkType) {
        switch (linkType) {
            case ETHERNET: case RAW_BSD: case RAW_BSD14: case RAW: case LINUX_SLL: case IPV4: case IPV6: case LINUX_SLL2:
            case ERF: case INFINIBAND: case IPOIB:
                return true;
            default:
                return false;
        }
    }

    public static final ValueNames NAMES = v -> {
        switch ((int) v) {
            case ETHERNET: return "Ethernet";
            case RAW_BSD: case RAW_BSD14: case RAW: return "Raw IP";
            case LINUX_SLL: return "Linux cooked v1";
            case IPV4: return "Raw IPv4";
            case IPV6: return "Raw IPv6";
            case LINUX_SLL2: return "Linux cooked v2";
            case ERF: return "ERF";
            case INFINIBAND: return "InfiniBand";
            case IPOIB: return "IP over InfiniBand";
            default: return null;
        }
    };
}
