package io.rocescope.dissector.capture;

import com.github.luben.zstd.ZstdInputStream;
import net.jpountz.lz4.LZ4FrameInputStream;

import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;

/**
 * The compressions Wireshark 4 reads transparently, recognized by their magic bytes (never by the
 * file name): gzip (the JDK's), zstd (zstd-jni) and the LZ4 frame format (lz4-java).
 */
enum Compression {
    GZIP("gzip"), ZSTD("zstd"), LZ4("lz4");

    private final String word;

    Compression(String word) { this.word = word; }

    /** "gzip", "zstd" or "lz4", for messages. */
    String word() { return word; }

    /** The compression whose magic number starts {@code b} (at least 4 bytes), or null. */
    static Compression of(byte[] b, int n) {
        if (n >= 2 && (b[0] & 0xFF) == 0x1F && (b[1] & 0xFF) == 0x8B) return GZIP;
        if (n >= 4 && (b[0] & 0xFF) == 0x28 && (b[1] & 0xFF) == 0xB5 && (b[2] & 0xFF) == 0x2F && (b[3] & 0xFF) == 0xFD) return ZSTD;
        if (n >= 4 && (b[0] & 0xFF) == 0x04 && (b[1] & 0xFF) == 0x22 && (b[2] & 0xFF) == 0x4D && (b[3] & 0xFF) == 0x18) return LZ4;
        return null;
    }

    /** The decompressed bytes of {@code in} (which starts with this compression's magic number). */
    InputStream decompress(InputStream in) throws IOException {
        switch (this) {
            case GZIP: return new GZIPInputStream(in, 1 << 16);   // several members in a row are read as one stream, as gunzip does
            case ZSTD: return new ZstdInputStream(in).setContinuous(false);
            case LZ4: return new LZ4FrameInputStream(in);
            default: throw new AssertionError(this);
        }
    }
}
