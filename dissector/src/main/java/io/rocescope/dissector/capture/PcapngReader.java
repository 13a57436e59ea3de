package io.rocescope.dissector.capture;

import io.rocescope.dissector.field.LinkTypeNames;
import io.rocescope.dissector.field.ksy.PcapngFileKsy;
import io.rocescope.dissector.field.ksy.PcapngFileLayout;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * pcapng: Section Header Blocks in either byte order, Interface Description Blocks (link type,
 * snaplen, if_tsresol, if_tsoffset), Enhanced, Simple and (obsolete) Packet Blocks; several
 * interfaces per section; any other block is skipped.
 */
public final class PcapngReader implements CaptureReader {
    static final int SHB = PcapngFileKsy.BLOCK_TYPE_SECTION_HEADER, IDB = PcapngFileKsy.BLOCK_TYPE_INTERFACE_DESCRIPTION,
        OPB = PcapngFileKsy.BLOCK_TYPE_PACKET, SPB = PcapngFileKsy.BLOCK_TYPE_SIMPLE_PACKET,
        EPB = PcapngFileKsy.BLOCK_TYPE_ENHANCED_PACKET;
    static final long BYTE_ORDER_MAGIC = PcapngFileLayout.BYTE_ORDER_MAGIC;
    // Where the fields sit, from ksy/pcapng_file.ksy (compile-time constants: the loops read as before). A block is
    // its header (type, total length), its body, which `block` holds, and the total length again (TRAIL bytes).
    private static final int HEAD = PcapngFileLayout.FIXED_SIZE_BLOCK, TYPE = PcapngFileLayout.OFF_BLOCK_BLOCK_TYPE, TOTAL = PcapngFileLayout.OFF_BLOCK_TOTAL_LENGTH,
        TRAIL = PcapngFileLayout.LEN_BLOCK_TOTAL_LENGTH;
    /** A block of no body: its header and its total length repeated (RecordBoundaries' search uses it too). */
    static final int MIN_BLOCK = HEAD + TRAIL;
    // the section header's byte-order magic is read apart: `block` holds the section header's body after it
    private static final int BOM = PcapngFileLayout.LEN_SHB_BODY_BYTE_ORDER_MAGIC, SHB_OPTIONS = PcapngFileLayout.FIXED_SIZE_SHB_BODY - BOM,
        MIN_SHB = HEAD + PcapngFileLayout.FIXED_SIZE_SHB_BODY + TRAIL;
    private static final int IDB_LINK_TYPE = PcapngFileLayout.OFF_IDB_BODY_LINK_TYPE, IDB_SNAPLEN = PcapngFileLayout.OFF_IDB_BODY_SNAPLEN,
        IDB_OPTIONS = PcapngFileLayout.FIXED_SIZE_IDB_BODY;
    private static final int EPB_ID = PcapngFileLayout.OFF_EPB_BODY_INTERFACE_ID, EPB_TS_HIGH = PcapngFileLayout.OFF_EPB_BODY_TIMESTAMP_HIGH,
        EPB_TS_LOW = PcapngFileLayout.OFF_EPB_BODY_TIMESTAMP_LOW, EPB_CAP = PcapngFileLayout.OFF_EPB_BODY_CAPTURED_LEN,
        EPB_ORIG = PcapngFileLayout.OFF_EPB_BODY_ORIGINAL_LEN, EPB_DATA = PcapngFileLayout.FIXED_SIZE_EPB_BODY;
    /** Where an enhanced and an (obsolete) packet block put a packet's fields, for {@link #packet} and {@link #readAt}. */
    private static final PacketFields ENHANCED = new PacketFields("enhanced packet block", EPB_ID,
        PcapngFileLayout.LEN_EPB_BODY_INTERFACE_ID, EPB_TS_HIGH, EPB_TS_LOW, EPB_CAP, EPB_ORIG, EPB_DATA);
    private static final PacketFields OBSOLETE = new PacketFields("packet block", PcapngFileLayout.OFF_OPB_BODY_INTERFACE_ID,
        PcapngFileLayout.LEN_OPB_BODY_INTERFACE_ID, PcapngFileLayout.OFF_OPB_BODY_TIMESTAMP_HIGH,
        PcapngFileLayout.OFF_OPB_BODY_TIMESTAMP_LOW, PcapngFileLayout.OFF_OPB_BODY_CAPTURED_LEN,
        PcapngFileLayout.OFF_OPB_BODY_ORIGINAL_LEN, PcapngFileLayout.FIXED_SIZE_OPB_BODY);
    private static final int SPB_ORIG = PcapngFileLayout.OFF_SPB_BODY_ORIGINAL_LEN, SPB_DATA = PcapngFileLayout.FIXED_SIZE_SPB_BODY;
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
    private final byte[] head = new byte[HEAD];
    private long count;
    private boolean done;
    /** Section headers and interface descriptions read so far (a split must know every one before it). */
    private int layoutBlocks;

