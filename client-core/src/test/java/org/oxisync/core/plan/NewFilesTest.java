package org.oxisync.core.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oxisync.core.ignore.IgnoreRules;
import org.oxisync.core.ignore.PathFilter;
import org.oxisync.core.ignore.SelectiveSync;
import org.oxisync.core.naming.ConflictNamer;
import org.oxisync.core.naming.LocalNamePolicy;
import org.oxisync.core.naming.OsFamily;
import org.oxisync.core.naming.ServerNamePolicy;
import org.oxisync.protocol.Role;

/**
 * Which local files are new files in new folders (uploaded after the plan): nothing on the server or in the journal
 * at any folder above them, and nothing in the pair's rules that could hold them back.
 */
class NewFilesTest {
    private static final String H1 = "11".repeat(32);

    private static Reconciler reconciler(List<String> ignored, PairRights rights) {
        return new Reconciler(new ConflictNamer(Clock.fixed(Instant.parse("2026-03-01T10:00:00Z"), ZoneOffset.UTC),
                "host"), new ServerNamePolicy(), new LocalNamePolicy(OsFamily.LINUX),
                new PathFilter(IgnoreRules.of(ignored), SelectiveSync.none()), rights);
    }

    private static final Reconciler PLAIN = reconciler(List.of(), PairRights.FULL);

    private static LocalEntry localFile(String path) {
        return LocalEntry.file(path, 5, 1_700_000_000_000L, "k-" + path, H1);
    }

    private static NewFiles find(List<LocalEntry> local, List<RemoteEntry> remote, Reconciler reconciler) {
        return NewFiles.find(new LocalSnapshot(local, false), new RemoteSnapshot(remote), new JournalBase(List.of()),
                reconciler, Twins.none());
    }

    @Test
    void filesInNewFoldersOrInTheJournalsFoldersAreNewFilesAndFilesInAFolderOnlyTheServerHasAreNot() {
        NewFiles f = find(List.of(LocalEntry.dir("a", "ka"), LocalEntry.dir("a/b", "kb"), localFile("a/b/x.txt"),
                        localFile("a/y.txt"), localFile("top.txt"), LocalEntry.dir("s", "ks"), localFile("s/z.txt")),
                List.of(RemoteEntry.dir("s", "id-s", "root", "e")), PLAIN);

        assertTrue(f.local(2) && f.local(3), "in new folders");
        assertFalse(f.inKnownFolder(2) || f.inKnownFolder(3));
        assertFalse(f.local(0) || f.local(1), "folders stay in the plan");
        assertTrue(f.local(4) && f.inKnownFolder(4), "at the top: left to the reconciler if a sibling differs");
        assertFalse(f.local(6), "in a folder new to the journal that the server has: a join's, the reconciler's");
        assertEquals(3, f.count());
        assertEquals(new SyncAction.Upload("a/b/x.txt", null, 5, H1), NewFiles.upload(localFile("a/b/x.txt")));
    }

    @Test
    void aFileInAFolderOfTheJournalIsANewFileUnlessTheServerHasAnEntryAtItsPath() {
        String etag = "0123456789abcdef-1700000000";
        List<LocalEntry> local = List.of(LocalEntry.dir("s", "ks"), localFile("s/x.txt"), localFile("s/y.txt"));
        NewFiles f = NewFiles.find(new LocalSnapshot(local, false), new RemoteSnapshot(List.of(
                        RemoteEntry.dir("s", "id-s", "root", etag), RemoteEntry.file("s/y.txt", "id-y", "id-s", etag,
                                "22".repeat(32), 5, null))),
                new JournalBase(List.of(new JournalEntry("s", EntryKind.DIR, 0, 0, "ks", null, "id-s", etag, null))),
                PLAIN, Twins.none());

        assertTrue(f.local(1) && f.inKnownFolder(1), "a file uploaded after the plan in a folder both sides have");
        assertFalse(f.local(2), "the server has another s/y.txt: a conflict for the reconciler");
    }

    @Test
    void aServerFileOfAFolderNameAnIgnoredFolderAReadOnlyPairOrACaseInsensitiveVolumeLeaveThemToTheReconciler() {
        List<LocalEntry> local = List.of(LocalEntry.dir("a", "ka"), localFile("a/x.txt"), LocalEntry.dir("b", "kb"),
                localFile("b/y.txt"));
        NewFiles claimed = find(local, List.of(RemoteEntry.file("a", "id-a", "root", "e", H1, 5, null)), PLAIN);
        assertFalse(claimed.local(1), "the server's file named as the folder claims it: a conflict to settle");
        assertTrue(claimed.local(3));
        assertFalse(claimed.local(1) || claimed.inKnownFolder(3));

        assertFalse(find(local, List.of(), reconciler(List.of("b/"), PairRights.FULL)).local(3), "ignored folder");
        assertTrue(find(local, List.of(), reconciler(List.of(), new PairRights(SyncMode.DOWNLOAD_ONLY, Role.OWNER,
                false, Map.of()))).isEmpty(), "a download-only pair sends nothing new");
        assertTrue(find(local, List.of(), reconciler(List.of(), PairRights.FULL.withRefused(Map.of("b", "dir"))))
                .isEmpty(), "a refused folder holds back what is inside");
        assertTrue(NewFiles.find(new LocalSnapshot(local, true), new RemoteSnapshot(List.of()),
                new JournalBase(List.of()), PLAIN, Twins.none()).isEmpty(), "case clashes are the reconciler's");
    }

    @Test
    void aJournalRowNotInPlaceLeavesThemToTheReconcilerForItMayBeMovedThere() {
        List<LocalEntry> local = List.of(LocalEntry.dir("new", "kn"), localFile("new/x.txt"));
        JournalBase movedAway = new JournalBase(List.of(new JournalEntry("old.txt", EntryKind.FILE, 5,
                1_700_000_000_000L, "k-new/x.txt", H1, "id-old", "0123456789abcdef-1700000000", H1)));
        assertTrue(NewFiles.find(new LocalSnapshot(local, false), new RemoteSnapshot(List.of(RemoteEntry.file(
                "old.txt", "id-old", "root", "0123456789abcdef-1700000000", H1, 5, null))), movedAway, PLAIN,
                Twins.none()).isEmpty(), "old.txt is gone locally: new/x.txt may be it, moved");
    }
}
