package io.rocescope.dissector;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

/**
 * Writes classic pcap and pcapng bytes in any byte order and timestamp resolution, so the reader
 * tests can produce every variant from the same real frames.
 */
public final class TestPcapWriter {
    private TestPcapWriter() {}

    public static byte[] pcap(List<TestCaptures.RawFrame> frames, int linkType, ByteOrder order, boolean nanos, int snaplen) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteBuffer h = ByteBuffer.allocate(24).order(order);
        h.putInt(nanos ? 0xA1B23C4D : 0xA1B2C3D4).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0)
            .putInt(snaplen).putInt(linkType);
        out.writeBytes(h.array());
        for (TestCaptures.RawFrame f : frames) {
            int cap = Math.min(f.data().length, snaplen);
            ByteBuffer r = ByteBuffer.allocate(16).order(order);
            long sec = f.timestampNanos() / 1_000_000_000L, ns = f.timestampNanos() % 1_000_000_000L;
            r.putInt((int) sec).putInt((int) (nanos ? ns : ns / 1000)).putInt(cap).putInt(f.originalLength());
            out.writeBytes(r.array());
            out.write(f.data(), 0, cap);
        }
        return out.toByteArray();
    }

    /** A pcapng builder: section header, interfaces, packets and arbitrary blocks, in one byte order. */
    public static final class Pcapng {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();
        private final ByteOrder order;

        public Pcapng(ByteOrder order) {
            this.order = order;
            ByteBuffer b = body(16);
            b.putInt(0x1A2B3C4D).putShort((short) 1).putShort((short) 0).putLong(-1L);
            block(0x0A0D0D0A, b);
        }

        private ByteBuffer body(int n) { return ByteBuffer.allocate(n).order(order); }

        public Pcapng block(int type, ByteBuffer body) {
            byte[] content = body.array();
            int padded = (content.length + 3) & ~3;
            ByteBuffer b = ByteBuffer.allocate(12 + padded).order(order);
            b.putInt(type).putInt(12 + padded).put(content);
            b.position(8 + padded);
            b.putInt(12 + padded);
            out.writeBytes(b.array());
            return this;
        }

        /** An interface; {@code tsresol} < 0 means no option (microseconds). */
        public Pcapng iface(int linkType, int snaplen, int tsresol) {
            ByteBuffer b = body(tsresol >= 0 ? 8 + 8 + 4 : 8);
            b.putShort((short) linkType).putShort((short) 0).putInt(snaplen);
            if (tsresol >= 0) b.putShort((short) 9).putShort((short) 1).put((byte) tsresol).put(new byte[3]).putInt(0);
            return block(1, b);
        }

        public Pcapng enhanced(int iface, long ts, byte[] data, int cap, int orig) {
            ByteBuffer b = body(20 + ((cap + 3) & ~3));
            b.putInt(iface).putInt((int) (ts >>> 32)).putInt((int) ts).putInt(cap).putInt(orig).put(data, 0, cap);
            return block(6, b);
        }

        public Pcapng simple(byte[] data, int orig) {
            ByteBuffer b = body(4 + ((data.length + 3) & ~3));
            b.putInt(orig).put(data);
            return block(3, b);
        }

        public Pcapng obsolete(int iface, long ts, byte[] data) {
            ByteBuffer b = body(20 + ((data.length + 3) & ~3));
            b.putShort((short) iface).putShort((short) 0).putInt((int) (ts >>> 32)).putInt((int) ts)
                .putInt(data.length).putInt(data.length).put(data);
            return block(2, b);
        }

        public byte[] bytes() { return out.toByteArray(); }
    }
}
