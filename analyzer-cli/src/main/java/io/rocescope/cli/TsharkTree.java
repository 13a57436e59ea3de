package io.rocescope.cli;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.FieldType;
import io.rocescope.dissector.text.FieldText;
import io.rocescope.dissector.text.LineBuffer;

import io.rocescope.dissector.text.Text;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.time.ZoneId;

/**
 * How tshark's -T json, ek and pdml show a field: its value as text (what -T fields prints, but bytes
 * and protocol subtrees as colon-separated hex), and the tree's shape over the decoder's flat list.
 */
final class TsharkTree {
    private TsharkTree() {}

    /** The index after field i and its children. */
    static int end(DecodedFrame f, int i) {
        int depth = f.depth(i);
        int j = i + 1;
        while (j < f.fieldCount() && f.depth(j) > depth) j++;
        return j;
    }

    static boolean hasChildren(DecodedFrame f, int i) {
        return i + 1 < f.fieldCount() && f.depth(i + 1) > f.depth(i);
    }

    /** The value as tshark's JSON shows it. */
    static String value(DecodedFrame f, int i) {
        FieldType t = f.def(i).type();
        if (t == FieldType.PROTOCOL || t == FieldType.BYTES) return colonHex(f.data(), f.offset(i), f.length(i));
        Integer ws = WIRESHARK_BASE.get(f.def(i).abbrev());
        if (ws != null && t == FieldType.UINT) {
            if (ws == BYTES) return colonHex(f.data(), f.offset(i), f.length(i));
            if (ws == DECIMAL) return Long.toUnsignedString(f.value(i));
            return Text.hex0x(new LineBuffer(24), f.value(i), ws).toString();
        }
        return FieldText.value(new LineBuffer(32), f, i).toString();
    }

    private static final int DECIMAL = 0, BYTES = -1;

    /**
     * Fields that Wireshark declares with another base or width than RoCEscope's text uses (which -T
     * fields and -V keep): the value as tshark's JSON prints it, hex digits (FT_UINT8 hex: 2 …), decimal,
     * or bytes. Found by comparing both tools' JSON on the real captures (TsharkJsonTest).
     */
    private static final Map<String, Integer> WIRESHARK_BASE = new HashMap<>();
    static {
        String req = "infiniband.cm.req.", rep = "infiniband.cm.rep.", rej = "infiniband.cm.rej.";
        for (String n : List.of("responderres", "initdepth", "remoteresptout", "transpsvctype", "e2eflowctrl", "localresptout",
            "retrcount", "pppmtu", "rdcexist", "rnrretrcount", "maxcmretr", "srq", "ext_transport", "ip_cm.majv", "ip_cm.minv",
            "ip_cm.ipv", "prim_tfcclass", "prim_hoplim", "prim_sl", "prim_subnetlocal", "prim_localacktout", "alt_tfcclass",
            "alt_hoplim", "alt_sl", "alt_subnetlocal", "alt_localacktout")) WIRESHARK_BASE.put(req + n, 2);
        for (String n : List.of("respres", "initdepth", "tgtackdelay", "failoveracc", "e2eflowctrl", "rnrretrcount", "srq"))
            WIRESHARK_BASE.put(rep + n, 2);
        WIRESHARK_BASE.put(rej + "msgrej", 2);
        WIRESHARK_BASE.put(rej + "rejinfolen", 2);
        WIRESHARK_BASE.put(rej + "reason", 4);
        WIRESHARK_BASE.put(req + "ip_cm.sport", 4);
        WIRESHARK_BASE.put(req + "serviceid.dport", 4);
        for (String n : List.of("prim_locallid", "prim_remotelid", "alt_locallid", "alt_remotelid")) WIRESHARK_BASE.put(req + n, DECIMAL);
        WIRESHARK_BASE.put("infiniband.mad.baseversion", 2);
        WIRESHARK_BASE.put("infiniband.mad.classversion", 2);
        WIRESHARK_BASE.put("infiniband.deth.q_key", 16);
        WIRESHARK_BASE.put("infiniband.deth.srcqp", 8);
        WIRESHARK_BASE.put("infiniband.atomiceth.swapdt", DECIMAL);
        WIRESHARK_BASE.put("infiniband.atomiceth.cmpdt", DECIMAL);
        WIRESHARK_BASE.put("infiniband.atomicacketh.origremdt", DECIMAL);
        WIRESHARK_BASE.put("infiniband.immdt", BYTES);
        WIRESHARK_BASE.put("tcp.flags", 4);
        WIRESHARK_BASE.put("ipv6.flow", 6);
        WIRESHARK_BASE.put("infiniband.grh.nxthdr", DECIMAL);
        WIRESHARK_BASE.put("ipv6.tclass", 8);
    }

    static String colonHex(byte[] d, int off, int len) {
        StringBuilder sb = new StringBuilder(len * 3);
        for (int k = 0; k < len && off + k < d.length; k++) {
            if (k > 0) sb.append(':');
            int b = d[off + k] & 0xFF;
            sb.append(Character.forDigit(b >>> 4, 16)).append(Character.forDigit(b & 15, 16));
        }
        return sb.toString();
    }

    /** tshark's Elasticsearch index name: "packets-" and the frame's local date. */
    static String index(DecodedFrame f) {
        return "packets-" + Instant.ofEpochSecond(Math.floorDiv(f.timestampNanos(), 1_000_000_000L)).atZone(ZoneId.systemDefault()).toLocalDate();
    }
}
