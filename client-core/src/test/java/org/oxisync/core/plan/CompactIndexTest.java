package org.oxisync.core.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CompactIndexTest {
    private record Item(String key, int n) {}

    @Test
    void findsEveryItemByItsKeyLikeAHashMapOnRandomKeysWithCollisionsAndDuplicates() {
        Random random = new Random(7);
        List<Item> items = new ArrayList<>();
        Map<String, Item> expected = new HashMap<>();
        for (int i = 0; i < 5_000; i++) {
            // few distinct keys for many items: duplicates, and "Aa"/"BB" have equal hash codes
            String k = random.nextInt(10) == 0 ? null : (random.nextBoolean() ? "Aa" : "BB") + random.nextInt(3_000);
            Item item = new Item(k, i);
            items.add(item);
            if (k != null) {
                expected.put(k, item); // the last one wins
            }
        }
        Map<String, Item> index = new CompactIndex<>(List.copyOf(items), Item::key);
        assertEquals(expected.size(), index.size());
        for (Map.Entry<String, Item> e : expected.entrySet()) {
            assertSame(e.getValue(), index.get(e.getKey()), e.getKey());
            assertTrue(index.containsKey(e.getKey()));
        }
        assertEquals(expected, index, "same entries through iteration");
        assertEquals(index, expected);
        assertEquals(expected.hashCode(), index.hashCode());
    }

    @Test
    void absentAndNullKeysAreNotFound() {
        Map<String, Item> index = new CompactIndex<>(List.of(new Item("a", 1), new Item(null, 2)), Item::key);
        assertEquals(1, index.size());
        assertNull(index.get("b"));
        assertNull(index.get(null));
        assertFalse(index.containsKey("b"));
        assertFalse(index.containsKey(null));
        assertFalse(index.containsKey(42));
    }

    @Test
    void anEmptyListGivesAnEmptyMap() {
        Map<String, Item> index = new CompactIndex<>(List.<Item>of(), Item::key);
        assertTrue(index.isEmpty());
        assertFalse(index.entrySet().iterator().hasNext());
        assertNull(index.get("x"));
    }

    @Test
    void refusesEveryChange() {
        Map<String, Item> index = new CompactIndex<>(List.of(new Item("a", 1)), Item::key);
        assertThrows(UnsupportedOperationException.class, () -> index.put("b", new Item("b", 2)));
        assertThrows(UnsupportedOperationException.class, () -> index.remove("a"));
        assertThrows(UnsupportedOperationException.class, index::clear);
        assertThrows(UnsupportedOperationException.class, () -> index.entrySet().iterator().next().setValue(null));
        assertEquals(1, index.size());
    }
}
