package io.rocescope.cli;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.FieldDef;
import io.rocescope.dissector.field.FieldInterest;
import io.rocescope.dissector.text.ComputedFields;
import io.rocescope.dissector.text.FieldText;

import io.rocescope.dissector.text.LineBuffer;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * -T fields: the chosen fields as tshark prints them with its -E options: separated, quoted, the chosen
 * occurrences joined by the aggregator ("a,b" by default); an absent field prints nothing (not even quotes).
 */
final class FieldsSink extends TextSink {
    private final List<FieldDef> defs;
    private final FieldsFormat fmt;

    FieldsSink(OutputStream out, List<FieldDef> defs, FieldsFormat fmt) {
        super(out);
        this.defs = defs;
        this.fmt = fmt;
    }

    @Override
    public FieldInterest interest() { return FieldInterest.summary().with(defs); }

    @Override
    public void begin() throws IOException {
        LineBuffer sb = new LineBuffer();
        if (fmt.bom) sb.append('\uFEFF');
        if (fmt.header) {
            for (int k = 0; k < defs.size(); k++) {
                if (k > 0) sb.append(fmt.separator);
                sb.append(defs.get(k).abbrev());
            }
            sb.append('\n');
        }
        sb.writeTo(out);
    }

    @Override
    void format(DecodedFrame f, LineBuffer sb) {
        for (int k = 0; k < defs.size(); k++) {
            if (k > 0) sb.append(fmt.separator);
            FieldDef def = defs.get(k);
            // columns and expert info come from the frame, not its fields
            boolean computed = ComputedFields.isComputed(def);
            int n = 0;
            if (computed) n = ComputedFields.count(def, f);
            else for (int i = f.find(def); i >= 0; i = f.findNext(def, i)) n++;
            if (n == 0) continue;
            if (fmt.quote != 0) sb.append(fmt.quote);
            int seen = 0;
            boolean first = true;
            int i = computed ? -1 : f.find(def);
            for (int v = 0; v < n; v++) {
                seen++;
                boolean wanted = !(fmt.occurrence > 0 && seen != fmt.occurrence) && !(fmt.occurrence < 0 && seen != n);
                if (wanted) {
                    if (!first) sb.append(fmt.aggregator);
                    if (computed) sb.append(ComputedFields.text(def, f, v));
                    else value(sb, f, i);
                    first = false;
                }
                if (!computed) i = f.findNext(def, i);
            }
            if (fmt.quote != 0) sb.append(fmt.quote);
        }
        sb.append('\n');
    }

    /** The value; with escape=y a string's tab, newline and backslash as tshark writes them (\\t, \\n, \\\\). */
    private void value(LineBuffer sb, DecodedFrame f, int i) {
        if (!fmt.escape || f.def(i).type() != io.rocescope.dissector.field.FieldType.STRING) {
            FieldText.value(sb, f, i);
            return;
        }
        String v = FieldText.value(f, i);
        for (int c = 0; c < v.length(); c++) {
            char ch = v.charAt(c);
            switch (ch) {
                case '\t': sb.append("\\t"); break;
                case '\n': sb.append("\\n"); break;
                case '\r': sb.append("\\r"); break;
                case '\\': sb.append("\\\\"); break;
                default: sb.append(ch);
            }
        }
    }
}
