package io.rocescope.dissector.text;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.decode.Expert;

/**
 * Where a dissector's expert info sits in Wireshark's terms: its expert group (PI_MALFORMED, PI_CHECKSUM …,
 * with Wireshark's code, as {@code _ws.expert.group} prints it and its label, as {@code -z expert} prints it)
 * and the short name of the protocol that raised it ({@code IPv4}, {@code UDP}, {@code IB} …). The expert keys
 * are RoCEscope's; this maps them once, for every output.
 */
public final class ExpertGroups {
    private ExpertGroups() {}

    /** Wireshark's expert groups that the dissector's experts fall into (epan/proto.h's PI_* codes). */
    public enum Group {
        CHECKSUM(0x01000000L, "Checksum"), SEQUENCE(0x02000000L, "Sequence"), MALFORMED(0x07000000L, "Malformed"),
        PROTOCOL(0x09000000L, "Protocol");

        private final long code;
        private final String label;

        Group(long code, String label) { this.code = code; this.label = label; }

        public long code() { return code; }
        public String label() { return label; }
    }

    public static Group group(Expert e) {
        String key = e.key();
        if (key.equals("malformed") || key.equals("truncated")) return Group.MALFORMED;
        if (key.startsWith("icrc") || key.startsWith("vcrc")) return Group.CHECKSUM;
        if (key.startsWith("psn") || key.startsWith("seq")) return Group.SEQUENCE;
        return Group.PROTOCOL;
    }

    /**
     * The protocol's short name as Wireshark's expert table prints it. A shortfall or malformed header is
     * raised by the layer its message starts with ("IPv4 total length …", "UDP header: needs …"); the
     * InfiniBand headers are Wireshark's {@code IB}.
     */
    public static String protocol(Expert e, DecodedFrame f) {
        String key = e.key();
        if (key.startsWith("macc.")) return "MAC CTRL";
        if (key.equals("linktype.unsupported")) return "Frame";
        if (!key.equals("malformed") && !key.equals("truncated")) return "IB";   // icrc, vcrc, opcode, infiniband.cm …
        String m = e.message();
        for (String[] p : PREFIXES) if (m.startsWith(p[0])) return p[1];
        int colon = m.indexOf(':');
        String head = colon < 0 ? "" : m.substring(0, colon);
        if (head.endsWith("ETH") || head.equals("ImmDt")) return "IB";   // an extended transport header: RETH, AETH …
        return f.protocol().column();   // a dissector failure: the frame's protocol
    }

    /**
     * The expert's summary in {@code -z expert}: its message, except for a bad checksum, which is one text
     * whatever its values (as Wireshark's "Bad checksum"), so that the frames with it count in one row.
     */
    public static String summary(Expert e) {
        if (e.key().equals("icrc.bad")) return "Bad ICRC";
        if (e.key().equals("vcrc.bad")) return "Bad VCRC";
        return e.message();
    }

    /** Message beginnings and the protocol they name, longest first where one starts another. */
    private static final String[][] PREFIXES = {
        {"IPv4", "IPv4"}, {"IPv6", "IPv6"}, {"UDP", "UDP"}, {"TCP", "TCP"}, {"ICMPv6", "ICMPv6"}, {"ICMP", "ICMP"},
        {"ARP", "ARP"}, {"Ethernet", "Ethernet"}, {"802.1Q", "VLAN"}, {"Linux cooked", "SLL"}, {"MAC Control", "MAC CTRL"},
        {"PAUSE", "MAC CTRL"}, {"PFC", "MAC CTRL"}, {"Raw IP", "Raw"}, {"IP version", "Raw"}, {"IPoIB", "IPoIB"},
        {"InfiniBand", "IB"}, {"Invalid Packet Length from LRH", "IB"}, {"LRH", "IB"}, {"GRH", "IB"}, {"BTH", "IB"},
        {"MAD", "IB"}, {"ICRC", "IB"}};
}
