package io.rocescope.dissector.util;

import java.util.LinkedHashMap;
import java.util.Map;

/** A map that keeps at most {@code max} entries, dropping the least recently used: state that stays bounded. */
public final class LruMap<K, V> extends LinkedHashMap<K, V> {
    private final int max;

    public LruMap(int max) {
        super(16, 0.75f, true);
        this.max = max;
    }

    @Override
    protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
        return size() > max;
    }
}
