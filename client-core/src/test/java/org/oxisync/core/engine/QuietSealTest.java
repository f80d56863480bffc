package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.plan.LocalEntry;
import org.oxisync.core.scan.QuietRecord;
import org.oxisync.store.account.FolderPair;

class QuietSealTest {
    @TempDir
    Path tmp;

    private final FolderPair pair = new FolderPair(7, "p", "/home/u/Docs", "root-id", "/", List.of("build"),
            List.of("*.log"), Map.of("k", "v"));
    private final byte[] record = QuietRecord.of(List.of(LocalEntry.dir("d", "(dev=1,ino=2)"),
            LocalEntry.unhashedFile("d/é.txt", 12, 1_700_000_000_123L, "(dev=1,ino=3)"))).orElseThrow();

    @Test
    void writtenSealReadsBackWithItsPairRootEtagAndRecord() throws IOException {
        QuietSeal seal = QuietSeal.forPair(tmp, 7);
        seal.write(pair, "etag-1", record);
        QuietSeal.Sealed s = seal.read(pair).orElseThrow();
        assertEquals(pair, s.pair());
        assertEquals("etag-1", s.rootEtag());
        assertArrayEquals(record, s.record());
        assertEquals(List.of(seal.path()), QuietSeal.allIn(tmp).stream().map(QuietSeal::path).toList());
    }

    /** The record (about 70 MB at a million files) is compared where it is kept, never held by the seal read. */
    @Test
    void aSealReadKeepsItsHeadNotItsRecordAndComparesTheRecordInTheFile() throws IOException {
        byte[] big = new byte[300_000];
        new java.util.Random(3).nextBytes(big);
        QuietSeal seal = QuietSeal.forPair(tmp, 7);
        seal.write(pair, "etag-1", big);
        QuietSeal.Sealed s = seal.read(pair).orElseThrow();
        assertEquals(big.length, s.length());
        assertTrue(s.head().length < 1_000, "head of " + s.head().length + " bytes");
        assertTrue(s.test(in -> Arrays.equals(in.readAllBytes(), big)), "the record as written, to its end");
        byte[] other = big.clone();
        other[250_000] ^= 1;
        assertFalse(s.test(in -> Arrays.equals(in.readAllBytes(), other)), "one byte differs");
    }

    /** An answer is only ever given for the very seal that was read. */
    @Test
    void aSealReplacedOrRemovedAfterItWasReadNeverMatches() throws IOException {
        QuietSeal seal = QuietSeal.forPair(tmp, 7);
        seal.write(pair, "etag-1", record);
        QuietSeal.Sealed s = seal.read(pair).orElseThrow();
        seal.write(pair, "etag-2", record); // the same record under another root ETag
        assertFalse(s.test(in -> Arrays.equals(in.readAllBytes(), record)), "another seal's head");
        seal.write(pair, "etag-1", record);
        assertTrue(s.test(in -> Arrays.equals(in.readAllBytes(), record)), "the same seal again, byte for byte");
        byte[] file = Files.readAllBytes(seal.path());
        file[file.length - 9] ^= 1; // the record's last byte, its checksum left as it was
        Files.write(seal.path(), file);
        assertFalse(s.test(in -> true), "a damaged record, whatever the comparison says");
        seal.delete();
        assertFalse(s.test(in -> true), "no seal: not quiet, and no error");
    }

    @Test
    void sealWithAStreamedRecordIsByteForByteTheSealWithTheWholeRecord() throws IOException {
        List<LocalEntry> entries = new java.util.ArrayList<>();
        for (int i = 0; i < 500; i++) { // past the streaming buffer many times, names of every UTF-8 width
            entries.add(LocalEntry.dir("d" + i + "/ü€𝄞", i % 3 == 0 ? null : "(dev=1,ino=" + i + ")"));
            entries.add(LocalEntry.unhashedFile("d" + i + "/ü€𝄞/f" + i, i, 1_700_000_000_000L + i, "(dev=1,ino=" + i + ")"));
        }
        byte[] whole = QuietRecord.of(entries).orElseThrow();
        assertEquals(whole.length, QuietRecord.length(entries));
        QuietSeal a = QuietSeal.forPair(tmp.resolve("a"), 7);
        QuietSeal b = QuietSeal.forPair(tmp.resolve("b"), 7);
        Files.createDirectories(tmp.resolve("a"));
        Files.createDirectories(tmp.resolve("b"));
        a.write(pair, "etag-1", whole);
        b.write(pair, "etag-1", QuietRecord.length(entries), out -> QuietRecord.writeTo(entries, out));
        assertArrayEquals(Files.readAllBytes(a.path()), Files.readAllBytes(b.path()));
        assertTrue(b.read(pair).isPresent());
    }

