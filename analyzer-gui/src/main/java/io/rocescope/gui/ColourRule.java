package io.rocescope.gui;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.filter.DisplayFilter;
import io.rocescope.dissector.filter.FilterSyntaxException;

import java.util.List;

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
        return List.of(
            new ColourRule("Bad ICRC", "infiniband.icrc.status == \"bad\"", "#1f1f1f", "#ff6b6b"),
            new ColourRule("CM REJ", "infiniband.mad.attributeid == 0x0012", "#a40000", "#ffffff"),
            new ColourRule("NAK", "infiniband.aeth.syndrome.opcode == 3", "#ff9c9c", "#1b1b1b"),
            new ColourRule("RNR NAK", "infiniband.aeth.syndrome.opcode == 1", "#ffc58f", "#1b1b1b"),
            new ColourRule("Retransmission", ANALYSIS, "#e9c6f5", "#1b1b1b"),
            new ColourRule("PFC pause", "macc.opcode == 0x0101 || macc.opcode == 0x0001", "#b9a4ff", "#1b1b1b"),
            new ColourRule("CNP", "infiniband.bth.opcode == 129", "#8fd0ff", "#1b1b1b"),
            new ColourRule("ECN CE", "ip.dsfield.ecn == 3 || ipv6.tclass.ecn == 3", "#ffe98a", "#1b1b1b"),
            new ColourRule("RoCE CM", "infiniband.cm", "#cdeec6", "#1b1b1b"),
            new ColourRule("TCP", "tcp", "#e7e6ff", "#1b1b1b"),
            new ColourRule("ARP", "arp", "#faf0d7", "#1b1b1b"));
    }
}
