package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.ksy.IbLrhLayout;
import io.rocescope.dissector.field.ksy.IbTransportLayout;
import io.rocescope.dissector.field.ksy.Ipv4PacketLayout;
import io.rocescope.dissector.field.ksy.Ipv6PacketLayout;
import io.rocescope.dissector.field.ksy.RoceV1GrhLayout;
import io.rocescope.dissector.field.ksy.UdpDatagramLayout;

import java.util.zip.CRC32;

/**
 * The RoCE invariant CRC (IBTA Annex A16/A17): a standard CRC-32 over 8 bytes of 0xFF (standing in
 * for the LRH), the network header with its variant fields set to all ones (IPv4 TOS, TTL and
 * checksum; IPv6/GRH traffic class, flow label and hop limit), the UDP header with checksum 0xFFFF
 * (RoCEv2 only), the BTH with byte 4 (FECN, BECN, reserved) set to 0xFF, and the rest of the packet
 * up to the ICRC. Routers may change the masked fields without breaking the ICRC. Which fields those are is
 * written in ksy/ (each marked {@code -icrc: variant}); the build generates each header's
 * {@code icrcVariantToOnes} from the marks, so no mask is spelled here.
 */
public final class IcrcCalculator {
    /** Network header kinds: RoCEv2 over IPv4/IPv6, RoCEv1 (GRH), native InfiniBand with an LRH only or an LRH and a GRH. */
    public static final int IPV4 = 4, IPV6 = 6, GRH = 1, LRH = 2, LRH_GRH = 3;