    private static final class Iface {
        final int linkType;
        final long snaplen;
        /** Timestamp units per second, and the offset in seconds added to every timestamp. */
        long unitsPerSecond = DEFAULT_UNITS_PER_SECOND;
        long offsetSeconds;
        Iface(int linkType, long snaplen) { this.linkType = linkType; this.snaplen = snaplen; }
    }

    /** Without an if_tsresol the units are 10^-IF_TSRESOL_DEFAULT s (microseconds). */
    private static final long DEFAULT_UNITS_PER_SECOND = decimalUnits((int) PcapngFileLayout.IF_TSRESOL_DEFAULT);

    /** 10^exp units a second (an if_tsresol without its base-2 bit), held below overflow. */
    private static long decimalUnits(int exp) {
        long u = 1;
        for (int i = 0; i < exp && u <= Long.MAX_VALUE / 10; i++) u *= 10;
        return u;
    }

    private record Section(long start, boolean bigEndian, List<Iface> interfaces) {}

    /** A packet block's fields: offsets in its body; the interface id is 4 bytes in an enhanced one, 2 in an obsolete one. */
    private record PacketFields(String name, int id, int idLength, int tsHigh, int tsLow, int capturedAt, int originalAt, int data) {
        int interfaceId(byte[] b, boolean big) {
            return idLength == Short.BYTES ? ByteOrder32.u16(b, id, big) : (int) ByteOrder32.u32(b, id, big);
        }

        long timestamp(byte[] b, boolean big) {
            return ByteOrder32.u32(b, tsHigh, big) << 32 | ByteOrder32.u32(b, tsLow, big);
        }

        long captured(byte[] b, boolean big) { return ByteOrder32.u32(b, capturedAt, big); }

        long original(byte[] b, boolean big) { return ByteOrder32.u32(b, originalAt, big); }

        /** Whether a block body of {@code body} bytes holds the fields and the {@code captured} bytes they announce. */
        boolean holds(long captured, int body) { return data + captured <= body; }
    }

    PcapngReader(CaptureInput in, String name, byte[] magic) throws IOException {
        this.in = in;
        this.name = name;
        if (ByteOrder32.u32(magic, TYPE, true) != SHB) throw new CaptureFormatException(name + ": not a pcapng file");
        // The first block is a section header: read it now so that a bad one fails at open.
        System.arraycopy(magic, TYPE, head, TYPE, TOTAL - TYPE);
        if (in.read(head, TOTAL, HEAD - TOTAL) < HEAD - TOTAL || !sectionHeader()) {
            throw new CaptureFormatException(name + ": " + (warnings.isEmpty() ? "pcapng section header is damaged" : warnings.get(0)));
        }
    }

