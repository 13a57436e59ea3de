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
        int n = 0;
        for (int i = 0; i < 8; i++) scratch[n++] = (byte) 0xFF;
        int l3 = n;
        System.arraycopy(d, l3Offset, scratch, n, l3Length);
        n += l3Length;
        if (l3Kind == IPV4) {
            scratch[l3 + 1] = (byte) 0xFF;                  // TOS (DSCP + ECN)
            scratch[l3 + 8] = (byte) 0xFF;                  // TTL
            scratch[l3 + 10] = (byte) 0xFF;                 // header checksum
            scratch[l3 + 11] = (byte) 0xFF;
        } else {
            scratch[l3] = (byte) (scratch[l3] | 0x0F);      // traffic class (high nibble) ...
            scratch[l3 + 1] = (byte) 0xFF;                  // ... and flow label
            scratch[l3 + 2] = (byte) 0xFF;
            scratch[l3 + 3] = (byte) 0xFF;
            scratch[l3 + 7] = (byte) 0xFF;                  // hop limit
        }
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
