package io.rocescope.dissector.filter;

import io.rocescope.dissector.field.FieldDef;
import io.rocescope.dissector.field.FieldType;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A literal's value for the type of what it is compared with, as Wireshark reads it: integers in
 * decimal, 0x hex, 0 octal or 0b binary, a character constant or a value name; times in seconds;
 * absolute times as tshark prints them or ISO 8601 (local time unless "UTC" or "Z"); addresses
 * with an optional /prefix; byte strings with ':', '-' or '.' between bytes or none.
 * Returns null when the text is not a value of that type.
 */
final class Literals {
    private Literals() {}

    static Object parse(VType type, FieldDef def, Lexer.Token t) {
        String s = t.text();
        boolean quoted = t.kind() == Lexer.Kind.STRING;
        if (t.kind() == Lexer.Kind.CHAR) {
            char c = s.charAt(0);
            return switch (type) {
                case INT -> (long) c;
                case BYTES -> new byte[] {(byte) c};
                case STRING -> s;
                default -> null;
            };
        }
        try {
            return switch (type) {
                case INT -> integer(s, def);
                case DOUBLE -> quoted ? null : Double.parseDouble(s);
                case TIME -> quoted ? null : new BigDecimal(s).movePointRight(9).longValueExact();
                case ABSTIME -> absoluteTime(s);
                case IPV4 -> ipv4(s);
                case IPV6 -> ipv6(s);
                case ETHER -> { byte[] b = quoted ? null : bytes(s); yield b != null && b.length == 6 ? b : null; }
                case BYTES -> quoted ? s.getBytes(StandardCharsets.UTF_8) : bytes(s);
                case STRING -> s;
            };
        } catch (NumberFormatException | ArithmeticException e) {
            return null;
        }
    }

    /** An integer in any base, true/false for a boolean, or the value a field's value name stands for. */
    static Long integer(String s, FieldDef def) {
        Long v = number(s);
        if (v != null) return v;
        if (def != null && def.type() == FieldType.BOOLEAN) {
            if (s.equalsIgnoreCase("true")) return 1L;
            if (s.equalsIgnoreCase("false")) return 0L;
        }
        if (def != null && def.names() != null) {
            for (long x = 0; x <= 0xFFFF; x++) {
                String name = def.names().nameOf(x);
                if (name != null && name.equalsIgnoreCase(s)) return x;
            }
        }
        return null;
    }

    static Long number(String s) {
        if (s.startsWith("-") && s.length() > 1) {   // unary minus on a literal: a negative number
            Long v = number(s.substring(1));
            return v == null ? null : -v;
        }
        try {
            if (s.length() > 2 && (s.startsWith("0x") || s.startsWith("0X"))) return Long.parseUnsignedLong(s.substring(2), 16);
            if (s.length() > 2 && (s.startsWith("0b") || s.startsWith("0B"))) return Long.parseUnsignedLong(s.substring(2), 2);
            if (s.length() > 1 && s.startsWith("0")) return Long.parseUnsignedLong(s.substring(1), 8);
            return Long.parseUnsignedLong(s);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static final Pattern IPV4 = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})(?:/(\\d{1,2}))?");

    static Object ipv4(String s) {
        Matcher m = IPV4.matcher(s);
        if (!m.matches()) return null;
        long v = 0;
        for (int i = 1; i <= 4; i++) {
            int b = Integer.parseInt(m.group(i));
            if (b > 255) return null;
            v = (v << 8) | b;
        }
        if (m.group(5) == null) return v;
        int bits = Integer.parseInt(m.group(5));
        return bits > 32 ? null : new Net(v, bits);
    }

    private static final Pattern IPV6 = Pattern.compile("([0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*)(?:/(\\d{1,3}))?");

    /** An IPv6 address (RFC 4291 text, :: and a dotted IPv4 tail allowed), parsed here: no name lookup. */
    static Object ipv6(String s) {
        Matcher m = IPV6.matcher(s);
        if (!m.matches()) return null;
        byte[] a = ipv6Bytes(m.group(1));
        if (a == null) return null;
        if (m.group(2) == null) return a;
        int bits = Integer.parseInt(m.group(2));
        return bits > 128 ? null : new Net(a, bits);
    }

