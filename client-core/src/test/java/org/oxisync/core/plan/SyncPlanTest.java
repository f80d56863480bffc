package org.oxisync.core.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.oxisync.core.ignore.IgnoreRules;
import org.oxisync.core.ignore.PathFilter;
import org.oxisync.core.ignore.SelectiveSync;
import org.oxisync.core.naming.ConflictNamer;
import org.oxisync.core.naming.LocalNamePolicy;
import org.oxisync.core.naming.OsFamily;
import org.oxisync.core.naming.RelativePaths;
import org.oxisync.core.naming.ServerNamePolicy;

/** Plan order, guards, the mass-delete check and the dry-run text. */
class SyncPlanTest {
    private final Reconciler reconciler =
            new Reconciler(new ConflictNamer(ReconcilerTableTest.CLOCK, "laptop"), new LocalNamePolicy(OsFamily.LINUX));

    private SyncPlan plan(Scenario s) {
        return reconciler.reconcile(s.localSnapshot(), s.remoteSnapshot(), s.journalBase());
    }

    @Test
    void phasesComeInOrderFoldersMovesTransfersDeletes() {
        Scenario s = new Scenario()
                .synced("keep.txt", "k").synced("gone.txt", "g").syncedDir("old").synced("old/x", "x")
                .syncedDir("deep").syncedDir("deep/er").synced("deep/er/f", "f")
                .localNewDir("n").localNewDir("n/m").localNew("n/m/new.txt", "n1")
                .localMove("keep.txt", "n/keep.txt")
                .remoteNewDir("r").remoteNew("r/down.txt", "d1")
                .localDelete("gone.txt").remoteDelete("old").localDelete("deep");
        List<SyncAction> actions = plan(s).actions();
        List<Integer> phases = new ArrayList<>();
        for (SyncAction a : actions) {
            phases.add(phase(a));
        }
        List<Integer> sorted = new ArrayList<>(phases);
        sorted.sort(Integer::compare);
        assertEquals(sorted, phases, plan(s).describe());
        assertTrue(phases.containsAll(List.of(1, 2, 3, 4)), plan(s).describe());
    }

    private static int phase(SyncAction a) {
        if (a instanceof SyncAction.CreateLocalFolder || a instanceof SyncAction.CreateRemoteFolder) {
            return 1;
        }
        if (a instanceof SyncAction.MoveLocal || a instanceof SyncAction.MoveRemote) {
            return 2;
        }
        if (a instanceof SyncAction.Upload || a instanceof SyncAction.Download) {
            return 3;
        }
        if (a instanceof SyncAction.DeleteLocal || a instanceof SyncAction.DeleteRemote) {
            return 4;
        }
        return 5;
    }

    @Test
    void foldersAreCreatedParentsFirst() {
        SyncPlan p = plan(new Scenario().localNewDir("a").localNewDir("a/b").localNewDir("a/b/c").localNewDir("z"));
        List<String> created = p.ofType(SyncAction.CreateRemoteFolder.class).stream().map(SyncAction::path).toList();
        assertEquals(List.of("a", "z", "a/b", "a/b/c"), created);
    }

    @Test
    void deletesRunDeepestFirst() {
        Scenario s = new Scenario().syncedDir("a").synced("a/f", "1").syncedDir("a/b").synced("a/b/g", "2")
                .synced("top", "3").remoteEdit("a/b/g", "new");
        s.localDelete("a").localDelete("top");
        // a/b/g changed remotely: a and a/b survive, a/f and top are trashed
        List<String> deleted = plan(s).ofType(SyncAction.DeleteRemote.class).stream().map(SyncAction::path).toList();
        assertEquals(List.of("a/f", "top"), deleted);
        Scenario t = new Scenario().syncedDir("x").syncedDir("x/y").synced("x/y/z", "1").synced("w", "2")
                .remoteDelete("x/y/z").remoteDelete("w");
        List<Integer> depths = plan(t).ofType(SyncAction.DeleteLocal.class).stream()
                .map(a -> RelativePaths.depth(a.path())).toList();
        assertEquals(List.of(3, 1), depths);
    }

    @Test
    void downloadOverAnUnchangedLocalFileCarriesItsExpectedState() {
        Scenario s = new Scenario().synced("a.txt", "h1").remoteEdit("a.txt", "h2");
        SyncAction.Download d = plan(s).ofType(SyncAction.Download.class).get(0);
        assertEquals(new LocalState(10, 1000, "h1"), d.replaces());
        assertEquals("id:a.txt", d.remoteId());
        assertEquals("h2", d.remoteHash());
    }

    @Test
    void localDeleteCarriesTheExpectedStateAndRemoteDeleteTheId() {
        SyncPlan p = plan(new Scenario().synced("a.txt", "h1").remoteDelete("a.txt"));
        assertEquals(new LocalState(10, 1000, "h1"), p.ofType(SyncAction.DeleteLocal.class).get(0).expected());
        SyncPlan q = plan(new Scenario().synced("a.txt", "h1").localDelete("a.txt"));
        assertEquals("id:a.txt", q.ofType(SyncAction.DeleteRemote.class).get(0).remoteId());
    }

    @Test
    void uploadOfAnUpdateTargetsTheRemoteIdWithTheScannedHash() {
        SyncAction.Upload u = plan(new Scenario().synced("a.txt", "h1").localEdit("a.txt", "h2"))
                .ofType(SyncAction.Upload.class).get(0);
        assertEquals("id:a.txt", u.remoteId());
        assertEquals("h2", u.localHash());
        assertFalse(u.isNew());
    }

