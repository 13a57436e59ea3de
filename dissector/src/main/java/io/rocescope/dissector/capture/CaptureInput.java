package io.rocescope.dissector.capture;

import java.io.IOException;
import java.io.InputStream;

/** A buffered byte stream that can tell how many bytes it really delivered (for truncation checks). */
final class CaptureInput implements AutoCloseable {
    private final InputStream in;
    private final byte[] buf;
    private int pos, lim;
    private long consumed;

    CaptureInput(InputStream in, int bufferSize) {
        this.in = in;
        this.buf = new byte[bufferSize];
    }

    /** Reads up to {@code len} bytes; returns how many were read (less than len only at the end of input). */
    int read(byte[] dst, int off, int len) throws IOException {
        int done = 0;
        while (done < len) {
            if (pos == lim && !fill()) break;
            int n = Math.min(len - done, lim - pos);
            System.arraycopy(buf, pos, dst, off + done, n);
            pos += n;
            done += n;
        }
        consumed += done;
        return done;
    }

    /** Skips up to {@code n} bytes; returns how many were skipped. */
    long skip(long n) throws IOException {
        long done = 0;
        while (done < n) {
            if (pos == lim && !fill()) break;
            int k = (int) Math.min(n - done, lim - pos);
            pos += k;
            done += k;
        }
        consumed += done;
        return done;
    }

    /** Bytes delivered so far (the file offset of the next byte). */
    long position() { return consumed; }

    private boolean fill() throws IOException {
        int n = in.read(buf, 0, buf.length);
        if (n <= 0) return false;
        pos = 0;
        lim = n;
        return true;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
