package io.rocescope.dissector.capture;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

import static io.rocescope.dissector.field.ksy.PcapFileLayout.FIXED_SIZE_HEADER;
import static io.rocescope.dissector.field.ksy.PcapFileLayout.FIXED_SIZE_RECORD;
import static io.rocescope.dissector.field.ksy.PcapFileLayout.NETWORK_FCS_LENGTH_MASK;
import static io.rocescope.dissector.field.ksy.PcapFileLayout.NETWORK_FCS_LENGTH_SHIFT;
import static io.rocescope.dissector.field.ksy.PcapFileLayout.NETWORK_FCS_LENGTH_UNIT;
import static io.rocescope.dissector.field.ksy.PcapFileLayout.NETWORK_FCS_PRESENT;
import static io.rocescope.dissector.field.ksy.PcapFileLayout.NETWORK_LINK_TYPE_MASK;
import static io.rocescope.dissector.field.ksy.PcapFileLayout.OFF_HEADER_MAGIC;
import static io.rocescope.dissector.field.ksy.PcapFileLayout.OFF_HEADER_NETWORK;
import static io.rocescope.dissector.field.ksy.PcapFileLayout.OFF_HEADER_SNAPLEN;
import static io.rocescope.dissector.field.ksy.PcapFileLayout.OFF_RECORD_INCL_LEN;
import static io.rocescope.dissector.field.ksy.PcapFileLayout.OFF_RECORD_ORIG_LEN;
import static io.rocescope.dissector.field.ksy.PcapFileLayout.OFF_RECORD_TS_FRAC;
import static io.rocescope.dissector.field.ksy.PcapFileLayout.OFF_RECORD_TS_SEC;
import static io.rocescope.dissector.field.ksy.PcapngFileKsy.BLOCK_TYPE_CUSTOM_COPYABLE;
import static io.rocescope.dissector.field.ksy.PcapngFileKsy.BLOCK_TYPE_CUSTOM_NO_COPY;
import static io.rocescope.dissector.field.ksy.PcapngFileKsy.BLOCK_TYPE_DECRYPTION_SECRETS;
import static io.rocescope.dissector.field.ksy.PcapngFileKsy.BLOCK_TYPE_INTERFACE_DESCRIPTION;
import static io.rocescope.dissector.field.ksy.PcapngFileLayout.FIXED_SIZE_BLOCK;
import static io.rocescope.dissector.field.ksy.PcapngFileLayout.LEN_BLOCK_TOTAL_LENGTH;
import static io.rocescope.dissector.field.ksy.PcapngFileLayout.LEN_SHB_BODY_BYTE_ORDER_MAGIC;
import static io.rocescope.dissector.field.ksy.PcapngFileLayout.OFF_BLOCK_BLOCK_TYPE;
import static io.rocescope.dissector.field.ksy.PcapngFileLayout.OFF_BLOCK_TOTAL_LENGTH;
import static io.rocescope.dissector.field.ksy.PcapngFileLayout.OFF_SHB_BODY_BYTE_ORDER_MAGIC;

/**
 * Finds where a record starts in the middle of a capture file, so that a large capture can be cut
 * into splits that are read independently (fleet mode). Only the bytes near the offset are read.
 *
 * <p>pcap records carry no marker, so a boundary is a guess that must be confirmed: a candidate
 * header is plausible when its fraction of a second is below 10^6 (10^9 for nanosecond files), its
 * captured length is at most the snaplen and the original length, and the next {@link #CHAIN}
 * records chain from it, each plausible, each within a day of the first, to the end of the chain or
 * of the file. The chain must hold a RoCE frame whose ICRC (a CRC-32 over the whole packet) verifies;
 * only in a capture whose first records hold no such frame (no RoCE, cut by a snaplen, ICRCs that never
 * verify) does the chain alone decide. The candidate record itself must also decode as a known
 * protocol, not malformed: a fake header inside a frame's payload, written so
 * that it chains into the real records after it, fails there. Rejecting a real boundary is safe (the
 * next one is taken); only a fake one accepted would be wrong. What a record's bytes decode as is
 * judged by the {@link RecordCheck} the search is opened with (the decoder sits above this package).
 *
 * <p>pcapng blocks repeat their total length at their end: a boundary is a known block type whose
 * length is a multiple of 4 and repeated at its end, chained the same way.
 */
