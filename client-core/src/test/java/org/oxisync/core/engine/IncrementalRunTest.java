package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.oxisync.core.plan.EntryKind;
import org.oxisync.core.scan.LocalHint;

/**
 * Runs with the watcher's hint ({@link LocalHint.Paths}): only the dirty folders are read; everything else is taken
 * from the journal, so it can neither be deleted nor re-uploaded; a full run ({@link LocalHint#ALL}) still finds
 * what the watcher missed.
 */
class IncrementalRunTest extends HarnessTest {
    @BeforeEach
    void aSyncedTree() {
        for (int d = 0; d < 4; d++) {
            for (int f = 0; f < 5; f++) {
                h.write("d" + d + "/f" + f + ".txt", "content " + d + "/" + f);
            }
        }
        h.syncOk();
    }

    private SyncReport runWith(LocalHint hint) {
        h.options(SyncOptions.defaults("testhost").withLocalHint(hint));
        return h.syncOk();
    }

    @Test
    void hintedRunUploadsTheChangedFileAndLeavesUnhintedChangesForAFullRun() {
        h.write("d1/f2.txt", "changed, and the watcher said so");
        h.write("d3/f4.txt", "changed, but the watcher missed it");
        h.write("d2/new.txt", "new, missed too");

        SyncReport r = runWith(LocalHint.of(Set.of("d1/f2.txt")));
        assertEquals(1, r.uploaded(), r.plan().toString());
        assertEquals("changed, and the watcher said so", text("/d1/f2.txt"));
        assertEquals("content 3/4", text("/d3/f4.txt"), "an unhinted folder is taken from the journal, not read");
        assertFalse(h.remote().exists("/d2/new.txt"));

        SyncReport full = runWith(LocalHint.ALL); // overflow, periodic or on-demand run
        assertEquals(2, full.uploaded(), full.plan().toString());
        h.assertInSync();
    }

    @Test
    void deletedFileInAHintedFolderIsDeletedRemotelyAndNothingElseIs() {
        assertTrue(h.local.resolve("d0/f1.txt").toFile().delete());
        SyncReport r = runWith(LocalHint.of(Set.of("d0/f1.txt")));
        assertEquals(1, r.deletedRemote(), r.plan().toString());
        assertFalse(h.remote().exists("/d0/f1.txt"));
        assertEquals(19, h.remoteTree().keySet().stream().filter(p -> p.endsWith(".txt")).count());
        h.assertInSync();
    }

    @Test
    void moveBetweenTwoHintedFoldersIsCarriedOutAsAMove() {
        String id = h.remote().fileId("/d0/f3.txt");
        h.write("d1/other.txt", "unrelated change in a hinted folder");
        move("d0/f3.txt", "d1/moved.txt");

        SyncReport r = runWith(LocalHint.of(Set.of("d0/f3.txt", "d1/moved.txt", "d1/other.txt")));
        assertEquals(1, r.moved(), r.plan().toString());
        assertEquals(1, r.uploaded(), "only the new file is uploaded, the moved one keeps its content: " + r.plan());
        assertEquals(0, r.deletedRemote(), r.plan().toString());
        assertEquals(id, h.remote().fileId("/d1/moved.txt"), "the same server file, moved");
        assertFalse(h.remote().exists("/d0/f3.txt"));
        h.assertInSync();
    }

    @Test
    void aMoveWhoseSourceTheWatcherDidNotReportIsStillCarriedOutAsAMove() {
        String id = h.remote().fileId("/d0/f3.txt");
        move("d0/f3.txt", "d1/moved.txt");

        // only the new place was reported (the two halves of a rename can come apart, or one is lost)
        SyncReport r = runWith(LocalHint.of(Set.of("d1/moved.txt")));
        assertEquals(1, r.moved(), r.plan().toString());
        assertEquals(0, r.uploaded(), "not uploaded again as a new file beside the old one: " + r.plan());
        assertEquals(id, h.remote().fileId("/d1/moved.txt"), "the same server file, moved");
        assertFalse(h.remote().exists("/d0/f3.txt"));
        h.assertInSync();
    }

