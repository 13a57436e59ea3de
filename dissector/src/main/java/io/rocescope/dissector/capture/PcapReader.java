package io.rocescope.dissector.capture;

import io.rocescope.dissector.field.LinkTypeNames;
import io.rocescope.dissector.field.ksy.PcapFileLayout;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * Classic libpcap files: both byte orders, microsecond (0xa1b2c3d4) and nanosecond (0xa1b23c4d)
 * timestamps. Records cut by the snaplen keep their original length. The layout is ksy/pcap_file.ksy's
 * (PcapFileLayout); its values are in the file's byte order.
 */
public final class PcapReader implements CaptureReader {
    static final long MAGIC_MICROS = PcapFileLayout.MAGIC_MICROS, MAGIC_NANOS = PcapFileLayout.MAGIC_NANOS;
    // the global header's and a record header's fields (compile-time constants: the loops read as before)
    private static final int HEADER = PcapFileLayout.FIXED_SIZE_HEADER, MAGIC = PcapFileLayout.OFF_HEADER_MAGIC,
        MAGIC_END = MAGIC + PcapFileLayout.LEN_HEADER_MAGIC, SNAPLEN = PcapFileLayout.OFF_HEADER_SNAPLEN,
        NETWORK = PcapFileLayout.OFF_HEADER_NETWORK;
    private static final int REC = PcapFileLayout.FIXED_SIZE_RECORD, SEC = PcapFileLayout.OFF_RECORD_TS_SEC,
        FRAC = PcapFileLayout.OFF_RECORD_TS_FRAC, INCL = PcapFileLayout.OFF_RECORD_INCL_LEN,
        ORIG = PcapFileLayout.OFF_RECORD_ORIG_LEN;
    /** Larger records than this are taken as corruption (Wireshark's limit for most link types is 256 KiB). */
    static final int MAX_RECORD = 1 << 20;

    private final CaptureInput in;
    private final String name;
    private final boolean bigEndian;
    private final boolean nanos;
    private final int linkType;
    private final long snaplen;
    private final byte[] hdr = new byte[HEADER];
    private final List<String> warnings = new ArrayList<>();
    private final OriginalLength originalLength = new OriginalLength();
    private long count;
    private boolean done;

    PcapReader(CaptureInput in, String name, byte[] magic) throws IOException {
        this.in = in;
        this.name = name;
        long be = ByteOrder32.u32(magic, MAGIC, true);
        long le = ByteOrder32.u32(magic, MAGIC, false);
        if (be == MAGIC_MICROS || be == MAGIC_NANOS) {
            bigEndian = true;
            nanos = be == MAGIC_NANOS;
        } else if (le == MAGIC_MICROS || le == MAGIC_NANOS) {
            bigEndian = false;
            nanos = le == MAGIC_NANOS;
        } else {
            throw new CaptureFormatException(name + ": not a pcap file");
        }
        System.arraycopy(magic, MAGIC, hdr, MAGIC, MAGIC_END - MAGIC);
        if (in.read(hdr, MAGIC_END, HEADER - MAGIC_END) < HEADER - MAGIC_END) throw new CaptureFormatException(name + ": pcap file header is cut short (" + (in.position()) + " bytes)");
        snaplen = ByteOrder32.u32(hdr, SNAPLEN, bigEndian);
        // The high bits of the link-type word may carry FCS information; the link type is the low 16 bits.
        linkType = (int) (ByteOrder32.u32(hdr, NETWORK, bigEndian) & PcapFileLayout.NETWORK_LINK_TYPE_MASK);
        if (!LinkTypeNames.isSupported(linkType)) {
            throw new CaptureFormatException(name + ": unsupported link type " + linkType + " (supported: " + LinkTypeNames.supported() + ")");
        }
    }

    public int linkType() { return linkType; }
    public long snaplen() { return snaplen; }

    @Override
    public List<CaptureInterface> interfaces() { return List.of(new CaptureInterface(linkType, snaplen, null, null)); }

    @Override
    public boolean nanosecondTimestamps() { return nanos; }
    public boolean isBigEndian() { return bigEndian; }

