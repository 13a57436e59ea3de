package io.rocescope.cli;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.FieldDef;
import io.rocescope.dissector.text.FieldText;

import java.io.PrintWriter;
import java.util.List;

/** -T fields: the chosen fields, separated like tshark; a field present twice prints "a,b"; absent prints nothing. */
final class FieldsSink implements FrameSink {
    private final PrintWriter out;
    private final List<FieldDef> defs;
    private final boolean header;
    private final char sep;
    private final StringBuilder sb = new StringBuilder(256);

    FieldsSink(PrintWriter out, List<FieldDef> defs, boolean header, char sep) {
        this.out = out;
        this.defs = defs;
        this.header = header;
        this.sep = sep;
    }

    @Override
    public void begin() {
        if (!header) return;
        for (int k = 0; k < defs.size(); k++) {
            if (k > 0) out.print(sep);
            out.print(defs.get(k).abbrev());
        }
        out.println();
    }

    @Override
    public void frame(DecodedFrame f) {
        sb.setLength(0);
        for (int k = 0; k < defs.size(); k++) {
            if (k > 0) sb.append(sep);
            FieldDef def = defs.get(k);
            boolean first = true;
            for (int i = f.find(def); i >= 0; i = f.findNext(def, i)) {
                if (!first) sb.append(',');
                FieldText.value(sb, f, i);
                first = false;
            }
        }
        sb.append('\n');
        CharOutput.write(out, sb);
    }

    @Override
    public void end(long frames) { out.flush(); }
}
