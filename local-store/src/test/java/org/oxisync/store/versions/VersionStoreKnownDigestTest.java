package org.oxisync.store.versions;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.store.StoreFixture;
import org.oxisync.store.StoreOptions;
import org.oxisync.store.TestData;
import org.oxisync.store.hash.FileChunker;
import org.oxisync.store.hash.FileDigest;

/** Saving a version with the chunk list the caller knows: no second pass over the file, and no trust without checks. */
class VersionStoreKnownDigestTest {
    @TempDir
    Path dir;

    private final AtomicInteger cuts = new AtomicInteger();

    private VersionStore counting(StoreFixture f) {
        return new VersionStore(f.store.database(), f.store.chunks(), f.clock, StoreOptions.DEFAULT.retention(), file -> {
            cuts.incrementAndGet();
            return FileChunker.digest(file);
        });
    }

    @Test
    void aKnownChunkListThatMatchesTheFileIsUsedWithoutCuttingTheFileAgain() throws Exception {
        try (StoreFixture f = new StoreFixture(dir)) {
            Path file = dir.resolve("big.bin");
            byte[] content = TestData.random(3, 700_000);
            Files.write(file, content);
            FileDigest known = FileChunker.digest(file);
            VersionStore versions = counting(f);
            VersionInfo v = versions.saveVersion(f.pairId, "big.bin", file, f.clock.instant(), known);
            assertEquals(0, cuts.get(), "the file is not cut and hashed a second time");
            assertEquals(known.fileHash(), v.fileHash());
            Files.write(file, TestData.random(4, 10));
            versions.restore(v.id(), file);
            assertArrayEquals(content, Files.readAllBytes(file), "the version holds the file's bytes");
        }
    }

    @Test
    void aKnownChunkListOfOtherContentOfTheSameSizeIsDetectedAndTheFileCutAfresh() throws Exception {
        try (StoreFixture f = new StoreFixture(dir)) {
            Path file = dir.resolve("big.bin");
            byte[] before = TestData.random(5, 700_000);
            Files.write(file, before);
            FileDigest stale = FileChunker.digest(file);
            byte[] now = before.clone();
            now[350_000] ^= 0x5a; // same size, one byte differs: only its chunk's hash can tell
            Files.write(file, now);
            VersionStore versions = counting(f);
            VersionInfo v = versions.saveVersion(f.pairId, "big.bin", file, f.clock.instant(), stale);
            assertEquals(1, cuts.get(), "the file is cut afresh once the stale list fails a chunk's check");
            assertEquals(TestData.blake3(now), v.fileHash(), "the version is of the file as it is, not as the list says");
            Path restored = dir.resolve("restored.bin");
            versions.restore(v.id(), restored);
            assertArrayEquals(now, Files.readAllBytes(restored));
        }
    }

    @Test
    void aKnownChunkListOfAnotherSizeIsNotUsed() throws Exception {
        try (StoreFixture f = new StoreFixture(dir)) {
            Path file = dir.resolve("doc.bin");
            Files.write(file, TestData.random(6, 200_000));
            FileDigest stale = FileChunker.digest(file);
            byte[] now = TestData.random(7, 200_001);
            Files.write(file, now);
            VersionInfo v = counting(f).saveVersion(f.pairId, "doc.bin", file, f.clock.instant(), stale);
            assertEquals(1, cuts.get());
            assertEquals(TestData.blake3(now), v.fileHash());
        }
    }
}