    @Override
    public boolean next(CaptureRecord rec) throws IOException {
        if (done) return false;
        long at = in.position();
        int n = in.read(hdr, 0, REC);
        if (n == 0) { done = true; return false; }
        if (n < REC) {
            return damaged("the record header after frame " + count + " is cut short (" + n + " of " + REC + " bytes)");
        }
        long sec = ByteOrder32.u32(hdr, SEC, bigEndian);
        long frac = ByteOrder32.u32(hdr, FRAC, bigEndian);
        long incl = ByteOrder32.u32(hdr, INCL, bigEndian);
        long orig = ByteOrder32.u32(hdr, ORIG, bigEndian);
        if (incl > MAX_RECORD) {
            return damaged("record " + (count + 1) + " claims " + incl + " captured bytes; the file is corrupt from offset "
                + (in.position() - REC));
        }
        rec.ensureCapacity((int) incl);
        int got = in.read(rec.data, 0, (int) incl);
        if (got < incl) {
            return damaged("the last record (frame " + (count + 1) + ") is cut short: " + got + " of " + incl + " bytes");
        }
        rec.number = ++count;
        rec.timestampNanos = sec * 1_000_000_000L + (nanos ? frac : frac * 1000L);
        rec.capturedLength = (int) incl;
        rec.originalLength = originalLength.of(orig, incl, count, name, warnings);
        rec.interfaceId = 0;
        rec.linkType = linkType;
        rec.fileOffset = at;
        Erf.unwrap(rec);
        return true;
    }

    @Override
    public boolean readAt(long fileOffset, long number, CaptureRecord rec) throws IOException {
        if (!in.positioned()) return CaptureReader.super.readAt(fileOffset, number, rec);
        byte[] h = new byte[REC];
        if (in.readAt(fileOffset, h, 0, REC) < REC) return false;
        long sec = ByteOrder32.u32(h, SEC, bigEndian), frac = ByteOrder32.u32(h, FRAC, bigEndian);
        long incl = ByteOrder32.u32(h, INCL, bigEndian), orig = ByteOrder32.u32(h, ORIG, bigEndian);
        if (incl > MAX_RECORD) return false;
        rec.ensureCapacity((int) incl);
        if (in.readAt(fileOffset + REC, rec.data, 0, (int) incl) < incl) return false;
        rec.number = number;
        rec.timestampNanos = sec * 1_000_000_000L + (nanos ? frac : frac * 1000L);
        rec.capturedLength = (int) incl;
        rec.originalLength = (int) Math.max(orig, incl);
        rec.interfaceId = 0;
        rec.linkType = linkType;
        rec.fileOffset = fileOffset;
        Erf.unwrap(rec);
        return true;
    }

    @Override
    public int nextBatch(RecordBatch b, long max) throws IOException {
        b.clear();
        if (done || max <= 0) return 0;
        int filled = in.fill(b);
        ByteBuffer buf = b.buf;
        int pos = 0;
        if (filled > 0) buf.order(bigEndian ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
        while (b.size < max && filled - pos >= REC) {
            long sec = buf.getInt(pos + SEC) & 0xFFFFFFFFL;
            long frac = buf.getInt(pos + FRAC) & 0xFFFFFFFFL;
            long incl = buf.getInt(pos + INCL) & 0xFFFFFFFFL;
            long orig = buf.getInt(pos + ORIG) & 0xFFFFFFFFL;
            if (incl > MAX_RECORD) {
                in.consume(pos);
                damaged("record " + (count + 1) + " claims " + incl + " captured bytes; the file is corrupt from offset "
                    + in.position());
                if (b.size == 0) b.clear();   // lets go of a mapped window: the caller reads no more
                return b.size;
            }
            if (REC + incl > filled - pos) {
                if (b.size == 0 && REC + incl > b.room()) {
                    // one record larger than the batch: give the bytes back and read it into a larger buffer
                    in.consume(0);
                    b.clear();
                    b.ensureRoom((int) (REC + incl));
                    return nextBatch(b, max);
                }
                break;
            }
            ++count;
            b.add(pos + REC, count, sec * 1_000_000_000L + (nanos ? frac : frac * 1000L), (int) incl,
                originalLength.of(orig, incl, count, name, warnings), 0, linkType);
            pos += REC + (int) incl;
        }
        int tail = filled - pos;
        in.consume(pos);
        if (b.size == 0 && tail > 0 && in.sourceEnded()) {
            // the rest of the file is less than one record: what next() reports, it reports
            CaptureRecord rec = new CaptureRecord();
            if (next(rec)) throw new IllegalStateException("a whole record was left unread");
        }
        if (b.size == 0) b.clear();   // lets go of a mapped window: the caller reads no more
        return b.size;
    }

    /** Reads on from the record at {@code offset}, numbering from 1 again (a split of the file). */
    void seekSplit(long offset) throws IOException {
        in.seek(offset);
        count = 0;
        done = false;
    }

    private boolean damaged(String why) {
        warnings.add(name + ": " + why + "; " + count + " frames were read before it");
        done = true;
        return false;
    }

    @Override
    public String format() { return "pcap"; }

    @Override
    public List<String> warnings() { return warnings; }

    @Override
    public void close() throws IOException { in.close(); }
}
