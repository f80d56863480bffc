package org.oxisync.store.transfers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.store.error.StoreException;
import org.oxisync.store.StoreFixture;
import org.oxisync.store.TestData;
import org.oxisync.store.hash.FileDigest;

class TransfersTest {
    @TempDir
    Path dir;

    @Test
    void anUploadRemembersNegotiatedAndUploadedChunksWithTimesAcrossReopen() {
        FileDigest d = TestData.digest(TestData.random(1, 5_000), 1000);
        List<String> h = d.chunks().stream().map(c -> c.hash()).toList();
        long id;
        try (StoreFixture f = new StoreFixture(dir)) {
            Transfers t = f.store.transfers();
            id = t.beginUpload(f.pairId, "big.iso", d).id();
            t.markNegotiated(id, h.subList(0, 3));
            f.clock.advance(Duration.ofSeconds(5));
            t.markUploaded(id, h.subList(0, 2));
            PendingTransfer p = t.get(id).orElseThrow();
            assertEquals(h.subList(2, 3), p.hashesIn(ChunkState.NEGOTIATED));
            assertEquals(Set(h.subList(0, 2)), Set(p.hashesIn(ChunkState.UPLOADED)));
            assertEquals(f.clock.millis(), p.updated().toEpochMilli());
        }
        try (StoreFixture f = new StoreFixture(dir)) {
            Transfers t = f.store.transfers();
            PendingTransfer resumed = t.beginUpload(f.pairId, "big.iso", d);
            assertEquals(id, resumed.id(), "same path and content resumes");
            assertEquals(2, resumed.hashesIn(ChunkState.UPLOADED).size());
            FileDigest changed = TestData.digest(TestData.random(2, 5_000), 1000);
            PendingTransfer restarted = t.beginUpload(f.pairId, "big.iso", changed);
            assertNotEquals(id, restarted.id(), "changed content starts over");
            assertEquals(List.of(), restarted.chunks());
            assertEquals(1, t.pending(f.pairId).size());
            assertTrue(t.finish(restarted.id()));
            assertEquals(List.of(), t.pending(f.pairId));
        }
    }

    @Test
    void stateThatDoesNotFitTheTransferIsRejected() {
        FileDigest d = TestData.digest(TestData.random(3, 2_000), 1000);
        try (StoreFixture f = new StoreFixture(dir)) {
            Transfers t = f.store.transfers();
            long up = t.beginUpload(f.pairId, "u", d).id();
            assertThrows(IllegalArgumentException.class, () -> t.markStagedAt(up, d.chunks().get(0).hash(), 0));
            assertThrows(IllegalArgumentException.class, () -> t.markUploaded(up, List.of("f".repeat(64))));
            long down = t.beginDownload(f.pairId, "d", d, null).id();
            assertThrows(StoreException.class, () -> t.markStaged(down, d.chunks().get(0).hash()), "not in the store yet");
            assertThrows(StoreException.class, () -> t.markUploaded(12345, List.of(d.chunks().get(0).hash())));
        }
    }

    private static java.util.Set<String> Set(List<String> l) {
        return java.util.Set.copyOf(l);
    }
}
