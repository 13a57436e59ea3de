package io.rocescope.cli;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.FieldDef;
import io.rocescope.dissector.field.FieldInterest;
import io.rocescope.dissector.field.FieldType;
import io.rocescope.dissector.text.FieldText;
import io.rocescope.dissector.text.LineBuffer;
import io.rocescope.dissector.text.Text;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * -T pdml: tshark's XML of the whole tree. Each protocol a {@code <proto>}, each field a {@code <field>}
 * with name, showname ("Label: display"), pos, size, show (the value as -T json prints it) and value
 * (the field's bytes in hex); preceded, as in tshark, by the "geninfo" pseudo-protocol.
 */
final class PdmlSink extends TextSink {
    private final String file;

    PdmlSink(OutputStream out, String file) {
        super(out);
        this.file = file;
    }

    @Override
    public FieldInterest interest() { return FieldInterest.all(); }

    @Override
    public void begin() throws IOException {
        LineBuffer sb = new LineBuffer();
        sb.append("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<pdml version=\"0\" creator=\"rocescope/0.1.0\" capture_file=\"");
        Xml.escaped(sb, file).append("\">\n");
        sb.writeTo(out);
    }

    @Override
    void format(DecodedFrame f, LineBuffer sb) {
        sb.append("<packet>\n");
        int cap = f.capturedLength();
        sb.append("  <proto name=\"geninfo\" pos=\"0\" showname=\"General information\" size=\"").append(cap).append("\">\n");
        geninfo(sb, "num", "Number", Long.toString(f.number()), Long.toHexString(f.number()), cap);
        geninfo(sb, "len", "Frame Length", Long.toString(f.originalLength()), Long.toHexString(f.originalLength()), cap);
        geninfo(sb, "caplen", "Captured Length", Integer.toString(cap), Integer.toHexString(cap), cap);
        String epoch = Text.seconds(new LineBuffer(24), f.timestampNanos(), 9).toString();
        geninfo(sb, "timestamp", "Captured Time", frameTime(f.timestampNanos()), epoch, cap);
        sb.append("  </proto>\n");
        int i = 0;
        while (i < f.fieldCount()) i = node(f, i, sb, 1);
        sb.append("</packet>\n");
    }

    private static final java.time.format.DateTimeFormatter FRAME_TIME =
        java.time.format.DateTimeFormatter.ofPattern("MMM ppd, yyyy HH:mm:ss.SSSSSSSSS zzz", java.util.Locale.ROOT);

    /** Wireshark's frame.time text: "Dec  1, 2026 05:04:12.673917000 UTC", in local time. */
    static String frameTime(long nanos) {
        return java.time.Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos, 1_000_000_000L))
            .atZone(java.time.ZoneId.systemDefault()).format(FRAME_TIME);
    }

    private static void geninfo(LineBuffer sb, String name, String label, String show, String value, int size) {
        sb.append("    <field name=\"").append(name).append("\" pos=\"0\" show=\"").append(show).append("\" showname=\"").append(label)
            .append("\" value=\"").append(value).append("\" size=\"").append(size).append("\"/>\n");
    }

    private int node(DecodedFrame f, int i, LineBuffer sb, int indent) {
        FieldDef def = f.def(i);
        int end = TsharkTree.end(f, i);
        boolean proto = def.type() == FieldType.PROTOCOL && f.depth(i) == 0;
        sb.spaces(2 * indent).append(proto ? "<proto name=\"" : "<field name=\"").append(def.abbrev()).append("\" showname=\"");
        if (def.type() == FieldType.PROTOCOL) Xml.escaped(sb, def.label());
        else Xml.escaped(sb, def.label() + ": " + FieldText.display(f, i));
        sb.append("\" size=\"").append(f.length(i)).append("\" pos=\"").append(f.offset(i)).append('"');
        if (!proto) {
            Xml.escaped(sb.append(" show=\""), TsharkTree.value(f, i)).append("\" value=\"");
            Text.hexBytes(sb, f.data(), f.offset(i), Math.min(f.length(i), Math.max(0, f.capturedLength() - f.offset(i)))).append('"');
        }
        if (end == i + 1) {
            sb.append(proto ? "></proto>\n" : "/>\n");
            return end;
        }
        sb.append(">\n");
        int j = i + 1;
        while (j < end) j = node(f, j, sb, indent + 1);
        sb.spaces(2 * indent).append(proto ? "</proto>\n" : "</field>\n");
        return end;
    }

    @Override
    public void end(long frames) throws IOException {
        out.write("</pdml>\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }
}
