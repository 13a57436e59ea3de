package io.rocescope.cli;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.FieldDef;
import io.rocescope.dissector.field.FieldType;
import io.rocescope.dissector.text.LineBuffer;

import java.io.IOException;
import java.io.OutputStream;

/**
 * -T json and -T ek in tshark's layouts, so that jq scripts written for tshark run unchanged.
 *
 * <p>json: an array of {@code {"_index", "_type", "_score", "_source": {"layers": {PROTO: {FIELD: "value",
 * FIELD_tree: {...}}}}}}; every value a string as tshark prints it, a field with children followed by
 * its {@code _tree}, a repeated field repeated as a key (tshark's default, duplicate keys).
 * ek: per frame an index line and a line {@code {"timestamp": ms, "layers": {PROTO: {PROTO_FIELD: ...}}}}
 * with the tree flattened, dots in names turned into underscores, booleans as true/false.
 */
final class TsharkJsonSink extends JsonArraySink {
    TsharkJsonSink(OutputStream out, boolean ek) {
        super(out, !ek, () -> new Writer(ek));
    }

    private static final class Writer extends GeneratorWriter {
        private final boolean ek;

        Writer(boolean ek) {
            this.ek = ek;
            g.setRootValueSeparator(null);   // objects are separated by this sink, not by the generator
            if (!ek) {
                // tshark's indentation: two spaces a level, "key": "value"
                Separators sep = Separators.createDefaultInstance().withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                    .withRootSeparator("");
                g.setPrettyPrinter(new DefaultPrettyPrinter(sep).withObjectIndenter(new DefaultIndenter("  ", "\n"))
                    .withArrayIndenter(new DefaultIndenter("  ", "\n")));
            }
        }

        @Override
        void write(DecodedFrame f, LineBuffer sb) throws IOException {
            if (ek) {
                g.writeStartObject();
                g.writeObjectFieldStart("index");
                g.writeStringField("_index", TsharkTree.index(f));
                g.writeStringField("_type", "doc");
                g.writeEndObject();
                g.writeEndObject();
                g.flush();
                sb.append('\n');
                g.writeStartObject();
                g.writeStringField("timestamp", Long.toString(Math.floorDiv(f.timestampNanos(), 1_000_000L)));
                g.writeObjectFieldStart("layers");
                layers(f);
                g.writeEndObject();
                g.writeEndObject();
                g.flush();
                sb.append('\n');
                return;
            }
            g.writeRaw(SEPARATOR);
            g.writeStartObject();
            g.writeStringField("_index", TsharkTree.index(f));
            g.writeStringField("_type", "doc");
            g.writeNullField("_score");
            g.writeObjectFieldStart("_source");
            g.writeObjectFieldStart("layers");
            layers(f);
            g.writeEndObject();
            g.writeEndObject();
            g.writeEndObject();
            g.flush();
        }

        /** One key per top-level protocol, holding its fields. */
        private void layers(DecodedFrame f) throws IOException {
            int i = 0;
            while (i < f.fieldCount()) {
                FieldDef def = f.def(i);
                int end = TsharkTree.end(f, i);
                if (def.type() == FieldType.PROTOCOL || TsharkTree.hasChildren(f, i)) {
                    g.writeObjectFieldStart(def.abbrev());
                    if (ek) flat(f, def.abbrev(), i + 1, end);
                    else children(f, i + 1, end);
                    g.writeEndObject();
                } else {
                    // a top-level field (data.data after an unknown EtherType): in its own layer, as tshark's "data"
                    String layer = def.abbrev().contains(".") ? def.abbrev().substring(0, def.abbrev().indexOf('.')) : def.abbrev();
                    g.writeObjectFieldStart(layer);
                    if (ek) flat(f, layer, i, end);
                    else children(f, i, end);
                    g.writeEndObject();
                }
                i = end;
            }
        }

        private void children(DecodedFrame f, int from, int to) throws IOException {
            int j = from;
            while (j < to) {
                FieldDef def = f.def(j);
                int end = TsharkTree.end(f, j);
                g.writeStringField(def.abbrev(), TsharkTree.value(f, j));
                if (end > j + 1) {
                    g.writeObjectFieldStart(def.abbrev() + "_tree");
                    children(f, j + 1, end);
                    g.writeEndObject();
                }
                j = end;
            }
        }

        /** ek: every field of the layer at one level, named LAYER_FIELD with dots as underscores. */
        private void flat(DecodedFrame f, String layer, int from, int to) throws IOException {
            for (int j = from; j < to; j++) {
                FieldDef def = f.def(j);
                String key = layer + "_" + def.abbrev().replace('.', '_');
                if (def.type() == FieldType.BOOLEAN) g.writeBooleanField(key, f.value(j) != 0);
                else g.writeStringField(key, TsharkTree.value(f, j));
            }
        }
    }
}