public final class RecordBoundaries {
    /** Records (blocks) a candidate must chain through, unless the file ends first. */
    static final int CHAIN = 16, LONG_CHAIN = 1024;
    private static final long DAY = 86_400;
    /** How far past the offset a boundary is looked for: far more than the largest record. */
    private static final long SEARCH = 4L << 20;

    private final FileChannel ch;
    private final long size;
    private final boolean pcapng;
    private boolean bigEndian, nanos;
    private long snaplen;
    private int linkType;
    /** The FCS that each frame ends with, when the file header's link-type word says so (its F bit and length). */
    private int fcsBytes;
    private boolean icrcConfirms;
    private final RecordCheck check;
    private final CaptureRecord rec = new CaptureRecord();

    private RecordBoundaries(FileChannel ch, RecordCheck check) throws IOException {
        this.ch = ch;
        this.check = check;
        this.size = ch.size();
        byte[] head = read(0, FIXED_SIZE_HEADER);
        if (head.length < FIXED_SIZE_HEADER) throw new CaptureFormatException("too short for a capture");
        // pcap's magic, or where pcapng's first block has its type
        long be = ByteOrder32.u32(head, OFF_HEADER_MAGIC, true), le = ByteOrder32.u32(head, OFF_HEADER_MAGIC, false);
        pcapng = be == PcapngReader.SHB;
        if (pcapng) {
            byte[] bom = read(FIXED_SIZE_BLOCK + OFF_SHB_BODY_BYTE_ORDER_MAGIC, LEN_SHB_BODY_BYTE_ORDER_MAGIC);
            bigEndian = ByteOrder32.u32(bom, 0, true) == PcapngReader.BYTE_ORDER_MAGIC;
            return;
        }
        if (be == PcapReader.MAGIC_MICROS || be == PcapReader.MAGIC_NANOS) bigEndian = true;
        else if (le == PcapReader.MAGIC_MICROS || le == PcapReader.MAGIC_NANOS) bigEndian = false;
        else throw new CaptureFormatException("not an uncompressed pcap or pcapng file");
        nanos = ByteOrder32.u32(head, OFF_HEADER_MAGIC, bigEndian) == PcapReader.MAGIC_NANOS;
        snaplen = ByteOrder32.u32(head, OFF_HEADER_SNAPLEN, bigEndian);
        long word = ByteOrder32.u32(head, OFF_HEADER_NETWORK, bigEndian);
        linkType = (int) (word & NETWORK_LINK_TYPE_MASK);
        fcsBytes = (word & NETWORK_FCS_PRESENT) == 0 ? 0
            : (int) (((word >>> NETWORK_FCS_LENGTH_SHIFT) & NETWORK_FCS_LENGTH_MASK) * NETWORK_FCS_LENGTH_UNIT);
        icrcConfirms = icrcConfirms();
    }

