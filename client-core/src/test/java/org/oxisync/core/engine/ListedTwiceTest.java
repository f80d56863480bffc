package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.oxisync.core.plan.JournalBase;
import org.oxisync.core.plan.JournalEntry;
import org.oxisync.core.plan.RemoteEntry;
import org.oxisync.core.plan.RemoteSnapshot;
import org.oxisync.core.remote.RemoteScan;
import org.oxisync.core.remote.RemoteTree;

class ListedTwiceTest {
    private static RemoteEntry file(String path, String id, String parentId) {
        return RemoteEntry.file(path, id, parentId, "e", "h", 3, null);
    }

    private static RemoteScan scan(RemoteEntry... entries) {
        return new RemoteScan(RemoteTree.empty("root"), new RemoteSnapshot(List.of(entries)), 1, false);
    }

    private static JournalBase journal(JournalEntry... rows) {
        return new JournalBase(List.of(rows));
    }

    private static List<String> paths(ListedTwice.Result r) {
        return r.remote().snapshot().entries().stream().map(RemoteEntry::path).toList();
    }

    @Test
    void aListingWithEveryFileOnceIsPassedOnUntouched() {
        RemoteScan in = scan(file("a", "1", "root"), file("d/b", "2", "d"));
        ListedTwice.Result r = ListedTwice.settle(in, journal());
        assertSame(in, r.remote());
        assertEquals(Set.of(), r.staleFolderIds());
    }

    @Test
    void aKnownFileListedAlsoWhereTheJournalHasItKeepsOnlyThatPlaceAndBothFoldersAreListedAgain() {
        ListedTwice.Result r = ListedTwice.settle(scan(file("f", "1", "root"), file("d/f", "1", "d")),
                journal(JournalEntry.file("d/f", 3, 1, "k", "h", "1", "e")));
        assertEquals(List.of("d/f"), paths(r));
        assertEquals(Set.of("root", "d"), r.staleFolderIds());
    }

    @Test
    void aKnownFileListedOnlyInPlacesTheJournalDoesNotKnowIsStoodInForByItsJournalRow() {
        ListedTwice.Result r = ListedTwice.settle(scan(file("x/f", "1", "x"), file("y/f", "1", "y")),
                journal(JournalEntry.file("d/f", 3, 1, "k", "h", "1", "e")));
        assertEquals(List.of("d/f"), paths(r), "never read as deleted on the server (which would delete it locally)");
    }

    @Test
    void aFileNewToThisClientListedTwiceIsLeftForTheNextRun() {
        ListedTwice.Result r = ListedTwice.settle(scan(file("a", "9", "root"), file("f", "1", "root"),
                file("d/f", "1", "d")), journal());
        assertEquals(List.of("a"), paths(r));
        assertEquals(Set.of("root", "d"), r.staleFolderIds());
    }

    @Test
    void aFileListedTwiceInOneFolderWithEqualRowsIsStillFoundAndItsFolderListedAgain() {
        // the snapshot's index holds one id for two entries: the quick check must not take them for one entry
        ListedTwice.Result r = ListedTwice.settle(scan(file("f", "1", "root"), file("f", "1", "root")),
                journal(JournalEntry.file("f", 3, 1, "k", "h", "1", "e")));
        assertEquals(Set.of("root"), r.staleFolderIds());
    }

    @Test
    void aFolderAndAFileSharingAnIdAreNotAFileListedTwice() {
        RemoteScan in = scan(RemoteEntry.dir("d", "1", "root", "t"), file("f", "1", "root"));
        ListedTwice.Result r = ListedTwice.settle(in, journal());
        assertSame(in, r.remote());
        assertEquals(Set.of(), r.staleFolderIds());
    }
}
