package io.rocescope.dissector.decode;

import java.util.zip.CRC32;

/**
 * The RoCE invariant CRC (IBTA Annex A16/A17): a standard CRC-32 over 8 bytes of 0xFF (standing in
 * for the LRH), the network header with its variant fields set to all ones (IPv4 TOS, TTL and
 * checksum; IPv6/GRH traffic class, flow label and hop limit), the UDP header with checksum 0xFFFF
 * (RoCEv2 only), the BTH with byte 4 (FECN, BECN, reserved) set to 0xFF, and the rest of the packet
 * up to the ICRC. Routers may change the masked fields without breaking the ICRC.
 */
public final class IcrcCalculator {
    /** Network header kinds. */
    public static final int IPV4 = 4, IPV6 = 6, GRH = 1;

    private final CRC32 crc = new CRC32();
    private final byte[] scratch = new byte[8 + 60 + 8 + 12];

    /**
     * @param l3Offset   start of the IPv4/IPv6 header or GRH
     * @param l3Kind     {@link #IPV4}, {@link #IPV6} or {@link #GRH}
     * @param l3Length   network header length in bytes
     * @param udpOffset  start of the UDP header, or -1 for RoCEv1
     * @param bthOffset  start of the BTH
     * @param icrcOffset start of the 4 ICRC bytes (everything before it is covered)
     * @return the CRC-32 value that the ICRC bytes should hold (sent least-significant byte first)
     */
    public long compute(byte[] d, int l3Offset, int l3Kind, int l3Length, int udpOffset, int bthOffset, int icrcOffset) {
        boolean contiguous = l3Offset >= 8 && (udpOffset >= 0
            ? l3Offset + l3Length == udpOffset && udpOffset + 8 == bthOffset
            : l3Offset + l3Length == bthOffset);
        return contiguous ? inPlace(d, l3Offset, l3Kind, udpOffset, bthOffset, icrcOffset)
            : copied(d, l3Offset, l3Kind, l3Length, udpOffset, bthOffset, icrcOffset);
    }

    /**
     * The usual frame, headers back to back behind at least 8 bytes of link header: the masks are
     * written into the frame itself, over the 8 bytes before the network header too, the CRC runs
     * once over one range, and every byte is put back. One pass instead of a copied prefix and a
     * second, unaligned pass: the CRC intrinsic pays for each call's unaligned head and tail.
     */
    private long inPlace(byte[] d, int l3, int l3Kind, int udp, int bth, int icrcOffset) {
        int start = l3 - 8;
        byte[] s = saved;
        System.arraycopy(d, start, s, 0, 8);
        s[8] = d[l3]; s[9] = d[l3 + 1]; s[10] = d[l3 + 2]; s[11] = d[l3 + 3];
        s[12] = d[l3 + 7]; s[13] = d[l3 + 8]; s[14] = d[l3 + 10]; s[15] = d[l3 + 11];
        s[16] = d[bth + 4];
        if (udp >= 0) { s[17] = d[udp + 6]; s[18] = d[udp + 7]; }
        for (int i = start; i < l3; i++) d[i] = (byte) 0xFF;
        mask(d, l3, l3Kind);
        if (udp >= 0) { d[udp + 6] = (byte) 0xFF; d[udp + 7] = (byte) 0xFF; }
        d[bth + 4] = (byte) 0xFF;
        crc.reset();
        crc.update(d, start, icrcOffset - start);
        System.arraycopy(s, 0, d, start, 8);
        d[l3] = s[8]; d[l3 + 1] = s[9]; d[l3 + 2] = s[10]; d[l3 + 3] = s[11];
        d[l3 + 7] = s[12]; d[l3 + 8] = s[13]; d[l3 + 10] = s[14]; d[l3 + 11] = s[15];
        d[bth + 4] = s[16];
        if (udp >= 0) { d[udp + 6] = s[17]; d[udp + 7] = s[18]; }
        return crc.getValue();
    }

    /** Sets the variant fields of a network header at {@code l3} to ones. */
    private static void mask(byte[] b, int l3, int l3Kind) {
        if (l3Kind == IPV4) {
            b[l3 + 1] = (byte) 0xFF;                  // TOS (DSCP + ECN)
            b[l3 + 8] = (byte) 0xFF;                  // TTL
            b[l3 + 10] = (byte) 0xFF;                 // header checksum
            b[l3 + 11] = (byte) 0xFF;
        } else {
            b[l3] = (byte) (b[l3] | 0x0F);            // traffic class (high nibble) ...
            b[l3 + 1] = (byte) 0xFF;                  // ... and flow label
            b[l3 + 2] = (byte) 0xFF;
            b[l3 + 3] = (byte) 0xFF;
            b[l3 + 7] = (byte) 0xFF;                  // hop limit
        }
    }

    private final byte[] saved = new byte[19];

    /** Any layout: the masked headers are copied into a scratch buffer first. */
    private long copied(byte[] d, int l3Offset, int l3Kind, int l3Length, int udpOffset, int bthOffset, int icrcOffset) {
        int n = 0;
        for (int i = 0; i < 8; i++) scratch[n++] = (byte) 0xFF;
        int l3 = n;
        System.arraycopy(d, l3Offset, scratch, n, l3Length);
        n += l3Length;
        mask(scratch, l3, l3Kind);
        if (udpOffset >= 0) {
            System.arraycopy(d, udpOffset, scratch, n, 8);
            scratch[n + 6] = (byte) 0xFF;                   // UDP checksum
            scratch[n + 7] = (byte) 0xFF;
            n += 8;
        }
        System.arraycopy(d, bthOffset, scratch, n, 12);
        scratch[n + 4] = (byte) 0xFF;                       // FECN, BECN, reserved
        n += 12;
        crc.reset();
        crc.update(scratch, 0, n);
        crc.update(d, bthOffset + 12, icrcOffset - bthOffset - 12);
        return crc.getValue();
    }

    /** The CRC value held by the 4 ICRC bytes at {@code icrcOffset} (least-significant byte first). */
    public static long found(byte[] d, int icrcOffset) {
        return Bytes.le32(d, icrcOffset);
    }
}
