package io.rocescope.dissector.field;

import io.rocescope.dissector.field.ksy.PcapFileKsy;
import io.rocescope.dissector.field.ksy.PcapFileLayout;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;

/**
 * pcap LINKTYPE_ values the readers understand: ksy/pcap_file.ksy's enum link_type, whose values are exactly the
 * supported ones. The short names are kept because the readers and the link dispatch switch on them.
 */
public final class LinkTypeNames {
    private LinkTypeNames() {}

    public static final int ETHERNET = PcapFileKsy.LINK_TYPE_ETHERNET, RAW_BSD = PcapFileKsy.LINK_TYPE_RAW_BSD,
        RAW_BSD14 = PcapFileKsy.LINK_TYPE_RAW_BSD14, RAW = PcapFileKsy.LINK_TYPE_RAW,
        LINUX_SLL = PcapFileKsy.LINK_TYPE_LINUX_SLL, IPV4 = PcapFileKsy.LINK_TYPE_IPV4,
        IPV6 = PcapFileKsy.LINK_TYPE_IPV6, LINUX_SLL2 = PcapFileKsy.LINK_TYPE_LINUX_SLL2,
        /** Endace ERF records (ibdump writes them for InfiniBand ports): the readers unwrap them (capture.Erf). */
        ERF = PcapFileKsy.LINK_TYPE_ERF,
        /** Native InfiniBand: the packet starts with the LRH. */
        INFINIBAND = PcapFileKsy.LINK_TYPE_INFINIBAND,
        /** IP over InfiniBand (DLT_IPOIB): a 40-byte pseudo-header, the 4-byte IPoIB header, then IP or ARP. */
        IPOIB = PcapFileKsy.LINK_TYPE_IPOIB;

    /** The names printed for the link types ("Raw IP" for 12, 14 and 101); null for one not supported. */
    public static final ValueNames NAMES = PcapFileKsy.LINK_TYPE;

    /** Whether the readers understand the link type: the enum names every supported one and no other. */
    public static boolean isSupported(int linkType) {
        return NAMES.nameOf(linkType) != null;
    }

    /**
     * Every supported link type, for a message: "Ethernet 1, Raw IP 12/14/101, …", in the order of their codes, the
     * codes of one name together. Found by asking {@link #isSupported} of every code a link type can have, so that
     * it names what the readers accept and nothing else.
     */
    public static String supported() { return Supported.LIST; }

    /** Built when a message first needs it (65,536 lookups), not by every process that opens a capture. */
    private static final class Supported {
        static final String LIST = supportedList();
    }

    private static String supportedList() {
        Map<String, StringJoiner> codes = new LinkedHashMap<>();
        for (int t = 0; t <= PcapFileLayout.NETWORK_LINK_TYPE_MASK; t++) {
            if (isSupported(t)) codes.computeIfAbsent(NAMES.nameOf(t), n -> new StringJoiner("/")).add(Integer.toString(t));
        }
        StringJoiner list = new StringJoiner(", ");
        codes.forEach((name, numbers) -> list.add(name + " " + numbers));
        return list.toString();
    }
}
