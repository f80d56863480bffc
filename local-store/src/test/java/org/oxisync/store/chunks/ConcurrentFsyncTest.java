package org.oxisync.store.chunks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConcurrentFsyncTest {
    @TempDir
    Path dir;

    private List<Path> files(String prefix, int n) throws IOException {
        List<Path> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(Files.writeString(dir.resolve(prefix + i), "x" + i));
        }
        return out;
    }

    @Test
    void batchesReuseTheSameHelperThreadsInsteadOfStartingNewOnes() throws IOException {
        ConcurrentFsync fsync = new ConcurrentFsync(4);
        fsync.forceAll(files("a", 20), false);
        assertEquals(3, fsync.liveThreads(), "three helpers beside the caller");
        for (int round = 0; round < 5; round++) {
            fsync.forceAll(files("b" + round + "-", 20), false);
        }
        assertEquals(3, fsync.liveThreads(), "later batches ran on the same three threads");
    }

    @Test
    void aSinglePathIsSyncedOnTheCallersThreadAlone() throws IOException {
        ConcurrentFsync fsync = new ConcurrentFsync(4);
        fsync.forceAll(files("one", 1), false);
        assertEquals(0, fsync.liveThreads());
    }

    @Test
    void aFileThatCannotBeSyncedFailsTheBatchAfterTheOthersAreDone() throws IOException {
        ConcurrentFsync fsync = new ConcurrentFsync(4);
        List<Path> paths = files("c", 10);
        paths.add(5, dir.resolve("missing"));
        IOException e = assertThrows(IOException.class, () -> fsync.forceAll(paths, false));
        assertTrue(e.getMessage().contains("missing"), e.getMessage());
    }

    @Test
    void aDirectoryThatCannotBeOpenedForFsyncIsSkippedNotFailed() throws IOException {
        ConcurrentFsync fsync = new ConcurrentFsync(4);
        Path sub = Files.createDirectory(dir.resolve("sub"));
        fsync.forceAll(List.of(dir, sub, dir.resolve("gone")), true);
    }

    @Test
    void aPoolOfLessThanOneThreadIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new ConcurrentFsync(0));
    }
}
