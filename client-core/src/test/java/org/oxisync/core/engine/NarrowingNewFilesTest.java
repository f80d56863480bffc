package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.oxisync.core.naming.ConflictNamer;
import org.oxisync.core.naming.LocalNamePolicy;
import org.oxisync.core.naming.OsFamily;
import org.oxisync.core.plan.JournalBase;
import org.oxisync.core.plan.JournalEntry;
import org.oxisync.core.plan.LocalEntry;
import org.oxisync.core.plan.LocalSnapshot;
import org.oxisync.core.plan.Reconciler;
import org.oxisync.core.plan.RemoteEntry;
import org.oxisync.core.plan.RemoteSnapshot;
import org.oxisync.core.plan.SyncAction;

/**
 * A first upload plans its folders only: its files go up after the plan ({@link NewUploads}), in the reconciler's
 * order, unless something else differs beside them in a folder the server has.
 */
class NarrowingNewFilesTest {
    private static final Reconciler RECONCILER = new Reconciler(new ConflictNamer(Clock.fixed(
            Instant.parse("2026-03-01T10:00:00Z"), ZoneOffset.UTC), "host"), new LocalNamePolicy(OsFamily.LINUX));

    @Test
    void aFirstUploadToAnEmptyServerPlansItsFoldersAndUploadsEveryFileAfterThePlan() {
        List<LocalEntry> local = new ArrayList<>();
        for (int d = 0; d < 3; d++) {
            local.add(LocalEntry.dir("t/d" + d, "kd" + d));
            for (int f = 0; f < 4; f++) {
                local.add(LocalEntry.file("t/d" + d + "/f" + f, 10, 1000, "k" + d + f, "h" + d + f));
            }
        }
        local.add(0, LocalEntry.dir("t", "kt"));
        Narrowing.Narrowed n = Narrowing.reconcile(RECONCILER, new LocalSnapshot(local, false),
                new RemoteSnapshot(List.of()), new JournalBase(List.of()));

        assertTrue(n.plan().actions().stream().allMatch(a -> a instanceof SyncAction.CreateRemoteFolder),
                n.plan().describe());
        assertEquals(4, n.plan().actions().size());
        assertEquals(12, n.uploads().size());
        assertEquals(new SyncAction.Upload("t/d0/f0", null, 10, "h00"), n.uploads().get(0));
        assertEquals(RECONCILER.reconcile(new LocalSnapshot(local, false), new RemoteSnapshot(List.of()),
                new JournalBase(List.of())).actions(), n.withTwinRecords().actions());
    }

    @Test
    void onceTheUploadsRanTheirLinesStayTheSameWithoutTheScan() {
        List<LocalEntry> local = List.of(LocalEntry.dir("d", "kd"), LocalEntry.file("d/caf\u00e9.txt", 7, 1000, "k1",
                "h1"), LocalEntry.file("d/b.txt", 9, 1000, "k2", "h2"));
        Narrowing.Narrowed n = Narrowing.reconcile(RECONCILER, new LocalSnapshot(local, false),
                new RemoteSnapshot(List.of()), new JournalBase(List.of()));
        List<String> before = List.copyOf(new PlanLines(n.plan().actions(), n.outside(), n.uploads()));

        n.uploads().keepLinesOnly();

        assertEquals(before, List.copyOf(new PlanLines(n.plan().actions(), n.outside(), n.uploads())));
        assertEquals("upload    d/caf\u00e9.txt (new, 7 B)", before.get(1));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, () -> n.uploads().get(0));
    }

    @Test
    void aNewFileBesideANewServerEntryInAFolderBothSidesHaveIsPlannedWithIt() {
        String etag = "0123456789abcdef-1700000000";
        List<LocalEntry> local = List.of(LocalEntry.dir("s", "ks"), LocalEntry.file("s/a.txt", 5, 1000, "ka", "ha"),
                LocalEntry.dir("q", "kq"), LocalEntry.file("q/b.txt", 5, 1000, "kb", "hb"));
        List<RemoteEntry> remote = List.of(RemoteEntry.dir("s", "id-s", "root", etag),
                RemoteEntry.file("s/other.txt", "id-o", "id-s", etag, "ho", 5, null),
                RemoteEntry.dir("q", "id-q", "root", etag));
        JournalBase base = new JournalBase(List.of(JournalEntry.dir("s", "ks", "id-s"), JournalEntry.dir("q", "kq",
                "id-q")));
        Narrowing.Narrowed n = Narrowing.reconcile(RECONCILER, new LocalSnapshot(local, false),
                new RemoteSnapshot(remote), base);

        assertEquals(1, n.uploads().size(), "q/b.txt: nothing else differs in q");
        assertEquals("q/b.txt", n.uploads().get(0).path());
        assertTrue(n.plan().actions().contains(new SyncAction.Upload("s/a.txt", null, 5, "ha")), n.plan().describe());
    }
}
