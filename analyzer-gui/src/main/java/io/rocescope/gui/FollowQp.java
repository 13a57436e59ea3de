package io.rocescope.gui;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.FieldSpec;
import io.rocescope.dissector.field.InfinibandNames;
import io.rocescope.dissector.field.OpcodeTable;
import io.rocescope.dissector.field.ksy.IbTransportKsy;
import io.rocescope.dissector.text.LineBuffer;
import io.rocescope.dissector.text.SummaryLine;
import io.rocescope.dissector.text.Text;
import io.rocescope.flow.Reports;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.List;
import java.util.Locale;

import static io.rocescope.dissector.field.ksy.IbTransportFieldsKsy.BTH_DESTQP;
import static io.rocescope.dissector.field.ksy.Ipv4PacketFieldsKsy.IPV4_PACKET_DST;
import static io.rocescope.dissector.field.ksy.Ipv4PacketFieldsKsy.IPV4_PACKET_SRC;
import static io.rocescope.dissector.field.ksy.Ipv6PacketFieldsKsy.IPV6_PACKET_DST;
import static io.rocescope.dissector.field.ksy.Ipv6PacketFieldsKsy.IPV6_PACKET_SRC;

/**
 * Follow QP, as Wireshark's Follow TCP Stream: a connection's packets in capture order, both directions,
 * grouped into its messages (First/Middle/Last, with the message's size at its end), with their PSN,
 * payload and the ACK/NAK they carry. The packets are the frames the connection's display filter keeps
 * (a filter tshark understands too); this class turns them into rows, on a background thread.
 */
final class FollowQp {
    /** Rows beyond this are not listed (the count says how many there were): a window, not the capture. */
    static final int MAX_ROWS = 200_000;

    /** One packet of the connection. {@code message}: "#3 First", … "#3 Last (16384 B)"; {@code answer}: an AETH's meaning. */
    /** A listed packet; {@code syndrome} is its AETH's (what the window colours NAKs by), -1 without one. */
    record Packet(long frame, String time, String direction, String opcode, long psn, long payload, String message, String answer,
                  int syndrome) {}

    private FollowQp() {}

    /**
     * The display filter for the connection's packets, both directions: each direction's addresses and
     * destination QP ({@code ip.src == 10.0.0.1 && ip.dst == 10.0.0.2 && infiniband.bth.destqp == 0x000011}).
     */
    static String filter(Reports.ConnectionReport c) {
        List<String> parts = new ArrayList<>();
        for (Reports.FlowReport f : new Reports.FlowReport[] {c.aToB(), c.bToA()}) {
            if (f == null) continue;
            boolean v6 = f.src().contains(":");
            FieldSpec src = v6 ? IPV6_PACKET_SRC : IPV4_PACKET_SRC, dst = v6 ? IPV6_PACKET_DST : IPV4_PACKET_DST;
            boolean addr = f.src().matches("[0-9.]+") || v6;
            parts.add("(" + (addr ? src.abbrev() + " == " + f.src() + " && " + dst.abbrev() + " == " + f.dst() + " && " : "")
                + ColourRule.isHex(BTH_DESTQP, f.destQp()) + ")");
        }
        return String.join(" || ", parts);
    }

    /** The connection a RoCE packet belongs to (by its addresses and destination QP), or null. */
    static Reports.ConnectionReport connectionOf(Reports.Analysis a, DecodedFrame d) {
        if (a == null || d == null || !d.isRoce()) return null;
        for (Reports.ConnectionReport c : a.connections()) if (ConnectionDetails.ofConnection(c, d)) return c;
        return null;
    }

    /** First PSNs of the latest messages (a bounded memory: a message resent long after is numbered anew). */
    private static Map<Integer, Integer> recent() {
        return new LinkedHashMap<>() {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Integer, Integer> e) { return size() > 65_536; }
        };
    }

    /** The rows of {@code frames} (decoded with {@code source}), at most {@link #MAX_ROWS}. */
    static List<Packet> packets(Reports.ConnectionReport c, SpilledLongs frames, FrameSource source) {
        List<Packet> out = new ArrayList<>(Math.min(frames.size(), MAX_ROWS));
        int[] messages = new int[2];
        long[] sizes = new long[2];
        // a message sent again (Go-Back-N, after an RNR NAK) starts at a PSN seen before: it keeps its number
        List<Map<Integer, Integer>> byFirstPsn = List.of(recent(), recent());
        int[] current = new int[2];
        boolean[] resent = new boolean[2];
        for (int i = 0; i < frames.size() && out.size() < MAX_ROWS; i++) {
            DecodedFrame d = source.decode((int) frames.get(i));
            if (d == null || !d.isRoce()) continue;
            boolean aToB = c.aToB() != null && c.aToB().destQp() == d.ib().destQp()
                && c.aToB().src().equals(SummaryLine.address(new LineBuffer(), d, true).toString());
            int dir = aToB ? 0 : 1;
            int op = d.ib().opcode();
            String message = "";
            if (OpcodeTable.isFirst(op) || OpcodeTable.isOnly(op)) {
                Integer seen = byFirstPsn.get(dir).get(d.ib().psn());
                resent[dir] = seen != null;
                current[dir] = seen != null ? seen : ++messages[dir];
                if (seen == null) byFirstPsn.get(dir).put(d.ib().psn(), current[dir]);
                sizes[dir] = 0;
            }
            if (OpcodeTable.isFirst(op) || OpcodeTable.isMiddle(op) || OpcodeTable.isLast(op) || OpcodeTable.isOnly(op)) {
                sizes[dir] += d.ib().payloadLength();
                String part = OpcodeTable.isFirst(op) ? "First" : OpcodeTable.isMiddle(op) ? "Middle" : OpcodeTable.isLast(op) ? "Last" : "Only";
                message = "#" + current[dir] + " " + part + (resent[dir] ? ", resent" : "")
                    + (OpcodeTable.isLast(op) || OpcodeTable.isOnly(op) ? " (" + sizes[dir] + " B)" : "");
            }
            int syndrome = d.ib().has(IbTransportKsy.HEADER_AETH) ? d.ib().syndrome() : -1;
            String answer = syndrome >= 0 ? InfinibandNames.syndromeText(syndrome) + " MSN " + d.ib().msn() : "";
            out.add(new Packet(d.number(), Text.seconds(new LineBuffer(), d.relativeNanos(), 6).toString(), aToB ? "A→B" : "B→A",
                InfinibandNames.opcodeLabel(op), d.ib().psn(), d.ib().payloadLength(), message, answer, syndrome));
        }
        return out;
    }
}
