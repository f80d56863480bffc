package org.oxisync.core.scan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.ignore.IgnoreRules;
import org.oxisync.core.ignore.PathFilter;
import org.oxisync.core.ignore.SelectiveSync;
import org.oxisync.store.hash.FileChunker;
import org.oxisync.core.naming.TempNames;

/**
 * The quiet walk against a seal ({@link QuietDiff}): the same disk is {@link QuietDiff.Same}; a changed disk gives
 * exactly the paths that differ, whatever order the entries were sealed in; what cannot be judged is unknown.
 */
class QuietDiffTest {
    @TempDir
    Path root;

    private final LocalScanner scanner = new LocalScanner(FileChunker::digest, 2);
    private final PathFilter filter = new PathFilter(IgnoreRules.withDefaults(List.of()), SelectiveSync.none());

    private void write(String rel, String text) throws IOException {
        Path p = root.resolve(rel);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text, StandardCharsets.UTF_8);
    }

    /** The record a full scan of the disk as it is now would seal (the quiet walk's own, entry for entry). */
    private byte[] recordNow() throws IOException {
        return QuietWalk.walk(root, filter, 2).seen.toByteArray();
    }

    private static SealedRecord sealOf(byte[] record) {
        return SealedRecord.of(record, 0, record.length);
    }

    private static List<byte[]> entries(byte[] record) {
        List<byte[]> out = new ArrayList<>();
        for (int at = 0; at < record.length; ) {
            int end = QuietRecord.entryEnd(record, at, record.length);
            out.add(java.util.Arrays.copyOfRange(record, at, end));
            at = end;
        }
        return out;
    }

    private static String pathOf(byte[] entry) {
        return new String(entry, 5, QuietRecord.pathLength(entry, 0), StandardCharsets.UTF_8);
    }

    private void tree() throws IOException {
        for (int d = 0; d < 5; d++) {
            for (int f = 0; f < 5; f++) {
                write("d" + d + "/f" + f + ".txt", "content " + d + f);
            }
        }
        write("top.txt", "top");
    }

    @Test
    void theSameDiskIsSameAndItsEntriesCanStillBeComparedOneByOne() throws IOException {
        tree();
        QuietDiff.Outcome o = scanner.compareWithSeal(root, filter, sealOf(recordNow()));
        QuietDiff.Same same = assertInstanceOf(QuietDiff.Same.class, o);
        QuietDiff.Differs none = assertInstanceOf(QuietDiff.Differs.class, same.entryByEntry());
        assertEquals(Set.of(), none.paths());
        assertEquals(31, none.entries(), "25 files, 5 folders and the top file");
    }

    @Test
    void anEditANewFileADeletionAndANewFolderAreExactlyThePathsThatDiffer() throws IOException {
        tree();
        SealedRecord sealed = sealOf(recordNow());
        write("d1/f1.txt", "edited, longer");
        write("d2/new.txt", "new");
        Files.delete(root.resolve("d3/f0.txt"));
        Files.createDirectories(root.resolve("d4/empty"));

        QuietDiff.Differs d = assertInstanceOf(QuietDiff.Differs.class, scanner.compareWithSeal(root, filter, sealed));
        assertEquals(Set.of("d1/f1.txt", "d2/new.txt", "d3/f0.txt", "d4/empty"), d.paths());
        assertTrue(d.walked("d3/f0.txt").isEmpty(), "gone from the disk");
        byte[] edited = entries(recordNow()).stream().filter(e -> pathOf(e).equals("d1/f1.txt")).findFirst()
                .orElseThrow();
        assertArrayEquals(edited, d.walked("d1/f1.txt").orElseThrow(), "the walk's entry, in the record's form");
    }

    @Test
    void editsInPlaceAreToldWithoutIndexingTheWalk() throws IOException {
        tree();
        SealedRecord sealed = sealOf(recordNow());
        write("d0/f3.txt", "edited in place, longer");
        write("d4/f0.txt", "edited too, longer");
        Files.setLastModifiedTime(root.resolve("top.txt"), FileTime.fromMillis(2_000_000L));

        QuietDiff.Differs d = assertInstanceOf(QuietDiff.Differs.class, scanner.compareWithSeal(root, filter, sealed));
        assertEquals(Set.of("d0/f3.txt", "d4/f0.txt", "top.txt"), d.paths());
        assertFalse(d.indexed(), "the seal streamed past the walk in order: no index of the walk's paths");
    }

    @Test
    void onRandomChangesThePathsThatDifferAreExactlyThoseWhoseEntriesDiffer() throws IOException {
        java.util.Random rnd = new java.util.Random(5);
        for (int d = 0; d < 8; d++) {
            for (int f = 0; f < 12; f++) {
                write("d" + d + "/f" + f + ".txt", "content " + d + f);
            }
        }
        for (int round = 0; round < 40; round++) {
            byte[] before = recordNow();
            List<String> files;
            try (java.util.stream.Stream<Path> all = Files.walk(root)) {
                files = all.filter(Files::isRegularFile).map(p -> root.relativize(p).toString().replace('\\', '/'))
                        .sorted().collect(java.util.stream.Collectors.toList());
            }
            for (int k = 0; k < 1 + rnd.nextInt(6); k++) {
                String f = files.get(rnd.nextInt(files.size()));
                switch (rnd.nextInt(5)) {
                    case 0 -> write(f, "edited " + round + " " + k + " " + rnd.nextLong());
                    case 1 -> write("d" + rnd.nextInt(8) + "/new" + round + "_" + k + ".txt", "new");
                    case 2 -> Files.deleteIfExists(root.resolve(f));
                    case 3 -> {
                        if (Files.exists(root.resolve(f))) {
                            Files.move(root.resolve(f), root.resolve(f + ".renamed"));
                        }
                    }
                    default -> {
                        int many = rnd.nextInt(40);
                        for (int m = 0; m < many; m++) {
                            write("d" + rnd.nextInt(8) + "/batch" + round + "_" + k + "/g" + m + ".txt", "g");
                        }
                    }
                }
            }
            java.util.Map<String, String> old = new java.util.HashMap<>();
            entries(before).forEach(e -> old.put(pathOf(e), java.util.Arrays.toString(e)));
            java.util.Map<String, String> now = new java.util.HashMap<>();
            entries(recordNow()).forEach(e -> now.put(pathOf(e), java.util.Arrays.toString(e)));
            Set<String> expected = new java.util.HashSet<>();
            for (String p : old.keySet()) {
                if (!old.get(p).equals(now.get(p))) {
                    expected.add(p);
                }
            }
            for (String p : now.keySet()) {
                if (!now.get(p).equals(old.get(p))) {
                    expected.add(p);
                }
            }
            QuietDiff.Outcome o = scanner.compareWithSeal(root, filter, sealOf(before));
            Set<String> told = o instanceof QuietDiff.Differs d ? d.paths()
                    : assertInstanceOf(QuietDiff.Differs.class, ((QuietDiff.Same) o).entryByEntry()).paths();
            assertEquals(expected, told, "round " + round);
        }
    }

    @Test
    void aFolderRenamedDiffersAtEveryPathBelowItsOldAndNewName() throws IOException {
        tree();
        SealedRecord sealed = sealOf(recordNow());
        Files.move(root.resolve("d2"), root.resolve("renamed"));
        QuietDiff.Differs d = assertInstanceOf(QuietDiff.Differs.class, scanner.compareWithSeal(root, filter, sealed));
        assertTrue(d.paths().containsAll(Set.of("d2", "d2/f0.txt", "renamed", "renamed/f4.txt")), d.paths().toString());
        assertEquals(12, d.paths().size(), "the folder and its 5 files, at both names");
    }

    @Test
    void aSealInAnotherOrderWithTheSameEntriesDiffersAtNoPath() throws IOException {
        tree();
        List<byte[]> reversed = entries(recordNow());
        Collections.reverse(reversed);
        java.io.ByteArrayOutputStream sealed = new java.io.ByteArrayOutputStream();
        for (byte[] e : reversed) {
            sealed.write(e);
        }
        QuietDiff.Differs d = assertInstanceOf(QuietDiff.Differs.class,
                scanner.compareWithSeal(root, filter, sealOf(sealed.toByteArray())));
        assertEquals(Set.of(), d.paths(), "another listing order is no change");
        ByteArrayOut out = new ByteArrayOut();
        d.writeRecord(out);
        assertEquals(d.recordLength(), out.size(), "the walk's record, as the next seal");
    }

    @Test
    void anMtimeChangeAloneMakesThePathDiffer() throws IOException {
        tree();
        SealedRecord sealed = sealOf(recordNow());
        Files.setLastModifiedTime(root.resolve("d0/f0.txt"), FileTime.fromMillis(1_000_000L));
        QuietDiff.Differs d = assertInstanceOf(QuietDiff.Differs.class, scanner.compareWithSeal(root, filter, sealed));
        assertEquals(Set.of("d0/f0.txt"), d.paths());
    }

    @Test
    void moreDifferingPathsThanARunAroundThemIsWorthIsUnknown() throws IOException {
        tree();
        SealedRecord sealed = sealOf(recordNow());
        for (int i = 0; i < QuietDiff.MIN_LIMIT + 1; i++) {
            write("many/n" + i + ".txt", "n");
        }
        assertInstanceOf(QuietDiff.Unknown.class, scanner.compareWithSeal(root, filter, sealed));
    }

    @Test
    void aSealThatCannotBeReadWholeIsUnknown() throws IOException {
        tree();
        SealedRecord good = sealOf(recordNow());
        write("d0/f0.txt", "changed, so the entries are compared one by one");
        SealedRecord cut = new SealedRecord() {
            @Override
            public int length() {
                return good.length();
            }

            @Override
            public boolean test(Comparison compare) throws IOException {
                return good.test(in -> compare.sameAs(in) && false); // read, then found not whole
            }
        };
        assertInstanceOf(QuietDiff.Unknown.class, scanner.compareWithSeal(root, filter, cut));

        SealedRecord malformed = new SealedRecord() {
            @Override
            public int length() {
                return 64;
            }

            @Override
            public boolean test(Comparison compare) throws IOException {
                try (InputStream in = new java.io.ByteArrayInputStream(new byte[64])) {
                    return compare.sameAs(in); // kind 0, path length 0, ... : not a record of this walk's shape
                } catch (IOException e) {
                    return false;
                }
            }
        };
        assertInstanceOf(QuietDiff.Unknown.class, scanner.compareWithSeal(root, filter, malformed));
    }

    @Test
    void aLeftoverTempFileIsUnknownForAFullScanToClean() throws IOException {
        tree();
        SealedRecord sealed = sealOf(recordNow());
        write("d0/" + TempNames.tempFor("f0.txt", 7), "half");
        assertInstanceOf(QuietDiff.Unknown.class, scanner.compareWithSeal(root, filter, sealed));
    }

    private static final class ByteArrayOut extends java.io.ByteArrayOutputStream {
    }
}
