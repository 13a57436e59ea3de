package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.FieldDef;
import io.rocescope.dissector.field.Fields;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One decoded frame: metadata, and the flat, pre-order list of fields the dissectors emitted
 * (a protocol node is followed by its children, one depth deeper). The object is reused from frame
 * to frame so that decoding allocates nothing; call {@link #copy()} to keep one.
 */
public final class DecodedFrame {
    // ---- metadata ----
    long number;
    long timestampNanos;
    long relativeNanos;
    int capturedLength;
    int originalLength;
    int interfaceId;
    int linkType;
    byte[] data;

    // ---- summary (what the one-line view needs) ----
    Protocol protocol = Protocol.UNKNOWN;
    /** Index of the field holding the source/destination address shown in the columns, or -1. */
    int srcField = -1, dstField = -1;
    boolean roce;
    IcrcStatus icrcStatus = IcrcStatus.NONE;

    // ---- fields ----
    private int count;
    private int[] defs = new int[64];
    private long[] values = new long[64];
    private int[] offsets = new int[64];
    private int[] lengths = new int[64];
    private int[] depths = new int[64];
    private Object[] objects = new Object[64];
    private int depth;
    private boolean objectsUsed;

    private final List<Expert> experts = new ArrayList<>(2);

    // First index of each field id in this frame, valid where firstStamp[id] == generation: an O(1)
    // find() without clearing a table per frame.
    private final int[] firstIndex = new int[Fields.all().size()];
    private final int[] firstStamp = new int[Fields.all().size()];
    private int generation = 1;

    /** Where the ICRC check ended up for this frame. */
    public enum IcrcStatus {
        NONE(""), GOOD("good"), BAD("bad"), UNCHECKED("unchecked");
        private final String word;
        IcrcStatus(String word) { this.word = word; }
        /** The word printed for {@code infiniband.icrc.status}. */
        public String word() { return word; }
    }

    /** The Protocol column. */
    public enum Protocol {
        UNKNOWN("Ethernet"), ARP("ARP"), IPV4("IPv4"), IPV6("IPv6"), UDP("UDP"), TCP("TCP"), ICMPV6("ICMPv6"),
        RROCE("RRoCE"), ROCE("RoCE"), MAC_CONTROL("MAC CTRL"), LLDP("LLDP"), PERFTEST("perftest");
        private final String column;
        Protocol(String column) { this.column = column; }
        public String column() { return column; }
    }

    void reset(long number, long timestampNanos, long relativeNanos, int capturedLength, int originalLength,
               int interfaceId, int linkType, byte[] data) {
        this.number = number;
        this.timestampNanos = timestampNanos;
        this.relativeNanos = relativeNanos;
        this.capturedLength = capturedLength;
        this.originalLength = originalLength;
        this.interfaceId = interfaceId;
        this.linkType = linkType;
        this.data = data;
        this.protocol = Protocol.UNKNOWN;
        this.srcField = -1;
        this.dstField = -1;
        this.roce = false;
        this.icrcStatus = IcrcStatus.NONE;
        if (objectsUsed) {
            Arrays.fill(objects, 0, count, null);
            objectsUsed = false;
        }
        this.count = 0;
        if (++generation == 0) { Arrays.fill(firstStamp, 0); generation = 1; }
        this.depth = 0;
        this.experts.clear();
    }

    // ---- building (used by the dissectors) ----

    /** Opens a protocol node; its children follow until {@link #close(int, int)}. Returns its index. */
    int open(FieldDef def, int offset) {
        int i = add(def, offset, 0, 0);
        depth++;
        return i;
    }

    /** Closes a node opened by {@link #open}, fixing its length now that its end is known. */
    void close(int index, int endOffset) {
        lengths[index] = Math.max(0, endOffset - offsets[index]);
        depth--;
    }

    int add(FieldDef def, int offset, int length, long value) {
        if (count == defs.length) grow();
        defs[count] = def.id();
        values[count] = value;
        offsets[count] = offset;
        lengths[count] = length;
        depths[count] = depth;
        int id = def.id();
        if (firstStamp[id] != generation) {
            firstStamp[id] = generation;
            firstIndex[id] = count;
        }
        return count++;
    }

    int add(FieldDef def, int offset, int length, long value, Object object) {
        int i = add(def, offset, length, value);
        objects[i] = object;
        objectsUsed = true;
        return i;
    }

    void expert(Expert e) {
        experts.add(e);
    }

    private void grow() {
        int n = defs.length * 2;
        defs = Arrays.copyOf(defs, n);
        values = Arrays.copyOf(values, n);
        offsets = Arrays.copyOf(offsets, n);
        lengths = Arrays.copyOf(lengths, n);
        depths = Arrays.copyOf(depths, n);
        objects = Arrays.copyOf(objects, n);
    }

    // ---- reading ----

    public long number() { return number; }
    public long timestampNanos() { return timestampNanos; }
    /** Nanoseconds since the first frame of the capture. */
    public long relativeNanos() { return relativeNanos; }
    public int capturedLength() { return capturedLength; }
    public int originalLength() { return originalLength; }
    public int interfaceId() { return interfaceId; }
    public int linkType() { return linkType; }
    /** The frame bytes; valid in [0, capturedLength). Shared with the reader: copy to keep. */
    public byte[] data() { return data; }
    public Protocol protocol() { return protocol; }
    /** True when an InfiniBand transport header (RoCEv2 or RoCEv1) was decoded. */
    public boolean isRoce() { return roce; }
    public IcrcStatus icrcStatus() { return icrcStatus; }
    public int srcField() { return srcField; }
    public int dstField() { return dstField; }
    public List<Expert> experts() { return experts; }

    public boolean hasExpert(String key) {
        for (int i = 0; i < experts.size(); i++) if (experts.get(i).key().equals(key)) return true;
        return false;
    }

    /** Number of fields. */
    public int fieldCount() { return count; }
    public FieldDef def(int i) { return Fields.byId(defs[i]); }
    public int defId(int i) { return defs[i]; }
    public long value(int i) { return values[i]; }
    public int offset(int i) { return offsets[i]; }
    public int length(int i) { return lengths[i]; }
    public int depth(int i) { return depths[i]; }
    public Object object(int i) { return objects[i]; }

    /** Index of the first occurrence of a field, or -1. */
    public int find(FieldDef def) {
        int id = def.id();
        return firstStamp[id] == generation ? firstIndex[id] : -1;
    }

    /** Index of the next occurrence after index {@code from}, or -1. */
    public int findNext(FieldDef def, int from) {
        int id = def.id();
        for (int i = from + 1; i < count; i++) if (defs[i] == id) return i;
        return -1;
    }

    public boolean has(FieldDef def) { return find(def) >= 0; }

    /** Index of the first occurrence within [from, end), or -1 (fields of one record among several). */
    public int findIn(FieldDef def, int from, int end) {
        int id = def.id();
        for (int i = from; i < end && i < count; i++) if (defs[i] == id) return i;
        return -1;
    }

    /** The value of the first occurrence, or {@code dflt} when absent. */
    public long get(FieldDef def, long dflt) {
        int i = find(def);
        return i < 0 ? dflt : values[i];
    }

    /** The bytes of a field (for IPV6 / BYTES fields and protocol nodes). */
    public byte[] bytes(int i) {
        return Arrays.copyOfRange(data, offsets[i], offsets[i] + lengths[i]);
    }

    /** A self-contained copy, safe to keep after the next frame is decoded. */
    public DecodedFrame copy() {
        DecodedFrame c = new DecodedFrame();
        c.number = number;
        c.timestampNanos = timestampNanos;
        c.relativeNanos = relativeNanos;
        c.capturedLength = capturedLength;
        c.originalLength = originalLength;
        c.interfaceId = interfaceId;
        c.linkType = linkType;
        c.data = Arrays.copyOf(data, capturedLength);
        c.protocol = protocol;
        c.srcField = srcField;
        c.dstField = dstField;
        c.roce = roce;
        c.icrcStatus = icrcStatus;
        c.count = count;
        c.defs = Arrays.copyOf(defs, count);
        c.values = Arrays.copyOf(values, count);
        c.offsets = Arrays.copyOf(offsets, count);
        c.lengths = Arrays.copyOf(lengths, count);
        c.depths = Arrays.copyOf(depths, count);
        c.objects = Arrays.copyOf(objects, count);
        c.experts.addAll(experts);
        for (int i = count - 1; i >= 0; i--) {
            c.firstStamp[defs[i]] = c.generation;
            c.firstIndex[defs[i]] = i;
        }
        return c;
    }
}
