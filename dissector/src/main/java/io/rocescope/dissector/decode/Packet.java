package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.FieldDef;
import io.rocescope.dissector.field.ksy.EthernetFrameLayout;
import io.rocescope.dissector.field.ksy.Ipv4PacketLayout;
import io.rocescope.dissector.util.BigEndian;

/**
 * The state shared by the layer dissectors while one frame is decoded: the bytes, how many were
 * captured, the frame being filled in, and where the network-layer header started (the ICRC needs it).
 */
final class Packet {
    byte[] d;
    /** Bytes captured: nothing at or beyond this offset may be read. */
    int cap;
    /** True when the capture cut the frame short (snaplen): shortfalls are truncation, not malformation. */
    boolean cut;
    DecodedFrame f;
    DecodeOptions options;
    /**
     * Whether the data-path dissectors add their detail fields ({@link io.rocescope.dissector.field.Fields#detail()}):
     * Wireshark's {@code if (tree)}. Off for a summary decode, which saves most of a RoCE data frame's work.
     */
    boolean detail = true;
    final IcrcCalculator icrc = new IcrcCalculator();

    /** Offset and kind of the last network header ({@link IcrcCalculator#IPV4}, {@code IPV6}, {@code GRH} …), for the ICRC. */
    int l3Offset = -1;
    int l3Kind;
    int l3HeaderLength;
    int udpOffset = -1;

    /** perftest exchange state, owned by the FrameDecoder (the only state kept between frames). */
    io.rocescope.dissector.perftest.PerftestConversations perftest;
    /** Stream indexes and TCP sequence bases, owned by the FrameDecoder; null in a stateless decode. */
    Conversations conversations;

    /** The node helper the extended-header dissectors share. */
    final FieldSubtree subtree = new FieldSubtree();

    void reset(byte[] d, int cap, boolean cut, DecodedFrame f, DecodeOptions options) {
        this.d = d;
        this.cap = cap;
        this.cut = cut;
        this.f = f;
        this.options = options;
        this.l3Offset = -1;
        this.udpOffset = -1;
    }

    /**
     * True if {@code n} bytes at {@code off} were captured. Otherwise records why not (truncated by the
     * capture, or malformed) against the layer being decoded and returns false.
     */
    boolean need(int off, int n, String what) {
        if (off + n <= cap) return true;
        shortfall(what + ": needs " + n + " bytes at offset " + off + ", only " + Math.max(0, cap - off) + " captured");
        return false;
    }

    void shortfall(String message) {
        f.expert(cut ? Expert.truncated(message) : Expert.malformed(message));
    }

    void malformed(String message) {
        f.expert(Expert.malformed(message));
    }

    /** Opens a detail protocol node (a no-op without detail; pair it with {@link #close}). */
    int open(FieldDef def, int off) { return detail ? f.open(def, off) : -1; }

    void close(int node, int end) { if (detail) f.close(node, end); }

    // Field helpers, so the dissectors read as a list of fields. A field's value comes from its layout's generated reader
    // (read<Field>, of the width, shift and mask ksy/ gives it), its span from the same layout's OFF_ and LEN_:
    // p.add(DEF, at + OFF_X, LEN_X, readX(d, at)). No width is chosen here.
    /** Records a field over {@code len} bytes at {@code off}; returns its value. */
    int add(FieldDef def, int off, int len, int value) { f.add(def, off, len, value); return value; }
    long add(FieldDef def, int off, int len, long value) { f.add(def, off, len, value); return value; }
    /**
     * A number that no reader reads: {@code len} (a layout's size) bytes at {@code off}, read big-endian whole. For a
     * repeated field's element (PFC's pause times) and a nested type shown as one number (a CM Service ID).
     */
    long number(FieldDef def, int off, int len) { long v = BigEndian.read(d, off, len); f.add(def, off, len, v); return v; }
    /**
     * One of the bits Wireshark shows apart inside a field's value {@code word} (a TCP or IPv4 flag, a PFC class's
     * enable bit): (word >> shift) & mask, over {@code len} bytes at {@code off}.
     */
    int bits(FieldDef def, int off, int len, long word, int shift, long mask) {
        int v = (int) ((word >>> shift) & mask);
        f.add(def, off, len, v);
        return v;
    }
    void bytes(FieldDef def, int off, int len) { f.add(def, off, len, 0); }
    /** Bytes no dissector decodes, where Wireshark shows them: data.data and data.len. */
    void data(int off, int len) {
        f.add(io.rocescope.dissector.field.Fields.DATA, off, len, 0);
        f.add(io.rocescope.dissector.field.Fields.DATA_LEN, off, len, len);
    }
    /** An address: an IPv4 or MAC address also as its number (what filters compare), a longer one (a GID, IPv6) as bytes only. */
    int addr(FieldDef def, int off, int len) {
        boolean number = len == Ipv4PacketLayout.LEN_SRC_ADDR || len == EthernetFrameLayout.LEN_SRC_MAC;
        return f.add(def, off, len, number ? BigEndian.read(d, off, len) : 0);
    }
}
