package io.rocescope.dissector.capture;

/**
 * One packet record as read from a capture. Reused by the reader for the next record: the
 * {@link #data} array stays valid only until the next call to {@link CaptureReader#next}.
 */
public final class CaptureRecord {
    /** Frame number, from 1. */
    public long number;
    /** Capture timestamp, nanoseconds since the epoch. */
    public long timestampNanos;
    /** Bytes captured (valid in {@link #data}). */
    public int capturedLength;
    /**
     * Length on the wire, an unsigned 32-bit number (read it with {@link Integer#toUnsignedLong}).
     * Larger than {@link #capturedLength} when the snaplen cut the frame.
     */
    public int originalLength;
    /** pcapng interface id (0 for classic pcap). */
    public int interfaceId;
    /** LINKTYPE_ of the interface the frame came from. */
    public int linkType;
    /**
     * Where the record starts in the file (its pcap record header, its pcapng block), for
     * {@link CaptureReader#readAt}; -1 when the reader does not know (a batch, standard input).
     */
    public long fileOffset = -1;
    public byte[] data = new byte[2048];

    void ensureCapacity(int n) {
        if (data.length < n) data = new byte[Math.max(n, data.length * 2)];
    }
}
