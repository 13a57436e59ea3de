package io.rocescope.cli;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.decode.Expert;
import io.rocescope.dissector.field.FieldDef;
import io.rocescope.dissector.field.FieldType;
import io.rocescope.dissector.text.FieldText;
import io.rocescope.dissector.text.InfoColumn;
import io.rocescope.dissector.text.LineBuffer;

import java.io.IOException;
import java.io.OutputStream;
import java.math.BigInteger;

/**
 * -T json: a JSON array with one object per frame (each on its own line), holding the summary and
 * the field tree: name, label, value (a number for integers), display string, offset, length, children.
 * The array's framing and the per-thread generators are {@link JsonArraySink}'s.
 */
final class JsonSink extends JsonArraySink {
    JsonSink(OutputStream out) { super(out, true, Writer::new); }

    private static final class Writer extends GeneratorWriter {
        @Override
        void write(DecodedFrame f, LineBuffer sb) throws IOException {
            g.writeRaw(SEPARATOR);
            g.writeStartObject();
            g.writeNumberField("frame", f.number());
            g.writeFieldName("timestamp");
            JsonTime.write(g, f.timestampNanos());
            g.writeFieldName("relativeTime");
            JsonTime.write(g, f.relativeNanos());
            g.writeNumberField("length", f.originalLength());
            g.writeNumberField("capturedLength", f.capturedLength());
            g.writeNumberField("interface", f.interfaceId());
            g.writeStringField("protocol", f.protocol().column());
            g.writeStringField("info", InfoColumn.of(f));
            if (f.icrcStatus() != DecodedFrame.IcrcStatus.NONE) g.writeStringField("icrc", f.icrcStatus().word());
            g.writeArrayFieldStart("experts");
            for (Expert e : f.experts()) {
                g.writeStartObject();
                g.writeStringField("severity", e.severity().name().toLowerCase());
                g.writeStringField("key", e.key());
                g.writeStringField("message", e.message());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("layers");
            int i = 0;
            while (i < f.fieldCount()) i = node(f, i);
            g.writeEndArray();
            g.writeEndObject();
            g.flush();
        }

        /** Writes field i and its children; returns the index after them. */
        private int node(DecodedFrame f, int i) throws IOException {
            FieldDef def = f.def(i);
            g.writeStartObject();
            g.writeStringField("name", def.abbrev());
            g.writeStringField("label", def.label());
            if (def.type() != FieldType.PROTOCOL) {
                g.writeFieldName("value");
                value(f, i, def);
                g.writeStringField("display", FieldText.display(f, i));
            }
            g.writeNumberField("offset", f.offset(i));
            g.writeNumberField("length", f.length(i));
            int depth = f.depth(i);
            int j = i + 1;
            if (j < f.fieldCount() && f.depth(j) > depth) {
                g.writeArrayFieldStart("children");
                while (j < f.fieldCount() && f.depth(j) > depth) j = node(f, j);
                g.writeEndArray();
            }
            g.writeEndObject();
            return j;
        }

        private void value(DecodedFrame f, int i, FieldDef def) throws IOException {
            long v = f.value(i);
            switch (def.type()) {
                case UINT:
                    if (v < 0) g.writeNumber(new BigInteger(Long.toUnsignedString(v)));
                    else g.writeNumber(v);
                    break;
                case BOOLEAN: g.writeBoolean(v != 0); break;
                case DOUBLE: g.writeNumber(Double.longBitsToDouble(v)); break;
                case RELATIVE_TIME:
                case ABSOLUTE_TIME: JsonTime.write(g, v); break;
                default: g.writeString(FieldText.value(f, i));
            }
        }
    }
}