    private final CRC32 crc = new CRC32();
    /** The 8 bytes of ones that stand in for a LRH (an LRH's size). */
    private static final int LRH_ONES = IbLrhLayout.FIXED_SIZE;
    private static final int BTH = IbTransportLayout.FIXED_SIZE_BTH;
    /** IPv4's longest header, options included: the largest IHL, in its 4-byte units (60 bytes). */
    private static final int IPV4_MAX_HEADER = (int) (Ipv4PacketLayout.MASK_IHL * Ipv4PacketLayout.IHL_UNIT);
    /** The headers copied for the CRC (or kept while they are masked in place): LRH + IPv4 with options + UDP + BTH. */
    private final byte[] scratch = new byte[LRH_ONES + IPV4_MAX_HEADER + UdpDatagramLayout.FIXED_SIZE + BTH];

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
        // a routed (global) packet's LRH changes at every router: it counts as 8 bytes of ones, as in RoCEv1
        if (l3Kind == LRH_GRH) return compute(d, l3Offset + LRH_ONES, GRH, GrhDissector.LENGTH, -1, bthOffset, icrcOffset);
        if (l3Kind == LRH) return nativeIb(d, l3Offset, bthOffset, icrcOffset);
        boolean contiguous = l3Offset >= LRH_ONES && (udpOffset >= 0
            ? l3Offset + l3Length == udpOffset && udpOffset + UdpDatagramLayout.FIXED_SIZE == bthOffset
            : l3Offset + l3Length == bthOffset);
        return contiguous ? inPlace(d, l3Offset, l3Kind, udpOffset, bthOffset, icrcOffset)
            : copied(d, l3Offset, l3Kind, l3Length, udpOffset, bthOffset, icrcOffset);
    }

    /**
     * The usual frame, headers back to back behind at least 8 bytes of link header: the masks are
     * written into the frame itself, over the 8 bytes before the network header too (the LRH's ones), the CRC runs
     * once over one range, and the bytes are put back. One pass instead of a copied prefix and a
     * second, unaligned pass: the CRC intrinsic pays for each call's unaligned head and tail.
     */
    private long inPlace(byte[] d, int l3, int l3Kind, int udp, int bth, int icrcOffset) {
        int start = l3 - LRH_ONES, masked = bth + IbTransportLayout.ICRC_VARIANT_END_BTH - start;   // the BTH's last masked byte ends the masks
        System.arraycopy(d, start, scratch, 0, masked);
        java.util.Arrays.fill(d, start, l3, (byte) 0xFF);
        mask(d, l3, l3Kind, udp, bth);
        crc.reset();
        crc.update(d, start, icrcOffset - start);
        System.arraycopy(scratch, 0, d, start, masked);
        return crc.getValue();
    }

    /** Any layout: 8 bytes of ones and copies of the headers in a scratch buffer, masked there, then the rest. */
    private long copied(byte[] d, int l3Offset, int l3Kind, int l3Length, int udpOffset, int bthOffset, int icrcOffset) {
        java.util.Arrays.fill(scratch, 0, LRH_ONES, (byte) 0xFF);
        int n = LRH_ONES;
        System.arraycopy(d, l3Offset, scratch, n, l3Length);
        n += l3Length;
        int udp = -1;
        if (udpOffset >= 0) {
            System.arraycopy(d, udpOffset, scratch, n, UdpDatagramLayout.FIXED_SIZE);
            udp = n;
            n += UdpDatagramLayout.FIXED_SIZE;
        }
        System.arraycopy(d, bthOffset, scratch, n, BTH);
        mask(scratch, LRH_ONES, l3Kind, udp, n);
        n += BTH;
        crc.reset();
        crc.update(scratch, 0, n);
        crc.update(d, bthOffset + BTH, icrcOffset - bthOffset - BTH);
        return crc.getValue();
    }

    /**
     * Native InfiniBand without a GRH: the real LRH takes the place of the 8 bytes of ones, with its
     * variant field (the Virtual Lane) set to ones; then the BTH with its variant bits masked.
     * (Checked on a real ibdump capture: with a GRH the LRH counts as ones instead, as in RoCEv1.)
     */
    private long nativeIb(byte[] d, int lrh, int bth, int icrcOffset) {
        int n = bth + BTH - lrh;
        System.arraycopy(d, lrh, scratch, 0, n);
        IbLrhLayout.icrcVariantToOnes(scratch, 0);
        IbTransportLayout.icrcVariantToOnesBth(scratch, n - BTH);
        crc.reset();
        crc.update(scratch, 0, n);
        crc.update(d, bth + BTH, icrcOffset - bth - BTH);
        return crc.getValue();
    }

    /**
     * The VCRC of native InfiniBand: CRC-16 with polynomial 0x100B (reflected; its init and final xor are ib_lrh.ksy's)
     * over the whole packet from the LRH to the ICRC included; sent least-significant byte first.
     */
    public static int vcrc(byte[] d, int from, int to) {
        int crc = (int) IbLrhLayout.VARIANT_CRC_INIT;
        for (int i = from; i < to; i++) {
            crc ^= d[i] & 0xFF;
            for (int k = 0; k < 8; k++) crc = (crc & 1) != 0 ? (crc >>> 1) ^ 0xD008 : crc >>> 1;
        }
        return crc ^ (int) IbLrhLayout.VARIANT_CRC_XOR_OUT;
    }

    /** Sets the variant fields to ones: of the network header at {@code l3}, of the UDP header (udp ≥ 0), of the BTH. */
    private static void mask(byte[] b, int l3, int l3Kind, int udp, int bth) {
        if (l3Kind == IPV4) Ipv4PacketLayout.icrcVariantToOnes(b, l3);            // TOS (DSCP + ECN), TTL, header checksum
        else if (l3Kind == GRH) RoceV1GrhLayout.icrcVariantToOnes(b, l3);         // traffic class, flow label, hop limit
        else Ipv6PacketLayout.icrcVariantToOnes(b, l3);                           // the same, as IPv6 names them
        if (udp >= 0) UdpDatagramLayout.icrcVariantToOnes(b, udp);                // UDP checksum
        IbTransportLayout.icrcVariantToOnesBth(b, bth);                           // FECN, BECN, reserved
    }

    /**
     * The CRC value held by the 4 ICRC bytes at {@code icrcOffset}: least-significant byte first, as CRC-32 (a
     * reflected CRC) is sent; the field's value shown is its layout's big-endian read, as Wireshark's.
     */
    public static long found(byte[] d, int icrcOffset) {
        int o = icrcOffset;
        return (d[o] & 0xFFL) | ((d[o + 1] & 0xFFL) << 8) | ((d[o + 2] & 0xFFL) << 16) | ((d[o + 3] & 0xFFL) << 24);
    }
}
