package io.rocescope.dissector.capture;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;

/**
 * A capture read through a buffer: standard input, a FIFO, a decompressed stream (and a regular
 * file, unless asked to map it with -Drocescope.mmap=true: {@link MappedInput}, measured no faster here). It reads a channel into a direct buffer, so a record's bytes are copied once, from that buffer into
 * the record: a stream over a heap array would copy them three times (kernel, JDK's temporary direct
 * buffer, our array), which measured as the largest single cost of reading a capture. The buffer is
 * page-aligned ({@link AlignedBuffer}).
 */
final class ChannelInput extends CaptureInput {
    private final ReadableByteChannel in;
    private ByteBuffer buf;
    private final int bufferSize;
    private long consumed;
    private boolean eof;

    ChannelInput(ReadableByteChannel in, int bufferSize) {
        this.in = in;
        this.bufferSize = bufferSize;
        this.buf = AlignedBuffer.allocate(bufferSize);
        buf.limit(0);
    }

    ChannelInput(InputStream in, int bufferSize) {
        this(Channels.newChannel(in), bufferSize);
    }

    @Override
    int read(byte[] dst, int off, int len) throws IOException {
        int done = 0;
        while (done < len) {
            if (!buf.hasRemaining() && !fill()) break;
            int n = Math.min(len - done, buf.remaining());
            buf.get(dst, off + done, n);
            done += n;
        }
        consumed += done;
        return done;
    }

    /**
     * Fills {@code dst} from its position to its limit with the next bytes of the input: what this
     * input holds buffered first, then straight from the source, with no copy in between. Returns how
     * many bytes came (fewer than asked only at the end of the input).
     */
    private int readInto(ByteBuffer dst) throws IOException {
        int start = dst.position();
        if (buf.hasRemaining()) {
            int n = Math.min(buf.remaining(), dst.remaining());
            int lim = buf.limit();
            buf.limit(buf.position() + n);
            dst.put(buf);
            buf.limit(lim);
        }
        while (dst.hasRemaining() && !eof) {
            int n = in.read(dst);
            if (n < 0) eof = true;
        }
        int got = dst.position() - start;
        consumed += got;
        return got;
    }

    /** Gives back the last {@code n} bytes taken by {@link #readInto} (they sit at {@code from} in {@code src}). */
    private void unread(ByteBuffer src, int from, int n) {
        if (n == 0) return;
        if (buf.hasRemaining()) {
            // readInto took all it gave from this buffer (it is not empty): those bytes are just behind
            buf.position(buf.position() - n);
        } else {
            if (n > buf.capacity()) buf = AlignedBuffer.allocate(n);   // the start of a record larger than the buffer
            buf.clear();
            buf.put(src.duplicate().position(from).limit(from + n));
            buf.flip();
        }
        consumed -= n;
    }

    /** The buffer and the byte count of the last {@link #fill}. */
    private ByteBuffer filled;
    private int filledBytes;

    @Override
    int fill(RecordBatch batch) throws IOException {
        filled = batch.ownBuffer();
        filledBytes = readInto(filled);
        return filledBytes;
    }

    @Override
    void consume(int n) {
        unread(filled, n, filledBytes - n);
        filled = null;
    }

    /** The buffered bytes are dropped. */
    @Override
    void seek(long pos) throws IOException {
        ((FileChannel) in).position(pos);
        buf.clear();
        buf.limit(0);
        consumed = pos;
        eof = false;
    }

    @Override
    boolean positioned() { return in instanceof FileChannel; }

    /** FileChannel's positioned reads are safe from any thread. */
    @Override
    int readAt(long pos, byte[] dst, int off, int len) throws IOException {
        if (!(in instanceof FileChannel fc)) throw new UnsupportedOperationException("not a file");
        ByteBuffer b = ByteBuffer.wrap(dst, off, len);
        while (b.hasRemaining()) {
            int n = fc.read(b, pos + (b.position() - off));
            if (n < 0) break;
        }
        return b.position() - off;
    }

    /** Buffered bytes may remain. */
    @Override
    boolean sourceEnded() { return eof; }

    @Override
    long position() { return consumed; }

    private boolean fill() throws IOException {
        if (eof) return false;
        buf.clear();
        if (buf.capacity() > bufferSize) buf.limit(bufferSize);
        int n;
        do {
            n = in.read(buf);
        } while (n == 0);   // a non-blocking source: try again
        buf.flip();
        if (n < 0) eof = true;
        return buf.hasRemaining();
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
