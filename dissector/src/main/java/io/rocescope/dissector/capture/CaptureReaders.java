package io.rocescope.dissector.capture;

import io.rocescope.dissector.field.ksy.PcapFileLayout;
import io.rocescope.dissector.field.ksy.PcapngFileLayout;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Opens a capture file (or standard input, named "-") by looking at its magic number; a gzip, zstd or
 * LZ4 compressed one is decompressed on the fly (by content, not by name), as Wireshark 4 does.
 */
public final class CaptureReaders {
    private static final int BUFFER = 1 << 20;
    /**
     * The first word, which tells a capture's format: a pcap's magic or a pcapng's first block type (a section
     * header), both 4 bytes. A compression's magic is read from the same bytes (Compression: at most 4 of them).
     */
    static final int FIRST_WORD = Math.max(PcapFileLayout.LEN_HEADER_MAGIC, PcapngFileLayout.LEN_BLOCK_BLOCK_TYPE);

    private CaptureReaders() {}

    public static CaptureReader open(String pathOrDash) throws IOException {
        if ("-".equals(pathOrDash)) return open(System.in, "standard input");
        Path path = Path.of(pathOrDash);
        if (Files.isDirectory(path)) throw new CaptureFormatException(pathOrDash + ": is a directory, not a capture file");
        FileChannel channel;
        try {
            channel = FileChannel.open(path);
        } catch (NoSuchFileException e) {
            throw new CaptureFormatException(pathOrDash + ": no such file");
        } catch (java.nio.file.AccessDeniedException e) {
            throw new CaptureFormatException(pathOrDash + ": permission denied");
        }
        try {
            byte[] magic = new byte[FIRST_WORD];
            java.nio.ByteBuffer head = java.nio.ByteBuffer.wrap(magic);
            while (head.hasRemaining() && channel.read(head, head.position()) > 0) { }
            Compression c = Compression.of(magic, head.position());
            if (c != null) return decompressed(java.nio.channels.Channels.newInputStream(channel), pathOrDash, c);
            if (Files.isRegularFile(path) && MappedInput.possible()) return openMapped(channel, pathOrDash, MappedInput.WINDOW);
            return open(new ChannelInput(channel, BUFFER), pathOrDash);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /**
     * "pcapng" or "pcap" for a capture starting with {@code magic} ({@link #FIRST_WORD} bytes: a pcapng's section
     * header, a pcap's magic in either byte order), else null.
     */
    static String format(byte[] magic) {
        long be = ByteOrder32.u32(magic, 0, true), le = ByteOrder32.u32(magic, 0, false);
        if (be == PcapngReader.SHB) return "pcapng";
        boolean pcap = be == PcapReader.MAGIC_MICROS || be == PcapReader.MAGIC_NANOS || le == PcapReader.MAGIC_MICROS || le == PcapReader.MAGIC_NANOS;
        return pcap ? "pcap" : null;
    }

    /** Reads from a stream; {@code name} is used in messages. */
    public static CaptureReader open(InputStream stream, String name) throws IOException {
        java.io.BufferedInputStream in = new java.io.BufferedInputStream(stream, 1 << 16);
        in.mark(FIRST_WORD);
        byte[] magic = new byte[FIRST_WORD];
        int n = in.readNBytes(magic, 0, FIRST_WORD);
        in.reset();
        Compression c = Compression.of(magic, n);
        if (c != null) return decompressed(in, name, c);
        return open(new ChannelInput(in, BUFFER), name);
    }

    private static CaptureReader decompressed(InputStream compressed, String name, Compression c) throws IOException {
        InputStream plain;
        try {
            plain = c.decompress(compressed);
        } catch (IOException | RuntimeException e) {
            throw new CaptureFormatException(name + ": " + c.word() + "-compressed, but its header is damaged or cut short");
        }
        DecompressedStream stream = new DecompressedStream(plain, name, c);
        CaptureReader reader;
        try {
            reader = open(new ChannelInput(stream, BUFFER), name);
        } catch (CaptureFormatException e) {
            if (stream.damage() != null) throw new CaptureFormatException(stream.damage());
            throw new CaptureFormatException(e.getMessage().replaceFirst("^" + java.util.regex.Pattern.quote(name) + ": ",
                name + ": " + c.word() + "-compressed, and what it holds is ").replace("is empty file, not a capture", "is empty"));
        }
        return new DecompressedReader(reader, stream);
    }

    /** Reads a regular file through a mapping in windows of {@code windowSize} bytes (tests: records that straddle window ends). */
    static CaptureReader openMapped(Path file, String name, int windowSize) throws IOException {
        FileChannel channel = FileChannel.open(file);
        try {
            return openMapped(channel, name, windowSize);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** A reader of a mapped file; when the file is no capture, the window its first bytes were read from is unmapped. */
    private static CaptureReader openMapped(FileChannel channel, String name, int windowSize) throws IOException {
        MappedInput in = new MappedInput(channel, windowSize);
        try {
            return open(in, name);
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    /** Reads from a stream through a buffer of {@code bufferSize} bytes (tests: records that straddle buffer ends). */
    static CaptureReader open(InputStream stream, String name, int bufferSize) throws IOException {
        return open(new ChannelInput(stream, bufferSize), name);
    }

    private static CaptureReader open(CaptureInput in, String name) throws IOException {
        byte[] magic = new byte[FIRST_WORD];
        int n = in.read(magic, 0, FIRST_WORD);
        if (n == 0) throw new CaptureFormatException(name + ": empty file, not a capture");
        if (n < FIRST_WORD) throw new CaptureFormatException(name + ": only " + n + " bytes, not a capture file");
        String format = format(magic);
        if ("pcapng".equals(format)) return new PcapngReader(in, name, magic);
        if ("pcap".equals(format)) return new PcapReader(in, name, magic);
        throw new CaptureFormatException(String.format("%s: not a pcap or pcapng capture (starts with %02x %02x %02x %02x)",
            name, magic[0], magic[1], magic[2], magic[3]));
    }
}
