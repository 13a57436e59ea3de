package io.rocescope.dissector.text;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.FieldType;
import io.rocescope.dissector.field.ksy.EthernetFrameLayout;
import io.rocescope.dissector.field.ksy.IbMadLayout;
import io.rocescope.dissector.field.ksy.Ipv4PacketLayout;
import io.rocescope.dissector.util.BigEndian;
import io.rocescope.dissector.value.Gid;

/** Address text: MAC, IPv4, IPv6 (RFC 5952 compressed, with IPv4-mapped addresses as ::ffff:a.b.c.d). */
public final class Addresses {
    private Addresses() {}

    /** The frame's source address (the Source column; nothing when it has none). */
    public static LineBuffer source(LineBuffer sb, DecodedFrame f) {
        return of(sb, f.addressType(), f.data(), f.sourceOffset());
    }

    /** The source address as text ("" when none). */
    public static String source(DecodedFrame f) { return source(new LineBuffer(40), f).toString(); }

    /** The destination address as text ("" when none). */
    public static String destination(DecodedFrame f) { return destination(new LineBuffer(40), f).toString(); }

    /** The frame's destination address (the Destination column; nothing when it has none). */
    public static LineBuffer destination(LineBuffer sb, DecodedFrame f) {
        return of(sb, f.addressType(), f.data(), f.destinationOffset());
    }

    /** An address of {@code type} (ETHER, IPV4, IPV6) whose bytes are at {@code off}; nothing when off is -1. */
    public static LineBuffer of(LineBuffer sb, FieldType type, byte[] d, int off) {
        if (off < 0 || type == null) return sb;
        switch (type) {
            case ETHER: return mac(sb, BigEndian.read(d, off, EthernetFrameLayout.LEN_SRC_MAC));
            case IPV4: return ipv4(sb, BigEndian.read(d, off, Ipv4PacketLayout.LEN_SRC_ADDR));
            case IPV6: return ipv6(sb, d, off);
            default: throw new IllegalArgumentException("not an address type: " + type);
        }
    }

    public static LineBuffer mac(LineBuffer sb, long v) {
        for (int i = 5; i >= 0; i--) {
            Text.hex(sb, (v >>> (i * 8)) & 0xFF, 2);
            if (i > 0) sb.append(':');
        }
        return sb;
    }

    public static LineBuffer ipv4(LineBuffer sb, long v) {
        return sb.append((int) (v >>> 24) & 0xFF).append('.').append((int) (v >>> 16) & 0xFF).append('.')
            .append((int) (v >>> 8) & 0xFF).append('.').append((int) v & 0xFF);
    }

    /** The 16-bit word of an IPv4-mapped address that holds ksy/ib_mad.ksy's marker (0xffff). */
    private static final int MAPPED_MARKER_WORD = (int) IbMadLayout.IPV4_MAPPED_GID_MARKER_OFFSET / 2;

    public static LineBuffer ipv6(LineBuffer sb, byte[] d, int off) {
        int[] w = new int[8];
        for (int i = 0; i < 8; i++) w[i] = ((d[off + 2 * i] & 0xFF) << 8) | (d[off + 2 * i + 1] & 0xFF);
        boolean mapped = w[0] == 0 && w[1] == 0 && w[2] == 0 && w[3] == 0 && w[4] == 0 && w[MAPPED_MARKER_WORD] == IbMadLayout.IPV4_MAPPED_GID_MARKER;
        if (mapped) {
            sb.append("::ffff:");
            return ipv4(sb, ((long) w[6] << 16) | w[7]);
        }
        // longest run of zero words (length >= 2) becomes "::"
        int bestStart = -1, bestLen = 1;
        for (int i = 0; i < 8; ) {
            if (w[i] != 0) { i++; continue; }
            int j = i;
            while (j < 8 && w[j] == 0) j++;
            if (j - i > bestLen) { bestStart = i; bestLen = j - i; }
            i = j;
        }
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                sb.append("::");
                i += bestLen - 1;
                continue;
            }
            if (i > 0 && i != bestStart + bestLen) sb.append(':');
            sb.append(Integer.toHexString(w[i]));
        }
        return sb;
    }

    public static String ipv6(byte[] d, int off) {
        return ipv6(new LineBuffer(40), d, off).toString();
    }

    /** A GID's text, as an IPv6 address's (IPv4-mapped ones as ::ffff:a.b.c.d). */
    public static String ipv6(Gid gid) {
        return ipv6(gid.bytes(), 0);
    }
}