    /** Reads the rest of a section header whose type and length words are in {@link #head}. */
    private boolean sectionHeader() throws IOException {
        byte[] bom = new byte[BOM];
        if (in.read(bom, 0, BOM) < BOM) return damaged("section header block is cut short");
        if (ByteOrder32.u32(bom, 0, true) == BYTE_ORDER_MAGIC) bigEndian = true;
        else if (ByteOrder32.u32(bom, 0, false) == BYTE_ORDER_MAGIC) bigEndian = false;
        else return damaged("section header has no byte-order magic");
        long total = ByteOrder32.u32(head, TOTAL, bigEndian);
        if (total < MIN_SHB || total > MAX_BLOCK || total % 4 != 0) return damaged("section header block length " + total + " is invalid");
        int rest = (int) total - HEAD - BOM;
        if (block.length < rest) block = new byte[rest];
        if (in.read(block, 0, rest) < rest) return damaged("section header block is cut short");
        // after version (4) and section length (8): options, then the trailing length (4); a comment is shown as it
        // is, the hardware, OS and application under their names in the .ksy ("OS: Linux 6.1"), other options not
        for (PcapngOptions opt = new PcapngOptions(block, SHB_OPTIONS, rest - TRAIL, bigEndian); opt.next(); ) {
            String label = PcapngFileKsy.SHB_OPTION.nameOf(opt.code());
            if (opt.code() == PcapngFileKsy.SHB_OPTION_COMMENT) comment(opt.text());
            else if (label != null) comment(label + ": " + opt.text());
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
            int n = in.read(head, 0, HEAD);
            if (n == 0) { done = true; return false; }
            if (n < HEAD) return damaged("a block header is cut short (" + n + " of " + HEAD + " bytes)");
            long type = ByteOrder32.u32(head, TYPE, bigEndian);
            if (ByteOrder32.u32(head, TYPE, true) == SHB) {   // a new section, possibly in the other byte order
                if (!sectionHeader()) return false;
                continue;
            }
            long total = ByteOrder32.u32(head, TOTAL, bigEndian);
            if (total < MIN_BLOCK || total > MAX_BLOCK || total % 4 != 0) {
                return damaged("block at offset " + (in.position() - HEAD) + " has an invalid length " + total);
            }
            int bodyLen = (int) total - HEAD;
            if (block.length < bodyLen) block = new byte[Math.max(bodyLen, block.length * 2)];
            int got = in.read(block, 0, bodyLen);
            if (got < bodyLen) return damaged("the last block is cut short: " + (got + HEAD) + " of " + total + " bytes");
            int body = bodyLen - TRAIL; // without the trailing length copy
            switch ((int) type) {
                case IDB:
                    layoutBlocks++;
                    if (!interfaceDescription(body)) return false;
                    break;
                case EPB:
                    if (packet(rec, body, ENHANCED)) { rec.fileOffset = at; return true; }
                    if (done) return false;
                    break;
                case SPB:
                    if (simplePacket(rec, body)) { rec.fileOffset = at; return true; }
                    if (done) return false;
                    break;
                case OPB:
                    if (packet(rec, body, OBSOLETE)) { rec.fileOffset = at; return true; }
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
        while (b.size < max && filled - pos >= HEAD + EPB_DATA) {
            long type = buf.getInt(pos) & 0xFFFFFFFFL;
            long total = buf.getInt(pos + TOTAL) & 0xFFFFFFFFL;
            if (type != EPB || total < HEAD + EPB_DATA + TRAIL || total > MAX_BLOCK || total % 4 != 0 || total > filled - pos) break;
            int epb = pos + HEAD;   // the block's body (one add, not one a field)
            int id = buf.getInt(epb + EPB_ID);
            long ts = (buf.getInt(epb + EPB_TS_HIGH) & 0xFFFFFFFFL) << 32 | (buf.getInt(epb + EPB_TS_LOW) & 0xFFFFFFFFL);
            long cap = buf.getInt(epb + EPB_CAP) & 0xFFFFFFFFL, orig = buf.getInt(epb + EPB_ORIG) & 0xFFFFFFFFL;
            if (id < 0 || id >= interfaces.size() || HEAD + EPB_DATA + cap > total - TRAIL) break;
            Iface iface = interfaces.get(id);
            ++count;
            b.add(epb + EPB_DATA, count, nanos(iface, ts), (int) cap, originalLength.of(orig, cap, count, name, warnings), id, iface.linkType);
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
        if (body < IDB_OPTIONS) return damaged("interface description block is too short");
        int linkType = ByteOrder32.u16(block, IDB_LINK_TYPE, bigEndian);
        long snaplen = ByteOrder32.u32(block, IDB_SNAPLEN, bigEndian);
        Iface iface = new Iface(linkType, snaplen);
        String ifName = null, ifDescription = null;
        for (PcapngOptions opt = new PcapngOptions(block, IDB_OPTIONS, body, bigEndian); opt.next(); ) {
            int code = opt.code(), len = opt.length();
            if (code == PcapngFileKsy.IDB_OPTION_IF_TSRESOL && len >= PcapngFileLayout.FIXED_SIZE_IF_TSRESOL_VALUE) {
                int v = block[opt.value() + PcapngFileLayout.OFF_IF_TSRESOL_VALUE_RESOLUTION] & 0xFF;
                int exp = v & (int) PcapngFileLayout.IF_TSRESOL_EXPONENT_MASK;
                if ((v & (int) PcapngFileLayout.IF_TSRESOL_BASE2_BIT) == 0) {
                    iface.unitsPerSecond = decimalUnits(exp);
                } else {
                    iface.unitsPerSecond = exp >= 62 ? 1L << 62 : 1L << exp;
                }
            } else if (code == PcapngFileKsy.IDB_OPTION_COMMENT) {
                comment("Interface " + described.size() + ": " + opt.text());
            } else if (code == PcapngFileKsy.IDB_OPTION_IF_NAME) {
                ifName = opt.text();
            } else if (code == PcapngFileKsy.IDB_OPTION_IF_DESCRIPTION) {
                ifDescription = opt.text();
            } else if (code == PcapngFileKsy.IDB_OPTION_IF_TSOFFSET && len >= PcapngFileLayout.FIXED_SIZE_IF_TSOFFSET_VALUE) {
                iface.offsetSeconds = ByteOrder32.u64(block, opt.value() + PcapngFileLayout.OFF_IF_TSOFFSET_VALUE_SECONDS, bigEndian);
            }
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

    /** An enhanced or an obsolete packet block, {@code f} saying which. */
    private boolean packet(CaptureRecord rec, int body, PacketFields f) {
        if (body < f.data()) return damaged(f.name() + " is too short");
        int id = f.interfaceId(block, bigEndian);
        long ts = f.timestamp(block, bigEndian);
        long cap = f.captured(block, bigEndian);
        long orig = f.original(block, bigEndian);
        if (!f.holds(cap, body)) return damaged(f.name() + " " + (count + 1) + " claims " + cap + " bytes but holds " + (body - f.data()));
        return deliver(rec, id, ts, f.data(), (int) cap, orig);
    }

    private boolean simplePacket(CaptureRecord rec, int body) {
        if (body < SPB_DATA) return damaged("simple packet block is too short");
        Iface iface = iface(0);
        if (iface == null) return false;
        long orig = ByteOrder32.u32(block, SPB_ORIG, bigEndian);
        long cap = Math.min(orig, body - SPB_DATA);
        if (iface.snaplen > 0) cap = Math.min(cap, iface.snaplen);
        return deliver(rec, 0, 0, SPB_DATA, (int) cap, orig);
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
        byte[] h = new byte[HEAD];
        if (in.readAt(fileOffset, h, 0, HEAD) < HEAD) return false;
        long type = ByteOrder32.u32(h, TYPE, be), total = ByteOrder32.u32(h, TOTAL, be);
        if (total < MIN_BLOCK || total > MAX_BLOCK || total % 4 != 0) return false;
        int body = (int) total - MIN_BLOCK;
        byte[] b = new byte[body];
        if (in.readAt(fileOffset + HEAD, b, 0, body) < body) return false;
        int id, dataOff;
        long ts, cap, orig;
        PacketFields f = type == EPB ? ENHANCED : type == OPB ? OBSOLETE : null;
        if (f != null) {
            if (body < f.data()) return false;
            id = f.interfaceId(b, be);
            ts = f.timestamp(b, be);
            cap = f.captured(b, be);
            orig = f.original(b, be);
            dataOff = f.data();
            if (!f.holds(cap, body)) return false;
        } else if (type == SPB) {
            if (body < SPB_DATA) return false;
            id = 0;
            ts = 0;
            orig = ByteOrder32.u32(b, SPB_ORIG, be);
            cap = Math.min(orig, body - SPB_DATA);
            dataOff = SPB_DATA;
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
