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

    // Consecutive packets mostly repeat the same few addresses: two slots in front of the map.
    private FieldType lastType0, lastType1;
    private long lastHi0, lastLo0, lastHi1, lastLo1;
    private String lastText0, lastText1;

    /** The text of an address of {@code type} with these values (see PacketView), "?" without an address. */
    String text(FieldType type, boolean present, long hi, long lo) {
        if (!present || type == null) return "?";
        if (type == lastType0 && hi == lastHi0 && lo == lastLo0) return lastText0;
        if (type == lastType1 && hi == lastHi1 && lo == lastLo1) return lastText1;
        Key key = new Key(type, hi, lo);
        String s = texts.get(key);
        if (s == null) {
            if (texts.size() >= MAX) texts.clear();
            s = format(type, hi, lo);
            texts.put(key, s);
        }
        lastType1 = lastType0; lastHi1 = lastHi0; lastLo1 = lastLo0; lastText1 = lastText0;
        lastType0 = type; lastHi0 = hi; lastLo0 = lo; lastText0 = s;
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