    /** Finds boundaries in {@code file}, judging candidate records with {@code check}; close it when done. */
    public static Finder open(Path file, RecordCheck check) throws IOException {
        FileChannel ch = FileChannel.open(file);
        try {
            return new Finder(new RecordBoundaries(ch, check));
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** The boundary search on one open file. */
    public static final class Finder implements AutoCloseable {
        private final RecordBoundaries b;
        private Finder(RecordBoundaries b) { this.b = b; }

        /**
         * The file offset of the first record (pcap) or block (pcapng) that starts at or after {@code offset},
         * the file's size when none does, or -1 when none was found within 4 MiB (damage: don't split there).
         */
        public long next(long offset) throws IOException { return b.next(offset); }

        public boolean pcapng() { return b.pcapng; }
        public long size() { return b.size; }

        @Override
        public void close() throws IOException { b.ch.close(); }
    }

    private long next(long offset) throws IOException {
        if (pcapng) return nextBlock(offset);
        if (offset <= FIXED_SIZE_HEADER) return Math.min(FIXED_SIZE_HEADER, size);
        long end = Math.min(size, offset + SEARCH);
        for (long p = offset; p < end; p++) {
            if (p + FIXED_SIZE_RECORD > size) return size;
            if (pcapRecordAt(p)) return p;
        }
        return end == size ? size : -1;
    }

    private boolean pcapRecordAt(long p) throws IOException {
        long firstSec = -1;
        int roceGood = 0;
        long q = p;
        // past CHAIN records the chain goes on, up to LONG_CHAIN, until a good ICRC confirms it (a phase without RoCE)
        for (int i = 0; q < size && (i < CHAIN || icrcConfirms && roceGood == 0 && i < LONG_CHAIN); i++) {
            byte[] h = read(q, FIXED_SIZE_RECORD);
            if (h.length < FIXED_SIZE_RECORD) return false;
            long sec = ByteOrder32.u32(h, OFF_RECORD_TS_SEC, bigEndian), frac = ByteOrder32.u32(h, OFF_RECORD_TS_FRAC, bigEndian);
            long incl = ByteOrder32.u32(h, OFF_RECORD_INCL_LEN, bigEndian), orig = ByteOrder32.u32(h, OFF_RECORD_ORIG_LEN, bigEndian);
            if (frac >= (nanos ? 1_000_000_000L : 1_000_000L)) return false;
            if (incl > orig || incl > PcapReader.MAX_RECORD || (snaplen > 0 && incl > snaplen)) return false;
            if (firstSec < 0) firstSec = sec;
            else if (Math.abs(sec - firstSec) > DAY) return false;
            if (q + FIXED_SIZE_RECORD + incl > size) return false;
            int v = judge(q + FIXED_SIZE_RECORD, (int) incl, orig, sec, frac);
            if (i == 0 && (v & RecordCheck.WELL_FORMED) == 0 || (v & RecordCheck.LENGTHS_AGREE) == 0) return false;
            if ((v & RecordCheck.ROCE_ICRC_GOOD) != 0) roceGood++;
            q += FIXED_SIZE_RECORD + incl;
        }
        // a chain that ends exactly at the end of the file needs no more confirmation
        return roceGood > 0 || !icrcConfirms || q == size;
    }

    /**
     * Whether this file's RoCE frames can confirm a chain: true when one of the first records, read
     * from the file header on (certainly boundaries), is a RoCE frame whose ICRC verifies. A capture
     * without RoCE, cut by a snaplen, or whose ICRCs never verify (an old tool's, a lab's) is cut on the
     * chain alone.
     */
    private boolean icrcConfirms() throws IOException {
        long q = FIXED_SIZE_HEADER;
        for (int i = 0; i < 4096 && q + FIXED_SIZE_RECORD <= size; i++) {
            byte[] h = read(q, FIXED_SIZE_RECORD);
            long incl = ByteOrder32.u32(h, OFF_RECORD_INCL_LEN, bigEndian);
            if (incl > PcapReader.MAX_RECORD || q + FIXED_SIZE_RECORD + incl > size) return false;
            int v = judge(q + FIXED_SIZE_RECORD, (int) incl, ByteOrder32.u32(h, OFF_RECORD_ORIG_LEN, bigEndian),
                ByteOrder32.u32(h, OFF_RECORD_TS_SEC, bigEndian), ByteOrder32.u32(h, OFF_RECORD_TS_FRAC, bigEndian) % 1_000_000L);
            if ((v & RecordCheck.ROCE_ICRC_GOOD) != 0) return true;
            q += FIXED_SIZE_RECORD + incl;
        }
        return false;
    }

    /** The check's verdicts on the record at {@code at}, read into the reused record. */
    private int judge(long at, int incl, long orig, long sec, long frac) throws IOException {
        rec.ensureCapacity(incl);
        copy(at, rec.data, 0, incl);
        rec.number = 1;
        rec.timestampNanos = sec * 1_000_000_000L + (nanos ? frac : frac * 1000L);
        rec.capturedLength = incl;
        rec.originalLength = (int) Math.min(Math.max(orig, incl), Integer.MAX_VALUE);
        rec.interfaceId = 0;
        rec.linkType = linkType;
        rec.fileOffset = at - FIXED_SIZE_RECORD;
        Erf.unwrap(rec);
        return check.judge(rec, linkType, orig, fcsBytes);
    }

    private long nextBlock(long offset) throws IOException {
        if (offset <= 0) return 0;
        long start = (offset + 3) & ~3L;   // blocks start 4-byte aligned (every block length is a multiple of 4)
        long end = Math.min(size, offset + SEARCH);
        for (long p = start; p < end; p += 4) {
            if (p + PcapngReader.MIN_BLOCK > size) return size;
            if (blockChainAt(p)) return p;
        }
        return end == size ? size : -1;
    }

    private boolean blockChainAt(long p) throws IOException {
        long q = p;
        for (int i = 0; i < CHAIN && q < size; i++) {
            byte[] h = read(q, FIXED_SIZE_BLOCK);
            if (h.length < FIXED_SIZE_BLOCK) return false;
            long type = ByteOrder32.u32(h, OFF_BLOCK_BLOCK_TYPE, bigEndian), total = ByteOrder32.u32(h, OFF_BLOCK_TOTAL_LENGTH, bigEndian);
            if (ByteOrder32.u32(h, OFF_BLOCK_BLOCK_TYPE, true) == PcapngReader.SHB) return i > 0;   // a new section: its own byte order
            if (!knownBlock(type) || total < PcapngReader.MIN_BLOCK || total > PcapngReader.MAX_BLOCK || total % 4 != 0 || q + total > size) return false;
            byte[] t = read(q + total - LEN_BLOCK_TOTAL_LENGTH, LEN_BLOCK_TOTAL_LENGTH);   // the length again, at the end
            if (ByteOrder32.u32(t, 0, bigEndian) != total) return false;
            q += total;
        }
        return true;
    }

    /**
     * Block types of the pcapng specification (packets, interfaces, names, statistics, secrets, custom, systemd),
     * pcapng_file.ksy's block_type: all but the section header (told apart before) and the custom blocks are the
     * codes from interface_description (1) to decryption_secrets (10).
     */
    private static boolean knownBlock(long type) {
        return type >= BLOCK_TYPE_INTERFACE_DESCRIPTION && type <= BLOCK_TYPE_DECRYPTION_SECRETS
            || type == BLOCK_TYPE_CUSTOM_COPYABLE || type == BLOCK_TYPE_CUSTOM_NO_COPY;
    }

    /** A window of the file in memory: the search reads a few bytes at many nearby offsets. */
    private byte[] win = new byte[0];
    private long winStart;
    private static final int WINDOW = 1 << 20;

    private byte[] read(long at, int len) throws IOException {
        byte[] out = new byte[(int) Math.max(0, Math.min(len, size - at))];
        copy(at, out, 0, out.length);
        return out;
    }

    private void copy(long at, byte[] dst, int off, int len) throws IOException {
        if (at < winStart || at + len > winStart + winLength) {
            int n = (int) Math.min(Math.max(WINDOW, len), size - at);
            if (win.length < n) win = new byte[Math.max(n, WINDOW)];
            ByteBuffer bb = ByteBuffer.wrap(win, 0, n);
            while (bb.hasRemaining() && ch.read(bb, at + bb.position()) >= 0) { }
            winStart = at;
            if (bb.position() < n) throw new IOException("the file shrank while it was read");
            System.arraycopy(win, 0, dst, off, len);
            winLength = n;
            return;
        }
        System.arraycopy(win, (int) (at - winStart), dst, off, len);
    }
    private int winLength;
}
