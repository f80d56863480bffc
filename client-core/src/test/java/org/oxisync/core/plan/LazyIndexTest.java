package org.oxisync.core.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LazyIndexTest {
    @Test
    void itemsWithoutAKeyAreLeftOutTheLastOfEqualKeysWinsAndTheMapIsBuiltOnceReadOnly() {
        JournalEntry a = JournalEntry.file("a.txt", 1, 1, null, "h", "id-1", "e");
        JournalEntry b = JournalEntry.file("b.txt", 1, 1, null, "h", null, null);
        JournalEntry c = JournalEntry.file("c.txt", 1, 1, null, "h", "id-1", "e");
        LazyIndex<String, JournalEntry> byId = new LazyIndex<>(List.of(a, b, c), JournalEntry::remoteId);
        Map<String, JournalEntry> m = byId.get();
        assertEquals(Map.of("id-1", c), m);
        assertSame(m, byId.get());
        assertThrows(UnsupportedOperationException.class, () -> m.put("x", a));
    }
}
