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

    /** A tree's index takes 4/3 of a slot an item (was the next power of two: 2,097,152 slots for these). */
    @Test
    void aMillionPathsThatDifferInTheirLastCharactersTakeFourThirdsOfASlotAnItemAndAreEachFound() {
        int n = 1_020_200;
        List<Item> items = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            items.add(new Item("t" + i / 50_000 + "/d" + i / 50 + "/f" + i + ".bin", i));
        }
        CompactIndex<String, Item> index = new CompactIndex<>(List.copyOf(items), Item::key);
        assertTrue(index.slots() <= n * 4 / 3 + 1, "slots: " + index.slots());
        assertEquals(n, index.size());
        for (Item item : items) {
            assertSame(item, index.get(item.key()), item.key());
        }
        assertEquals(-1, index.indexOf("t0/d0/f9999999.bin"));
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