    @Test
    void streamedRecordOfAnotherLengthLeavesNoSeal() throws IOException {
        QuietSeal seal = QuietSeal.forPair(tmp, 7);
        List<LocalEntry> entries = List.of(LocalEntry.dir("d", "(dev=1,ino=2)"));
        long length = QuietRecord.length(entries);
        org.junit.jupiter.api.Assertions.assertThrows(IOException.class,
                () -> seal.write(pair, "etag-1", length + 1, out -> QuietRecord.writeTo(entries, out)));
        assertTrue(seal.read(pair).isEmpty());
    }

    @Test
    void entriesWithAHashedFileOrALinkHaveNoRecordLength() {
        assertEquals(-1, QuietRecord.length(List.of(LocalEntry.dir("d", null), LocalEntry.file("d/a", 1, 1, null, "hash"))));
    }

    @Test
    void sealMadeUnderOtherPairSettingsIsNotUsed() throws IOException {
        QuietSeal seal = QuietSeal.forPair(tmp, 7);
        seal.write(pair, "etag-1", record);
        FolderPair otherIgnores = new FolderPair(7, "p", "/home/u/Docs", "root-id", "/", List.of("build"),
                List.of("*.log", "*.bak"), Map.of("k", "v"));
        FolderPair otherExclusions = new FolderPair(7, "p", "/home/u/Docs", "root-id", "/", List.of(),
                List.of("*.log"), Map.of("k", "v"));
        FolderPair otherSettings = new FolderPair(7, "p", "/home/u/Docs", "root-id", "/", List.of("build"),
                List.of("*.log"), Map.of("k", "w"));
        FolderPair otherRoot = new FolderPair(7, "p", "/home/u/Other", "root-id", "/", List.of("build"),
                List.of("*.log"), Map.of("k", "v"));
        for (FolderPair other : List.of(otherIgnores, otherExclusions, otherSettings, otherRoot)) {
            assertTrue(seal.read(other).isEmpty(), other.toString());
        }
    }

    @Test
    void damagedOrTruncatedSealIsNotUsed() throws IOException {
        QuietSeal seal = QuietSeal.forPair(tmp, 7);
        seal.write(pair, "etag-1", record);
        byte[] good = Files.readAllBytes(seal.path());
        for (int i = 0; i < good.length; i++) {
            byte[] bad = good.clone();
            bad[i] ^= 0x10;
            Files.write(seal.path(), bad);
            assertTrue(seal.read(pair).isEmpty(), "a flipped bit at byte " + i + " went unnoticed");
        }
        for (int len = 0; len < good.length; len++) {
            Files.write(seal.path(), Arrays.copyOf(good, len));
            assertTrue(seal.read(pair).isEmpty(), "a seal cut to " + len + " bytes was used");
        }
        Files.write(seal.path(), Arrays.copyOf(good, good.length + 1));
        assertTrue(seal.read(pair).isEmpty(), "trailing bytes went unnoticed");
    }

    @Test
    void deleteRemovesTheSealAndToleratesAMissingOne() throws IOException {
        QuietSeal seal = QuietSeal.forPair(tmp, 7);
        seal.delete();
        seal.write(pair, "etag-1", record);
        seal.delete();
        assertFalse(Files.exists(seal.path()));
        assertTrue(seal.read(pair).isEmpty());
    }

    @Test
    void recordRefusesEntriesAQuietWalkCannotPresent() {
        assertTrue(QuietRecord.of(List.of(LocalEntry.file("a", 1, 1, null, "hash"))).isEmpty(),
                "a hashed file (changed during that scan) must not be sealed");
        assertTrue(QuietRecord.of(List.of(new LocalEntry("l", org.oxisync.core.plan.EntryKind.SYMLINK, 0, 0, null,
                org.oxisync.core.plan.LocalHash.NOT_COMPUTED))).isEmpty(), "a symbolic link must not be sealed");
    }
}