    @Test
    void aFolderMoveWhoseSourceTheWatcherDidNotReportIsStillCarriedOutAsAMove() {
        String id = h.remote().folderId("/d2");
        move("d2", "d3/d2-moved");

        SyncReport r = runWith(LocalHint.of(Set.of("d3/d2-moved")));
        assertEquals(0, r.uploaded(), r.plan().toString());
        assertEquals(id, h.remote().folderId("/d3/d2-moved"), "the same server folder, moved");
        assertFalse(h.remote().exists("/d2"));
        h.assertInSync();
    }

    @Test
    void folderMovedToANewPlaceIsReadWholeAndMovedOnTheServer() {
        String id = h.remote().folderId("/d2");
        move("d2", "moved/d2");

        SyncReport r = runWith(LocalHint.of(Set.of("d2", "moved")));
        assertEquals(1, r.moved(), r.plan().toString());
        assertEquals(0, r.uploaded() + r.deletedRemote(), r.plan().toString());
        assertEquals(id, h.remote().folderId("/moved/d2"));
        assertEquals(5, h.remote().list("/moved/d2").size());
        h.assertInSync();
    }

    @Test
    void remoteChangeInAnUnhintedFolderIsComparedWithTheDiskAsItIs() {
        // the watcher missed a local edit; the server changed the same file: a full compare makes a conflict copy,
        // it must never overwrite the local edit on the journal's word
        h.write("d3/f0.txt", "local edit the watcher missed");
        h.remote().putFile("/d3/f0.txt", "remote edit".getBytes(StandardCharsets.UTF_8));

        SyncReport r = runWith(LocalHint.of(Set.of()));
        assertEquals(1, r.conflicts(), r.plan().toString());
        java.util.List<String> d3 = contents("d3");
        assertTrue(d3.contains("local edit the watcher missed"), "the local edit survives: " + d3);
        assertTrue(d3.contains("remote edit"), "the remote edit arrives beside it: " + d3);
    }

    @Test
    void remoteChangesWithAnEmptyHintAreDownloaded() {
        h.remote().putFile("/d2/from-server.txt", "hello".getBytes(StandardCharsets.UTF_8));
        h.remote().delete("/d0/f0.txt");
        SyncReport r = runWith(LocalHint.of(Set.of()));
        assertEquals(1, r.downloaded(), r.plan().toString());
        assertEquals(1, r.deletedLocal(), r.plan().toString());
        assertEquals("hello", h.read("d2/from-server.txt"));
        assertFalse(Files.exists(h.local.resolve("d0/f0.txt")));
        h.assertInSync();
    }

    @Test
    void newFolderWithContentNamedByTheHintIsUploadedWhole() {
        h.write("fresh/a.txt", "a");
        h.write("fresh/sub/b.txt", "b");
        SyncReport r = runWith(LocalHint.of(Set.of("fresh")));
        assertEquals(2, r.uploaded(), r.plan().toString());
        assertArrayEquals("b".getBytes(StandardCharsets.UTF_8), h.remote().read("/fresh/sub/b.txt"));
        h.assertInSync();
    }

