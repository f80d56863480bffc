package org.oxisync.store.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChildChunkerTest {

    @Test
    void aChildJvmGivesTheSameChunksAndFileHashAsHashingInProcess(@TempDir Path dir) throws Exception {
        byte[] data = new byte[3 * 1024 * 1024 + 12_345];
        new Random(3).nextBytes(data);
        Path file = dir.resolve("big.bin");
        Files.write(file, data);
        FileDigest expected = new FileChunker(FastCdc.Params.SERVER).digestFile(file);

        List<ChunkRef> chunks = new ArrayList<>();
        Optional<FileSummary> summary = ChildChunker.run(file, FastCdc.Params.SERVER, chunks::add);

        assertTrue(summary.isPresent(), "the child JVM did not report");
        assertEquals(expected.chunks(), chunks);
        assertEquals(expected.fileHash(), summary.get().fileHash());
        assertEquals(data.length, summary.get().size());
        assertEquals(expected.chunks().size(), summary.get().chunkCount());
    }

    @Test
    void aChildThatCannotReadTheFileLeavesTheWorkToThisProcess(@TempDir Path dir) throws Exception {
        List<ChunkRef> chunks = new ArrayList<>();
        assertEquals(Optional.empty(), ChildChunker.run(dir.resolve("missing"), FastCdc.Params.SERVER, chunks::add));
        assertTrue(chunks.isEmpty());
    }

    @Test
    void onlyLargeFilesGoToAChildAndOnlyWhenTheLauncherAsks() {
        String before = System.getProperty(ChildJvm.PROPERTY);
        try {
            System.clearProperty(ChildJvm.PROPERTY);
            assertFalse(ChildChunker.wanted(ChildChunker.MIN_SIZE));
            System.setProperty(ChildJvm.PROPERTY, "child");
            assertFalse(ChildChunker.wanted(ChildChunker.MIN_SIZE - 1));
            assertEquals(ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent(),
                    ChildChunker.wanted(ChildChunker.MIN_SIZE));
        } finally {
            if (before == null) {
                System.clearProperty(ChildJvm.PROPERTY);
            } else {
                System.setProperty(ChildJvm.PROPERTY, before);
            }
        }
    }
}
