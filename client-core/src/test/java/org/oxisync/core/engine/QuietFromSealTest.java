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
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.oxisync.core.scan.LocalHint;

/**
 * A run with no watcher (a {@code sync-once}) after changes on either side starts from the seal of the last agreeing
 * run ({@link QuietCheck.FromSeal}): it reads only the folders around the paths where the disk differs from the seal
 * and where the journal changed since ({@link SealTouches}), keeps the seal, and plans what a full run plans.
 */
class QuietFromSealTest extends HarnessTest {
    @BeforeEach
    void aSealedTree() {
        for (int d = 0; d < 4; d++) {
            for (int f = 0; f < 4; f++) {
                h.write("d" + d + "/f" + f + ".txt", "content " + d + "/" + f);
                h.write("d" + d + "/s/g" + f + ".txt", "nested " + d + "/" + f);
            }
        }
        h.write("top.txt", "at the root");
        h.syncOk();
        h.syncOk(); // agrees: writes the seal (and empties the pending folders)
        assertTrue(Files.exists(seal()), "an agreeing full run leaves a seal");
    }

    private Path seal() {
        return QuietSeal.forPair(h.store.directory(), h.pair.id()).path();
    }

    private Path touched() {
        return SealTouches.forPair(h.store.directory(), h.pair.id()).path();
    }

    private SyncReport run(boolean dryRun) {
        h.server.flushTreeEtags();
        h.options(SyncOptions.defaults("testhost").withLocalHint(LocalHint.ALL).withDryRun(dryRun));
        return dryRun ? h.sync() : h.syncOk();
    }

    /** A dry run that reads everything: the seal and its list are set aside meanwhile, and put back as they were. */
    private SyncReport fullDryRun() throws IOException {
        Path sealAside = seal().resolveSibling("seal.aside");
        Path touchedAside = touched().resolveSibling("touched.aside");
        boolean hadTouched = Files.exists(touched());
        if (!Files.exists(seal())) {
            SyncReport r = run(true);
            Files.deleteIfExists(seal()); // as it was
            return r;
        }
        Files.move(seal(), sealAside);
        if (hadTouched) {
            Files.move(touched(), touchedAside);
        }
        try {
            return run(true);
        } finally {
            Files.move(sealAside, seal(), StandardCopyOption.REPLACE_EXISTING);
            Files.deleteIfExists(touched());
            if (hadTouched) {
                Files.move(touchedAside, touched());
            }
        }
    }

    @Test
    void aSyncOnceAfterAnEditReadsOnlyAroundItKeepsTheSealAndListsTheJournalPathItChanged() throws IOException {
        changes().journalDisagreesAbout("d3/f1.txt"); // behind the engine's back: visible only to a run that reads it
        byte[] sealBefore = Files.readAllBytes(seal());
        h.write("d1/f2.txt", "saved");

        SyncReport r = run(false);
        assertEquals(1, r.uploaded(), r.plan().toString());
        assertFalse(mentions(r, "d3/f1.txt"), "a row outside the folders around the edit is not read: " + r.plan());
        assertEquals("saved", new String(h.remote().read("/d1/f2.txt"), StandardCharsets.UTF_8));
        assertTrue(java.util.Arrays.equals(sealBefore, Files.readAllBytes(seal())), "the seal is kept");
        assertTrue(Files.readAllLines(touched()).contains("d1/f2.txt"), "the journal path it changed is listed");
        assertTrue(mentions(fullDryRun(), "d3/f1.txt"), "a full run reads the planted difference");
    }

    @Test
    void anotherDevicesEditIsDownloadedByARunFromTheSealAndTheRunAfterItRenewsTheSeal() {
        h.remote().putFile("/d2/f0.txt", "edited elsewhere".getBytes(StandardCharsets.UTF_8));
        SyncReport r = run(false);
        assertEquals(1, r.downloaded(), r.plan().toString());
        assertEquals("edited elsewhere", h.read("d2/f0.txt"));
        assertTrue(Files.exists(seal()));

        SyncReport again = run(false);
        assertEquals(List.of(), again.plan());
        assertFalse(Files.exists(touched()), "renewed from the walk: the listed paths are covered");
        h.server.resetStats();
        run(false);
        assertEquals(1, h.server.stats().values().stream().mapToLong(org.oxisync.emulator.EndpointStats::requests).sum(),
                () -> "quiet again, the one request of the quiet check: " + h.server.stats());
        h.assertInSync();
    }

    @Test
    void aFileTheJournalChangedSinceTheSealIsReadEvenWhenItLooksAsSealedAgain() throws IOException {
        Path a = h.local.resolve("d0/f0.txt");
        FileTime sealedMtime = Files.getLastModifiedTime(a);
        long sealedSize = Files.size(a);
        h.write("d0/f0.txt", "a longer edit, uploaded");
        run(false);
        // written in place (same file key) back to the sealed size and mtime, with other bytes: the walk sees the
        // sealed entry, only the journal's list says the row changed since
        byte[] other = "X".repeat((int) sealedSize).getBytes(StandardCharsets.UTF_8);
        Files.write(a, other);
        Files.setLastModifiedTime(a, sealedMtime);

        SyncReport r = run(false);
        assertEquals(1, r.uploaded(), r.plan().toString());
        assertEquals(new String(other, StandardCharsets.UTF_8),
                new String(h.remote().read("/d0/f0.txt"), StandardCharsets.UTF_8));
    }