    /**
     * The reconciler is handed only the differing part of the tree in incremental runs; on random changes of both
     * sides (edits, deletes, new entries, file and folder moves, conflicts) its plan must equal the full one.
     */
    @Test
    void narrowedReconcileGivesTheSamePlanAsTheFullOneOnRandomChanges() {
        org.oxisync.core.plan.Reconciler reconciler = new org.oxisync.core.plan.Reconciler(
                new org.oxisync.core.naming.ConflictNamer(java.time.Clock.fixed(java.time.Instant.parse(
                        "2026-03-01T10:00:00Z"), java.time.ZoneOffset.UTC), "host"),
                org.oxisync.core.naming.LocalNamePolicy.forCurrentOs());
        int nonEmpty = 0;
        int twinsOutside = 0;
        int uploadsOutside = 0;
        for (int seed = 0; seed < 300; seed++) {
            Scenario sc = new Scenario(new java.util.Random(seed));
            sc.mutate();
            var local = new org.oxisync.core.plan.LocalSnapshot(new java.util.ArrayList<>(sc.local.values()),
                    seed % 3 == 0); // case-insensitive volumes: clashes by case with unchanged siblings
            var remote = new org.oxisync.core.plan.RemoteSnapshot(new java.util.ArrayList<>(sc.remote.values()));
            var base = new org.oxisync.core.plan.JournalBase(sc.journal);
            var full = reconciler.reconcile(local, remote, base);
            var narrowed = Narrowing.reconcile(reconciler, local, remote, base);
            twinsOutside += narrowed.outside().size();
            uploadsOutside += narrowed.uploads().size();
            var narrow = narrowed.withTwinRecords(); // the records and uploads left out of the plan, in their place
            assertEquals(recordsSorted(full).describe(), recordsSorted(narrow).describe(), "seed " + seed + ": " + sc.log);
            assertEquals(recordsSorted(full).actions(), recordsSorted(narrow).actions(), "seed " + seed + ": " + sc.log);
            nonEmpty += full.actions().isEmpty() ? 0 : 1;
        }
        assertTrue(nonEmpty > 250, "the scenarios change something: " + nonEmpty);
        assertTrue(twinsOutside > 0, "some scenarios have new entries alike on both sides recorded outside the plan");
        assertTrue(uploadsOutside > 0, "some scenarios have new files in new folders uploaded outside the plan");
    }

    /**
     * The plan with its journal records (one block, before the skips) in path order: the records of twins left out of
     * the plan follow the plan's own, and records of distinct paths do not depend on each other's order.
     */
    private static org.oxisync.core.plan.SyncPlan recordsSorted(org.oxisync.core.plan.SyncPlan plan) {
        java.util.List<org.oxisync.core.plan.SyncAction> out = new java.util.ArrayList<>();
        java.util.List<org.oxisync.core.plan.SyncAction> records = new java.util.ArrayList<>();
        for (org.oxisync.core.plan.SyncAction a : plan.actions()) {
            if (a instanceof org.oxisync.core.plan.SyncAction.RecordJournal) {
                records.add(a);
            } else {
                if (!records.isEmpty()) {
                    records.sort(java.util.Comparator.comparing(org.oxisync.core.plan.SyncAction::path));
                    out.addAll(records);
                    records.clear();
                }
                out.add(a);
            }
        }
        records.sort(java.util.Comparator.comparing(org.oxisync.core.plan.SyncAction::path));
        out.addAll(records);
        return new org.oxisync.core.plan.SyncPlan(out);
    }

    /** A synced tree (local = remote = journal), then a few random changes on either side. */
    private static final class Scenario {
        final java.util.Random rnd;
        final java.util.TreeMap<String, org.oxisync.core.plan.LocalEntry> local = new java.util.TreeMap<>();
        final java.util.TreeMap<String, org.oxisync.core.plan.RemoteEntry> remote = new java.util.TreeMap<>();
        final java.util.List<org.oxisync.core.plan.JournalEntry> journal = new java.util.ArrayList<>();
        final java.util.List<String> log = new java.util.ArrayList<>();
        int n;

        Scenario(java.util.Random rnd) {
            this.rnd = rnd;
            for (String d : java.util.List.of("a", "a/x", "b", "c", "c/y", "c/y/z")) {
                addSynced(d, true);
                for (int f = 0; f < 4; f++) {
                    addSynced(d + "/f" + f + ".txt", false);
                }
            }
            addSynced("top.txt", false);
            // a name a conflict copy of a/f0.txt would take at this clock: the next copy must pick another one
            addSynced("a/f0 (conflicted copy 2026-03-01 100000 host).txt", false);
        }

