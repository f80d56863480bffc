package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.oxisync.core.plan.EntryKind;
import org.oxisync.core.plan.JournalBase;
import org.oxisync.core.plan.RemoteEntry;
import org.oxisync.core.plan.RemoteSnapshot;

class RemoteIndexTest {
    private static RemoteIndex index() {
        Instant t = Instant.ofEpochSecond(1_700_000_000L);
        return new RemoteIndex("root", RemoteSnapshot.of(
                RemoteEntry.dir("a", "id-a", "root", "e1"),
                RemoteEntry.file("a/f.txt", "id-f", "id-a", "e2", "h1", 3, t),
                RemoteEntry.dir("a/b", "id-b", "id-a", "e3"),
                RemoteEntry.file("a/b/g.txt", "id-g", "id-b", "e4", "h2", 3, t),
                RemoteEntry.dir("ab", "id-ab", "root", "e5"),
                RemoteEntry.file("ab/h.txt", "id-h", "id-ab", "e6", "h3", 3, t)), JournalBase.of());
    }

    @Test
    void aMovedFileIsFoundAtItsNewPathOnlyAndNothingElseMoves() {
        RemoteIndex i = index();
        i.moved("a/f.txt", "ab/f2.txt");
        assertEquals(Optional.of("id-f"), i.id("ab/f2.txt"));
        assertEquals(Optional.empty(), i.id("a/f.txt"));
        assertEquals(Optional.of("id-g"), i.id("a/b/g.txt"));
        assertEquals("id-ab", i.parentFolderId("ab/f2.txt"));
    }

    @Test
    void aMovedFolderTakesEverythingBelowItAndNotASiblingWithTheSamePrefix() {
        RemoteIndex i = index();
        i.moved("a", "z/a");
        assertEquals(Optional.of("id-a"), i.id("z/a"));
        assertEquals(Optional.of("id-g"), i.id("z/a/b/g.txt"));
        assertEquals("id-b", i.folderId("z/a/b"));
        assertEquals(Optional.empty(), i.id("a/b/g.txt"));
        assertEquals(Optional.of("id-h"), i.id("ab/h.txt"), "a sibling whose name starts alike stays");
    }

    @Test
    void aRemovedFileGoesAloneAndARemovedFolderTakesItsContent() {
        RemoteIndex i = index();
        i.removed("ab/h.txt");
        assertEquals(Optional.empty(), i.id("ab/h.txt"));
        assertEquals(Optional.of("id-ab"), i.id("ab"));
        i.removed("a");
        assertEquals(Optional.empty(), i.id("a/b/g.txt"));
        assertEquals(Optional.empty(), i.id("a/f.txt"));
        assertEquals(Optional.of("id-ab"), i.id("ab"));
    }

    @Test
    void aFileMovedOntoAPathKeepsItsKindSoAFolderThereIsNoLongerFound() {
        RemoteIndex i = index();
        i.put("x", "id-x", EntryKind.FILE);
        i.moved("x", "y");
        assertEquals(Optional.of("id-x"), i.id("y"));
        assertEquals(Optional.empty(), i.id("x"));
    }
}
