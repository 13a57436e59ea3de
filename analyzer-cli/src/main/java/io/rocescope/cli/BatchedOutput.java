package io.rocescope.cli;

import io.rocescope.dissector.text.LineBuffer;

import java.io.IOException;
import java.io.OutputStream;

/** Collects UTF-8 lines and hands them to the output in 64 KiB batches. */
final class BatchedOutput {
    private static final int BATCH = 1 << 16;
    private final OutputStream out;
    private final LineBuffer pending = new LineBuffer(BATCH + 4096);

    BatchedOutput(OutputStream out) { this.out = out; }

    /** The buffer to append the next line to; call {@link #lineDone()} after. */
    LineBuffer buffer() { return pending; }

    void lineDone() throws IOException {
        if (pending.length() >= BATCH) flush();
    }

    void flush() throws IOException {
        pending.writeTo(out);
        pending.setLength(0);
        out.flush();
    }
}
