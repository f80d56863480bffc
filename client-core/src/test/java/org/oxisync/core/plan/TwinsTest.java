package org.oxisync.core.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.oxisync.core.ignore.IgnoreRules;
import org.oxisync.core.ignore.PathFilter;
import org.oxisync.core.ignore.SelectiveSync;
import org.oxisync.core.naming.ConflictNamer;
import org.oxisync.core.naming.LocalNamePolicy;
import org.oxisync.core.naming.OsFamily;
import org.oxisync.core.naming.ServerNamePolicy;

/** Which entries are twins: new to the journal, alike on both sides, and nothing around them can claim them. */
class TwinsTest {
    private static final String H1 = "11".repeat(32);
    private static final String H2 = "22".repeat(32);

    private static Reconciler reconciler(List<String> ignored) {
        return new Reconciler(new ConflictNamer(Clock.fixed(Instant.parse("2026-03-01T10:00:00Z"), ZoneOffset.UTC),
                "host"), new ServerNamePolicy(), new LocalNamePolicy(OsFamily.LINUX),
                new PathFilter(IgnoreRules.of(ignored), SelectiveSync.none()));
    }

    private static final Reconciler PLAIN = reconciler(List.of());

    private static LocalEntry localFile(String path, String hash) {
        return LocalEntry.file(path, 5, 1_700_000_000_000L, "k-" + path, hash);
    }

    private static RemoteEntry remoteFile(String path, String id, String hash) {
        return RemoteEntry.file(path, id, "parent", "0123456789abcdef-1700000000", hash, 5, null);
    }

    private static Twins find(List<LocalEntry> local, List<RemoteEntry> remote, JournalBase base) {
        return Twins.find(new LocalSnapshot(local, false), new RemoteSnapshot(remote), base, PLAIN);
    }

    @Test
    void aFolderAndAFileNewOnBothSidesWithTheSameContentAreTwinsAndAFileOfOtherContentIsNot() {
        Twins t = find(List.of(LocalEntry.dir("d", "kd"), localFile("d/same.txt", H1), localFile("d/other.txt", H1)),
                List.of(RemoteEntry.dir("d", "id-d", "root", "e"), remoteFile("d/other.txt", "id-o", H2),
                        remoteFile("d/same.txt", "id-s", H1)),
                new JournalBase(List.of()));

        assertTrue(t.local(0) && t.local(1));
        assertFalse(t.local(2), "other content: a conflict for the reconciler");
        assertEquals(2, t.remoteOf(1));
        assertTrue(t.remote(0) && t.remote(2));
        assertFalse(t.remote(1));
        assertEquals(2, t.count());
    }

    @Test
    void theRecordOfATwinIsWhatTheReconcilerPlansForIt() {
        LocalEntry l = localFile("a.txt", H1);
        RemoteEntry r = remoteFile("a.txt", "id-a", H1);

        SyncPlan plan = PLAIN.reconcile(LocalSnapshot.of(l), RemoteSnapshot.of(r), new JournalBase(List.of()));

        assertEquals(List.of(new SyncAction.RecordJournal(Twins.record(l, r), null)), plan.actions());
    }

    @Test
    void noTwinsWhileAJournalRowIsGoneFromASideSinceANewEntryMayBeItsMove() {
        JournalEntry known = JournalEntry.file("old.txt", 5, 1_700_000_000_000L, "k-new.txt", H1, "id-old",
                "0123456789abcdef-1700000000");
        Twins t = find(List.of(localFile("new.txt", H1)), List.of(remoteFile("new.txt", "id-new", H1),
                remoteFile("old.txt", "id-old", H1)), new JournalBase(List.of(known)));

        assertTrue(t.isEmpty(), "old.txt is gone locally: new.txt (its file key) is its move");
    }

    @Test
    void aPathOrRemoteIdTheJournalKnowsIsNoTwin() {
        JournalEntry row = JournalEntry.file("a.txt", 5, 1_700_000_000_000L, "k-a.txt", H1, "id-a",
                "0123456789abcdef-1700000000");
        Twins t = find(List.of(localFile("a.txt", H1), localFile("b.txt", H2)),
                List.of(remoteFile("a.txt", "id-a", H1), remoteFile("b.txt", "id-a-too", H2)),
                new JournalBase(List.of(row)));

        assertFalse(t.local(0), "known to the journal");
        assertTrue(t.local(1));
    }

    @Test
    void anIgnoredEntryOrOneInsideAnIgnoredFolderIsNoTwin() {
        Reconciler ignoring = reconciler(List.of("build/"));
        Twins t = Twins.find(new LocalSnapshot(List.of(LocalEntry.dir("build", "kb"), localFile("build/x.o", H1),
                        localFile("keep.txt", H2)), false),
                new RemoteSnapshot(List.of(RemoteEntry.dir("build", "id-b", "root", "e"),
                        remoteFile("build/x.o", "id-x", H1), remoteFile("keep.txt", "id-k", H2))),
                new JournalBase(List.of()), ignoring);

        assertFalse(t.local(0));
        assertFalse(t.local(1));
        assertTrue(t.local(2));
    }

    @Test
    void aNameTheServerRefusesIsNoTwin() {
        Twins t = find(List.of(localFile("bad\\name.txt", H1)), List.of(remoteFile("bad\\name.txt", "id", H1)),
                new JournalBase(List.of()));

        assertTrue(t.isEmpty());
    }

    @Test
    void noTwinsOnACaseInsensitiveVolume() {
        Twins t = Twins.find(new LocalSnapshot(List.of(localFile("a.txt", H1)), true),
                RemoteSnapshot.of(remoteFile("a.txt", "id", H1)), new JournalBase(List.of()), PLAIN);

        assertTrue(t.isEmpty());
    }

    @Test
    void aPathListedTwiceOnTheServerIsLeftToTheReconciler() {
        Twins t = find(List.of(localFile("a.txt", H1)), List.of(remoteFile("a.txt", "id1", H1),
                remoteFile("a.txt", "id2", H1)), new JournalBase(List.of()));

        assertTrue(t.isEmpty());
    }
}
