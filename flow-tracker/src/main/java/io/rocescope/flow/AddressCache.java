package io.rocescope.flow;

import io.rocescope.dissector.field.FieldType;
import io.rocescope.dissector.text.Addresses;
import io.rocescope.dissector.text.LineBuffer;

import java.util.HashMap;
import java.util.Map;

/**
 * Address text without a new String per packet: a capture has few distinct addresses, so their text is
 * kept by value. Bounded: cleared when it grows past 65536.
 */
final class AddressCache {
    private static final int MAX = 65536;
    private record Key(FieldType type, long hi, long lo) {}

    private final Map<Key, String> texts = new HashMap<>();
    private final byte[] bytes = new byte[16];

    /**
     * In front of the map, a direct-mapped table of the addresses seen lately: packets rotate among a few
     * hosts (more than two when several host pairs interleave), and a hit makes no key object.
     */
    private static final int SLOTS = 256;
    private final FieldType[] slotType = new FieldType[SLOTS];
    private final long[] slotHi = new long[SLOTS], slotLo = new long[SLOTS];
    private final String[] slotText = new String[SLOTS];

    /** The text of an address of {@code type} with these values (see PacketView), "?" without an address. */
    String text(FieldType type, boolean present, long hi, long lo) {
        if (!present || type == null) return "?";
        long h = (lo ^ Long.rotateLeft(hi, 17) ^ type.ordinal()) * 0x9E3779B97F4A7C15L;
        int i = (int) (h >>> 56);
        if (slotType[i] == type && slotHi[i] == hi && slotLo[i] == lo) return slotText[i];
        Key key = new Key(type, hi, lo);
        String s = texts.get(key);
        if (s == null) {
            if (texts.size() >= MAX) texts.clear();
            s = format(type, hi, lo);
            texts.put(key, s);
        }
        slotType[i] = type;
        slotHi[i] = hi;
        slotLo[i] = lo;
        slotText[i] = s;
        return s;
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
