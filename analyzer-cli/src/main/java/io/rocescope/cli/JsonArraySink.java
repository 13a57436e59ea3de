package io.rocescope.cli;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.FieldInterest;
import io.rocescope.dissector.text.LineBuffer;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;

/**
 * The framing every JSON output of frames shares: each decoding thread has its own writer (a JSON
 * generator) writing into the batch's buffer; every object is written after {@link #SEPARATOR}, and the
 * first one the array gets is dropped. Without the array (tshark's ek: one line per record) nothing is
 * dropped and no brackets are written.
 */
abstract class JsonArraySink extends TextSink {
    static final String SEPARATOR = ",\n";

    /** Writes one frame's JSON into the buffer it is given. */
    interface FrameWriter {
        void frame(DecodedFrame f, LineBuffer sb) throws IOException;
    }

    /**
     * A writer whose Jackson generator writes into whichever buffer the current frame is for: the
     * generator is made once per thread, the buffer changes with every batch.
     */
    abstract static class GeneratorWriter extends OutputStream implements FrameWriter {
        private static final JsonFactory FACTORY = new JsonFactory();
        final JsonGenerator g;
        private LineBuffer target;

        GeneratorWriter() {
            try {
                g = FACTORY.createGenerator(this, JsonEncoding.UTF8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public final void write(int b) { target.appendByte(b); }

        @Override
        public final void write(byte[] b, int off, int len) { target.appendBytes(b, off, len); }

        @Override
        public final void frame(DecodedFrame f, LineBuffer sb) throws IOException {
            target = sb;
            write(f, sb);
        }

        /** Writes {@code f} through {@link #g} (and, for text between objects, straight into {@code sb}). */
        abstract void write(DecodedFrame f, LineBuffer sb) throws IOException;
    }

    private final boolean array;
    private final ThreadLocal<FrameWriter> writers;
    private boolean started;

    JsonArraySink(OutputStream out, boolean array, Supplier<FrameWriter> writer) {
        super(out);
        this.array = array;
        this.writers = ThreadLocal.withInitial(writer);
    }

    @Override
    public FieldInterest interest() { return FieldInterest.all(); }

    @Override
    public void begin() throws IOException {
        if (array) out.write("[\n".getBytes(StandardCharsets.US_ASCII));
    }

    @Override
    void format(DecodedFrame f, LineBuffer sb) {
        try {
            writers.get().frame(f, sb);
        } catch (IOException e) {
            throw new UncheckedIOException(e);   // into a memory buffer: cannot happen
        }
    }

    @Override
    public void rewind(LineBuffer sb, int mark) {
        super.rewind(sb, mark);
        writers.remove();   // its generator stopped inside the failed frame's object
    }

    @Override
    public void emit(LineBuffer sb, int from, int to) throws IOException {
        if (array && !started && to > from) {
            from += SEPARATOR.length();   // the first object has no comma before it
            started = true;
        }
        super.emit(sb, from, to);
    }

    @Override
    public void end(long frames) throws IOException {
        if (array) out.write((started ? "\n]\n" : "]\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }
}
