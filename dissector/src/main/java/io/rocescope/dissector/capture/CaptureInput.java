package io.rocescope.dissector.capture;

import java.io.IOException;

/**
 * The bytes of a capture as its readers take them: record by record ({@link #read}), or a batch's worth at a
 * time ({@link #fill}, then {@link #consume} of the whole records found in it), and knowing how many bytes it
 * really delivered (for truncation checks). Two kinds: {@link ChannelInput} reads a stream or a channel into a
 * buffer (standard input, a FIFO, a compressed file), {@link MappedInput} maps a regular file.
 */
abstract class CaptureInput implements AutoCloseable {
    /** Reads up to {@code len} bytes; returns how many were read (less than len only at the end of input). */
    abstract int read(byte[] dst, int off, int len) throws IOException;

    /**
     * Puts the next bytes of the input in {@code batch}'s buffer from index 0, as many as the batch has room
     * for ({@link RecordBatch#room}; fewer only at the end of the input), and returns how many. None of them
     * counts as read until {@link #consume} says how many of them were: the rest come again at the next call.
     */
    abstract int fill(RecordBatch batch) throws IOException;

    /** Takes the first {@code n} bytes of the last {@link #fill} as read. */
    abstract void consume(int n);

    /** True once the last {@link #fill} reached the end of the input. */
    abstract boolean sourceEnded();

    /** Moves a file input to {@code pos} (a split of a capture starts there). */
    abstract void seek(long pos) throws IOException;

    /** True when {@link #readAt} works: the source is a file. */
    abstract boolean positioned();

    /**
     * Reads {@code len} bytes at file position {@code pos} into {@code dst}, without touching this input's
     * position (safe from any thread). Returns how many bytes there were.
     */
    abstract int readAt(long pos, byte[] dst, int off, int len) throws IOException;

    /** Bytes delivered so far (the file offset of the next byte). */
    abstract long position();

    @Override
    public abstract void close() throws IOException;
}