    @Test
    void aRunStartedByTheWatcherKeepsTheSealAndTheNextRunWithoutOneStartsFromIt() throws IOException {
        h.write("d1/f2.txt", "saved");
        h.server.flushTreeEtags();
        h.options(SyncOptions.defaults("testhost").withLocalHint(LocalHint.of(java.util.Set.of("d1/f2.txt"))));
        assertEquals(1, h.syncOk().uploaded());
        assertTrue(Files.exists(seal()), "kept by the watcher's run");
        assertTrue(Files.readAllLines(touched()).contains("d1/f2.txt"), "with the journal path it changed");

        changes().journalDisagreesAbout("d3/f1.txt"); // visible only to a run that reads it
        SyncReport hourly = run(false);
        assertFalse(mentions(hourly, "d3/f1.txt"), "the periodic run starts from the seal: " + hourly.plan());
        assertFalse(Files.exists(touched()), "it planned nothing: the seal is renewed");
    }

    @Test
    void aJournalPathListedSinceTheSealIsReadEvenWhenTheDiskAndTheServerAreAsSealed() throws IOException {
        changes().journalDisagreesAbout("d0/f0.txt");
        Files.writeString(touched(), "oxisync seal touches 1\nd0/f0.txt\n");
        SyncReport r = run(true);
        assertTrue(mentions(r, "d0/f0.txt"), "not quiet: the listed row is read: " + r.plan());
    }

    @Test
    void aListOfJournalPathsThatCannotBeReadMeansAFullRun() throws IOException {
        changes().journalDisagreesAbout("d3/f1.txt");
        Files.writeString(touched(), "oxisync seal touches 0\nd0/f0.txt\n");
        h.write("d1/f2.txt", "saved");
        SyncReport r = run(true);
        assertTrue(mentions(r, "d3/f1.txt"), "everything read: " + r.plan());
    }

    @Test
    void onRandomChangesOnBothSidesRunsFromTheSealPlanWhatAFullRunPlansAndConverge() throws IOException {
        for (int seed = 0; seed < 30; seed++) {
            Random rnd = new Random(seed);
            List<String> log = new ArrayList<>();
            for (int i = rnd.nextInt(4); i > 0; i--) {
                localChange(rnd, log);
            }
            for (int i = rnd.nextInt(3); i > 0; i--) {
                changes().remoteChange(rnd, log);
            }
            // a conflict (the server writing where a folder was renamed here) may take more than one run to settle,
            // for a full run as well: each run from the seal plans what a full run plans at that point
            for (int round = 0; ; round++) {
                assertTrue(Files.exists(seal()), "seed " + seed + ": kept by the runs from it: " + log);
                List<String> fromSeal = sorted(run(true).plan());
                assertEquals(sorted(fullDryRun().plan()), fromSeal, "seed " + seed + " round " + round + ": " + log);
                // a file the server moved is moved here, and the next run records the server's new ETag for it, as
                // after a full run: nothing but such records is left
                if (fromSeal.stream().allMatch(line -> line.startsWith("record"))) {
                    break;
                }
                assertTrue(round < 3, "seed " + seed + ": still planning after 3 runs: " + fromSeal + " " + log);
                run(false);
            }
            h.assertInSync();
        }
    }

    private void localChange(Random rnd, List<String> log) throws IOException {
        List<String> files = changes().files();
        List<String> folders = changes().folders();
        if (files.isEmpty() || folders.isEmpty()) {
            return;
        }
        String file = files.get(rnd.nextInt(files.size()));
        String folder = folders.get(rnd.nextInt(folders.size()));
        int what = rnd.nextInt(9); // new files more often than the rest: the tree stays full over the seeds
        try {
            switch (what) {
                case 0 -> h.write(file, "edited " + rnd.nextLong());
                case 1, 6, 7, 8 -> h.write((what == 8 ? "fresh" + rnd.nextInt(100) : folder) + "/new"
                        + rnd.nextInt(1000) + ".txt", "new " + rnd.nextLong());
                case 2 -> Files.delete(h.local.resolve(file));
                case 3 -> Files.move(h.local.resolve(file), h.local.resolve(folder + "/moved" + rnd.nextInt(1000) + ".txt"));
                case 4 -> {
                    int slash = folder.lastIndexOf('/');
                    String to = (slash < 0 ? "" : folder.substring(0, slash + 1)) + "renamed" + rnd.nextInt(1000);
                    Files.move(h.local.resolve(folder), h.local.resolve(to));
                }
                default -> h.delete(folder);
            }
        } catch (java.nio.file.FileAlreadyExistsException | java.nio.file.NoSuchFileException
                 | UncheckedIOException e) {
            return;
        }
        log.add(what + ":" + file + "|" + folder);
    }

    private RandomTreeChanges changes() {
        return new RandomTreeChanges(h);
    }
}