    private static byte[] ipv6Bytes(String s) {
        int gap = s.indexOf("::");
        if (gap >= 0 && s.indexOf("::", gap + 1) >= 0) return null;
        String head = gap >= 0 ? s.substring(0, gap) : s, tail = gap >= 0 ? s.substring(gap + 2) : "";
        int[] h = groups(head), t = groups(tail);
        if (h == null || t == null) return null;
        int n = h.length + t.length;
        if (gap < 0 ? n != 8 : n > 7) return null;
        byte[] out = new byte[16];
        for (int i = 0; i < h.length; i++) { out[2 * i] = (byte) (h[i] >> 8); out[2 * i + 1] = (byte) h[i]; }
        for (int i = 0; i < t.length; i++) {
            int k = 8 - t.length + i;
            out[2 * k] = (byte) (t[i] >> 8);
            out[2 * k + 1] = (byte) t[i];
        }
        return out;
    }

    /** 16-bit groups of one side of "::" (a dotted IPv4 address at the end counts as two). */
    private static int[] groups(String s) {
        if (s.isEmpty()) return new int[0];
        String[] parts = s.split(":", -1);
        int last = parts.length - 1;
        boolean dotted = parts[last].contains(".");
        int[] g = new int[parts.length + (dotted ? 1 : 0)];
        for (int i = 0; i < parts.length; i++) {
            if (i == last && dotted) {
                Object v4 = ipv4(parts[i]);
                if (!(v4 instanceof Long v)) return null;
                g[i] = (int) (v >> 16);
                g[i + 1] = (int) (v & 0xFFFF);
            } else {
                if (parts[i].isEmpty() || parts[i].length() > 4) return null;
                g[i] = Integer.parseInt(parts[i], 16);
            }
        }
        return g;
    }

    /** Hex bytes: "00:11:22", "00-11-22", "0011.2233.4455", or "001122". */
    static byte[] bytes(String s) {
        if (s.isEmpty()) return null;
        if (s.length() <= 4 && s.length() > 2 && (s.startsWith("0x") || s.startsWith("0X"))) {   // one byte: frame[14] == 0x45
            int v = Integer.parseInt(s.substring(2), 16);
            return new byte[] {(byte) v};
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        if (s.indexOf(':') < 0 && s.indexOf('-') < 0 && s.indexOf('.') < 0) return evenHex(s, out) ? out.toByteArray() : null;
        char sep = s.indexOf(':') >= 0 ? ':' : s.indexOf('-') >= 0 ? '-' : '.';
        for (String part : s.split(Pattern.quote(String.valueOf(sep)), -1)) {
            if (part.length() == 1) part = "0" + part;
            if (!evenHex(part, out)) return null;
        }
        return out.toByteArray();
    }

    private static boolean evenHex(String s, ByteArrayOutputStream out) {
        if (s.isEmpty() || s.length() % 2 != 0) return false;
        for (int i = 0; i < s.length(); i += 2) {
            int hi = Character.digit(s.charAt(i), 16), lo = Character.digit(s.charAt(i + 1), 16);
            if (hi < 0 || lo < 0) return false;
            out.write(hi << 4 | lo);
        }
        return true;
    }

    private static final DateTimeFormatter[] TIME_FORMATS = {
        new DateTimeFormatterBuilder().parseCaseInsensitive().appendPattern("MMM d, yyyy HH:mm[:ss]")
            .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true).optionalEnd()
            .toFormatter(Locale.ROOT),
        new DateTimeFormatterBuilder().appendPattern("yyyy-MM-dd['T'][' ']HH:mm[:ss]")
            .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true).optionalEnd()
            .toFormatter(Locale.ROOT),
    };

    /** Nanoseconds since the epoch; tshark's "Dec  1, 2026 05:04:12.673917000" or ISO 8601. */
    static Long absoluteTime(String s) {
        String text = s.trim().replaceAll("\\s+", " ");
        ZoneId zone = ZoneId.systemDefault();
        if (text.endsWith(" UTC") || text.endsWith("Z")) {
            zone = ZoneOffset.UTC;
            text = text.substring(0, text.length() - (text.endsWith("Z") ? 1 : 4)).trim();
        }
        for (DateTimeFormatter fmt : TIME_FORMATS) {
            try {
                LocalDateTime t = LocalDateTime.parse(text, fmt);
                var instant = t.atZone(zone).toInstant();
                return instant.getEpochSecond() * 1_000_000_000L + instant.getNano();
            } catch (DateTimeParseException e) {
                // try the next form
            }
        }
        return null;
    }
}
