package org.oxisync.store.chunks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.store.TestData;
import org.oxisync.testing.ManualClock;

class ChunkStoreTest {
    @TempDir
    Path dir;
    ChunkStore store;
    final byte[] data = TestData.random(1, 10_000);

    @BeforeEach
    void open() {
        store = ChunkStore.open(dir.resolve("chunks"), new ManualClock(Instant.now()));
    }

    @Test
    void aPutChunkIsNamedByItsBlake3UnderTwoFanOutLevels() throws Exception {
        String h = store.put(data);
        assertEquals(TestData.blake3(data), h);
        Path p = dir.resolve("chunks").resolve(h.substring(0, 2)).resolve(h.substring(2, 4)).resolve(h);
        assertArrayEquals(data, Files.readAllBytes(p));
        assertEquals(10_000, store.size(h).orElseThrow());
        assertEquals(List.of(), store.tempFiles());
    }

    @Test
    void puttingAnExistingChunkAgainSucceedsAndChangesNothing() {
        String h1 = store.put(data);
        String h2 = store.put(data.clone());
        assertEquals(h1, h2);
        assertEquals(List.of(h1), store.hashes());
        assertEquals(List.of(), store.tempFiles());
    }

    @Test
    void rangeReadsFollowHalfOpenSemantics() {
        String h = store.put(data);
        assertArrayEquals(new byte[0], store.read(h, 0, 0));
        assertArrayEquals(new byte[0], store.read(h, 10_000, 10_000));
        assertArrayEquals(new byte[] {data[0]}, store.read(h, 0, 1));
        assertArrayEquals(new byte[] {data[9_999]}, store.read(h, 9_999, 10_000));
        assertArrayEquals(Arrays.copyOfRange(data, 100, 4_100), store.read(h, 100, 4_100));
        assertArrayEquals(data, store.read(h, 0, 10_000));
    }

    @Test
    void rangeReadsOutsideTheChunkAreRejected() {
        String h = store.put(data);
        assertThrows(IndexOutOfBoundsException.class, () -> store.read(h, 0, 10_001));
        assertThrows(IndexOutOfBoundsException.class, () -> store.read(h, -1, 5));
        assertThrows(IndexOutOfBoundsException.class, () -> store.read(h, 10_001, 10_001));
        IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class, () -> store.read(h, 6, 5));
        assertTrue(e.getMessage().contains("[6, 5)"), e.getMessage());
    }

    @Test
    void readingAMissingChunkIsATypedError() {
        String absent = "0".repeat(64);
        assertThrows(ChunkNotFoundException.class, () -> store.read(absent));
        assertThrows(ChunkNotFoundException.class, () -> store.read(absent, 0, 0));
        assertFalse(store.contains(absent));
    }

    @Test
    void bytesThatDoNotMatchTheClaimedHashAreNotStored() {
        try (ChunkStore.Batch b = store.batch()) {
            assertThrows(ChunkHashMismatchException.class, () -> b.put("a".repeat(64), data, 0, data.length));
            b.commit();
        }
        assertEquals(List.of(), store.hashes());
        assertEquals(List.of(), store.tempFiles());
    }

    @Test
    void aBatchBecomesVisibleOnlyAtCommitAndAnUncommittedBatchLeavesNothing() {
        String h;
        try (ChunkStore.Batch b = store.batch()) {
            h = b.put(data);
            b.put(TestData.random(2, 100));
            assertFalse(store.contains(h));
            assertEquals(2, store.tempFiles().size());
        }
        assertEquals(List.of(), store.tempFiles());
        assertFalse(store.contains(h));
        try (ChunkStore.Batch b = store.batch()) {
            b.put(data);
            b.put(TestData.random(2, 100));
            assertEquals(2, b.commit().size());
        }
        assertTrue(store.contains(h));
        assertEquals(2, store.hashes().size());
    }

    @Test
    void aLargeBatchCommitsEveryChunkWithItsContentAndLeavesNoTempFiles() {
        // more chunks than concurrent fsyncs, a duplicate inside the batch, and one already stored
        String stored = store.put(TestData.random(99, 500));
        List<byte[]> chunks = new java.util.ArrayList<>();
        for (int i = 0; i < 40; i++) {
            chunks.add(TestData.random(100 + i, 1000 + i));
        }
        chunks.add(chunks.get(3).clone());
        chunks.add(TestData.random(99, 500));
        List<String> committed;
        try (ChunkStore.Batch b = store.batch()) {
            for (byte[] c : chunks) {
                b.put(c);
            }
            committed = b.commit();
        }
        assertEquals(List.of(), store.tempFiles());
        assertEquals(41, store.hashes().size());
        assertTrue(committed.size() >= 40, "committed " + committed.size());
        for (byte[] c : chunks) {
            assertArrayEquals(c, store.read(TestData.blake3(c)));
        }
        assertTrue(store.contains(stored));
    }

    @Test
    void recoveryDeletesTempFilesAndStrayFiles() throws Exception {
        String h = store.put(data);
        Files.write(dir.resolve("chunks/tmp").resolve(h + "-1234.tmp"), new byte[] {1, 2});
        Files.write(store.pathOf(h).resolveSibling("not-a-chunk"), new byte[] {3});
        ChunkStore reopened = ChunkStore.open(dir.resolve("chunks"), new ManualClock(Instant.now()));
        assertEquals(List.of(), reopened.tempFiles());
        assertFalse(Files.exists(store.pathOf(h).resolveSibling("not-a-chunk")));
        assertEquals(List.of(h), reopened.hashes());
    }

    @Test
    void verificationFindsAFlippedByteAndQuarantinesOnlyThatChunk() throws Exception {
        String good = store.put(data);
        String bad = store.put(TestData.random(3, 5_000));
        try (RandomAccessFile raf = new RandomAccessFile(store.pathOf(bad).toFile(), "rw")) {
            raf.seek(2_500);
            int b = raf.read();
            raf.seek(2_500);
            raf.write(b ^ 0x01);
        }
        assertTrue(store.contains(bad), "cached size still claims it");
        VerifyReport report = store.verifyAll();
        assertEquals(2, report.checked());
        assertEquals(List.of(bad), report.quarantined());
        assertFalse(store.contains(bad));
        assertTrue(store.contains(good));
        assertEquals(1, store.quarantined().size());
        assertTrue(store.verifyAll().clean());
    }

    @Test
    void badHashNamesAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> store.pathOf("../../etc/passwd"));
        assertThrows(IllegalArgumentException.class, () -> store.pathOf("A".repeat(64)));
    }
}
