package org.oxisync.core.plan;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.Function;

/**
 * A read-only map from a key found in each item of a list to the item, for lists of a whole tree (journal, scan,
 * listing). A {@code HashMap} costs a 32-byte node per item plus its table, about 37 bytes; this map keeps only an
 * {@code int} table of positions in the (immutable, random-access) list, open addressing with linear probing at a
 * load of 3/4: about 5.3 bytes per item. The table has exactly that many slots, not the next power of two (which
 * was up to twice as many: at 1,020,200 items 8 MiB a table instead of 5.4, and a full run holds five such tables;
 * bench/README.md "A million files"); a hash is spread over it by a multiplicative mix and a multiply-shift, so
 * that keys with neighbouring hash codes (paths that differ in their last character) land far apart. The key is
 * not stored: it is read from the item again when compared.
 *
 * <p>Semantics of the {@code HashMap} it replaces: items whose key is null are left out; of items with equal keys
 * the last one wins; {@code null} is never a value. Iteration order is the table's (unspecified, like
 * {@code HashMap}'s). Every change is refused.
 */
final class CompactIndex<K, V> extends AbstractMap<K, V> {
    private final List<V> items;
    private final Function<V, K> key;
    /** Position in {@link #items} plus one; 0 = empty slot. */
    private final int[] table;
    private final int size;

    /** {@code items} must be immutable and random access (as {@code List.copyOf} gives) and hold no null. */
    CompactIndex(List<V> items, Function<V, K> key) {
        this.items = items;
        this.key = key;
        this.table = new int[slotsFor(items.size())];
        int distinct = 0;
        for (int i = 0; i < items.size(); i++) {
            K k = key.apply(items.get(i));
            if (k == null) {
                continue;
            }
            int slot = find(k);
            if (table[slot] == 0) {
                distinct++;
            }
            table[slot] = i + 1; // a later item with an equal key replaces the earlier one
        }
        this.size = distinct;
    }

    /** The table's slots for {@code n} items: a load of 3/4, and always at least one empty slot. */
    static int slotsFor(int n) {
        return (int) Math.min(Integer.MAX_VALUE - 8, Math.max(4L, (long) n * 4 / 3 + 1));
    }

    /** How many slots the table has. */
    int slots() {
        return table.length;
    }

    /** The slot holding {@code k}, or the empty slot where it would go. */
    private int find(Object k) {
        int slots = table.length;
        long mixed = (k.hashCode() * 0x9E3779B9) & 0xFFFFFFFFL; // Fibonacci hashing: neighbours spread apart
        int slot = (int) ((mixed * slots) >>> 32); // in [0, slots) without a division
        while (true) {
            int at = table[slot];
            if (at == 0 || k.equals(key.apply(items.get(at - 1)))) {
                return slot;
            }
            slot = slot + 1 == slots ? 0 : slot + 1;
        }
    }

    /** The position in the list of the item {@link #get} gives for {@code k}, or -1. */
    int indexOf(Object k) {
        return k == null ? -1 : table[find(k)] - 1;
    }

    @Override
    public V get(Object k) {
        if (k == null) {
            return null;
        }
        int at = table[find(k)];
        return at == 0 ? null : items.get(at - 1);
    }

    @Override
    public boolean containsKey(Object k) {
        return get(k) != null;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public Set<Map.Entry<K, V>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public int size() {
                return size;
            }

            @Override
            public Iterator<Map.Entry<K, V>> iterator() {
                return new Iterator<>() {
                    private int slot = next(0);

                    private int next(int from) {
                        while (from < table.length && table[from] == 0) {
                            from++;
                        }
                        return from;
                    }

                    @Override
                    public boolean hasNext() {
                        return slot < table.length;
                    }

                    @Override
                    public Map.Entry<K, V> next() {
                        if (!hasNext()) {
                            throw new NoSuchElementException();
                        }
                        V v = items.get(table[slot] - 1);
                        slot = next(slot + 1);
                        return new SimpleImmutableEntry<>(key.apply(v), v);
                    }
                };
            }
        };
    }
}
