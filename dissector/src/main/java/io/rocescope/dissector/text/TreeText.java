package io.rocescope.dissector.text;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.decode.Expert;
import io.rocescope.dissector.field.FieldDef;
import io.rocescope.dissector.field.FieldType;

/** The {@code -V} view: every field, indented under its protocol, with its filter name and byte range. */
public final class TreeText {
    private TreeText() {}

    public static LineBuffer append(LineBuffer sb, DecodedFrame f) {
        sb.append("Frame ").append(f.number()).append(": ").append(f.originalLength()).append(" bytes on wire, ")
            .append(f.capturedLength()).append(" bytes captured, interface ").append(f.interfaceId()).append('\n');
        for (int i = 0; i < f.fieldCount(); i++) {
            if (f.isAlias(i)) continue;   // the same value under Wireshark's name: shown once
            FieldDef def = f.def(i);
            if (def.hidden()) continue;
            for (int k = 0; k <= f.depth(i); k++) sb.append("    ");
            if (def.type() == FieldType.PROTOCOL) {
                sb.append(def.label());
            } else {
                sb.append(def.label()).append(": ").append(FieldText.display(f, i));
            }
            sb.append("  [").append(def.abbrev());
            if (f.length(i) > 0) sb.append(" @").append(f.offset(i)).append('+').append(f.length(i));
            sb.append("]\n");
        }
        for (Expert e : f.experts()) {
            sb.append("    [Expert ").append(e.severity().name().toLowerCase()).append(" ").append(e.key()).append(": ")
                .append(e.message()).append("]\n");
        }
        return sb;
    }
}
