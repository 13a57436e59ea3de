package io.rocescope.dissector.capture;

import io.rocescope.dissector.field.LinkTypeNames;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * pcapng: Section Header Blocks in either byte order, Interface Description Blocks (link type,
 * snaplen, if_tsresol, if_tsoffset), Enhanced, Simple and (obsolete) Packet Blocks; several
 * interfaces per section; any other block is skipped.
 */
public final class PcapngReader implements CaptureReader {
    static final int SHB = 0x0A0D0D0A, IDB = 1, OPB = 2, SPB = 3, EPB = 6;
    static final long BYTE_ORDER_MAGIC = 0x1A2B3C4DL;
    /** Larger blocks than this are taken as corruption. */
    static final long MAX_BLOCK = 16L << 20;

    private final CaptureInput in;
    private final String name;
    private final List<String> warnings = new ArrayList<>();
    private final OriginalLength originalLength = new OriginalLength();
    private boolean bigEndian;
    /** The current section's interfaces (copy-on-write: {@link #readAt} reads them from another thread). */
    private List<Iface> interfaces = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** Every section read so far, by file offset, with its byte order and interfaces, for {@link #readAt}. */
    private final List<Section> sections = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** Every interface described so far, in all sections, and the header comments (bounded). */
    private final List<CaptureInterface> described = new ArrayList<>();
    private final List<String> comments = new ArrayList<>();
    private byte[] block = new byte[4096];
    private final byte[] head = new byte[8];
    private long count;
    private boolean done;
    /** Section headers and interface descriptions read so far (a split must know every one before it). */
    private int layoutBlocks;

    private static final class Iface {
        final int linkType;
        final long snaplen;
        /** Timestamp units per second, and the offset in seconds added to every timestamp. */
        long unitsPerSecond = 1_000_000L;
        long offsetSeconds;
        Iface(int linkType, long snaplen) { this.linkType = linkType; this.snaplen = snaplen; }
    }

    private record Section(long start, boolean bigEndian, List<Iface> interfaces) {}

    PcapngReader(CaptureInput in, String name, byte[] magic) throws IOException {
        this.in = in;
        this.name = name;
        if (ByteOrder32.u32(magic, 0, true) != SHB) throw new CaptureFormatException(name + ": not a pcapng file");
        // The first block is a section header: read it now so that a bad one fails at open.
        System.arraycopy(magic, 0, head, 0, 4);
        if (in.read(head, 4, 4) < 4 || !sectionHeader()) {
            throw new CaptureFormatException(name + ": " + (warnings.isEmpty() ? "pcapng section header is damaged" : warnings.get(0)));
        }
    }

    /** Reads the rest of a section header whose type and length words are in {@link #head}. */
    private boolean sectionHeader() throws IOException {
        byte[] bom = new byte[4];
        if (in.read(bom, 0, 4) < 4) return damaged("section header block is cut short");
        if (ByteOrder32.u32(bom, 0, true) == BYTE_ORDER_MAGIC) bigEndian = true;
        else if (ByteOrder32.u32(bom, 0, false) == BYTE_ORDER_MAGIC) bigEndian = false;
        else return damaged("section header has no byte-order magic");
        long total = ByteOrder32.u32(head, 4, bigEndian);
        if (total < 28 || total > MAX_BLOCK || total % 4 != 0) return damaged("section header block length " + total + " is invalid");
        int rest = (int) total - 12;
        if (block.length < rest) block = new byte[rest];
        if (in.read(block, 0, rest) < rest) return damaged("section header block is cut short");
        // after version (4) and section length (8): options, then the trailing length (4)
        for (int o = 12; o + 4 <= rest - 4; ) {
            int code = ByteOrder32.u16(block, o, bigEndian), len = ByteOrder32.u16(block, o + 2, bigEndian);
            if (code == 0 || o + 4 + len > rest - 4) break;
            String text = new String(block, o + 4, len, java.nio.charset.StandardCharsets.UTF_8);
            if (code == 1) comment(text);
            else if (code >= 2 && code <= 4) comment((code == 2 ? "Hardware: " : code == 3 ? "OS: " : "Application: ") + text);
            o += 4 + ((len + 3) & ~3);
        }
        layoutBlocks++;
        interfaces = new java.util.concurrent.CopyOnWriteArrayList<>();
        sections.add(new Section(in.position() - total, bigEndian, interfaces));
        return true;
    }

    @Override
    public boolean next(CaptureRecord rec) throws IOException {
        while (!done) {
            long at = in.position();
            int n = in.read(head, 0, 8);
            if (n == 0) { done = true; return false; }
            if (n < 8) return damaged("a block header is cut short (" + n + " of 8 bytes)");
            long type = ByteOrder32.u32(head, 0, bigEndian);
            if (ByteOrder32.u32(head, 0, true) == SHB) {   // a new section, possibly in the other byte order
                if (!sectionHeader()) return false;
                continue;
            }
            long total = ByteOrder32.u32(head, 4, bigEndian);
            if (total < 12 || total > MAX_BLOCK || total % 4 != 0) {
                return damaged("block at offset " + (in.position() - 8) + " has an invalid length " + total);
            }
            int bodyLen = (int) total - 8;
            if (block.length < bodyLen) block = new byte[Math.max(bodyLen, block.length * 2)];
            int got = in.read(block, 0, bodyLen);
            if (got < bodyLen) return damaged("the last block is cut short: " + (got + 8) + " of " + total + " bytes");
            int body = bodyLen - 4; // without the trailing length copy
            switch ((int) type) {
                case IDB:
                    layoutBlocks++;
                    if (!interfaceDescription(body)) return false;
                    break;
                case EPB:
                    if (enhancedPacket(rec, body)) { rec.fileOffset = at; return true; }
                    if (done) return false;
                    break;
                case SPB:
                    if (simplePacket(rec, body)) { rec.fileOffset = at; return true; }
                    if (done) return false;
                    break;
                case OPB:
                    if (obsoletePacket(rec, body)) { rec.fileOffset = at; return true; }
                    if (done) return false;
                    break;
                default:
                    break; // name resolution, statistics, custom, decryption secrets …: not needed
            }
        }
        return false;
    }

    private final CaptureRecord single = new CaptureRecord();

    /**
     * The bulk of a pcapng file, Enhanced Packet Blocks of described interfaces, is taken from one read
     * with no copy; the first block of any other kind (a section, an interface, a simple or obsolete
     * packet, damage) ends the batch, and a batch that would start with one gets a single record from
     * {@link #next}, which knows every block and every way a block can be damaged.
     */
    @Override
    public int nextBatch(RecordBatch b, long max) throws IOException {
        b.clear();
        if (done || max <= 0) return 0;
        int filled = in.fill(b);
        java.nio.ByteBuffer buf = b.buf;
        int pos = 0;
        if (filled > 0) buf.order(bigEndian ? java.nio.ByteOrder.BIG_ENDIAN : java.nio.ByteOrder.LITTLE_ENDIAN);
        while (b.size < max && filled - pos >= 28) {
            long type = buf.getInt(pos) & 0xFFFFFFFFL;
            long total = buf.getInt(pos + 4) & 0xFFFFFFFFL;
            if (type != EPB || total < 32 || total > MAX_BLOCK || total % 4 != 0 || total > filled - pos) break;
            int id = buf.getInt(pos + 8);
            long ts = (buf.getInt(pos + 12) & 0xFFFFFFFFL) << 32 | (buf.getInt(pos + 16) & 0xFFFFFFFFL);
            long cap = buf.getInt(pos + 20) & 0xFFFFFFFFL, orig = buf.getInt(pos + 24) & 0xFFFFFFFFL;
            if (id < 0 || id >= interfaces.size() || 28 + cap > total - 4) break;
            Iface iface = interfaces.get(id);
            ++count;
            b.add(pos + 28, count, nanos(iface, ts), (int) cap, originalLength.of(orig, cap, count, name, warnings), id, iface.linkType);
            pos += (int) total;
        }
        in.consume(pos);
        if (b.size == 0) {
            b.clear();
            if (next(single)) b.only(single);
        }
        return b.size;
    }

    private boolean interfaceDescription(int body) {
        if (body < 8) return damaged("interface description block is too short");
        int linkType = ByteOrder32.u16(block, 0, bigEndian);
        long snaplen = ByteOrder32.u32(block, 4, bigEndian);
        Iface iface = new Iface(linkType, snaplen);
        String ifName = null, ifDescription = null;
        int o = 8;
        while (o + 4 <= body) {
            int code = ByteOrder32.u16(block, o, bigEndian);
            int len = ByteOrder32.u16(block, o + 2, bigEndian);
            if (code == 0 || o + 4 + len > body) break;
            if (code == 9 && len >= 1) {            // if_tsresol
                int v = block[o + 4] & 0xFF;
                int exp = v & 0x7F;
                if ((v & 0x80) == 0) {
                    long u = 1;
                    for (int i = 0; i < exp && u <= Long.MAX_VALUE / 10; i++) u *= 10;
                    iface.unitsPerSecond = u;
                } else {
                    iface.unitsPerSecond = exp >= 62 ? 1L << 62 : 1L << exp;
                }
            } else if (code == 1) {                 // opt_comment
                comment("Interface " + described.size() + ": " + new String(block, o + 4, len, java.nio.charset.StandardCharsets.UTF_8));
            } else if (code == 2) {                 // if_name
                ifName = new String(block, o + 4, len, java.nio.charset.StandardCharsets.UTF_8);
            } else if (code == 3) {                 // if_description
                ifDescription = new String(block, o + 4, len, java.nio.charset.StandardCharsets.UTF_8);
            } else if (code == 14 && len >= 8) {    // if_tsoffset
                long first = ByteOrder32.u32(block, o + 4, bigEndian), second = ByteOrder32.u32(block, o + 8, bigEndian);
                iface.offsetSeconds = bigEndian ? first << 32 | second : second << 32 | first;
            }
            o += 4 + ((len + 3) & ~3);
        }
        interfaces.add(iface);
        described.add(new CaptureInterface(linkType, snaplen, ifName, ifDescription));
        if (!LinkTypeNames.isSupported(linkType)) {
            warnings.add(name + ": interface " + (interfaces.size() - 1) + " has unsupported link type " + linkType
                + "; its frames are shown undecoded");
        }
        return true;
    }

    private Iface iface(int id) {
        if (id < 0 || id >= interfaces.size()) {
            damaged("a packet refers to interface " + id + " but only " + interfaces.size() + " are described");
            return null;
        }
        return interfaces.get(id);
    }

    private boolean enhancedPacket(CaptureRecord rec, int body) {
        if (body < 20) return damaged("enhanced packet block is too short");
        int id = (int) ByteOrder32.u32(block, 0, bigEndian);
        long ts = ByteOrder32.u32(block, 4, bigEndian) << 32 | ByteOrder32.u32(block, 8, bigEndian);
        long cap = ByteOrder32.u32(block, 12, bigEndian);
        long orig = ByteOrder32.u32(block, 16, bigEndian);
        if (20 + cap > body) return damaged("enhanced packet block " + (count + 1) + " claims " + cap + " bytes but holds " + (body - 20));
        return deliver(rec, id, ts, 20, (int) cap, orig);
    }

    private boolean simplePacket(CaptureRecord rec, int body) {
        if (body < 4) return damaged("simple packet block is too short");
        Iface iface = iface(0);
        if (iface == null) return false;
        long orig = ByteOrder32.u32(block, 0, bigEndian);
        long cap = Math.min(orig, body - 4);
        if (iface.snaplen > 0) cap = Math.min(cap, iface.snaplen);
        return deliver(rec, 0, 0, 4, (int) cap, orig);
    }

    private boolean obsoletePacket(CaptureRecord rec, int body) {
        if (body < 20) return damaged("packet block is too short");
        int id = ByteOrder32.u16(block, 0, bigEndian);
        long ts = ByteOrder32.u32(block, 4, bigEndian) << 32 | ByteOrder32.u32(block, 8, bigEndian);
        long cap = ByteOrder32.u32(block, 12, bigEndian);
        long orig = ByteOrder32.u32(block, 16, bigEndian);
        if (20 + cap > body) return damaged("packet block " + (count + 1) + " claims " + cap + " bytes but holds " + (body - 20));
        return deliver(rec, id, ts, 20, (int) cap, orig);
    }

    private boolean deliver(CaptureRecord rec, int ifaceId, long ts, int dataOff, int cap, long orig) {
        Iface iface = iface(ifaceId);
        if (iface == null) return false;
        rec.ensureCapacity(cap);
        System.arraycopy(block, dataOff, rec.data, 0, cap);
        rec.number = ++count;
        rec.timestampNanos = nanos(iface, ts);
        rec.capturedLength = cap;
        rec.originalLength = originalLength.of(orig, cap, count, name, warnings);
        rec.interfaceId = ifaceId;
        rec.linkType = iface.linkType;
        Erf.unwrap(rec);
        return true;
    }

    @Override
    public boolean readAt(long fileOffset, long number, CaptureRecord rec) throws IOException {
        if (!in.positioned()) return CaptureReader.super.readAt(fileOffset, number, rec);
        Section sec = null;
        for (Section s : sections) if (s.start() <= fileOffset) sec = s;
        if (sec == null) return false;
        boolean be = sec.bigEndian();
        byte[] h = new byte[8];
        if (in.readAt(fileOffset, h, 0, 8) < 8) return false;
        long type = ByteOrder32.u32(h, 0, be), total = ByteOrder32.u32(h, 4, be);
        if (total < 12 || total > MAX_BLOCK || total % 4 != 0) return false;
        int body = (int) total - 12;
        byte[] b = new byte[body];
        if (in.readAt(fileOffset + 8, b, 0, body) < body) return false;
        int id, dataOff;
        long ts, cap, orig;
        if (type == EPB || type == OPB) {
            if (body < 20) return false;
            id = type == EPB ? (int) ByteOrder32.u32(b, 0, be) : ByteOrder32.u16(b, 0, be);
            ts = ByteOrder32.u32(b, 4, be) << 32 | ByteOrder32.u32(b, 8, be);
            cap = ByteOrder32.u32(b, 12, be);
            orig = ByteOrder32.u32(b, 16, be);
            dataOff = 20;
            if (20 + cap > body) return false;
        } else if (type == SPB) {
            if (body < 4) return false;
            id = 0;
            ts = 0;
            orig = ByteOrder32.u32(b, 0, be);
            cap = Math.min(orig, body - 4);
            dataOff = 4;
        } else {
            return false;
        }
        List<Iface> ifs = sec.interfaces();
        if (id < 0 || id >= ifs.size()) return false;
        Iface iface = ifs.get(id);
        if (type == SPB && iface.snaplen > 0) cap = Math.min(cap, iface.snaplen);
        rec.ensureCapacity((int) cap);
        System.arraycopy(b, dataOff, rec.data, 0, (int) cap);
        rec.number = number;
        rec.timestampNanos = nanos(iface, ts);
        rec.capturedLength = (int) cap;
        rec.originalLength = (int) Math.max(orig, cap);
        rec.interfaceId = id;
        rec.linkType = iface.linkType;
        rec.fileOffset = fileOffset;
        Erf.unwrap(rec);
        return true;
    }

    /** A timestamp in the interface's units as nanoseconds since the epoch. */
    private static long nanos(Iface iface, long ts) {
        long units = iface.unitsPerSecond;
        long sec = Long.divideUnsigned(ts, units);
        long rem = Long.remainderUnsigned(ts, units);
        long nanos = units == 1_000_000_000L ? rem : units < 1_000_000_000L
            ? rem * (1_000_000_000L / units) : (long) (rem * (1e9 / units));
        return (sec + iface.offsetSeconds) * 1_000_000_000L + nanos;
    }

    int layoutBlocks() { return layoutBlocks; }

    /** Reads on from the block at {@code offset}, numbering from 1 again, with the interfaces read so far. */
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

    private void comment(String text) {
        if (comments.size() < MAX_COMMENTS) comments.add(text.length() > MAX_COMMENT ? text.substring(0, MAX_COMMENT) + "…" : text);
    }

    @Override
    public List<CaptureInterface> interfaces() { return List.copyOf(described); }

    @Override
    public List<String> comments() { return List.copyOf(comments); }

    @Override
    public String format() { return "pcapng"; }

    @Override
    public List<String> warnings() { return warnings; }

    @Override
    public void close() throws IOException { in.close(); }
}
