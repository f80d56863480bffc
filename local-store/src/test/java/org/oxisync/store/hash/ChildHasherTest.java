package org.oxisync.store.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChildHasherTest {

    @Test
    void aChildJvmGivesTheSameWholeFileHashAndSizeAsHashingInProcess(@TempDir Path dir) throws Exception {
        byte[] data = new byte[5 * 1024 * 1024 + 777];
        new Random(11).nextBytes(data);
        Path file = dir.resolve("big.bin");
        Files.write(file, data);

        Optional<FileHasher.Result> child = ChildHasher.run(file);

        assertTrue(child.isPresent(), "the child JVM did not report");
        assertEquals(Blake3.hashHex(data), child.get().hash());
        assertEquals(data.length, child.get().size());
        assertEquals(child.get(), FileHasher.hashInProcess(file));
    }

    @Test
    void aChildThatCannotReadTheFileLeavesTheWorkToThisProcess(@TempDir Path dir) throws Exception {
        assertEquals(Optional.empty(), ChildHasher.run(dir.resolve("missing")));
    }

    @Test
    void onlyLargeFilesGoToAChildAndOnlyWhenTheLauncherAsks() {
        String before = System.getProperty(ChildJvm.PROPERTY);
        try {
            System.clearProperty(ChildJvm.PROPERTY);
            assertFalse(ChildHasher.wanted(ChildHasher.MIN_SIZE));
            System.setProperty(ChildJvm.PROPERTY, "child");
            assertFalse(ChildHasher.wanted(ChildHasher.MIN_SIZE - 1));
            assertEquals(ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent(), ChildHasher.wanted(ChildHasher.MIN_SIZE));
        } finally {
            if (before == null) {
                System.clearProperty(ChildJvm.PROPERTY);
            } else {
                System.setProperty(ChildJvm.PROPERTY, before);
            }
        }
    }

    @Test
    void aFolderOrAMissingFileIsAClearErrorNotAHash(@TempDir Path dir) {
        IOException folder = assertThrows(IOException.class, () -> FileHasher.hash(dir));
        assertEquals("is a directory", folder.getMessage());
        assertThrows(IOException.class, () -> FileHasher.hash(dir.resolve("missing")));
    }

    @Test
    void anEmptyFileHashesLikeB3sum(@TempDir Path dir) throws Exception {
        Path empty = Files.createFile(dir.resolve("empty"));
        assertEquals(new FileHasher.Result("af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262", 0),
                FileHasher.hash(empty));
    }
}
