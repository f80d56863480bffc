package org.oxisync.store.versions;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.store.error.StoreException;
import org.oxisync.store.StoreFixture;
import org.oxisync.store.StoreOptions;
import org.oxisync.store.TestData;
import org.oxisync.testing.FullDisk;

/** The disk fills up while the version store writes (docs/local-faults.md): nothing half-saved, a clear error. */
class VersionStoreDiskFullTest {
    @TempDir
    Path dir;

    private final FullDisk disk = new FullDisk();

    private StoreFixture store() {
        return new StoreFixture(dir, StoreOptions.DEFAULT.withFileWrites(disk::open));
    }

    @Test
    void aVersionThatDoesNotFitLeavesNoRowNoChunkNoTempFileAndTheFileAsItWas() throws Exception {
        try (StoreFixture f = store()) {
            Path file = dir.resolve("doc.bin");
            byte[] content = TestData.random(7, 3_000_000); // several chunks: the disk fills in the middle
            Files.write(file, content);
            disk.fillAfter(1_500_000);
            StoreException e = assertThrows(StoreException.class,
                    () -> f.store.versions().saveVersion(f.pairId, "docs/doc.bin", file, f.clock.instant()));
            assertTrue(e.getMessage().startsWith("disk full: cannot keep a version of docs/doc.bin"), e.getMessage());
            assertTrue(disk.refusals() > 0, "the disk refused a write");
            assertEquals(List.of(), f.store.versions().listVersions(f.pairId), "no version row");
            assertEquals(List.of(), f.store.chunkStore().tempFiles(), "no temp file in the chunk store");
            assertEquals(List.of(), f.store.chunkStore().hashes(), "no chunk of the failed batch was committed");
            assertArrayEquals(content, Files.readAllBytes(file), "the file itself is untouched");

            disk.makeRoom(); // space is back: the same save goes through and restores byte for byte
            VersionInfo v = f.store.versions().saveVersion(f.pairId, "docs/doc.bin", file, f.clock.instant());
            Path restored = dir.resolve("restored.bin");
            f.store.versions().restore(v.id(), restored);
            assertArrayEquals(content, Files.readAllBytes(restored));
        }
    }

    @Test
    void aRestoreOntoAFullDiskLeavesTheTargetAsItWasAndNoTempFile() throws Exception {
        try (StoreFixture f = store()) {
            Path file = dir.resolve("doc.bin");
            byte[] old = TestData.random(8, 800_000);
            Files.write(file, old);
            VersionInfo v = f.store.versions().saveVersion(f.pairId, "doc.bin", file, f.clock.instant());
            byte[] current = TestData.random(9, 5_000);
            Files.write(file, current);
            disk.fillAfter(100_000);
            StoreException e = assertThrows(StoreException.class, () -> f.store.versions().restore(v.id(), file));
            assertTrue(e.getMessage().startsWith("disk full: cannot restore version"), e.getMessage());
            assertArrayEquals(current, Files.readAllBytes(file), "the target keeps its content");
            try (Stream<Path> s = Files.list(dir)) {
                assertEquals(List.of(), s.map(p -> p.getFileName().toString())
                        .filter(n -> n.startsWith(".oxisync-restore-")).toList(), "the restore's temp file is removed");
            }
            disk.makeRoom();
            f.store.versions().restore(v.id(), file);
            assertArrayEquals(old, Files.readAllBytes(file));
        }
    }
}
