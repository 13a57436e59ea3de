package io.rocescope.gui;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.FieldSpec;
import io.rocescope.dissector.field.Fields;
import io.rocescope.dissector.field.ksy.IbMadKsy;
import io.rocescope.dissector.field.ksy.IbTransportKsy;
import io.rocescope.dissector.field.ksy.Ipv4PacketKsy;
import io.rocescope.dissector.field.ksy.MacControlKsy;
import io.rocescope.dissector.filter.DisplayFilter;
import io.rocescope.dissector.filter.FilterSyntaxException;

import java.util.List;
import java.util.Locale;

import static io.rocescope.dissector.field.ksy.ArpPacketFieldsKsy.ARP_PACKET;
import static io.rocescope.dissector.field.ksy.IbMadFieldsKsy.IB_MAD_ATTRIBUTEID;
import static io.rocescope.dissector.field.ksy.IbMadFieldsKsy.IB_MAD_CM;
import static io.rocescope.dissector.field.ksy.IbTransportFieldsKsy.AETH_SYN_TYPE;
import static io.rocescope.dissector.field.ksy.IbTransportFieldsKsy.BTH_OPCODE;
import static io.rocescope.dissector.field.ksy.Ipv4PacketFieldsKsy.IPV4_PACKET_ECN;
import static io.rocescope.dissector.field.ksy.Ipv6PacketFieldsKsy.IPV6_PACKET_ECN;
import static io.rocescope.dissector.field.ksy.MacControlFieldsKsy.MAC_CONTROL_OPCODE;
import static io.rocescope.dissector.field.ksy.TcpSegmentFieldsKsy.TCP_SEGMENT;

/**
 * One colouring rule of the packet list, as Wireshark's: a name, a display filter, colours; the first
 * enabled rule a frame matches colours its row. "Retransmission" is not in the frame itself: its
 * frames come from the analysis ({@link #ANALYSIS}), the filter text then names them for the user.
 */
final class ColourRule {
    /** The filter text of the rule whose frames the analysis names (retransmitted packets). */
    static final String ANALYSIS = "rocescope.retransmission";

    final String name;
    String filterText;
    String background, foreground;
    boolean enabled = true;
    private DisplayFilter filter;

    ColourRule(String name, String filterText, String background, String foreground) {
        this.name = name;
        this.background = background;
        this.foreground = foreground;
        setFilter(filterText);
    }

    /** Sets the filter; false (the rule then matches nothing) when the text does not parse. */
    boolean setFilter(String text) {
        filterText = text;
        if (ANALYSIS.equals(text)) { filter = null; return true; }
        try {
            filter = DisplayFilter.parse(text);
            return true;
        } catch (FilterSyntaxException e) {
            filter = f -> false;
            return false;
        }
    }

    boolean matches(DecodedFrame f, Retransmissions retransmitted) {
        if (!enabled) return false;
        if (filter == null) return retransmitted.contains(f);
        return filter.matches(f);
    }

    /** The rules a capture starts with: problems first (the first match wins), then the usual protocols. */
    static List<ColourRule> defaults() {
        // the fields are the .ksy's (their Wireshark names), the values their codes: the text is Wireshark's filter
        return List.of(
            new ColourRule("Bad ICRC", Fields.ICRC_STATUS.abbrev() + " == \"bad\"", "#1f1f1f", "#ff6b6b"),
            new ColourRule("CM REJ", isHex(IB_MAD_ATTRIBUTEID, IbMadKsy.CM_ATTRIBUTE_REJ), "#a40000", "#ffffff"),
            new ColourRule("NAK", is(AETH_SYN_TYPE, IbTransportKsy.AETH_TYPE_NAK), "#ff9c9c", "#1b1b1b"),
            new ColourRule("RNR NAK", is(AETH_SYN_TYPE, IbTransportKsy.AETH_TYPE_RNR_NAK), "#ffc58f", "#1b1b1b"),
            new ColourRule("Retransmission", ANALYSIS, "#e9c6f5", "#1b1b1b"),
            new ColourRule("PFC pause", isHex(MAC_CONTROL_OPCODE, MacControlKsy.OPCODE_PFC) + " || "
                + isHex(MAC_CONTROL_OPCODE, MacControlKsy.OPCODE_PAUSE), "#b9a4ff", "#1b1b1b"),
            new ColourRule("CNP", is(BTH_OPCODE, IbTransportKsy.OPCODE_CNP), "#8fd0ff", "#1b1b1b"),
            // IPv6's ECN takes IPv4's code points (ksy/ipv6_packet.ksy names them ipv4_packet::ecn)
            new ColourRule("ECN CE", is(IPV4_PACKET_ECN, Ipv4PacketKsy.ECN_CE) + " || " + is(IPV6_PACKET_ECN, Ipv4PacketKsy.ECN_CE),
                "#ffe98a", "#1b1b1b"),
            new ColourRule("RoCE CM", IB_MAD_CM.abbrev(), "#cdeec6", "#1b1b1b"),
            new ColourRule("TCP", TCP_SEGMENT.abbrev(), "#e7e6ff", "#1b1b1b"),
            new ColourRule("ARP", ARP_PACKET.abbrev(), "#faf0d7", "#1b1b1b"));
    }

    /** The filter "field == value", the value in decimal. */
    static String is(FieldSpec field, int value) { return field.abbrev() + " == " + value; }

    /**
     * The example a filter field shows before anything is typed: ACKs or NAKs, from the .ksy's names and codes
     * (the filter bar and the find bar show it).
     */
    static final String EXAMPLE_ACKS = is(BTH_OPCODE, IbTransportKsy.OPCODE_RC_ACKNOWLEDGE);
    static final String EXAMPLE_NAKS = is(AETH_SYN_TYPE, IbTransportKsy.AETH_TYPE_NAK);

    /** The filter "field == 0x…", the value with as many hex digits as the field shows. */
    static String isHex(FieldSpec field, long value) {
        return field.abbrev() + " == " + String.format(Locale.ROOT, "0x%0" + field.hexDigits() + "x", value);
    }
}
