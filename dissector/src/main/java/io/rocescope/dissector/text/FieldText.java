package io.rocescope.dissector.text;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.Base;
import io.rocescope.dissector.field.FieldDef;
import io.rocescope.dissector.value.Gid;

import java.nio.charset.StandardCharsets;

/**
 * The two texts of a field: its value as {@code -T fields} prints it (tshark's conventions: decimal or
 * 0x-padded hex, addresses, hex bytes) and its display string for the tree (value names, units).
 */
public final class FieldText {
    private FieldText() {}

    /** The value as {@code -T fields} prints it. */
    public static LineBuffer value(LineBuffer sb, DecodedFrame f, int i) {
        FieldDef def = f.def(i);
        long v = f.value(i);
        switch (def.type()) {
            case PROTOCOL: return sb;
            case UINT:
                if (def.base() == Base.HEX) return Text.hex0x(sb, v, def.hexDigits());
                return sb.append(Long.toUnsignedString(v));
            case BOOLEAN: return sb.append(v != 0 ? '1' : '0');
            case ETHER: return Addresses.mac(sb, v);
            case IPV4: return Addresses.ipv4(sb, v);
            case IPV6: return Addresses.ipv6(sb, f.data(), f.offset(i));
            case BYTES: return Text.hexBytes(sb, f.data(), f.offset(i), f.length(i));
            case STRING: return sb.append(string(f, i));
            case DOUBLE: return sb.append(Double.toString(Double.longBitsToDouble(v)));
            case ABSOLUTE_TIME: if (def.base() == Base.DATE) return sb.append(date(v));
            // fall through: an epoch time prints as seconds
            case RELATIVE_TIME: return Text.seconds(sb, v, 9);
            default: throw new IllegalStateException(def.type().toString());
        }
    }

    public static String value(DecodedFrame f, int i) {
        return value(new LineBuffer(), f, i).toString();
    }

    /** The text shown in the tree after the label: value names and units where they help. */
    public static String display(DecodedFrame f, int i) {
        FieldDef def = f.def(i);
        long v = f.value(i);
        LineBuffer sb = new LineBuffer();
        if (def.type() == io.rocescope.dissector.field.FieldType.UINT
            || def.type() == io.rocescope.dissector.field.FieldType.BOOLEAN) {
            String name = def.names() == null ? null : def.names().nameOf(v);
            if (def.base() == Base.HEX) Text.hex0x(sb, v, def.hexDigits());
            else sb.append(Long.toUnsignedString(v));
            if (name != null) return name + " (" + sb + ")";
            return sb.toString();
        }
        if (def.type() == io.rocescope.dissector.field.FieldType.IPV6) {
            value(sb, f, i);
            return sb.toString();
        }
        if (def.type() == io.rocescope.dissector.field.FieldType.BYTES && f.length(i) > 32) {
            Text.hexBytes(sb, f.data(), f.offset(i), 32);
            return sb.append("… (").append(f.length(i)).append(" bytes)").toString();
        }
        return value(sb, f, i).toString();
    }

    private static final java.time.format.DateTimeFormatter DATE =
        java.time.format.DateTimeFormatter.ofPattern("MMM ppd, yyyy HH:mm:ss", java.util.Locale.ROOT);

    /** tshark's absolute time: "Dec  1, 2026 05:04:12.673917000 UTC", in the local time zone as tshark. */
    static String date(long nanos) {
        var t = java.time.Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos, 1_000_000_000L))
            .atZone(java.time.ZoneId.systemDefault());
        String zone = t.getZone().getDisplayName(java.time.format.TextStyle.SHORT, java.util.Locale.ROOT);
        return DATE.format(t) + String.format(java.util.Locale.ROOT, ".%09d ", t.getNano()) + zone;
    }

    private static String string(DecodedFrame f, int i) {
        Object o = f.object(i);
        if (o instanceof Gid g) return Addresses.ipv6(g);   // decoding keeps addresses as values
        if (o != null) return o.toString();
        if (f.def(i).names() != null) return f.def(i).names().label(f.value(i));
        int off = f.offset(i), len = f.length(i);
        byte[] d = f.data();
        int end = off;
        while (end < off + len && d[end] != 0) end++;
        return new String(d, off, end - off, StandardCharsets.ISO_8859_1);
    }
}
