package org.oxisync.core.plan;

import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A read-only map of a list's items by a key, built on first use (by whichever thread asks first) and then shared.
 * Items whose key is null are left out; of items with equal keys the last one wins.
 */
final class LazyIndex<K, V> {
    private final List<V> items;
    private final Function<V, K> key;
    private Map<K, V> map;

    LazyIndex(List<V> items, Function<V, K> key) {
        this.items = items;
        this.key = key;
    }

    synchronized Map<K, V> get() {
        if (map == null) {
            Map<K, V> m = new HashMap<>(items.size() * 4 / 3 + 16);
            for (V item : items) {
                K k = key.apply(item);
                if (k != null) {
                    m.put(k, item);
                }
            }
            map = Collections.unmodifiableMap(m);
        }
        return map;
    }
}
