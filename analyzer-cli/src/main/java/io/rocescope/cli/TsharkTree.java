package io.rocescope.cli;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.FieldSpec;
import io.rocescope.dissector.field.FieldType;
import io.rocescope.dissector.field.ksy.IbTransportFieldsKsy;
import io.rocescope.dissector.field.ksy.Ipv6PacketFieldsKsy;
import io.rocescope.dissector.field.ksy.RoceV1GrhFieldsKsy;
import io.rocescope.dissector.field.ksy.TcpSegmentFieldsKsy;
import io.rocescope.dissector.text.FieldText;
import io.rocescope.dissector.text.LineBuffer;

import io.rocescope.dissector.text.Text;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.time.ZoneId;

import static io.rocescope.dissector.field.ksy.IbMadFieldsKsy.*;

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
        base(2, CM_REQ_RESPONDERRES, CM_REQ_INITDEPTH, CM_REQ_REMOTERESPTOUT, CM_REQ_TRANSPSVCTYPE, CM_REQ_E2EFLOWCTRL,
            CM_REQ_LOCALRESPTOUT, CM_REQ_RETRCOUNT, CM_REQ_PPPMTU, CM_REQ_RDCEXIST, CM_REQ_RNRRETRCOUNT, CM_REQ_MAXCMRETR,
            CM_REQ_SRQ, CM_REQ_EXT_TRANSPORT, CMA_HDR_MAJV, CMA_HDR_MINV, CMA_HDR_IPV, CM_REQ_PRIM_TFCCLASS,
            CM_REQ_PRIM_HOPLIM, CM_REQ_PRIM_SL, CM_REQ_PRIM_SUBNETLOCAL, CM_REQ_PRIM_LOCALACKTOUT, CM_REQ_ALT_TFCCLASS,
            CM_REQ_ALT_HOPLIM, CM_REQ_ALT_SL, CM_REQ_ALT_SUBNETLOCAL, CM_REQ_ALT_LOCALACKTOUT);
        base(2, CM_REP_RESPRES, CM_REP_INITDEPTH, CM_REP_TGTACKDELAY, CM_REP_FAILOVERACC, CM_REP_E2EFLOWCTRL,
            CM_REP_RNRRETRCOUNT, CM_REP_SRQ);
        base(2, CM_REJ_MSGREJ, CM_REJ_REJINFOLEN);
        base(4, CM_REJ_REASON, CMA_HDR_SPORT, CM_REQ_SERVICEID_DPORT);
        base(DECIMAL, CM_REQ_PRIM_LOCALLID, CM_REQ_PRIM_REMOTELID, CM_REQ_ALT_LOCALLID, CM_REQ_ALT_REMOTELID);
        base(2, IB_MAD_BASEVERSION, IB_MAD_CLASSVERSION);
        base(16, IbTransportFieldsKsy.DETH_Q_KEY);
        base(8, IbTransportFieldsKsy.DETH_SRCQP);
        base(DECIMAL, IbTransportFieldsKsy.ATOMIC_ETH_SWAPDT, IbTransportFieldsKsy.ATOMIC_ETH_CMPDT,
            IbTransportFieldsKsy.ATOMIC_ACK_ETH_ORIGREMDT);
        base(BYTES, IbTransportFieldsKsy.IMMDT);
        base(4, TcpSegmentFieldsKsy.TCP_SEGMENT_FLAGS);
        base(6, Ipv6PacketFieldsKsy.IPV6_PACKET_FLOW);
        base(DECIMAL, RoceV1GrhFieldsKsy.ROCE_V1_GRH_NXTHDR);
        base(8, Ipv6PacketFieldsKsy.IPV6_PACKET_TCLASS);
    }

    /** {@code fields} (the .ksy's registry entries, by their Wireshark names) shown with {@code base}. */
    private static void base(int base, FieldSpec... fields) {
        for (FieldSpec f : fields) WIRESHARK_BASE.put(f.abbrev(), base);
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
