package io.rocescope.flow;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.FieldType;
import io.rocescope.dissector.text.FieldText;

import java.util.HashMap;
import java.util.Map;

/**
 * Address text without a new String per packet: a capture has few distinct addresses, so their text is
 * kept by value (IPv4 and MAC in a long, IPv6 as two longs). Bounded: cleared when it grows past 65536.
 */
final class AddressCache {
    private static final int MAX = 65536;
    private record V6(long hi, long lo) {}

    private final Map<Long, String> small = new HashMap<>();
    private final Map<V6, String> v6 = new HashMap<>();

    // Consecutive packets mostly repeat the same few addresses: two slots in front of the maps.
    private long lastKey0 = -1, lastKey1 = -1;
    private String lastText0, lastText1;

    String text(DecodedFrame f, int field) {
        if (field < 0) return "?";
        FieldType type = f.def(field).type();
        if (type == FieldType.IPV4 || type == FieldType.ETHER) {
            long key = f.value(field) | (type == FieldType.ETHER ? 1L << 62 : 0);
            if (key == lastKey0) return lastText0;
            if (key == lastKey1) return lastText1;
            String s = small.get(key);
            if (s == null) {
                if (small.size() >= MAX) small.clear();
                s = FieldText.value(f, field);
                small.put(key, s);
            }
            lastKey1 = lastKey0;
            lastText1 = lastText0;
            lastKey0 = key;
            lastText0 = s;
            return s;
        }
        if (type == FieldType.IPV6) {
            byte[] d = f.data();
            int o = f.offset(field);
            V6 key = new V6(long8(d, o), long8(d, o + 8));
            String s = v6.get(key);
            if (s == null) {
                if (v6.size() >= MAX) v6.clear();
                s = FieldText.value(f, field);
                v6.put(key, s);
            }
            return s;
        }
        return FieldText.value(f, field);
    }

    private static long long8(byte[] d, int o) {
        long v = 0;
        for (int i = 0; i < 8; i++) v = (v << 8) | (d[o + i] & 0xFF);
        return v;
    }
}
