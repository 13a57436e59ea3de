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

/** -T fields: the chosen fields, separated like tshark; a field present twice prints "a,b"; absent prints nothing. */
final class FieldsSink extends TextSink {
    private final List<FieldDef> defs;
    private final boolean header;
    private final char sep;

    FieldsSink(OutputStream out, List<FieldDef> defs, boolean header, char sep) {
        super(out);
        this.defs = defs;
        this.header = header;
        this.sep = sep;
    }

    @Override
    public FieldInterest interest() { return FieldInterest.summary().with(defs); }

    @Override
    public void begin() throws IOException {
        if (!header) return;
        LineBuffer sb = new LineBuffer();
        for (int k = 0; k < defs.size(); k++) {
            if (k > 0) sb.append(sep);
            sb.append(defs.get(k).abbrev());
        }
        sb.append('\n');
        sb.writeTo(out);
    }

    @Override
    void format(DecodedFrame f, LineBuffer sb) {
        for (int k = 0; k < defs.size(); k++) {
            if (k > 0) sb.append(sep);
            FieldDef def = defs.get(k);
            boolean first = true;
            if (ComputedFields.isComputed(def)) {   // columns and expert info come from the frame, not its fields
                int n = ComputedFields.count(def, f);
                for (int v = 0; v < n; v++) {
                    if (v > 0) sb.append(',');
                    sb.append(ComputedFields.text(def, f, v));
                }
                continue;
            }
            for (int i = f.find(def); i >= 0; i = f.findNext(def, i)) {
                if (!first) sb.append(',');
                FieldText.value(sb, f, i);
                first = false;
            }
        }
        sb.append('\n');
    }
}
