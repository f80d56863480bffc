package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.oxisync.core.engine.RandomTreeChanges.mentions;
import static org.oxisync.core.engine.RandomTreeChanges.sorted;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.oxisync.core.scan.LocalHint;

/**
 * Runs started by the watcher while the server is unchanged read only the folders around the reported paths
 * ({@link RunScope}, {@link ScopedRun}), and plan what a full run plans for the changes the watcher reported.
 */
class ScopedRunTest extends HarnessTest {
    @BeforeEach
    void aSyncedTree() {
        for (int d = 0; d < 4; d++) {
            for (int f = 0; f < 4; f++) {
                h.write("d" + d + "/f" + f + ".txt", "content " + d + "/" + f);
                h.write("d" + d + "/s/g" + f + ".txt", "nested " + d + "/" + f);
            }
        }
        h.write("top.txt", "at the root");
        h.syncOk();
        // the relisting after the upload named every folder pending (the run's own writes among them); a run that
        // ends OK clears that
        h.syncOk();
    }

    private SyncReport run(LocalHint hint, boolean dryRun) {
        h.options(SyncOptions.defaults("testhost").withLocalHint(hint).withDryRun(dryRun));
        return dryRun ? h.sync() : h.syncOk();
    }

    @Test
    void aSaveIsSyncedByARunThatReadsNothingOutsideTheFoldersAroundItWhenTheServerIsUnchanged() throws IOException {
        changes().journalDisagreesAbout("d3/f1.txt");
        h.write("d1/f2.txt", "saved");

        SyncReport r = run(LocalHint.of(Set.of("d1/f2.txt")), false);
        assertEquals(1, r.uploaded(), r.plan().toString());
        assertFalse(mentions(r, "d3/f1.txt"), "a row outside the scope is not read: " + r.plan());
        assertEquals("saved", new String(h.remote().read("/d1/f2.txt"), StandardCharsets.UTF_8));

        // the watcher's run kept the seal (QuietFromSealTest): without it, a run reads everything
        Files.delete(QuietSeal.forPair(h.store.directory(), h.pair.id()).path());
        SyncReport full = run(LocalHint.ALL, true);
        assertTrue(mentions(full, "d3/f1.txt"), "the difference is there for a full run: " + full.plan());
    }

    @Test
    void anEditInPlaceIsSyncedByARunThatReadsNotEvenItsFoldersOtherEntries() {
        changes().journalDisagreesAbout("d1/f3.txt"); // a sibling a run would plan if it read it
        h.write("d1/f2.txt", "saved in place");

        SyncReport r = run(LocalHint.of(Set.of("d1/f2.txt")), false);
        assertEquals(1, r.uploaded(), r.plan().toString());
        assertFalse(mentions(r, "d1/f3.txt"), "the folder's other entries are not read: " + r.plan());
        assertEquals("saved in place", new String(h.remote().read("/d1/f2.txt"), StandardCharsets.UTF_8));
    }

    @Test
    void aFileEditedOnBothSidesBringsItsFolderSoItsConflictCopyTakesNoNameInUse() {
        // siblings named as this run's conflict copy would be, for the next seconds: the copy must take another name
        java.time.LocalDateTime now = java.time.LocalDateTime.now(java.time.ZoneOffset.UTC);
        java.time.format.DateTimeFormatter stamp = java.time.format.DateTimeFormatter.ofPattern("uuuu-MM-dd HHmmss");
        List<String> taken = new ArrayList<>();
        for (int s = 0; s < 30; s++) {
            String name = "d2/f1 (conflicted copy " + now.plusSeconds(s).format(stamp) + " testhost).txt";
            h.write(name, "an older file of that name " + s);
            taken.add(name);
        }
        h.syncOk();
        h.syncOk();
        // the server unchanged since the listing (no folder pending), but the journal's row says the server's
        // content is not what it recorded: changed on both sides as far as the run can tell
        changes().journalDisagreesAbout("d2/f1.txt");
        h.write("d2/f1.txt", "edited here");

        List<String> scoped = sorted(run(LocalHint.of(Set.of("d2/f1.txt")), true).plan());
        assertEquals(sorted(run(LocalHint.ALL, true).plan()), scoped, "plans as a full run");
        assertTrue(scoped.stream().anyMatch(l -> l.contains("testhost 2).txt")), "a conflict: " + scoped);
        run(LocalHint.of(Set.of("d2/f1.txt")), false);
        for (int s = 0; s < taken.size(); s++) {
            assertEquals("an older file of that name " + s, h.read(taken.get(s)), "not overwritten: " + taken.get(s));
        }
        assertTrue(h.localTree().keySet().stream().anyMatch(p -> p.startsWith("d2/f1 (conflicted copy ")
                && p.endsWith(" testhost 2).txt")), "the copy took the next free name: " + h.localTree().keySet());
    }