    @Test
    void recordedJournalEntryHoldsBothSides() {
        SyncAction.RecordJournal r = plan(new Scenario().localNew("a", "h").remoteNew("a", "h"))
                .ofType(SyncAction.RecordJournal.class).get(0);
        assertEquals(new JournalEntry("a", EntryKind.FILE, 10, 1500, "fk:new:a", "h", "id:new:a", r.entry().remoteEtag(), "h"),
                r.entry());
        assertNull(r.previousPath());
    }

    @Test
    void nfdLocalNamesMatchNfcRemoteNames() {
        String nfc = "caf\u00e9.txt";
        String nfd = "cafe\u0301.txt";
        Scenario s = new Scenario().localPut(LocalEntry.file(nfd, 10, 1, null, "h")).remoteNew(nfc, "h");
        SyncPlan p = plan(s);
        assertEquals(List.of(nfc), p.actions().stream().map(SyncAction::path).toList());
        assertTrue(p.actions().get(0) instanceof SyncAction.RecordJournal);
    }

    @Test
    void ignoredAndExcludedPathsAreNeitherSyncedNorDeleted() {
        Reconciler filtered = new Reconciler(new ConflictNamer(ReconcilerTableTest.CLOCK, "pc"), new ServerNamePolicy(),
                new LocalNamePolicy(OsFamily.LINUX),
                new PathFilter(IgnoreRules.withDefaults(List.of("build/")), new SelectiveSync(Set.of("Photos"))));
        Scenario s = new Scenario().localNew("a.tmp", "1").remoteNew(".DS_Store", "2").localNewDir("build")
                .localNew("build/out.bin", "3").syncedDir("Photos").synced("Photos/p.jpg", "4")
                .localDelete("Photos").localNew("real.txt", "5");
        SyncPlan p = filtered.reconcile(s.localSnapshot(), s.remoteSnapshot(), s.journalBase());
        assertEquals("upload    real.txt (new, 10 B)", p.describe());
    }

    @Test
    void massDeleteGuardTripsAboveHalfAndAboveOneHundred() {
        Scenario s = new Scenario().syncedDir("d");
        for (int i = 0; i < 150; i++) {
            s.synced("d/f" + i, "h" + i);
        }
        for (int i = 0; i < 50; i++) {
            s.synced("keep" + i, "k" + i);
        }
        s.localDelete("d");
        MassDeleteGuard.Verdict v = MassDeleteGuard.check(plan(s), 200);
        assertEquals(150, v.remoteFileDeletes());
        assertEquals(0, v.localFileDeletes());
        assertTrue(v.exceeds());
    }

    @Test
    void massDeleteGuardAllowsHalfOrLess() {
        Scenario s = new Scenario().syncedDir("d");
        for (int i = 0; i < 150; i++) {
            s.synced("d/f" + i, "h" + i);
        }
        for (int i = 0; i < 150; i++) {
            s.synced("keep" + i, "k" + i);
        }
        s.remoteDelete("d");
        MassDeleteGuard.Verdict v = MassDeleteGuard.check(plan(s), 300);
        assertEquals(150, v.localFileDeletes());
        assertFalse(v.exceeds(), "exactly half is allowed");
    }

    @Test
    void massDeleteGuardStopsARunThatWouldEmptyASmallPair() {
        Scenario s = new Scenario();
        for (int i = 0; i < 50; i++) {
            s.synced("f" + i, "h" + i).localDelete("f" + i);
        }
        MassDeleteGuard.Verdict v = MassDeleteGuard.check(plan(s), 50);
        assertEquals(50, v.remoteFileDeletes());
        assertTrue(v.exceeds(), "every file of the pair: a folder replaced by an empty one");
    }

    @Test
    void massDeleteGuardLetsASmallPairLoseAllButOneFileOrItsOnlyFile() {
        Scenario most = new Scenario().synced("keep", "k");
        for (int i = 0; i < 99; i++) {
            most.synced("f" + i, "h" + i).localDelete("f" + i);
        }
        assertFalse(MassDeleteGuard.check(plan(most), 100).exceeds(), "99 of 100 is not more than 100");
        Scenario only = new Scenario().synced("only", "o").remoteDelete("only");
        assertFalse(MassDeleteGuard.check(plan(only), 1).exceeds(), "a pair of one file may lose it");
    }

    @Test
    void dryRunDescriptionListsEveryStepOnItsOwnLine() {
        SyncPlan p = plan(new Scenario().localNew("a", "1").remoteNew("b", "2"));
        assertEquals("upload    a (new, 10 B)\ndownload  b (new, 10 B)", p.describe());
        assertEquals(p.describe(), p.toString());
        assertEquals("nothing to do", plan(new Scenario()).describe());
        assertTrue(p.changesAnything());
    }

    @Test
    void skipsAndRecordsAloneChangeNothing() {
        SyncPlan p = plan(new Scenario().localNew("a\\b", "1").localNew("c", "2").remoteNew("c", "2"));
        assertFalse(p.changesAnything(), p.describe());
        assertNotNull(p.ofType(SyncAction.Skip.class).get(0).reason());
    }

    @Test
    void reconcileIsDeterministic() {
        Scenario s = new Scenario().synced("a", "1").localEdit("a", "2").remoteEdit("a", "3").localNew("n", "4")
                .remoteNewDir("r").remoteNew("r/x", "5");
        assertEquals(plan(s).describe(), plan(s).describe());
    }
}
