package org.oxisync.core.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.ignore.IgnoreRules;
import org.oxisync.core.ignore.PathFilter;
import org.oxisync.core.ignore.SelectiveSync;
import org.oxisync.core.plan.EntryKind;
import org.oxisync.core.plan.JournalBase;
import org.oxisync.core.plan.JournalEntry;
import org.oxisync.core.plan.LocalEntry;
import org.oxisync.store.hash.FileChunker;

/** The incremental scan over the watcher's dirty paths against the full scan, on a real folder. */
class IncrementalScanTest {
    @TempDir
    Path root;
    private final LocalScanner scanner = new LocalScanner(FileChunker::digest, 2);
    private final PathFilter filter = new PathFilter(IgnoreRules.withDefaults(List.of("*.ignored")),
            SelectiveSync.none());

    private void tree(int folders, int files) throws IOException {
        for (int d = 0; d < folders; d++) {
            for (int f = 0; f < files; f++) {
                write("d" + d + "/f" + f + ".txt", "content " + d + "/" + f);
            }
        }
    }

    private void write(String rel, String text) throws IOException {
        Path p = root.resolve(rel);
        Files.createDirectories(p.getParent());
        boolean existed = Files.exists(p);
        long before = existed ? Files.getLastModifiedTime(p).toMillis() : 0;
        Files.writeString(p, text);
        if (existed && Files.getLastModifiedTime(p).toMillis() == before) {
            Files.setLastModifiedTime(p, java.nio.file.attribute.FileTime.fromMillis(before + 1000));
        }
    }

    /** The journal a run would leave after a full scan of the folder as it is now. */
    private JournalBase journalOfNow() throws IOException {
        List<JournalEntry> out = new ArrayList<>();
        for (LocalEntry e : scanner.scan(root, filter, JournalBase.of()).snapshot().entries()) {
            String hash = e.kind() == EntryKind.FILE ? e.hash().value().orElseThrow() : null;
            out.add(new JournalEntry(e.path(), e.kind(), e.size(), e.mtimeMillis(), e.fileKey(), hash,
                    "id-" + e.path(), "etag", hash));
        }
        return new JournalBase(out);
    }

    private static Map<String, LocalEntry> byPath(ScanResult r) {
        Map<String, LocalEntry> m = new TreeMap<>();
        for (LocalEntry e : r.snapshot().entries()) {
            LocalEntry old = m.put(e.path(), e);
            assertEquals(null, old, "entry listed twice: " + e.path());
        }
        return m;
    }

    @Test
    void incrementalScanReadsOnlyTheDirtyFolderAndTakesTheRestFromTheJournal() throws IOException {
        tree(10, 20);
        JournalBase journal = journalOfNow();
        write("d3/f1.txt", "changed, reported");
        write("d5/f0.txt", "changed, not reported");

        ScanResult r = scanner.scan(root, filter, journal, LocalHint.of(Set.of("d3/f1.txt")));
        assertTrue(r.incremental());
        assertEquals(20, r.entriesRead(), "only the 20 entries of d3 are read");
        Map<String, LocalEntry> m = byPath(r);
        assertEquals(210, m.size(), "every other entry is presented as the journal has it");
        assertTrue(r.digest("d3/f1.txt").isPresent(), "the reported file is hashed");
        LocalEntry missed = m.get("d5/f0.txt");
        JournalEntry j = journal.entries().stream().filter(e -> e.path().equals("d5/f0.txt")).findFirst().orElseThrow();
        assertEquals(j.size(), missed.size(), "the unreported change is not seen");
        assertEquals(j.mtimeMillis(), missed.mtimeMillis());

        ScanResult full = scanner.scan(root, filter, journal, LocalHint.ALL);
        assertFalse(full.incremental());
        assertEquals(210, full.entriesRead());
        assertTrue(full.digest("d5/f0.txt").isPresent(), "a full scan finds it");
    }