    @Test
    void withoutThePendingFoldersFileAHintedRunReadsEverything() throws IOException {
        changes().journalDisagreesAbout("d3/f1.txt");
        Files.delete(h.store.directory().resolve("remote-tree-" + h.pair.id() + ".pending"));
        h.write("d1/f2.txt", "saved");

        SyncReport r = run(LocalHint.of(Set.of("d1/f2.txt")), true);
        assertTrue(mentions(r, "d3/f1.txt"), "unknown pending folders: the whole journal is read: " + r.plan());
    }

    @Test
    void aRunThatEndsOkEmptiesThePendingFoldersAndTheRelistingAfterItNamesTheFolderItWrote() throws IOException {
        Path file = h.store.directory().resolve("remote-tree-" + h.pair.id() + ".pending");
        PendingFolders pending = new PendingFolders(file);
        assertEquals(Set.of(), pending.read().orElseThrow(), "written empty by the last sync, which ended OK");
        pending.write(Set.of("some-folder"));
        h.remote().putFile("/d2/from-elsewhere.txt", "another device".getBytes(StandardCharsets.UTF_8));
        h.write("d0/f0.txt", "saved");

        run(LocalHint.of(Set.of("d0/f0.txt")), false); // the server changed: reads everything, then ends OK
        assertEquals(Set.of(h.remote().folderId("/d0")), pending.read().orElseThrow(),
                "emptied at the end of the run, then the folder it wrote named by the relisting after it");
        assertTrue(h.exists("d2/from-elsewhere.txt"));
        h.assertInSync();
    }

    @Test
    void aFolderDeletedOnDiskIsDeletedOnTheServerWithEverythingInIt() {
        h.delete("d2");
        SyncReport r = run(LocalHint.of(Set.of("d2")), false);
        assertFalse(h.remote().exists("/d2/s/g1.txt"));
        assertFalse(h.remote().exists("/d2"));
        assertTrue(h.remote().exists("/d1/s/g1.txt"), r.plan().toString());
        h.assertInSync();
    }

    @Test
    void aFolderRenamedOnDiskIsMovedOnTheServerEvenWhenTheWatcherReportedOnlyItsNewName() throws IOException {
        String id = h.remote().fileId("/d1/s/g2.txt");
        Files.move(h.local.resolve("d1/s"), h.local.resolve("d1/renamed"));
        SyncReport r = run(LocalHint.of(Set.of("d1/renamed")), false);
        assertEquals(0, r.uploaded(), r.plan().toString());
        assertEquals(id, h.remote().fileId("/d1/renamed/g2.txt"), "moved, not uploaded again: " + r.plan());
        assertFalse(h.remote().exists("/d1/s"));
        h.assertInSync();
    }

    @Test
    void aFileMovedToAnotherFolderIsMovedOnTheServerEvenWhenTheWatcherReportedOnlyItsNewPlace() throws IOException {
        String id = h.remote().fileId("/d0/f3.txt");
        Files.move(h.local.resolve("d0/f3.txt"), h.local.resolve("d3/s/moved.txt"));
        SyncReport r = run(LocalHint.of(Set.of("d3/s/moved.txt")), false);
        assertEquals(1, r.moved(), r.plan().toString());
        assertEquals(id, h.remote().fileId("/d3/s/moved.txt"));
        assertFalse(h.remote().exists("/d0/f3.txt"));
        h.assertInSync();
    }

    @Test
    void aNewFolderWithContentInANewFolderIsUploadedWhole() {
        h.write("d1/new/deeper/x.txt", "x");
        h.write("d1/new/y.txt", "y");
        run(LocalHint.of(Set.of("d1/new/deeper/x.txt")), false);
        assertTrue(h.remote().exists("/d1/new/deeper/x.txt"));
        assertTrue(h.remote().exists("/d1/new/y.txt"));
        h.assertInSync();
    }

