package io.rocescope.cli.report;

import io.rocescope.dissector.capture.CaptureReader;
import io.rocescope.dissector.capture.CaptureReaders;
import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.field.LinkTypeNames;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Reads one capture file for its identity: the hashes of its bytes, the interfaces and comments its
 * headers describe, and the time span and count of its frames. Streams: memory does not grow with the
 * file (comments are kept up to a bound, as a hostile file may hold millions).
 */
public final class EvidenceScanner {
    static final int MAX_COMMENTS = 64, MAX_TEXT = 4096;
    private static final int PCAPNG_SHB = 0x0A0D0D0A, PCAPNG_IDB = 1;

    private EvidenceScanner() {}

    public static Evidence scan(Path file) throws IOException {
        long size = Files.size(file);
        String[] hashes = hashes(file);
        List<Evidence.Interface> interfaces = new ArrayList<>();
        List<String> comments = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        long frames = 0;
        Long first = null, last = null;
        String format;
        try (CaptureReader reader = CaptureReaders.open(file.toString())) {
            format = reader.format();
            CaptureRecord rec = new CaptureRecord();
            while (reader.next(rec)) {
                frames++;
                long t = rec.timestampNanos;
                if (first == null || t < first) first = t;
                if (last == null || t > last) last = t;
            }
            warnings.addAll(reader.warnings());
        }
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            if (format.equals("pcapng")) pcapngHeaders(new DataInputStream(in), interfaces, comments);
            else pcapHeader(new DataInputStream(in), interfaces);
        } catch (EOFException e) {
            // the reader above already warned about a file cut short; keep what the headers gave
        }
        return new Evidence(file.getFileName().toString(), file.toString(), size, hashes[0], hashes[1], format,
            interfaces, comments, frames, first, last, warnings);
    }

    private static String[] hashes(Path file) throws IOException {
        MessageDigest sha256, sha1;
        try {
            sha256 = MessageDigest.getInstance("SHA-256");
            sha1 = MessageDigest.getInstance("SHA-1");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks SHA-256 or SHA-1", e);
        }
        byte[] buf = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buf)) > 0; ) {
                sha256.update(buf, 0, n);
                sha1.update(buf, 0, n);
            }
        }
        HexFormat hex = HexFormat.of();
        return new String[] {hex.formatHex(sha256.digest()), hex.formatHex(sha1.digest())};
    }

    private static void pcapHeader(DataInputStream in, List<Evidence.Interface> out) throws IOException {
        byte[] h = new byte[24];
        in.readFully(h);
        boolean big = (h[0] & 0xFF) == 0xA1;
        long snaplen = u32(h, 16, big), linkType = u32(h, 20, big) & 0x0FFFFFFF;   // upper bits: FCS flags
        out.add(iface((int) linkType, snaplen, null, null));
    }

    private static Evidence.Interface iface(int linkType, long snaplen, String name, String description) {
        String known = LinkTypeNames.NAMES.nameOf(linkType);
        return new Evidence.Interface(linkType, known == null ? "Unknown (" + linkType + ")" : known, snaplen, name, description);
    }

    /** Walks every block; keeps section-header and interface options (comments, names). */
    private static void pcapngHeaders(DataInputStream in, List<Evidence.Interface> out, List<String> comments) throws IOException {
        byte[] head = new byte[8];
        boolean big = false;
        while (true) {
            try {
                in.readFully(head);
            } catch (EOFException e) {
                return;
            }
            int type = (int) u32(head, 0, true);
            byte[] body;
            if (type == PCAPNG_SHB) {
                byte[] bom = new byte[4];
                in.readFully(bom);
                big = u32(bom, 0, true) == 0x1A2B3C4DL;
                long total = u32(head, 4, big);
                if (total < 28 || total > (16L << 20)) return;
                body = new byte[(int) total - 12];
                in.readFully(body);
                // body: version 4, section length 8, options, trailing length 4
                options(body, 12, body.length - 4, big, (code, text) -> {
                    if (code == 1) add(comments, text);
                    else if (code >= 2 && code <= 4) add(comments, (code == 2 ? "Hardware: " : code == 3 ? "OS: " : "Application: ") + text);
                });
                continue;
            }
            type = (int) u32(head, 0, big);
            long total = u32(head, 4, big);
            if (total < 12 || total > (16L << 20)) return;
            if (type != PCAPNG_IDB) {
                in.skipNBytes(total - 8);
                continue;
            }
            body = new byte[(int) total - 8];
            in.readFully(body);
            if (body.length < 12) return;
            int linkType = (int) (big ? ((body[0] & 0xFF) << 8 | (body[1] & 0xFF)) : ((body[1] & 0xFF) << 8 | (body[0] & 0xFF)));
            long snaplen = u32(body, 4, big);
            String[] nameDesc = new String[2];
            final boolean b = big;
            options(body, 8, body.length - 4, b, (code, text) -> {
                if (code == 2) nameDesc[0] = text;
                else if (code == 3) nameDesc[1] = text;
                else if (code == 1) add(comments, "Interface " + out.size() + ": " + text);
            });
            out.add(iface(linkType, snaplen, nameDesc[0], nameDesc[1]));
        }
    }

    private interface OptionSink { void option(int code, String text); }

    private static void options(byte[] b, int from, int to, boolean big, OptionSink sink) {
        int p = from;
        while (p + 4 <= to) {
            int code = u16(b, p, big), len = u16(b, p + 2, big);
            if (code == 0 || p + 4 + len > to) return;
            sink.option(code, new String(b, p + 4, len, StandardCharsets.UTF_8));
            p += 4 + ((len + 3) & ~3);
        }
    }

    private static void add(List<String> comments, String text) {
        if (comments.size() >= MAX_COMMENTS) return;
        comments.add(text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) + "…" : text);
    }

    private static int u16(byte[] b, int o, boolean big) {
        return big ? (b[o] & 0xFF) << 8 | (b[o + 1] & 0xFF) : (b[o + 1] & 0xFF) << 8 | (b[o] & 0xFF);
    }

    private static long u32(byte[] b, int o, boolean big) {
        long v = big ? (b[o] & 0xFFL) << 24 | (b[o + 1] & 0xFFL) << 16 | (b[o + 2] & 0xFFL) << 8 | (b[o + 3] & 0xFFL)
                     : (b[o + 3] & 0xFFL) << 24 | (b[o + 2] & 0xFFL) << 16 | (b[o + 1] & 0xFFL) << 8 | (b[o] & 0xFFL);
        return v;
    }
}