        private void addSynced(String path, boolean dir) {
            int i = n++;
            String parentId = parentId(path);
            if (dir) {
                local.put(path, org.oxisync.core.plan.LocalEntry.dir(path, "k" + i));
                remote.put(path, org.oxisync.core.plan.RemoteEntry.dir(path, "id" + i, parentId, "e" + i));
                journal.add(org.oxisync.core.plan.JournalEntry.dir(path, "k" + i, "id" + i));
            } else {
                local.put(path, org.oxisync.core.plan.LocalEntry.unhashedFile(path, 10 + i, 1000 + i, "k" + i));
                remote.put(path, org.oxisync.core.plan.RemoteEntry.file(path, "id" + i, parentId, "e" + i, "h" + i,
                        10 + i, java.time.Instant.ofEpochSecond(1000 + i)));
                journal.add(org.oxisync.core.plan.JournalEntry.file(path, 10 + i, 1000 + i, "k" + i, "h" + i,
                        "id" + i, "e" + i));
            }
        }

        private String parentId(String path) {
            String parent = org.oxisync.core.naming.RelativePaths.parent(path);
            var r = remote.get(parent);
            return parent.isEmpty() || r == null ? "root" : r.id();
        }

        private <V> String pick(java.util.Map<String, V> m, java.util.function.Predicate<V> p) {
            var keys = m.entrySet().stream().filter(e -> p.test(e.getValue())).map(java.util.Map.Entry::getKey)
                    .toList();
            return keys.isEmpty() ? null : keys.get(rnd.nextInt(keys.size()));
        }

        private String localDir() {
            String d = pick(local, e -> e.kind() == EntryKind.DIR);
            return d == null || rnd.nextInt(5) == 0 ? "" : d;
        }

        private String remoteDir() {
            String d = pick(remote, e -> e.kind() == EntryKind.DIR);
            return d == null || rnd.nextInt(5) == 0 ? "" : d;
        }

        private static String join(String dir, String name) {
            return dir.isEmpty() ? name : dir + "/" + name;
        }

        private static boolean inside(String path, String top) {
            return path.equals(top) || path.startsWith(top + "/");
        }

