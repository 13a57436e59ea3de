import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * How a pcap file's records are best brought into the heap arrays the decoder reads: (read) positioned
 * reads into a page-aligned direct buffer, then each record copied out of it (what CaptureInput does), or
 * (mmap) the file mapped in 1 GB windows and each record copied out of the mapping (one copy fewer).
 * Both walk the record chain and copy every record's bytes; the checksum keeps the copies from being
 * optimised away. Usage: java bench/ReadSpeed.java FILE.pcap [ROUNDS]   (little-endian pcap only)
 */
public final class ReadSpeed {
    public static void main(String[] a) throws IOException {
        Path p = Path.of(a[0]);
        int rounds = a.length > 1 ? Integer.parseInt(a[1]) : 5;
        for (int r = 0; r < rounds; r++) {
            for (String how : new String[] {"read", "mmap"}) {
                long t0 = System.nanoTime();
                long[] res = how.equals("read") ? viaRead(p) : viaMap(p);
                long t1 = System.nanoTime();
                System.out.printf("round %d %s: %d records in %.3f s (%.2f GB/s) sum %x%n", r, how, res[0], (t1 - t0) / 1e9,
                    res[1] / ((t1 - t0) / 1e9) / 1e9, res[2]);
            }
        }
    }

    static ByteBuffer aligned(int n) {
        return ByteBuffer.allocateDirect(n + 4096).alignedSlice(4096).limit(n).order(ByteOrder.LITTLE_ENDIAN);
    }

    static long[] viaRead(Path p) throws IOException {
        byte[] rec = new byte[65536];
        long records = 0, bytes = 0, sum = 0;
        try (FileChannel fc = FileChannel.open(p, StandardOpenOption.READ)) {
            ByteBuffer buf = aligned(1 << 20);
            buf.limit(0);
            long pos = 24;
            fc.position(pos);
            while (true) {
                if (buf.remaining() < 16 + 65536) {
                    buf.compact();
                    while (buf.hasRemaining() && fc.read(buf) > 0) { }
                    buf.flip();
                    if (buf.remaining() < 16) break;
                }
                int incl = buf.getInt(buf.position() + 8);
                if (buf.remaining() < 16 + incl) break;
                buf.position(buf.position() + 16);
                buf.get(rec, 0, incl);
                sum += rec[incl / 2];
                records++;
                bytes += 16 + incl;
            }
        }
        return new long[] {records, bytes, sum};
    }

    static long[] viaMap(Path p) throws IOException {
        byte[] rec = new byte[65536];
        long records = 0, bytes = 0, sum = 0;
        try (FileChannel fc = FileChannel.open(p, StandardOpenOption.READ)) {
            long size = fc.size(), base = 24;
            while (base + 16 <= size) {
                long len = Math.min(1L << 30, size - base);
                MappedByteBuffer m = fc.map(FileChannel.MapMode.READ_ONLY, base, len);
                m.order(ByteOrder.LITTLE_ENDIAN);
                int at = 0;
                while (at + 16 <= len) {
                    int incl = m.getInt(at + 8);
                    if (at + 16 + incl > len) break;
                    m.get(at + 16, rec, 0, incl);
                    sum += rec[incl / 2];
                    records++;
                    at += 16 + incl;
                }
                if (at == 0) break;
                base += at;
                bytes += at;
            }
        }
        return new long[] {records, bytes, sum};
    }
}
