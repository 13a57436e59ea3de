package io.rocescope.dissector.decode;

import io.rocescope.dissector.cm.Mad;
import io.rocescope.dissector.field.FieldDef;
import io.rocescope.dissector.field.FieldInterest;
import io.rocescope.dissector.field.FieldType;
import io.rocescope.dissector.field.Fields;
import io.rocescope.dissector.field.ksy.EtherPayloadLayout;
import io.rocescope.dissector.field.ksy.Ipv4PacketLayout;
import io.rocescope.dissector.field.ksy.PerftestExchangeFieldsKsy;
import io.rocescope.dissector.field.ksy.PingpongExchangeFieldsKsy;
import io.rocescope.dissector.perftest.PerftestRecord;
import io.rocescope.dissector.perftest.PingpongRecord;

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
    /**
     * The Source and Destination columns' addresses, as Wireshark's packet info keeps them: their type
     * (ETHER, IPV4 or IPV6: a GID is an IPv6 address) and where their bytes are in the frame (-1: none).
     * The innermost layer that has addresses sets them (IP over Ethernet).
     */
    FieldType addressType;
    int srcAddress = -1, dstAddress = -1;
    /** UDP or TCP ports (-1 without), the UDP length, and the last EtherType (-1 without). */
    int srcPort = -1, dstPort = -1, udpLength = -1, etherType = -1;
    boolean roce;
    IcrcStatus icrcStatus = IcrcStatus.NONE;
    /** Decoded by a stateless decoder, but the frame needs reassembly state (perftest's TCP exchange). */
    boolean sequential;
    /** The IP header's ECN bits, or -1 without an IP header. */
    int ecn = -1;
    /**
     * The outermost IP header's Traffic Class byte (IPv4 TOS: DSCP and ECN), the GRH's for RoCEv1, or -1;
     * and the first 802.1Q/802.1ad tag's TCI (priority, DEI, VLAN ID), or -1 without a tag.
     */
    int trafficClass = -1, vlanTci = -1;
    /** The transport values (valid when {@link #roce}). */
    final IbHeaders ib = new IbHeaders();

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
    /**
     * The socket exchange records (perftest's, ibv_*_pingpong's) this frame's TCP payload completed, as typed
     * values: the fields are made from them, and the flow tracker reads them instead of the fields' text.
     * Made on the first such frame only (null until then: other frames cost nothing).
     */
    private List<PerftestRecord> perftestRecords;
    private List<PingpongRecord> pingpongRecords;
    /** The MAD this frame carries, as values (null without one): the CM set-up tracker reads it, not the MAD's fields. */
    private Mad mad;

    /** False once a display filter rejected the frame (frame.time_delta_displayed counts from the last kept one). */
    private boolean displayed = true;

    /** Which fields this frame records (see {@link FieldInterest}); null = every field. */
    private boolean[] keep;

    // First index of each field id in this frame, valid where firstStamp[id] == generation: an O(1)
    // find() without clearing a table per frame. A copy has none (null: find() scans its few fields),
    // so that keeping frames costs their fields, not two tables of every field id.
    private final int[] firstIndex, firstStamp;
    private int generation = 1;

    /** A frame for a decoder to fill. */
    public DecodedFrame() { this(true); }

    private DecodedFrame(boolean decoding) {
        firstIndex = decoding ? new int[Fields.all().size()] : null;
        firstStamp = decoding ? new int[Fields.all().size()] : null;
    }

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
        UNKNOWN("Ethernet"), ARP("ARP"), IPV4("IPv4"), IPV6("IPv6"), UDP("UDP"), TCP("TCP"), ICMP("ICMP"), ICMPV6("ICMPv6"),
        RROCE("RRoCE"), ROCE("RoCE"), INFINIBAND("InfiniBand"), MAC_CONTROL("MAC CTRL"), LLDP("LLDP"),
        // the exchanges' column is their protocol's name: perftest_exchange.ksy's and pingpong_exchange.ksy's -wireshark
        PERFTEST(PerftestExchangeFieldsKsy.PERFTEST_EXCHANGE.abbrev()), IBV_PINGPONG(PingpongExchangeFieldsKsy.PINGPONG_EXCHANGE.abbrev()),
        IPOIB("IPoIB");
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
        this.addressType = null;
        this.srcAddress = -1;
        this.dstAddress = -1;
        this.srcPort = -1;
        this.dstPort = -1;
        this.udpLength = -1;
        this.etherType = -1;
        this.roce = false;
        this.icrcStatus = IcrcStatus.NONE;
        this.ecn = -1;
        this.trafficClass = -1;
        this.vlanTci = -1;
        this.sequential = false;
        this.ib.reset();
        if (objectsUsed) {
            Arrays.fill(objects, 0, count, null);
            objectsUsed = false;
        }
        clearExchange();
        this.count = 0;
        if (++generation == 0) { Arrays.fill(firstStamp, 0); generation = 1; }   // never for a copy: reset() is the decoder's
        this.depth = 0;
        this.experts.clear();
        this.displayed = true;
    }

    // ---- building (used by the dissectors) ----

    /** What the decoder records from now on (null = every field). */
    void interest(boolean[] mask) { this.keep = mask; }

    /** Opens a protocol node; its children follow until {@link #close(int, int)}. Returns its index (-1 if not kept). */
    int open(FieldDef def, int offset) {
        int i = add(def, offset, 0, 0);
        depth++;
        return i;
    }

    /** Closes a node opened by {@link #open}, fixing its length now that its end is known. */
    void close(int index, int endOffset) {
        if (index >= 0) lengths[index] = Math.max(0, endOffset - offsets[index]);
        depth--;
    }

    /** Records a field; returns its index, or -1 when this decode does not keep that field. */
    int add(FieldDef def, int offset, int length, long value) {
        boolean[] k = keep;
        if (k != null && !k[def.id()]) return -1;
        if (count == defs.length) grow();
        defs[count] = def.id();
        values[count] = value;
        offsets[count] = offset;
        lengths[count] = length;
        depths[count] = depth;
        int id = def.id();
        if (firstStamp[id] != generation) {   // add() is the decoder's: its frame has the tables
            firstStamp[id] = generation;
            firstIndex[id] = count;
        }
        return count++;
    }

    int add(FieldDef def, int offset, int length, long value, Object object) {
        int i = add(def, offset, length, value);
        if (i < 0) return i;
        objects[i] = object;
        objectsUsed = true;
        return i;
    }

    /** Sets the object of a recorded field (a text known only once the frame is decoded). */
    void object(int index, Object object) {
        objects[index] = object;
        objectsUsed = true;
    }

    void expert(Expert e) {
        experts.add(e);
    }

    /** Adds a perftest record this frame completed (its fields are added by the dissector as well). */
    void perftestRecord(PerftestRecord r) {
        if (perftestRecords == null) perftestRecords = new ArrayList<>(2);
        perftestRecords.add(r);
    }

    /** Adds an ibv_*_pingpong message this frame completed. */
    void pingpongRecord(PingpongRecord r) {
        if (pingpongRecords == null) pingpongRecords = new ArrayList<>(1);
        pingpongRecords.add(r);
    }

    /** Sets the MAD this frame carries (its fields are added by the dissector as well). */
    void mad(Mad m) { mad = m; }

    private void clearExchange() {
        if (perftestRecords != null) perftestRecords.clear();
        if (pingpongRecords != null) pingpongRecords.clear();
        mad = null;
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

    /**
     * A frame whose output could not be made (a bug met in one of its fields): it is marked
     * {@code malformed} with the reason, as Wireshark marks a frame whose dissector threw, and cut down
     * to its frame node and address columns, which any output can print.
     */
    public void markFailed(String reason) {
        int kept = 0;
        if (count > 0 && defs[0] == Fields.FRAME.id()) {
            kept = 1;
            while (kept < count && depths[kept] > 0) kept++;
        }
        if (objectsUsed) Arrays.fill(objects, kept, count, null);
        clearExchange();   // as the fields they gave: a failed frame carries none
        count = kept;
        depth = 0;
        if (firstStamp != null) {
            if (++generation == 0) { Arrays.fill(firstStamp, 0); generation = 1; }
            for (int i = count - 1; i >= 0; i--) { firstStamp[defs[i]] = generation; firstIndex[defs[i]] = i; }
        }
        protocol = Protocol.UNKNOWN;
        roce = false;
        icrcStatus = IcrcStatus.NONE;
        sequential = false;
        srcPort = dstPort = udpLength = -1;
        ib.reset();
        experts.add(Expert.malformed(reason));
    }

    // ---- reading ----

    public long number() { return number; }
    public long timestampNanos() { return timestampNanos; }
    /** Nanoseconds since the first frame of the capture. */
    public long relativeNanos() { return relativeNanos; }
    public int capturedLength() { return capturedLength; }
    /** The length on the wire: pcap's orig_len, an unsigned 32-bit number. */
    public long originalLength() { return Integer.toUnsignedLong(originalLength); }
    public int interfaceId() { return interfaceId; }
    public int linkType() { return linkType; }
    /** The frame bytes; valid in [0, capturedLength). Shared with the reader: copy to keep. */
    public byte[] data() { return data; }
    public Protocol protocol() { return protocol; }
    /** True when an InfiniBand transport header (RoCEv2 or RoCEv1) was decoded. */
    public boolean isRoce() { return roce; }
    public IcrcStatus icrcStatus() { return icrcStatus; }
    /**
     * True when a {@link FrameDecoder#stateless() stateless} decoder met a frame whose decoding depends on
     * earlier frames (a perftest TCP segment): decode it again, in capture order, with a stateful decoder.
     */
    public boolean needsSequentialDecode() { return sequential; }
    /** The InfiniBand transport values; meaningful when {@link #isRoce()}. */
    public IbHeaders ib() { return ib; }
    /** ECN bits of the IPv4 or IPv6 header (0-3), or -1 when the frame has no IP header. */
    public int ecn() { return ecn; }
    /** The outermost IP header's Traffic Class byte (IPv4 TOS; DSCP in its top six bits), the GRH's for RoCEv1, or -1. */
    public int trafficClass() { return trafficClass; }
    /** DSCP of {@link #trafficClass()} (0-63), or -1. */
    public int dscp() { return trafficClass < 0 ? -1 : trafficClass >>> Ipv4PacketLayout.SHIFT_DSCP; }   // any Traffic Class byte is laid out as the TOS
    /** The first VLAN tag's priority (802.1p PCP, 0-7), or -1 without a tag. */
    public int pcp() { return vlanTci < 0 ? -1 : vlanTci >>> VlanDissector.PCP_SHIFT; }
    /** The first VLAN tag's VLAN ID (0-4095), or -1 without a tag. */
    public int vlanId() { return vlanTci < 0 ? -1 : (int) ((vlanTci >>> VlanDissector.VID_SHIFT) & EtherPayloadLayout.MASK_VLAN_TAG_VID); }
    /** The type of the column addresses: ETHER, IPV4 or IPV6 (a GID); null when the frame has none. */
    public FieldType addressType() { return addressType; }
    /** Offset of the source address bytes in {@link #data()}, or -1. */
    public int sourceOffset() { return srcAddress; }
    /** Offset of the destination address bytes in {@link #data()}, or -1. */
    public int destinationOffset() { return dstAddress; }
    /** UDP or TCP source port, or -1. */
    public int srcPort() { return srcPort; }
    /** UDP or TCP destination port, or -1. */
    public int dstPort() { return dstPort; }
    /** The UDP header's length field, or -1 without a UDP header. */
    public int udpLength() { return udpLength; }
    /** The EtherType of the innermost Ethernet or VLAN header, or -1. */
    public int etherType() { return etherType; }

    void addresses(FieldType type, int src, int dst) {
        addressType = type;
        srcAddress = src;
        dstAddress = dst;
    }
    public List<Expert> experts() { return experts; }

    /** The perftest records this frame's TCP payload completed, in stream order (empty for most frames). */
    public List<PerftestRecord> perftestRecords() {
        return perftestRecords == null ? List.of() : java.util.Collections.unmodifiableList(perftestRecords);
    }

    /**
     * The MAD (to QP1) this frame carries, as values: its header and, for the CM class, its {@link Mad#cm() message};
     * null without one (also when the MAD was cut short, as then it has no fields either).
     */
    public Mad mad() { return mad; }

    /** The ibv_*_pingpong messages this frame's TCP payload completed, in stream order (empty for most frames). */
    public List<PingpongRecord> pingpongRecords() {
        return pingpongRecords == null ? List.of() : java.util.Collections.unmodifiableList(pingpongRecords);
    }

    /** Called by a display filter that rejects this frame: the next frame's time_delta_displayed skips it. */
    public void notDisplayed() { displayed = false; }

    /** False when a display filter rejected the frame. */
    public boolean displayed() { return displayed; }

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

    /**
     * True when field i is the {@link FieldDef#alias() alias} copy of the field before it (the same bytes
     * under Wireshark's name): -e, -Y and JSON see it, the tree shows the field once.
     */
    public boolean isAlias(int i) {
        return i > 0 && Fields.byId(defs[i - 1]).alias() != null && Fields.byId(defs[i - 1]).alias().id() == defs[i]
            && offsets[i - 1] == offsets[i];
    }

    /** Index of the first occurrence of a field, or -1. */
    public int find(FieldDef def) {
        int id = def.id();
        if (firstStamp == null) {
            for (int i = 0; i < count; i++) if (defs[i] == id) return i;
        } else if (firstStamp[id] == generation) {
            return firstIndex[id];
        }
        if (keep != null && !keep[id]) notKept(def);
        return -1;
    }

    /**
     * Asking for a field the decode was told to skip is a bug in the caller (it must name the field in
     * the decoder's {@link FieldInterest}); failing loudly beats answering "absent".
     */
    private static void notKept(FieldDef def) {
        throw new IllegalStateException("field " + def.abbrev() + " was not recorded: this frame was decoded for a summary; "
            + "add the field to the decoder's FieldInterest");
    }

    /** Index of the next occurrence after index {@code from}, or -1. */
    public int findNext(FieldDef def, int from) {
        int id = def.id();
        if (keep != null && !keep[id]) notKept(def);
        for (int i = from + 1; i < count; i++) if (defs[i] == id) return i;
        return -1;
    }

    public boolean has(FieldDef def) { return find(def) >= 0; }

    /** Index of the first occurrence within [from, end), or -1 (fields of one record among several). */
    public int findIn(FieldDef def, int from, int end) {
        int id = def.id();
        if (keep != null && !keep[id]) notKept(def);
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
        DecodedFrame c = new DecodedFrame(false);
        c.number = number;
        c.timestampNanos = timestampNanos;
        c.relativeNanos = relativeNanos;
        c.capturedLength = capturedLength;
        c.originalLength = originalLength;
        c.interfaceId = interfaceId;
        c.linkType = linkType;
        c.data = Arrays.copyOf(data, capturedLength);
        c.protocol = protocol;
        c.addressType = addressType;
        c.srcAddress = srcAddress;
        c.dstAddress = dstAddress;
        c.srcPort = srcPort;
        c.dstPort = dstPort;
        c.udpLength = udpLength;
        c.etherType = etherType;
        c.roce = roce;
        c.icrcStatus = icrcStatus;
        c.ecn = ecn;
        c.trafficClass = trafficClass;
        c.vlanTci = vlanTci;
        c.sequential = sequential;
        c.ib.copyFrom(ib);
        c.count = count;
        c.defs = Arrays.copyOf(defs, count);
        c.values = Arrays.copyOf(values, count);
        c.offsets = Arrays.copyOf(offsets, count);
        c.lengths = Arrays.copyOf(lengths, count);
        c.depths = Arrays.copyOf(depths, count);
        c.objects = Arrays.copyOf(objects, count);
        c.experts.addAll(experts);
        // the records are immutable values: the copy shares them
        if (perftestRecords != null && !perftestRecords.isEmpty()) c.perftestRecords = new ArrayList<>(perftestRecords);
        if (pingpongRecords != null && !pingpongRecords.isEmpty()) c.pingpongRecords = new ArrayList<>(pingpongRecords);
        c.mad = mad;
        c.displayed = displayed;
        c.keep = keep;
        return c;
    }
}
