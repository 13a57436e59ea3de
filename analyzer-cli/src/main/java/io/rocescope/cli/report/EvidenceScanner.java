package io.rocescope.cli.report;

import io.rocescope.dissector.capture.CaptureInterface;
import io.rocescope.dissector.capture.CaptureReader;
import io.rocescope.dissector.capture.CaptureReaders;
import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.decode.DecodeOptions;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.decode.FrameDecoder;
import io.rocescope.dissector.field.FieldInterest;
import io.rocescope.dissector.field.LinkTypeNames;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Reads one capture file once for its identity: its bytes are hashed on their way into the dissector's
 * own reader ({@link CaptureReaders#open(InputStream, String)}, so a gzip/zstd/lz4 file is hashed as
 * stored and read as what it holds), which gives the format, interfaces, comments, time span and frame
 * count. In the same pass the frames go, decoded, to the report's other readers (charts, evidence
 * extracts). Streams: memory does not grow with the file.
 */
public final class EvidenceScanner {
    /** Something else the report needs from every frame, in capture order (the frame is reused afterwards). */
    public interface FrameVisitor {
        void frame(DecodedFrame f) throws IOException;
    }

    private EvidenceScanner() {}

    public static Evidence scan(Path file) throws IOException {
        return scan(file, new DecodeOptions(), List.of());
    }

    public static Evidence scan(Path file, DecodeOptions decode, List<FrameVisitor> visitors) throws IOException {
        MessageDigest sha256 = digest("SHA-256"), sha1 = digest("SHA-1");
        long size = Files.size(file);
        List<String> warnings;
        List<CaptureInterface> ifaces;
        List<String> comments;
        String format, compression;
        long frames = 0;
        Long first = null, last = null;
        try (InputStream raw = Files.newInputStream(file);
             InputStream hashed = new DigestInputStream(new DigestInputStream(raw, sha256), sha1)) {
            try (CaptureReader reader = CaptureReaders.open(hashed, file.toString())) {
                FrameDecoder decoder = visitors.isEmpty() ? null : new FrameDecoder(decode, FieldInterest.summary());
                CaptureRecord rec = new CaptureRecord();
                while (reader.next(rec)) {
                    frames++;
                    long t = rec.timestampNanos;
                    if (first == null || t < first) first = t;
                    if (last == null || t > last) last = t;
                    if (decoder != null) {
                        DecodedFrame f = decoder.decode(rec);
                        for (FrameVisitor v : visitors) v.frame(f);
                    }
                }
                // what the reader left (damage, a trailer) is part of the file and of its hashes
                hashed.transferTo(OutputStream.nullOutputStream());
                format = reader.format();
                compression = reader.compression();
                ifaces = reader.interfaces();
                comments = reader.comments();
                warnings = List.copyOf(reader.warnings());
            }
        }
        List<Evidence.Interface> interfaces = new ArrayList<>();
        for (CaptureInterface i : ifaces) {
            String known = LinkTypeNames.NAMES.nameOf(i.linkType());
            interfaces.add(new Evidence.Interface(i.linkType(), known == null ? "Unknown (" + i.linkType() + ")" : known, i.snaplen(),
                i.name(), i.description()));
        }
        HexFormat hex = HexFormat.of();
        return new Evidence(file.getFileName().toString(), file.toString(), size, hex.formatHex(sha256.digest()),
            hex.formatHex(sha1.digest()), format, compression, interfaces, comments, frames, first, last, warnings);
    }

    private static MessageDigest digest(String name) {
        try {
            return MessageDigest.getInstance(name);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks " + name, e);
        }
    }
}
