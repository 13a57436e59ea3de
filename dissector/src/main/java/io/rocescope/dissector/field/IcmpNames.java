package io.rocescope.dissector.field;

/** ICMP and ICMPv6 type and code names, as Wireshark's packet-icmp.c and packet-icmpv6.c print them. */
public final class IcmpNames {
    private IcmpNames() {}

    public static final int ECHO_REPLY = 0, UNREACHABLE = 3, REDIRECT = 5, ECHO_REQUEST = 8, TIME_EXCEEDED = 11,
        PARAMETER_PROBLEM = 12;

    public static final ValueNames TYPES = v -> switch ((int) v) {
        case 0 -> "Echo (ping) reply";
        case 3 -> "Destination unreachable";
        case 4 -> "Source quench (flow control)";
        case 5 -> "Redirect";
        case 8 -> "Echo (ping) request";
        case 9 -> "Router advertisement";
        case 10 -> "Router solicitation";
        case 11 -> "Time-to-live exceeded";
        case 12 -> "Parameter problem";
        case 13 -> "Timestamp request";
        case 14 -> "Timestamp reply";
        case 15 -> "Information request";
        case 16 -> "Information reply";
        case 17 -> "Address mask request";
        case 18 -> "Address mask reply";
        default -> null;
    };

    public static final ValueNames UNREACHABLE_CODES = ValueNames.table("Network unreachable", "Host unreachable",
        "Protocol unreachable", "Port unreachable", "Fragmentation needed", "Source route failed",
        "Destination network unknown", "Destination host unknown", "Source host isolated",
        "Network administratively prohibited", "Host administratively prohibited", "Network unreachable for TOS",
        "Host unreachable for TOS", "Communication administratively filtered", "Host precedence violation",
        "Precedence cutoff in effect");

    public static final ValueNames REDIRECT_CODES = ValueNames.table("Redirect for network", "Redirect for host",
        "Redirect for TOS and network", "Redirect for TOS and host");

    public static final ValueNames TIME_EXCEEDED_CODES = ValueNames.table("Time to live exceeded in transit",
        "Fragment reassembly time exceeded");

    /** The code's name for a type that has named codes, or null. */
    public static String codeName(int type, int code) {
        return switch (type) {
            case UNREACHABLE -> UNREACHABLE_CODES.nameOf(code);
            case REDIRECT -> REDIRECT_CODES.nameOf(code);
            case TIME_EXCEEDED -> TIME_EXCEEDED_CODES.nameOf(code);
            default -> null;
        };
    }

    // ---- ICMPv6 ----
    public static final int V6_UNREACHABLE = 1, V6_PACKET_TOO_BIG = 2, V6_TIME_EXCEEDED = 3, V6_PARAMETER_PROBLEM = 4,
        V6_ECHO_REQUEST = 128, V6_ECHO_REPLY = 129, V6_RS = 133, V6_RA = 134, V6_NS = 135, V6_NA = 136, V6_REDIRECT = 137;

    public static final ValueNames V6_TYPES = v -> switch ((int) v) {
        case 1 -> "Destination Unreachable";
        case 2 -> "Packet Too Big";
        case 3 -> "Time Exceeded";
        case 4 -> "Parameter Problem";
        case 128 -> "Echo (ping) request";
        case 129 -> "Echo (ping) reply";
        case 130 -> "Multicast Listener Query";
        case 131 -> "Multicast Listener Report";
        case 132 -> "Multicast Listener Done";
        case 133 -> "Router Solicitation";
        case 134 -> "Router Advertisement";
        case 135 -> "Neighbor Solicitation";
        case 136 -> "Neighbor Advertisement";
        case 137 -> "Redirect";
        case 143 -> "Multicast Listener Report Message v2";
        default -> null;
    };

    public static final ValueNames V6_UNREACHABLE_CODES = ValueNames.table("no route to destination",
        "communication with destination administratively prohibited", "beyond scope of source address",
        "address unreachable", "port unreachable", "source address failed ingress/egress policy",
        "reject route to destination", "Error in Source Routing Header");

    public static final ValueNames V6_TIME_EXCEEDED_CODES = ValueNames.table("hop limit exceeded in transit",
        "fragment reassembly time exceeded");

    public static String v6CodeName(int type, int code) {
        return switch (type) {
            case V6_UNREACHABLE -> V6_UNREACHABLE_CODES.nameOf(code);
            case V6_TIME_EXCEEDED -> V6_TIME_EXCEEDED_CODES.nameOf(code);
            default -> null;
        };
    }

    /** Neighbor Discovery option types (RFC 4861). */
    public static final int OPT_SOURCE_LINKADDR = 1, OPT_TARGET_LINKADDR = 2;

    public static final ValueNames V6_OPTIONS = v -> switch ((int) v) {
        case 1 -> "Source link-layer address";
        case 2 -> "Target link-layer address";
        case 3 -> "Prefix information";
        case 4 -> "Redirected header";
        case 5 -> "MTU";
        default -> null;
    };
}