    @Test
    void onRandomLocalChangesAScopedRunPlansWhatAFullRunPlans() throws IOException {
        for (int seed = 0; seed < 40; seed++) {
            Random rnd = new Random(seed);
            Set<String> hint = new HashSet<>();
            List<String> log = new ArrayList<>();
            boolean[] partial = {false};
            for (int i = 1 + rnd.nextInt(4); i > 0; i--) {
                change(rnd, hint, log, partial);
            }
            List<String> scoped = sorted(run(LocalHint.of(hint), true).plan());
            Path pending = h.store.directory().resolve("remote-tree-" + h.pair.id() + ".pending");
            assertTrue(Files.exists(pending), "seed " + seed + ": the scoped run needs the pending folders file");
            Files.delete(pending); // now the same hint reads the whole journal and listing
            List<String> whole = sorted(run(LocalHint.of(hint), true).plan());
            assertEquals(whole, scoped, "seed " + seed + ": " + log + " hint " + hint);
            if (!partial[0]) { // every path the changes touched was reported: a full run plans the same
                assertEquals(sorted(run(LocalHint.ALL, true).plan()), scoped, "seed " + seed + ": " + log);
            }
            run(LocalHint.ALL, false); // settle before the next seed
            run(LocalHint.ALL, false); // and clear what the relisting named pending
        }
    }

    @Test
    void onRandomRemoteAndLocalChangesAScopedRunPlansWhatAFullRunPlans() throws IOException {
        for (int seed = 100; seed < 130; seed++) {
            Random rnd = new Random(seed);
            Set<String> hint = new HashSet<>();
            List<String> log = new ArrayList<>();
            boolean[] partial = {false};
            for (int i = rnd.nextInt(3); i > 0; i--) {
                change(rnd, hint, log, partial);
            }
            for (int i = 1 + rnd.nextInt(3); i > 0; i--) {
                changes().remoteChange(rnd, log);
            }
            if (partial[0]) {
                run(LocalHint.ALL, false); // only complete hints here: settle and try the next seed
                continue;
            }
            List<String> scoped = sorted(run(LocalHint.of(hint), true).plan());
            assertEquals(sorted(run(LocalHint.ALL, true).plan()), scoped, "seed " + seed + ": " + log + " " + hint);
            run(LocalHint.ALL, false);
            run(LocalHint.ALL, false);
        }
    }

    @Test
    void anotherDevicesEditIsBroughtDownByAScopedRunThatReadsItsFolder() {
        changes().journalDisagreesAbout("d3/f1.txt");
        h.remote().putFile("/d2/f0.txt", "edited elsewhere".getBytes(StandardCharsets.UTF_8));
        h.write("d1/f2.txt", "saved");
        SyncReport r = run(LocalHint.of(Set.of("d1/f2.txt")), false);
        assertEquals("edited elsewhere", h.read("d2/f0.txt"));
        assertEquals(1, r.uploaded(), r.plan().toString());
        assertFalse(mentions(r, "d3/f1.txt"), "still scoped: " + r.plan());
    }

    /** One random local change; the paths a watcher reports for it go to {@code hint} (a move's old place not always). */
    private void change(Random rnd, Set<String> hint, List<String> log, boolean[] partial) throws IOException {
        List<String> files = changes().files();
        List<String> folders = changes().folders();
        if (files.isEmpty() || folders.isEmpty()) {
            return;
        }
        String file = files.get(rnd.nextInt(files.size()));
        String folder = folders.get(rnd.nextInt(folders.size()));
        int what = rnd.nextInt(6);
        try {
            switch (what) {
                case 0 -> { // edit
                    h.write(file, "edited " + rnd.nextLong());
                    hint.add(file);
                }
                case 1 -> { // new file
                    String p = folder + "/new" + rnd.nextInt(1000) + ".txt";
                    h.write(p, "new " + rnd.nextLong());
                    hint.add(p);
                }
                case 2 -> { // delete a file
                    Files.delete(h.local.resolve(file));
                    hint.add(file);
                }
                case 3 -> { // move a file into another folder
                    String to = folder + "/moved" + rnd.nextInt(1000) + ".txt";
                    Files.move(h.local.resolve(file), h.local.resolve(to));
                    hint.add(to);
                    if (rnd.nextBoolean()) {
                        hint.add(file);
                    } else {
                        partial[0] = true;
                    }
                }
                case 4 -> { // rename a folder
                    String to = parentOf(folder) + "renamed" + rnd.nextInt(1000);
                    Files.move(h.local.resolve(folder), h.local.resolve(to));
                    hint.add(to);
                    if (rnd.nextBoolean()) {
                        hint.add(folder);
                    } else {
                        partial[0] = true;
                    }
                }
                default -> { // delete a folder
                    h.delete(folder);
                    hint.add(folder);
                }
            }
        } catch (java.nio.file.FileAlreadyExistsException | java.nio.file.NoSuchFileException e) {
            return; // a name taken by an earlier change of the same seed: no change
        } catch (UncheckedIOException e) {
            return;
        }
        log.add(what + ":" + file + "|" + folder);
    }

    private static String parentOf(String path) {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? "" : path.substring(0, slash + 1);
    }

    private RandomTreeChanges changes() {
        return new RandomTreeChanges(h);
    }
}
