package org.oxisync.core.plan;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A read-only map of a list's items by a key, built on first use (by whichever thread asks first) and then shared.
 * Items whose key is null are left out; of items with equal keys the last one wins. The map is a
 * {@link CompactIndex} (about 10 bytes per item instead of a {@code HashMap}'s 37: a full run holds four of these
 * over the whole tree, see bench/README.md "A million files").
 */
final class LazyIndex<K, V> {
    private final List<V> items;
    private final Function<V, K> key;
    private CompactIndex<K, V> map;

    LazyIndex(List<V> items, Function<V, K> key) {
        this.items = items;
        this.key = key;
    }

    Map<K, V> get() {
        return index();
    }

    /** The position of the item {@link #get()} maps {@code k} to, or -1. */
    int indexOf(K k) {
        return index().indexOf(k);
    }

    private synchronized CompactIndex<K, V> index() {
        if (map == null) {
            map = new CompactIndex<>(items, key);
        }
        return map;
    }
}
