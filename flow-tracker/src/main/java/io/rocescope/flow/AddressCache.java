package io.rocescope.flow;

import io.rocescope.dissector.field.FieldType;
import io.rocescope.dissector.text.Addresses;
import io.rocescope.dissector.text.LineBuffer;
import io.rocescope.dissector.util.BigEndian;
import io.rocescope.dissector.value.Gid;

import java.util.HashMap;
import java.util.Map;

/**
 * One {@link Address} per distinct address, without a new object per packet: a capture has few distinct
 * addresses, so each is kept by value (its text made once). Bounded: cleared when it grows past 65536
 * (addresses made before still compare equal by value).
 */
final class AddressCache {
    private static final int MAX = 65536;
    private record Key(FieldType type, long hi, long lo) {}

    private final Map<Key, Address> known = new HashMap<>();
    private final byte[] bytes = new byte[16];

    /**
     * In front of the map, a direct-mapped table of the addresses seen lately: packets rotate among a few
     * hosts (more than two when several host pairs interleave), and a hit makes no key object.
     */
    private static final int SLOTS = 256;
    private final Address[] slots = new Address[SLOTS];

    /** The address of {@code type} with these values (see PacketView), {@link Address#NONE} without one. */
    Address of(FieldType type, boolean present, long hi, long lo) {
        if (!present || type == null) return Address.NONE;
        long h = (lo ^ Long.rotateLeft(hi, 17) ^ type.ordinal()) * 0x9E3779B97F4A7C15L;
        int i = (int) (h >>> 56);
        Address a = slots[i];
        if (a != null && a.type == type && a.hi == hi && a.lo == lo) return a;
        Key key = new Key(type, hi, lo);
        a = known.get(key);
        if (a == null) {
            if (known.size() >= MAX) known.clear();
            a = new Address(type, hi, lo, format(type, hi, lo));
            known.put(key, a);
        }
        slots[i] = a;
        return a;
    }

    /** An IPv4 address (a GID's mapped one) by its value. */
    Address ipv4(long value) { return of(FieldType.IPV4, true, 0, value & 0xFFFFFFFFL); }

    /** An IPv6 address or GID by its 16 bytes at {@code off}. */
    Address ipv6(byte[] d, int off) {
        return of(FieldType.IPV6, true, BigEndian.read(d, off, 8), BigEndian.read(d, off + 8, 8));
    }

    /**
     * A GID's address as a value: an IPv4-mapped GID (RoCEv2 over IPv4) is its IPv4 address, as the IP header
     * of the packets it sends has it; any other GID is an IPv6 address.
     */
    Address gid(Gid gid) {
        long v4 = gid.mappedIpv4();
        return v4 >= 0 ? ipv4(v4) : of(FieldType.IPV6, true, gid.hi(), gid.lo());
    }

    private String format(FieldType type, long hi, long lo) {
        LineBuffer sb = new LineBuffer(40);
        switch (type) {
            case IPV4: return Addresses.ipv4(sb, lo).toString();
            case ETHER: return Addresses.mac(sb, lo).toString();
            default:
                for (int i = 0; i < 8; i++) {
                    bytes[i] = (byte) (hi >>> (56 - 8 * i));
                    bytes[8 + i] = (byte) (lo >>> (56 - 8 * i));
                }
                return Addresses.ipv6(sb, bytes, 0).toString();
        }
    }
}
