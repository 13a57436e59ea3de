package io.rocescope.cli;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.FieldDef;
import io.rocescope.dissector.field.FieldSpec;
import io.rocescope.dissector.field.FieldType;
import io.rocescope.dissector.text.FieldText;
import io.rocescope.dissector.text.LineBuffer;

import io.rocescope.dissector.text.Text;

import java.time.Instant;
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

    /**
     * The value as tshark's JSON shows it: where Wireshark declares a field with another base or width than
     * RoCEscope's text (which -T fields and -V keep), as the .ksy's ws-base says (found by comparing both tools'
     * JSON on the real captures, TsharkJsonTest).
     */
    static String value(DecodedFrame f, int i) {
        FieldDef def = f.def(i);
        FieldType t = def.type();
        if (t == FieldType.PROTOCOL || t == FieldType.BYTES) return colonHex(f.data(), f.offset(i), f.length(i));
        FieldSpec.Kind ws = def.wiresharkKind();
        if (ws != null && t == FieldType.UINT) {
            if (ws == FieldSpec.Kind.BYTES) return colonHex(f.data(), f.offset(i), f.length(i));
            if (ws == FieldSpec.Kind.DEC) return Long.toUnsignedString(f.value(i));
            return Text.hex0x(new LineBuffer(24), f.value(i), def.wiresharkDigits()).toString();
        }
        return FieldText.value(new LineBuffer(32), f, i).toString();
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