        void mutate() {
            int changes = 1 + rnd.nextInt(4);
            for (int c = 0; c < changes; c++) {
                int i = n++;
                String name = rnd.nextInt(3) == 0 ? "F" + rnd.nextInt(4) + ".txt" // case clash with f0..f3.txt
                        : "n" + rnd.nextInt(3) + ".txt"; // a small pool: new names collide across sides
                switch (rnd.nextInt(13)) {
                    case 0 -> { // local edit
                        String p = pick(local, e -> e.kind() == EntryKind.FILE);
                        if (p != null) {
                            var e = local.get(p);
                            local.put(p, org.oxisync.core.plan.LocalEntry.file(p, 500 + i, 9000 + i, e.fileKey(),
                                    "lh" + i));
                            log.add("L edit " + p);
                        }
                    }
                    case 1 -> { // local delete (file or folder)
                        String p = pick(local, e -> true);
                        if (p != null) {
                            local.keySet().removeIf(k -> inside(k, p));
                            log.add("L delete " + p);
                        }
                    }
                    case 2 -> { // local new file
                        String p = join(localDir(), name);
                        if (!local.containsKey(p)) {
                            local.put(p, org.oxisync.core.plan.LocalEntry.file(p, 500 + i, 9000 + i, "k" + i,
                                    rnd.nextBoolean() ? "lh" + i : "same" + name));
                            log.add("L new " + p);
                        }
                    }
                    case 3 -> { // local move of a file or folder
                        String p = pick(local, e -> true);
                        String to = p == null ? null : join(localDir(), "m" + i);
                        if (p != null && !inside(to, p)) {
                            var moved = new java.util.TreeMap<String, org.oxisync.core.plan.LocalEntry>();
                            local.entrySet().removeIf(e -> {
                                if (!inside(e.getKey(), p)) {
                                    return false;
                                }
                                String np = to + e.getKey().substring(p.length());
                                var l = e.getValue();
                                String hash = l.kind() == EntryKind.FILE ? journalHash(e.getKey(), "x" + i) : null;
                                moved.put(np, hash == null ? org.oxisync.core.plan.LocalEntry.dir(np, l.fileKey())
                                        : org.oxisync.core.plan.LocalEntry.file(np, l.size(), l.mtimeMillis(),
                                        l.fileKey(), hash));
                                return true;
                            });
                            local.putAll(moved);
                            log.add("L move " + p + " -> " + to);
                        }
                    }
                    case 4 -> { // remote edit
                        String p = pick(remote, e -> e.kind() == EntryKind.FILE);
                        if (p != null) {
                            var r = remote.get(p);
                            remote.put(p, org.oxisync.core.plan.RemoteEntry.file(p, r.id(), r.parentId(), "re" + i,
                                    rnd.nextInt(4) == 0 ? "lh" + (i - 1) : "rh" + i, 700 + i,
                                    java.time.Instant.ofEpochSecond(5000 + i)));
                            log.add("R edit " + p);
                        }
                    }
                    case 5 -> { // remote delete
                        String p = pick(remote, e -> true);
                        if (p != null) {
                            remote.keySet().removeIf(k -> inside(k, p));
                            log.add("R delete " + p);
                        }
                    }
                    case 6 -> { // remote new file
                        String d = remoteDir();
                        String p = join(d, name);
                        if (!remote.containsKey(p)) {
                            remote.put(p, org.oxisync.core.plan.RemoteEntry.file(p, "rid" + i, parentId(p), "re" + i,
                                    rnd.nextBoolean() ? "rh" + i : "same" + name, 700 + i,
                                    java.time.Instant.ofEpochSecond(5000 + i)));
                            log.add("R new " + p);
                        }
                    }
                    case 7 -> { // remote move of a file or folder
                        String p = pick(remote, e -> true);
                        String to = p == null ? null : join(remoteDir(), "m" + i);
                        if (p != null && !inside(to, p)) {
                            var moved = new java.util.TreeMap<String, org.oxisync.core.plan.RemoteEntry>();
                            remote.entrySet().removeIf(e -> {
                                if (!inside(e.getKey(), p)) {
                                    return false;
                                }
                                String np = to + e.getKey().substring(p.length());
                                var r = e.getValue();
                                moved.put(np, new org.oxisync.core.plan.RemoteEntry(np, r.kind(), r.id(),
                                        e.getKey().equals(p) ? "moved-parent" : r.parentId(), r.etag(),
                                        r.contentHash(), r.size(), r.modifiedAt()));
                                return true;
                            });
                            remote.putAll(moved);
                            log.add("R move " + p + " -> " + to);
                        }
                    }
                    case 8 -> { // the same new folder on both sides
                        String p = join(localDir(), "both" + rnd.nextInt(2));
                        if (!local.containsKey(p) && !remote.containsKey(p)) {
                            local.put(p, org.oxisync.core.plan.LocalEntry.dir(p, "k" + i));
                            remote.put(p, org.oxisync.core.plan.RemoteEntry.dir(p, "rid" + i, parentId(p), "re" + i));
                            log.add("both new folder " + p);
                        }
                    }
                    case 10 -> { // the same new file on both sides (a join of a part of the tree)
                        String p = join(localDir(), "twin" + rnd.nextInt(2) + ".txt");
                        String d = org.oxisync.core.naming.RelativePaths.parent(p);
                        if (!local.containsKey(p) && !remote.containsKey(p)
                                && (d.isEmpty() || local.containsKey(d) && remote.containsKey(d))) {
                            local.put(p, org.oxisync.core.plan.LocalEntry.file(p, 42, 9000 + i, "k" + i, "tw" + i));
                            remote.put(p, org.oxisync.core.plan.RemoteEntry.file(p, "rid" + i, parentId(p), "re" + i,
                                    "tw" + i, 42, java.time.Instant.ofEpochSecond(5000 + i)));
                            log.add("both new file " + p);
                        }
                    }
                    case 12 -> { // a new local folder of new files (a first upload of a part of the tree)
                        String d = join(localDir(), "fresh" + rnd.nextInt(2));
                        String up = org.oxisync.core.naming.RelativePaths.parent(d);
                        if (!local.containsKey(d)) {
                            local.put(d, org.oxisync.core.plan.LocalEntry.dir(d, "kd" + i));
                            String sub = rnd.nextBoolean() ? d : d + "/sub";
                            local.put(sub, org.oxisync.core.plan.LocalEntry.dir(sub, "ks" + i));
                            for (int f = 0; f < 1 + rnd.nextInt(3); f++) {
                                String p = (rnd.nextBoolean() ? d : sub) + "/nf" + f + ".txt";
                                local.put(p, org.oxisync.core.plan.LocalEntry.file(p, 300 + f, 9000 + i,
                                        "kf" + i + "-" + f, rnd.nextInt(4) == 0 ? "same" + name : "fh" + i + "-" + f));
                            }
                            log.add("L new folder of new files " + d);
                            if (rnd.nextInt(4) == 0 && !remote.containsKey(d)
                                    && (up.isEmpty() || remote.containsKey(up))) {
                                // the server has something new of the folder's name: a claim the plan must settle
                                remote.put(d, org.oxisync.core.plan.RemoteEntry.file(d, "rid" + i, parentId(d),
                                        "re" + i, "rh" + i, 5, java.time.Instant.ofEpochSecond(5000 + i)));
                                log.add("R new file " + d);
                            }
                        }
                    }
                    case 9 -> { // both sides edit the same file: a conflict copy next to its siblings
                        String p = rnd.nextBoolean() ? "a/f0.txt" : pick(local, e -> e.kind() == EntryKind.FILE);
                        if (p != null && local.containsKey(p) && remote.containsKey(p)
                                && remote.get(p).kind() == EntryKind.FILE) {
                            var e = local.get(p);
                            local.put(p, org.oxisync.core.plan.LocalEntry.file(p, 500 + i, 9000 + i, e.fileKey(),
                                    "lh" + i));
                            var r = remote.get(p);
                            remote.put(p, org.oxisync.core.plan.RemoteEntry.file(p, r.id(), r.parentId(), "re" + i,
                                    "rh" + i, 700 + i, java.time.Instant.ofEpochSecond(5000 + i)));
                            log.add("both edit " + p);
                        }
                    }
                    default -> { // local metadata only (touch): same content
                        String p = pick(local, e -> e.kind() == EntryKind.FILE);
                        if (p != null) {
                            var e = local.get(p);
                            local.put(p, org.oxisync.core.plan.LocalEntry.file(p, e.size(), 20_000 + i, e.fileKey(),
                                    journalHash(p, "t" + i)));
                            log.add("L touch " + p);
                        }
                    }
                }
            }
        }

        private String journalHash(String path, String otherwise) {
            return journal.stream().filter(j -> j.path().equals(path) && j.localHash() != null).findFirst()
                    .map(org.oxisync.core.plan.JournalEntry::localHash).orElse(otherwise);
        }
    }

    private java.util.List<String> contents(String folder) {
        try (var files = Files.list(h.local.resolve(folder))) {
            return files.map(p -> {
                try {
                    return Files.readString(p);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).toList();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private void move(String from, String to) {
        try {
            Files.createDirectories(h.local.resolve(to).getParent());
            Files.move(h.local.resolve(from), h.local.resolve(to));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private String text(String remotePath) {
        return new String(h.remote().read(remotePath), StandardCharsets.UTF_8);
    }
}
