package io.rocescope.dissector.capture;

import java.nio.ByteBuffer;

/**
 * Consecutive records of a capture whose bytes sit in one buffer, as the file had them: a reader
 * fills it with one read and no per-record copy, or makes it a view of a mapped file's window (no copy
 * at all), and each record is copied out only by the thread that decodes it ({@link #copyTo}), so the
 * bytes reach that thread's cache once. Reused.
 *
 * <p>A view holds its window ({@link MappedWindow#retain}) until the batch is emptied ({@link #clear}, which
 * the reader does before filling it again): a window is unmapped only once no batch looks into it, so a
 * worker still decoding a batch never reads unmapped memory. A batch left unemptied keeps its window mapped
 * until the collector frees it.
 */
public final class RecordBatch {
    /** Bytes per batch: some hundreds of full-size frames; a larger record gets a larger buffer. */
    static final int CAPACITY = 512 << 10;

    /** The batch's bytes from index 0: {@link #own}, or a view of {@link #window}. */
    ByteBuffer buf;
    /** The batch's own buffer, page-aligned (see AlignedBuffer), made when first needed (a mapped file needs none). */
    private ByteBuffer own;
    /** The window {@link #buf} is a view of, or null. */
    private MappedWindow window;
    /** Bytes the next fill should bring at least: {@link #CAPACITY}, or one larger record. */
    private int room = CAPACITY;
    int size;
    int[] offset = new int[1024], capturedLength = new int[1024], originalLength = new int[1024], interfaceId = new int[1024],
        linkType = new int[1024];
    long[] number = new long[1024], timestampNanos = new long[1024];

    /** Records in the batch. */
    public int size() { return size; }

    public long timestampNanos(int i) { return timestampNanos[i]; }

    /** Copies record {@code i} (bytes and metadata) into {@code rec}. */
    public void copyTo(int i, CaptureRecord rec) {
        int n = capturedLength[i];
        rec.ensureCapacity(n);
        buf.get(offset[i], rec.data, 0, n);
        metadata(i, rec);
    }

    /**
     * The batch's bytes in a heap array of the calling thread ({@code scratch} when large enough): one
     * bulk copy, after which {@link #copyTo(int, byte[], CaptureRecord)} copies each record with plain
     * array copies, much cheaper than one bulk copy per record from a direct buffer without C2.
     */
    public byte[] toHeap(byte[] scratch) {
        int used = size == 0 ? 0 : offset[size - 1] + capturedLength[size - 1];
        byte[] heap = scratch != null && scratch.length >= used ? scratch : new byte[Math.max(used, CAPACITY)];
        if (used > 0) buf.get(0, heap, 0, used);
        return heap;
    }

    /** Copies record {@code i} out of the array {@link #toHeap} filled. */
    public void copyTo(int i, byte[] heap, CaptureRecord rec) {
        int n = capturedLength[i];
        rec.ensureCapacity(n);
        System.arraycopy(heap, offset[i], rec.data, 0, n);
        metadata(i, rec);
    }

    private void metadata(int i, CaptureRecord rec) {
        rec.number = number[i];
        rec.timestampNanos = timestampNanos[i];
        rec.capturedLength = capturedLength[i];
        rec.originalLength = originalLength[i];
        rec.interfaceId = interfaceId[i];
        rec.linkType = linkType[i];
    }

    /** Empties the batch (a reader does so before filling it), letting go of the window it was a view of. */
    public void clear() {
        size = 0;
        if (window != null) {
            MappedWindow w = window;
            window = null;
            buf = null;
            w.release();
        }
        if (own != null) own.clear();
        buf = own;
    }

    /** Makes room for one record of {@code n} bytes (with its header) in an empty batch. */
    void ensureRoom(int n) {
        if (size == 0 && room < n) room = n;
    }

    /** Bytes the next fill should bring at least. */
    int room() { return room; }

