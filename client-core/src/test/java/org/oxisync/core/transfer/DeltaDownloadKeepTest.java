package org.oxisync.core.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.oxisync.core.transfer.Harness.MIB;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.protocol.Limits;
import org.oxisync.store.chunks.ChunkStore;
import org.oxisync.store.hash.Blake3;
import org.oxisync.store.hash.ChunkRef;
import org.oxisync.store.hash.FileDigest;

/**
 * A delta download that replaces a file the engine keeps as a version puts the chunks it reads from that file into
 * the chunk store on the way (hashed once for both uses), so the version store has only the rest to read and hash.
 */
class DeltaDownloadKeepTest {
    @TempDir
    Path dir;
    private Harness h;

    @AfterEach
    void tearDown() {
        if (h != null) {
            h.close();
        }
    }

    private Downloader downloader() {
        return new Downloader(h.api, h.store, TransferOptions.defaults(), Harness::digest);
    }

    private DownloadRequest request(String path, String expectedHash, boolean versionsTarget) {
        return h.downloadRequest(path, expectedHash, versionsTarget);
    }

    private byte[][] syncedThenEditedRemotely(String path, long seed) throws Exception {
        return h.syncedThenEditedRemotely(path, 24 * MIB, 10 * MIB, seed);
    }

    /** The old file's chunks that the new content shares (the ones a delta download reads from the old file). */
    private static List<String> shared(FileDigest old, FileDigest fresh) {
        Set<String> inNew = Set.copyOf(fresh.chunks().stream().map(ChunkRef::hash).toList());
        return old.chunks().stream().map(ChunkRef::hash).filter(inNew::contains).distinct().toList();
    }

    @Test
    void theChunksReadFromAVersionedTargetAreLeftInTheChunkStoreAndTheFileComesRight() throws Exception {
        h = new Harness(dir, Limits.DEFAULT);
        byte[][] v = syncedThenEditedRemotely("big.bin", 40);
        FileDigest old = Harness.digest(h.local.resolve("big.bin"));
        ChunkStore store = h.store.chunks().store();
        List<String> reusable = shared(old, Harness.digest(h.write("expected.bin", v[1])));
        assertTrue(reusable.size() >= 2, "the edit leaves chunks in common: " + reusable.size());
        assertTrue(reusable.stream().noneMatch(store::contains), "an upload keeps no chunk files locally");

        StagedDownload staged = downloader().stage(request("big.bin", Blake3.hashHex(v[1]), true), ProgressSink.NONE);

        assertArrayEquals(v[1], Files.readAllBytes(staged.tempFile()));
        assertArrayEquals(v[0], Files.readAllBytes(h.local.resolve("big.bin")), "the target is left alone");
        for (String hash : reusable) {
            assertTrue(store.contains(hash), "kept " + hash);
            assertEquals(hash, Blake3.hashHex(store.read(hash)), "a kept chunk holds its own bytes");
        }
        assertEquals(List.of(), store.tempFiles(), "the kept chunks were committed, no temp file is left");
    }

    @Test
    void aDownloadThatReplacesNoVersionedFilePutsNothingIntoTheChunkStore() throws Exception {
        h = new Harness(dir, Limits.DEFAULT);
        byte[][] v = syncedThenEditedRemotely("big.bin", 44);
        FileDigest old = Harness.digest(h.local.resolve("big.bin"));

        StagedDownload staged = downloader().stage(request("big.bin", Blake3.hashHex(v[1]), false), ProgressSink.NONE);

        assertArrayEquals(v[1], Files.readAllBytes(staged.tempFile()));
        ChunkStore store = h.store.chunks().store();
        assertTrue(old.chunks().stream().map(ChunkRef::hash).noneMatch(store::contains));
    }

    @Test
    void chunksOfATargetEditedBehindTheJournalsBackAreNeitherReusedNorKept() throws Exception {
        h = new Harness(dir, Limits.DEFAULT);
        byte[][] v = syncedThenEditedRemotely("big.bin", 48);
        Path file = h.local.resolve("big.bin");
        FileDigest old = Harness.digest(file);
        // edited with the same size and mtime put back: the chunk index still offers its locations
        byte[] edited = v[0].clone();
        for (int i = 0; i < edited.length; i += 4096) {
            edited[i] ^= 1;
        }
        var mtime = Files.getLastModifiedTime(file);
        Files.write(file, edited);
        Files.setLastModifiedTime(file, mtime);

        StagedDownload staged = downloader().stage(request("big.bin", Blake3.hashHex(v[1]), true), ProgressSink.NONE);

        assertArrayEquals(v[1], Files.readAllBytes(staged.tempFile()));
        assertEquals(v[1].length, staged.bytesReceived(), "nothing was taken from the edited file");
        ChunkStore store = h.store.chunks().store();
        for (String hash : old.chunks().stream().map(ChunkRef::hash).filter(store::contains).toList()) {
            // present only as the fetched frames the download keeps for a resume, which the api verified
            assertEquals(hash, Blake3.hashHex(store.read(hash)), "no chunk is stored under a name its bytes do not have");
        }
        assertEquals(List.of(), store.tempFiles());
    }
}
