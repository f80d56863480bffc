package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.oxisync.core.plan.EntryKind;
import org.oxisync.core.plan.JournalBase;
import org.oxisync.core.plan.JournalEntry;
import org.oxisync.core.plan.RemoteEntry;
import org.oxisync.core.plan.RemoteSnapshot;

class RemoteIndexTest {
    private static RemoteIndex index() {
        return index(JournalBase.of());
    }

    private static RemoteIndex index(JournalBase journal) {
        Instant t = Instant.ofEpochSecond(1_700_000_000L);
        return new RemoteIndex("root", RemoteSnapshot.of(
                RemoteEntry.dir("a", "id-a", "root", "e1"),
                RemoteEntry.file("a/f.txt", "id-f", "id-a", "e2", "h1", 3, t),
                RemoteEntry.dir("a/b", "id-b", "id-a", "e3"),
                RemoteEntry.file("a/b/g.txt", "id-g", "id-b", "e4", "h2", 3, t),
                RemoteEntry.dir("ab", "id-ab", "root", "e5"),
                RemoteEntry.file("ab/h.txt", "id-h", "id-ab", "e6", "h3", 3, t)), journal);
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

    @Test
    void untouchedPathsAreAnsweredFromTheSnapshotAndTheRootIsThePairFolder() {
        RemoteIndex i = index();
        assertEquals(Optional.of("id-g"), i.id("a/b/g.txt"));
        assertEquals("id-b", i.folderId("a/b"));
        assertEquals("root", i.folderId(""));
        assertEquals("id-a", i.parentFolderId("a/f.txt"));
        assertEquals(Optional.empty(), i.id("a/nothing.txt"));
        assertThrows(IllegalStateException.class, () -> i.folderId("a/f.txt"), "a file is not a folder");
    }

    @Test
    void aJournalOnlyFolderIsFoundAndTheSnapshotWinsOverTheJournalRow() {
        RemoteIndex i = index(new JournalBase(List.of(
                JournalEntry.dir("j", "k1", "id-j"),
                JournalEntry.dir("a", "k2", "id-a-old"),
                JournalEntry.dir("nobody", "k3", null))));
        assertEquals("id-j", i.folderId("j"));
        assertEquals("id-j", i.parentFolderId("j/new.txt"));
        assertEquals(Optional.of("id-a"), i.id("a"), "the remote entry wins over the journal row");
        assertEquals(Optional.empty(), i.id("nobody"), "a row without a remote id says nothing");
    }

    @Test
    void aRemovedFolderHidesItsSnapshotAndJournalDescendants() {
        RemoteIndex i = index(new JournalBase(List.of(JournalEntry.dir("a/j", "k1", "id-j"))));
        i.removed("a");
        assertEquals(Optional.empty(), i.id("a"));
        assertEquals(Optional.empty(), i.id("a/b"));
        assertEquals(Optional.empty(), i.id("a/b/g.txt"));
        assertEquals(Optional.empty(), i.id("a/j"));
        assertThrows(IllegalStateException.class, () -> i.folderId("a/b"));
    }

    @Test
    void aMovedFoldersSnapshotAndJournalDescendantsAreFoundUnderTheNewPathOnly() {
        RemoteIndex i = index(new JournalBase(List.of(JournalEntry.dir("a/b/j", "k1", "id-j"))));
        i.moved("a/b", "ab/b2");
        assertEquals("id-b", i.folderId("ab/b2"));
        assertEquals(Optional.of("id-g"), i.id("ab/b2/g.txt"));
        assertEquals("id-j", i.folderId("ab/b2/j"));
        assertEquals(Optional.empty(), i.id("a/b"));
        assertEquals(Optional.empty(), i.id("a/b/g.txt"));
        assertEquals(Optional.empty(), i.id("a/b/j"));
        assertEquals(Optional.of("id-f"), i.id("a/f.txt"), "the old parent keeps its other content");
    }

    @Test
    void aFolderMovedTwiceAndEntriesPutBelowItFollowIt() {
        RemoteIndex i = index();
        i.put("a/b/new.txt", "id-n", EntryKind.FILE);
        i.moved("a", "x");
        i.moved("x/b", "y");
        assertEquals(Optional.of("id-n"), i.id("y/new.txt"));
        assertEquals(Optional.of("id-g"), i.id("y/g.txt"));
        assertEquals(Optional.of("id-f"), i.id("x/f.txt"));
        assertEquals(Optional.empty(), i.id("x/b/g.txt"));
        assertEquals(Optional.empty(), i.id("a/b/new.txt"));
        i.moved("y", "a/b"); // back to where it was
        assertEquals(Optional.of("id-g"), i.id("a/b/g.txt"));
        assertEquals(Optional.of("id-n"), i.id("a/b/new.txt"));
        assertEquals(Optional.empty(), i.id("y/g.txt"));
    }

    @Test
    void aPathPutAfterItsFolderWasRemovedIsFoundButTheOldContentStaysGone() {
        RemoteIndex i = index();
        i.removed("a");
        i.put("a", "id-a2", EntryKind.DIR);
        i.put("a/f.txt", "id-f2", EntryKind.FILE);
        assertEquals("id-a2", i.folderId("a"));
        assertEquals(Optional.of("id-f2"), i.id("a/f.txt"));
        assertEquals(Optional.empty(), i.id("a/b/g.txt"));
        assertEquals(Optional.empty(), i.id("a/b"));
    }

    @Test
    void aFolderPutOverItsOwnPathKeepsTheContentBelowIt() {
        RemoteIndex i = index();
        i.put("a", "id-a", EntryKind.DIR);
        assertEquals(Optional.of("id-g"), i.id("a/b/g.txt"));
    }

    @Test
    void aRemovedFileLeavesItsFolderAndAFileRemovedThenPutIsFound() {
        RemoteIndex i = index();
        i.removed("a/f.txt");
        assertEquals(Optional.empty(), i.id("a/f.txt"));
        i.put("a/f.txt", "id-f3", EntryKind.FILE);
        assertEquals(Optional.of("id-f3"), i.id("a/f.txt"));
        assertEquals("id-a", i.folderId("a"));
    }
}
