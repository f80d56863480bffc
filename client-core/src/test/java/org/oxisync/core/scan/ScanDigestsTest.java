package org.oxisync.core.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.oxisync.core.plan.LocalEntry;
import org.oxisync.core.plan.LocalSnapshot;
import org.oxisync.store.hash.ChunkRef;
import org.oxisync.store.hash.FileDigest;

/** A scan's digests: small and empty files held as a mark and made again equal; others held as computed. */
class ScanDigestsTest {
    private static final String H = "ab".repeat(32);
    private static final String C1 = "cd".repeat(32);
    private static final String C2 = "ef".repeat(32);

    @Test
    void aOneChunkFileAndAnEmptyFileReadBackEqualToTheirComputedDigestsByPath() {
        LocalEntry small = LocalEntry.file("d/small.txt", 10, 1, "k1", H);
        LocalEntry empty = LocalEntry.file("d/empty.txt", 0, 1, "k2", H);
        FileDigest smallDigest = new FileDigest(List.of(new ChunkRef(0, 10, H)), H, 10);
        FileDigest emptyDigest = new FileDigest(List.of(), H, 0);
        ScanDigests digests = new ScanDigests();
        digests.put(0, small, smallDigest);
        digests.put(1, empty, emptyDigest);
        LocalSnapshot snapshot = new LocalSnapshot(List.of(small, empty), false);

        assertEquals(smallDigest, digests.of(snapshot, "d/small.txt").orElseThrow());
        assertEquals(emptyDigest, digests.of(snapshot, "d/empty.txt").orElseThrow());
        assertEquals(2, digests.size());
    }

    @Test
    void aFileOfSeveralChunksKeepsItsDigestAndAFileNotHashedHasNone() {
        LocalEntry big = LocalEntry.file("big.bin", 20, 1, "k1", H);
        LocalEntry unhashed = LocalEntry.unhashedFile("same.txt", 5, 1, "k2");
        FileDigest bigDigest = new FileDigest(List.of(new ChunkRef(0, 10, C1), new ChunkRef(10, 10, C2)), H, 20);
        ScanDigests digests = new ScanDigests();
        digests.put(0, big, bigDigest);
        LocalSnapshot snapshot = new LocalSnapshot(List.of(big, unhashed), false);

        assertSame(bigDigest, digests.of(snapshot, "big.bin").orElseThrow());
        assertTrue(digests.of(snapshot, "same.txt").isEmpty());
        assertTrue(digests.of(snapshot, "absent.txt").isEmpty());
    }

    @Test
    void aPositionGetsOneDigestOnly() {
        LocalEntry e = LocalEntry.file("a.txt", 10, 1, "k", H);
        ScanDigests digests = new ScanDigests();
        FileDigest d = new FileDigest(List.of(new ChunkRef(0, 10, H)), H, 10);
        digests.put(0, e, d);

        assertThrows(IllegalArgumentException.class, () -> digests.put(0, e, d));
        assertThrows(IllegalArgumentException.class, () -> digests.put(-1, e, d));
        assertEquals(1, digests.size());
    }

    @Test
    void aDigestOfOtherContentThanTheEntrysIsRefused() {
        LocalEntry e = LocalEntry.file("a.txt", 10, 1, "k", H);

        assertThrows(IllegalArgumentException.class,
                () -> new ScanDigests().put(0, e, new FileDigest(List.of(new ChunkRef(0, 10, C1)), C1, 10)));
    }
    @Test
    void digestsAreFoundByTheirEntrysPositionInAScanHoldingItsHashedFilesFlat() {
        org.oxisync.core.plan.ScanEntries entries = new org.oxisync.core.plan.ScanEntries();
        LocalEntry small = LocalEntry.file("d/small.txt", 10, 1, "(dev=1,ino=2)", H);
        LocalEntry big = LocalEntry.file("d/big.bin", 20, 1, "(dev=1,ino=3)", H);
        FileDigest smallDigest = new FileDigest(List.of(new ChunkRef(0, 10, H)), H, 10);
        FileDigest bigDigest = new FileDigest(List.of(new ChunkRef(0, 10, C1), new ChunkRef(10, 10, C2)), H, 20);
        ScanDigests digests = new ScanDigests();
        entries.add(LocalEntry.dir("d", "(dev=1,ino=1)"));
        digests.put(entries.addHashed(small), small, smallDigest);
        digests.put(entries.addHashed(big), big, bigDigest);
        entries.add(LocalEntry.unhashedFile("d/same.txt", 5, 1, "(dev=1,ino=4)"));
        LocalSnapshot snapshot = new LocalSnapshot(entries, false);

        assertEquals(smallDigest, digests.of(snapshot, "d/small.txt").orElseThrow());
        assertSame(bigDigest, digests.of(snapshot, "d/big.bin").orElseThrow());
        assertTrue(digests.of(snapshot, "d/same.txt").isEmpty());
        assertTrue(digests.of(snapshot, "d").isEmpty());
        assertEquals(2, digests.size());
    }

    @Test
    void aPathWhoseLastEntryIsNotTheHashedOneHasNoDigest() {
        LocalEntry hashed = LocalEntry.file("a.txt", 10, 1, "k", H);
        LocalEntry later = LocalEntry.unhashedFile("a.txt", 10, 1, "k");
        ScanDigests digests = new ScanDigests();
        digests.put(0, hashed, new FileDigest(List.of(new ChunkRef(0, 10, H)), H, 10));

        assertTrue(digests.of(new LocalSnapshot(List.of(hashed, later), false), "a.txt").isEmpty(),
                "the snapshot finds the later entry, which this scan did not hash");
    }
}
