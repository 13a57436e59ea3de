package io.rocescope.dissector.capture;

import java.io.IOException;
import java.io.InputStream;

/**
 * A decompressing stream whose damage ends the input instead of the run: a compressed capture cut
 * short or corrupt still yields every frame decompressed before the damage (the capture reader then
 * sees a file that ends there), and {@link #damage()} says what went wrong, for a warning.
 */
final class DecompressedStream extends InputStream {
    private final InputStream in;
    private final String name;
    private final Compression compression;
    private String damage;
    private long delivered;

    DecompressedStream(InputStream in, String name, Compression compression) {
        this.in = in;
        this.name = name;
        this.compression = compression;
    }

    Compression compression() { return compression; }

    /** Null, or why the decompression stopped before the end of the compressed data. */
    String damage() { return damage; }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (damage != null) return -1;
        try {
            int n = in.read(b, off, len);
            if (n > 0) delivered += n;
            return n;
        } catch (IOException | RuntimeException e) {
            // zstd-jni reports a cut stream as a RuntimeException, the JDK's gzip as an EOFException
            damage = name + ": the " + compression.word() + " data is damaged or cut short after " + delivered
                + " decompressed bytes (" + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")";
            return -1;
        }
    }

    @Override
    public void close() throws IOException { in.close(); }
}
