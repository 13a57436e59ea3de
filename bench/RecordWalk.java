import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The floor of reading a pcap file in Java: the file mapped in 1 GB windows and its record chain walked
 * (each record's 16-byte header read, its bytes skipped, one byte of each touched), the records counted.
 * No copy, no decode: what no reader can go below. Usage: java bench/RecordWalk.java FILE.pcap
 * (little-endian pcap only)
 */
public final class RecordWalk {
    public static void main(String[] a) throws IOException {
        long records = 0, sum = 0;
        try (FileChannel fc = FileChannel.open(Path.of(a[0]), StandardOpenOption.READ)) {
            long size = fc.size(), base = 24;
            while (base + 16 <= size) {
                long len = Math.min(1L << 30, size - base);
                MappedByteBuffer m = fc.map(FileChannel.MapMode.READ_ONLY, base, len);
                m.order(ByteOrder.LITTLE_ENDIAN);
                int at = 0;
                while (at + 16 <= len) {
                    int incl = m.getInt(at + 8);
                    if (at + 16 + incl > len) break;
                    sum += m.get(at + 16 + incl / 2);
                    records++;
                    at += 16 + incl;
                }
                if (at == 0) break;
                base += at;
            }
        }
        System.out.println(records + " records (" + sum + ")");
    }
}
