package io.rocescope.dissector.text;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.decode.Expert;
import io.rocescope.dissector.field.FieldDef;
import io.rocescope.dissector.field.Fields;

import java.util.List;
import java.util.Set;

/**
 * Wireshark's own fields that come from a frame's summary rather than its bytes: the columns
 * ({@code _ws.col.Info}, {@code _ws.col.Protocol}, {@code _ws.col.Source}, {@code _ws.col.Destination}, and
 * Wireshark 4.2's {@code _ws.col.info}, {@code protocol}, {@code def_src}, {@code def_dst}) and the expert
 * info ({@code _ws.expert} with its message, severity and group, {@code _ws.malformed}). They are never
 * recorded by the decoder: -e and -Y compute them from the frame (which every decode has).
 */
public final class ComputedFields {
    private ComputedFields() {}

    private static final Set<FieldDef> COLUMNS = Set.of(Fields.COL_INFO, Fields.COL_PROTOCOL, Fields.COL_SOURCE,
        Fields.COL_DESTINATION, Fields.COL_INFO_42, Fields.COL_PROTOCOL_42, Fields.COL_SOURCE_42, Fields.COL_DESTINATION_42);
    private static final Set<FieldDef> EXPERT = Set.of(Fields.WS_EXPERT, Fields.WS_EXPERT_MESSAGE, Fields.WS_EXPERT_SEVERITY,
        Fields.WS_EXPERT_GROUP, Fields.WS_MALFORMED);

    public static boolean isComputed(FieldDef def) { return COLUMNS.contains(def) || EXPERT.contains(def); }

    /** How many values the field has in this frame (a column always has one). */
    public static int count(FieldDef def, DecodedFrame f) {
        if (COLUMNS.contains(def)) return 1;
        if (def == Fields.WS_MALFORMED) return f.hasExpert("malformed") ? 1 : 0;
        return f.experts().size();
    }

    /** The k-th value's text, as -T fields prints it. */
    public static String text(FieldDef def, DecodedFrame f, int k) {
        if (def == Fields.COL_INFO || def == Fields.COL_INFO_42) return InfoColumn.of(f);
        if (def == Fields.COL_PROTOCOL || def == Fields.COL_PROTOCOL_42) return f.protocol().column();
        if (def == Fields.COL_SOURCE || def == Fields.COL_SOURCE_42) return SummaryLine.address(new LineBuffer(40), f, true).toString();
        if (def == Fields.COL_DESTINATION || def == Fields.COL_DESTINATION_42) return SummaryLine.address(new LineBuffer(40), f, false).toString();
        if (def == Fields.WS_EXPERT_MESSAGE) return f.experts().get(k).message();
        if (def == Fields.WS_EXPERT_SEVERITY || def == Fields.WS_EXPERT_GROUP) return Long.toString(number(def, f, k));
        return "";   // _ws.expert and _ws.malformed are labels: no value
    }

    /** The k-th value of a numeric one ({@code _ws.expert.severity}, {@code _ws.expert.group}), with Wireshark's codes. */
    public static long number(FieldDef def, DecodedFrame f, int k) {
        Expert e = f.experts().get(k);
        if (def == Fields.WS_EXPERT_SEVERITY) {
            return switch (e.severity()) {   // PI_NOTE, PI_WARN, PI_ERROR
                case NOTE -> 0x00400000L;
                case WARNING -> 0x00600000L;
                case ERROR -> 0x00800000L;
            };
        }
        return ExpertGroups.group(e).code();
    }

    /** Every value's text, in order (for -T fields). */
    public static void texts(FieldDef def, DecodedFrame f, List<String> out) {
        int n = count(def, f);
        for (int k = 0; k < n; k++) out.add(text(def, f, k));
    }
}
