package org.oxisync.core.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.oxisync.core.naming.ConflictNamer;
import org.oxisync.core.naming.LocalNamePolicy;
import org.oxisync.core.naming.OsFamily;

/**
 * The server keeps files and folders in separate tables, each with its own unique name index, so a folder may hold
 * a file and a folder of the same name. No local file system can: the reconciler must keep one and report the other,
 * never plan two entries at one local path, and never delete either on the server.
 */
class SameNameFileAndFolderTest {
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2024-05-06T07:08:09Z"), ZoneOffset.UTC);
    private static final Instant T0 = Instant.parse("2024-01-01T00:00:00Z");

    private SyncPlan reconcile(LocalSnapshot local, RemoteSnapshot remote, JournalBase journal) {
        return new Reconciler(new ConflictNamer(CLOCK, "laptop"), new LocalNamePolicy(OsFamily.LINUX))
                .reconcile(local, remote, journal);
    }

    private static List<String> localPaths(SyncPlan plan) {
        return plan.actions().stream()
                .filter(a -> a instanceof SyncAction.Download || a instanceof SyncAction.CreateLocalFolder)
                .map(SyncAction::path).toList();
    }

    @Test
    void newRemoteFileAndFolderOfTheSameNameYieldOneLocalEntryAndAReportedSkipWithoutDeletes() {
        RemoteSnapshot remote = new RemoteSnapshot(List.of(
                RemoteEntry.file("x", "id:file-x", "root", "e1", "h1", 10, T0),
                RemoteEntry.dir("x", "id:dir-x", "root", "d1"),
                RemoteEntry.file("x/inner.txt", "id:inner", "id:dir-x", "e2", "h2", 10, T0)));
        SyncPlan plan = reconcile(new LocalSnapshot(List.of(), false), remote, new JournalBase(List.of()));

        List<String> paths = localPaths(plan);
        assertEquals(paths.stream().distinct().toList(), paths, "two actions at one local path: " + plan.describe());
        boolean skipped = plan.actions().stream().anyMatch(a -> a instanceof SyncAction.Skip k && k.path().equals("x"));
        assertEquals(true, skipped, "the clash is reported: " + plan.describe());
        assertEquals(List.of(), plan.actions().stream().filter(a -> a instanceof SyncAction.DeleteRemote).toList(),
                "nothing is deleted on the server: " + plan.describe());
    }

    @Test
    void remoteFolderAppearingBesideASyncedFileOfTheSameNameLeavesTheFileAlone() {
        LocalSnapshot local = new LocalSnapshot(List.of(LocalEntry.unhashedFile("x", 10, 1000, "fk:x")), false);
        RemoteSnapshot remote = new RemoteSnapshot(List.of(
                RemoteEntry.file("x", "id:file-x", "root", "e1", "h1", 10, T0),
                RemoteEntry.dir("x", "id:dir-x", "root", "d1")));
        JournalBase journal = new JournalBase(List.of(JournalEntry.file("x", 10, 1000, "fk:x", "h1", "id:file-x", "e1")));
        SyncPlan plan = reconcile(local, remote, journal);

        assertEquals(List.of(), plan.actions().stream().filter(a -> a instanceof SyncAction.DeleteRemote
                || a instanceof SyncAction.DeleteLocal || a instanceof SyncAction.Download
                || a instanceof SyncAction.Upload || a instanceof SyncAction.ConflictCopy).toList(),
                "the synced file is neither replaced nor deleted: " + plan.describe());
    }
}
