package io.rocescope.gui;

import io.rocescope.dissector.field.LinkTypeNames;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/** Capture file properties, named as capinfos names them (File size, Number of packets, First packet time …). */
final class CaptureProperties {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private CaptureProperties() {}

    static Map<String, String> of(CaptureFile f, int displayed, String sha256) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("File name", f.path.toString());
        m.put("File type", f.format + (f.compressed ? " (compressed)" : ""));
        m.put("File encapsulation", f.linkTypes.stream()
            .map(t -> LinkTypeNames.NAMES.nameOf(t) + " (" + t + ")").collect(Collectors.joining(", ")));
        long snap = f.snaplen();
        m.put("Packet size limit", snap < 0 ? "per interface" : snap + " bytes");
        m.put("File size", f.size + " bytes");
        m.put("SHA256", sha256 == null ? "(computing …)" : sha256);
        int n = f.index.size();
        m.put("Number of packets", Integer.toString(n));
        m.put("Displayed packets", Integer.toString(displayed));
        m.put("Data size", f.wireBytes() + " bytes");
        m.put("Captured bytes", f.capturedBytes() + " bytes");
        if (n > 0) {
            int digits = f.nanosecondTimestamps() ? 9 : 6;
            double secs = (f.lastTime() - f.firstTime()) / 1e9;
            m.put("Capture duration", String.format(java.util.Locale.ROOT, "%." + digits + "f seconds", secs));
            m.put("First packet time", time(f.firstTime(), digits));
            m.put("Last packet time", time(f.lastTime(), digits));
            m.put("Average packet size", String.format(java.util.Locale.ROOT, "%.2f bytes", (double) f.wireBytes() / n));
            if (secs > 0) m.put("Average packet rate", String.format(java.util.Locale.ROOT, "%.2f packets/sec", n / secs));
            m.put("Strict time order", f.timeOrdered() ? "True" : "False");
        }
        m.put("Warnings", f.warnings().isEmpty() ? "none" : String.join("; ", f.warnings()));
        return m;
    }

    /** Local time, as capinfos prints it, with {@code digits} decimals. */
    static String time(long nanos, int digits) {
        Instant t = Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos, 1_000_000_000L));
        String frac = String.format("%09d", t.getNano()).substring(0, digits);
        return TIME.format(t.atZone(ZoneId.systemDefault())) + "." + frac;
    }

    static String sha256(java.nio.file.Path p) throws IOException {
        try (InputStream in = Files.newInputStream(p)) {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            byte[] b = new byte[1 << 16];
            int n;
            while ((n = in.read(b)) > 0) md.update(b, 0, n);
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