    @Test
    void aFileEditedInPlaceAndAllowedAloneIsReadByItselfWithoutItsFolder() throws IOException {
        tree(10, 20);
        JournalBase journal = journalOfNow();
        write("d3/f1.txt", "changed, reported");

        ScanResult r = scanner.scan(root, filter, journal, LocalHint.of(Set.of("d3/f1.txt"), Set.of("d3/f1.txt")));
        assertEquals(1, r.entriesRead(), "one stat, not the folder's 20 entries");
        assertTrue(r.reach().listed().isEmpty(), "no folder listed: " + r.reach().listed());
        assertTrue(r.digest("d3/f1.txt").isPresent(), "the reported file is hashed");
        assertEquals(byPath(scanner.scan(root, filter, journal, LocalHint.ALL)), byPath(r));
    }

    @Test
    void aFileAllowedAloneThatIsGoneOrReplacedIsReadThroughItsFolder() throws IOException {
        tree(6, 5);
        JournalBase journal = journalOfNow();
        Files.delete(root.resolve("d1/f1.txt"));
        Files.move(root.resolve("d2/f3.txt"), root.resolve("d2/f2.txt"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Files.delete(root.resolve("d3/f0.txt"));
        Files.createDirectory(root.resolve("d3/f0.txt")); // a folder now where the journal has a file

        Set<String> hint = Set.of("d1/f1.txt", "d2/f2.txt", "d3/f0.txt");
        ScanResult r = scanner.scan(root, filter, journal, LocalHint.of(hint, hint));
        assertEquals(Set.of("d1", "d2", "d3", "d3/f0.txt"), new HashSet<>(r.reach().listed()),
                "each one's folder is listed, and the new folder");
        Set<String> replacedToo = Set.of("d1/f1.txt", "d2/f2.txt", "d2/f3.txt", "d3/f0.txt");
        assertEquals(byPath(scanner.scan(root, filter, journal, LocalHint.ALL)),
                byPath(scanner.scan(root, filter, journal, LocalHint.of(replacedToo, replacedToo))));
    }

    @Test
    void aFileAllowedAloneInAFolderListedAnywayIsReadOnceByTheListing() throws IOException {
        tree(3, 4);
        JournalBase journal = journalOfNow();
        write("d1/f0.txt", "edited");
        write("d1/new.txt", "new beside it");
        ScanResult r = scanner.scan(root, filter, journal,
                LocalHint.of(Set.of("d1/f0.txt", "d1/new.txt"), Set.of("d1/f0.txt")));
        assertEquals(5, r.entriesRead(), "the listing of d1 only");
        assertEquals(byPath(scanner.scan(root, filter, journal, LocalHint.ALL)), byPath(r));
    }

    @Test
    void deletedFolderIsShownAsGoneWithEverythingUnderIt() throws IOException {
        tree(4, 5);
        write("d2/sub/deep.txt", "deep");
        JournalBase journal = journalOfNow();
        deleteTree(root.resolve("d2"));

        ScanResult r = scanner.scan(root, filter, journal, LocalHint.of(Set.of("d2")));
        Map<String, LocalEntry> m = byPath(r);
        assertTrue(m.keySet().stream().noneMatch(p -> p.equals("d2") || p.startsWith("d2/")), m.keySet().toString());
        assertEquals(3 + 15, m.size());
        assertEquals(3, r.entriesRead(), "the root's listing (3 folders) shows the deletion");
    }

    @Test
    void newFolderIsWalkedWholeEvenWhenOnlyItsNameWasReported() throws IOException {
        tree(3, 3);
        JournalBase journal = journalOfNow();
        write("new/a.txt", "a");
        write("new/deeper/b.txt", "b");
        write("new/deeper/skip.ignored", "ignored");

        ScanResult r = scanner.scan(root, filter, journal, LocalHint.of(Set.of("new")));
        Map<String, LocalEntry> m = byPath(r);
        assertTrue(m.keySet().containsAll(List.of("new", "new/a.txt", "new/deeper", "new/deeper/b.txt")));
        assertFalse(m.containsKey("new/deeper/skip.ignored"), "ignore rules apply as in a full scan");
        assertEquals(m, byPath(scanner.scan(root, filter, journal, LocalHint.ALL)));
    }

    @Test
    void fileReportedBelowANewFolderStillGivesTheFolderItsOwnEntry() throws IOException {
        tree(2, 2);
        JournalBase journal = journalOfNow();
        write("d1/fresh/x.txt", "x");
        ScanResult r = scanner.scan(root, filter, journal, LocalHint.of(Set.of("d1/fresh/x.txt")));
        assertEquals(byPath(scanner.scan(root, filter, journal, LocalHint.ALL)), byPath(r));
    }

    /**
     * Random edits (create, modify, delete, move files and folders) reported as a watcher reports them: the
     * incremental scan then presents exactly what a full scan presents.
     */
    @Test
    void withCompleteHintsTheIncrementalScanEqualsTheFullScan() throws IOException {
        tree(6, 6);
        Random rnd = new Random(7);
        for (int round = 0; round < 25; round++) {
            JournalBase journal = journalOfNow();
            Set<String> hint = new HashSet<>();
            for (int k = 0; k < 1 + rnd.nextInt(4); k++) {
                edit(rnd, hint, round, k);
            }
            Map<String, LocalEntry> full = byPath(scanner.scan(root, filter, journal, LocalHint.ALL));
            ScanResult inc = scanner.scan(root, filter, journal, LocalHint.of(hint));
            assertEquals(full, byPath(inc), "round " + round + ", hint " + hint);
            // every reported path allowed alone: the scan reads alone only what is still the journal's file
            ScanResult alone = scanner.scan(root, filter, journal, LocalHint.of(hint, hint));
            assertEquals(full, byPath(alone), "round " + round + ", hint " + hint + ", each allowed alone");
        }
    }

    private void edit(Random rnd, Set<String> hint, int round, int k) throws IOException {
        List<String> files = list(false);
        List<String> dirs = list(true);
        String name = "n" + round + "_" + k;
        switch (rnd.nextInt(6)) {
            case 0 -> { // new file in an existing or new folder
                String dir = dirs.isEmpty() || rnd.nextInt(4) == 0 ? "nd" + name : dirs.get(rnd.nextInt(dirs.size()));
                boolean newDir = !Files.isDirectory(root.resolve(dir));
                write(dir + "/" + name + ".txt", name);
                hint.add(newDir ? dir : dir + "/" + name + ".txt");
            }
            case 1 -> { // modify
                if (!files.isEmpty()) {
                    String f = files.get(rnd.nextInt(files.size()));
                    write(f, "modified " + name + " " + rnd.nextLong());
                    hint.add(f);
                }
            }
            case 2 -> { // delete a file
                if (!files.isEmpty()) {
                    String f = files.get(rnd.nextInt(files.size()));
                    Files.delete(root.resolve(f));
                    hint.add(f);
                }
            }
            case 3 -> { // move a file to another folder
                if (!files.isEmpty() && !dirs.isEmpty()) {
                    String f = files.get(rnd.nextInt(files.size()));
                    String to = dirs.get(rnd.nextInt(dirs.size())) + "/" + name + ".txt";
                    Files.move(root.resolve(f), root.resolve(to));
                    hint.add(f);
                    hint.add(to);
                }
            }
            case 4 -> { // move a folder (not into itself)
                if (dirs.size() > 1) {
                    String d = dirs.get(rnd.nextInt(dirs.size()));
                    String target = dirs.get(rnd.nextInt(dirs.size()));
                    if (!target.equals(d) && !target.startsWith(d + "/")) {
                        String to = target + "/" + name;
                        Files.move(root.resolve(d), root.resolve(to));
                        hint.add(d);
                        hint.add(to);
                    }
                }
            }
            default -> { // delete a folder
                if (!dirs.isEmpty()) {
                    String d = dirs.get(rnd.nextInt(dirs.size()));
                    deleteTree(root.resolve(d));
                    hint.add(d);
                }
            }
        }
    }

    private List<String> list(boolean directories) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(p -> !p.equals(root) && Files.isDirectory(p) == directories)
                    .map(p -> LocalScanner.relativeNfc(root, p)).sorted().collect(Collectors.toList());
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
