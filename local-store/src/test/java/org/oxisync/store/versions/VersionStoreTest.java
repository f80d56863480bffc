package org.oxisync.store.versions;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.store.error.StoreException;
import org.oxisync.store.StoreFixture;
import org.oxisync.store.StoreOptions;
import org.oxisync.store.TestData;

class VersionStoreTest {
    @TempDir
    Path dir;

    private static byte[] withChange(byte[] base, int at) {
        byte[] b = base.clone();
        b[at] ^= 0x55;
        return b;
    }

    @Test
    void aSavedVersionRestoresByteForByteEvenAfterTheFileChanged() throws Exception {
        try (StoreFixture f = new StoreFixture(dir)) {
            Path file = dir.resolve("doc.bin");
            byte[] v1 = TestData.random(1, 300_000);
            Files.write(file, v1);
            VersionInfo info = f.store.versions().saveVersion(f.pairId, "docs/doc.bin", file, f.clock.instant());
            assertEquals(TestData.blake3(v1), info.fileHash());
            assertEquals(300_000, info.size());
            Files.write(file, TestData.random(2, 1234));
            f.store.versions().restore(info.id(), file);
            assertArrayEquals(v1, Files.readAllBytes(file));
            assertEquals(List.of(file.getFileName()), Files.list(dir).filter(p -> p.getFileName().toString().contains("doc.bin"))
                    .map(Path::getFileName).toList(), "no temp file is left");
        }
    }

    @Test
    void anEmptyFileIsAVersionToo() throws Exception {
        try (StoreFixture f = new StoreFixture(dir)) {
            Path file = dir.resolve("empty");
            Files.write(file, new byte[0]);
            VersionInfo info = f.store.versions().saveVersion(f.pairId, "empty", file, f.clock.instant());
            Path target = dir.resolve("restored");
            f.store.versions().restore(info.id(), target);
            assertEquals(0, Files.size(target));
        }
    }

    @Test
    void repeatedVersionsOfAFileShareTheirUnchangedChunks() throws Exception {
        try (StoreFixture f = new StoreFixture(dir)) {
            Path file = dir.resolve("big.bin");
            byte[] base = TestData.random(3, 8_000_000);
            Files.write(file, base);
            f.store.versions().saveVersion(f.pairId, "big.bin", file, f.clock.instant());
            long afterFirst = f.store.versions().totalBytes();
            int chunksAfterFirst = f.store.chunkStore().hashes().size();
            Files.write(file, withChange(base, 4_000_000));
            f.clock.advance(Duration.ofMinutes(1));
            f.store.versions().saveVersion(f.pairId, "big.bin", file, f.clock.instant());
            long growth = f.store.versions().totalBytes() - afterFirst;
            // FastCDC: a one-byte change re-cuts one or two chunks (at most 1 MiB each), not the file
            assertTrue(growth > 0 && growth <= 2 * 1024 * 1024, "growth " + growth);
            assertTrue(f.store.chunkStore().hashes().size() - chunksAfterFirst <= 2);
            List<VersionInfo> listed = f.store.versions().listVersions(f.pairId, "big.bin");
            assertEquals(2, listed.size());
            assertTrue(listed.get(0).time().isAfter(listed.get(1).time()), "newest first");
            f.store.versions().restore(listed.get(1).id(), dir.resolve("old.bin"));
            assertArrayEquals(base, Files.readAllBytes(dir.resolve("old.bin")));
        }
    }

    @Test
    void aCorruptChunkMakesRestoreFailAndLeavesTheTargetUntouched() throws Exception {
        try (StoreFixture f = new StoreFixture(dir)) {
            Path file = dir.resolve("x.bin");
            Files.write(file, TestData.random(4, 100_000));
            VersionInfo info = f.store.versions().saveVersion(f.pairId, "x.bin", file, f.clock.instant());
            for (String h : f.store.chunkStore().hashes()) {
                try (RandomAccessFile raf = new RandomAccessFile(f.store.chunkStore().pathOf(h).toFile(), "rw")) {
                    raf.seek(0);
                    int b = raf.read();
                    raf.seek(0);
                    raf.write(b ^ 1);
                }
            }
            Path target = dir.resolve("target.txt");
            Files.writeString(target, "current content");
            StoreException e = assertThrows(StoreException.class, () -> f.store.versions().restore(info.id(), target));
            assertTrue(e.getMessage().contains("not touched"), e.getMessage());
            assertEquals("current content", Files.readString(target));
            assertEquals(2, Files.list(dir).filter(p -> !Files.isDirectory(p)).count(), "no temp file is left");
        }
    }

    @Test
    void retentionRemovesVersionsOlderThanMaxAge() throws Exception {
        try (StoreFixture f = new StoreFixture(dir, StoreOptions.DEFAULT.withRetention(new RetentionPolicy(Duration.ofDays(30), Long.MAX_VALUE)))) {
            Path file = dir.resolve("a");
            Files.write(file, TestData.random(5, 10_000));
            VersionInfo old = f.store.versions().saveVersion(f.pairId, "a", file, f.clock.instant());
            f.clock.advance(Duration.ofDays(20));
            Files.write(file, TestData.random(6, 10_000));
            VersionInfo recent = f.store.versions().saveVersion(f.pairId, "a", file, f.clock.instant());
            f.clock.advance(Duration.ofDays(11));
            RetentionReport r = f.store.versions().applyRetention();
            assertEquals(1, r.removedByAge());
            assertEquals(List.of(recent), f.store.versions().listVersions(f.pairId, "a"));
            assertTrue(f.store.versions().get(old.id()).isEmpty());
            f.clock.advance(Duration.ofHours(1));
            var m = f.store.maintain();
            assertEquals(1, m.gc().chunkFilesRemoved(), "the old version's chunk is collected");
            assertEquals(List.of(recent.fileHash()), f.store.chunkStore().hashes());
        }
    }

    @Test
    void retentionRemovesTheOldestVersionsUntilTheDeduplicatedTotalFits() throws Exception {
        try (StoreFixture f = new StoreFixture(dir, StoreOptions.DEFAULT.withRetention(new RetentionPolicy(Duration.ofDays(30), 25_000)))) {
            Path file = dir.resolve("a");
            VersionInfo[] v = new VersionInfo[4];
            for (int i = 0; i < 4; i++) {
                Files.write(file, TestData.random(10 + i, 10_000));
                v[i] = f.store.versions().saveVersion(f.pairId, "a", file, f.clock.instant());
                f.clock.advance(Duration.ofMinutes(1));
            }
            // a copy of the newest content under another path costs nothing more
            Files.write(file, TestData.random(13, 10_000));
            VersionInfo dup = f.store.versions().saveVersion(f.pairId, "b", file, f.clock.instant());
            RetentionReport r = f.store.versions().applyRetention();
            assertEquals(0, r.removedByAge());
            assertEquals(2, r.removedBySize());
            assertEquals(20_000, r.keptBytes());
            assertEquals(List.of(dup.id(), v[3].id(), v[2].id()), f.store.versions().listVersions(f.pairId).stream().map(VersionInfo::id).toList());
            assertEquals(20_000, f.store.versions().totalBytes());
        }
    }

    @Test
    void theDefaultRetentionIsThirtyDaysAndTenGibibytes() {
        assertEquals(Duration.ofDays(30), RetentionPolicy.DEFAULT.maxAge());
        assertEquals(10L << 30, RetentionPolicy.DEFAULT.maxTotalBytes());
    }
}