    /** The batch's own buffer, emptied, at least {@link #room} bytes; it becomes the batch's bytes. The batch must be empty. */
    ByteBuffer ownBuffer() {
        if (window != null) clear();
        if (own == null || own.capacity() < room) own = AlignedBuffer.allocate(room);
        own.clear();
        buf = own;
        return own;
    }

    /** Makes the (empty) batch's bytes {@code length} bytes of {@code w} from {@code offset}, holding {@code w} until cleared. */
    void view(MappedWindow w, int offset, int length) {
        if (window != null) clear();
        w.retain();
        window = w;
        buf = w.view(offset, length);
    }

    private final Erf.Unwrapped erf = new Erf.Unwrapped();

    /** Appends a record's metadata; its {@code length} bytes are at {@code off} in {@link #buf}. An ERF record is unwrapped. */
    void add(int off, long number, long timestampNanos, int capturedLength, int originalLength, int interfaceId, int linkType) {
        if (linkType == io.rocescope.dissector.field.LinkTypeNames.ERF && Erf.unwrap(buf, off, capturedLength, erf)) {
            off += erf.skip;
            capturedLength = erf.capturedLength;
            originalLength = erf.originalLength;
            timestampNanos = erf.timestampNanos;
            linkType = erf.linkType;
        }
        if (size == offset.length) grow();
        this.offset[size] = off;
        this.number[size] = number;
        this.timestampNanos[size] = timestampNanos;
        this.capturedLength[size] = capturedLength;
        this.originalLength[size] = originalLength;
        this.interfaceId[size] = interfaceId;
        this.linkType[size] = linkType;
        size++;
    }

    /**
     * Keeps only the records {@code keep} accepts (by their number in the capture), in order, renumbered from
     * {@code numbered + 1}; their bytes stay where they are. Returns how many were kept.
     */
    int retain(java.util.function.LongPredicate keep, long numbered) {
        int kept = 0;
        for (int i = 0; i < size; i++) {
            if (!keep.test(number[i])) continue;
            offset[kept] = offset[i];
            number[kept] = numbered + kept + 1;
            timestampNanos[kept] = timestampNanos[i];
            capturedLength[kept] = capturedLength[i];
            originalLength[kept] = originalLength[i];
            interfaceId[kept] = interfaceId[i];
            linkType[kept] = linkType[i];
            kept++;
        }
        size = kept;
        return kept;
    }

    /**
     * Appends a record read elsewhere (a live capture's), copying its bytes in. False, and nothing
     * added, when the batch has no room left for it; an empty batch always takes it.
     */
    public boolean append(CaptureRecord rec) {
        if (size == 0) {
            clear();
            ensureRoom(rec.capturedLength);
            ownBuffer();
        } else if (buf.remaining() < rec.capturedLength) {
            return false;
        }
        int off = buf.position();
        buf.put(rec.data, 0, rec.capturedLength);
        add(off, rec.number, rec.timestampNanos, rec.capturedLength, rec.originalLength, rec.interfaceId, rec.linkType);
        return true;
    }

    /** Makes this the batch of one record read elsewhere, copying its bytes in. */
    void only(CaptureRecord rec) {
        clear();
        ensureRoom(rec.capturedLength);
        ownBuffer();
        buf.put(rec.data, 0, rec.capturedLength);
        add(0, rec.number, rec.timestampNanos, rec.capturedLength, rec.originalLength, rec.interfaceId, rec.linkType);
    }

    private void grow() {
        int n = offset.length * 2;
        offset = java.util.Arrays.copyOf(offset, n);
        capturedLength = java.util.Arrays.copyOf(capturedLength, n);
        originalLength = java.util.Arrays.copyOf(originalLength, n);
        interfaceId = java.util.Arrays.copyOf(interfaceId, n);
        linkType = java.util.Arrays.copyOf(linkType, n);
        number = java.util.Arrays.copyOf(number, n);
        timestampNanos = java.util.Arrays.copyOf(timestampNanos, n);
    }
}
