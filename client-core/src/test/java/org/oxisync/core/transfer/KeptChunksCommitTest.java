package org.oxisync.core.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.store.chunks.ChunkStore;

/** The background commit of the chunks a delta download kept: once closed, they are in the store and no temp is left. */
class KeptChunksCommitTest {
    @TempDir
    Path dir;

    private static byte[] random(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    @Test
    void afterCloseEveryKeptChunkIsInTheStoreAndNoTempFileIsLeft() {
        ChunkStore store = ChunkStore.open(dir.resolve("chunks"), Clock.systemUTC());
        ChunkStore.Batch batch = store.batch();
        List<String> hashes = List.of(batch.put(random(300_000, 1)), batch.put(random(70_000, 2)), batch.put(random(1, 3)));

        KeptChunksCommit.start(batch, "f.bin").close();

        hashes.forEach(h -> assertTrue(store.contains(h), h));
        assertEquals(List.of(), store.tempFiles());
    }

    @Test
    void anInterruptWhileWaitingStillWaitsForTheCommitAndIsKeptForTheCaller() {
        ChunkStore store = ChunkStore.open(dir.resolve("chunks"), Clock.systemUTC());
        ChunkStore.Batch batch = store.batch();
        String hash = batch.put(random(500_000, 4));
        KeptChunksCommit commit = KeptChunksCommit.start(batch, "g.bin");

        Thread.currentThread().interrupt();
        commit.close();

        assertTrue(Thread.interrupted(), "the interrupt is kept (and cleared here)");
        assertTrue(store.contains(hash));
        assertEquals(List.of(), store.tempFiles());
    }

    @Test
    void aBatchWithNothingStagedIsClosedWithoutAThread() {
        ChunkStore store = ChunkStore.open(dir.resolve("chunks"), Clock.systemUTC());
        ChunkStore.Batch first = store.batch();
        String known = first.put(random(1_000, 5));
        first.commit();
        first.close();
        ChunkStore.Batch batch = store.batch();
        batch.put(known, random(1_000, 5), 0, 1_000); // already in the store: nothing staged

        assertEquals(KeptChunksCommit.NONE, KeptChunksCommit.start(batch, "e.bin"));
        assertThrows(IllegalStateException.class, () -> batch.put(random(10, 6)), "the batch was closed");
        assertTrue(store.contains(known));
        assertEquals(List.of(), store.tempFiles());
    }

    @Test
    void nothingKeptIsNothingToWaitFor() {
        KeptChunksCommit none = KeptChunksCommit.start(null, "h.bin");
        assertEquals(KeptChunksCommit.NONE, none);
        none.close();
    }
}
