package io.rocescope.dissector.util;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * A stream whose close only flushes: for a writer that owns its buffer but not the stream under it
 * (standard output, which the process, not the writer, closes).
 */
public final class KeepOpenOutputStream extends FilterOutputStream {
    public KeepOpenOutputStream(OutputStream out) { super(out); }

    @Override
    public void write(byte[] b, int off, int len) throws IOException { out.write(b, off, len); }

    @Override
    public void close() throws IOException { out.flush(); }
}
