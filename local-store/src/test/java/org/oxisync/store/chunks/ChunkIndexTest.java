package org.oxisync.store.chunks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.store.StoreFixture;
import org.oxisync.store.TestData;
import org.oxisync.store.hash.ChunkRef;
import org.oxisync.store.hash.FileDigest;
import org.oxisync.store.journal.EntryKind;
import org.oxisync.store.journal.JournalEntry;
import org.oxisync.store.transfers.PendingTransfer;

class ChunkIndexTest {
    @TempDir
    Path dir;
    StoreFixture f;
    ChunkIndex index;
    ChunkStore store;

    @BeforeEach
    void open() {
        f = new StoreFixture(dir);
        index = f.store.chunks();
        store = f.store.chunkStore();
    }

    @AfterEach
    void close() {
        f.close();
    }

    private FileDigest storeFile(long seed, int size) {
        byte[] data = TestData.random(seed, size);
        FileDigest d = TestData.digest(data, 1000);
        try (ChunkStore.Batch b = store.batch()) {
            for (ChunkRef c : d.chunks()) {
                b.put(c.hash(), data, (int) c.offset(), c.length());
            }
            b.commit();
        }
        return d;
    }

    private static Set<String> hashes(FileDigest d) {
        return d.chunks().stream().map(ChunkRef::hash).collect(Collectors.toSet());
    }

    @Test
    void garbageCollectionKeepsEveryChunkAVersionAPendingTransferOrAPinnedManifestNeeds() {
        FileDigest forVersion = storeFile(1, 3_000);
        FileDigest forUpload = storeFile(2, 3_000);
        FileDigest forDownload = storeFile(3, 3_000);
        FileDigest unreferenced = storeFile(4, 3_000);
        FileDigest manifestOnly = storeFile(5, 3_000);
        index.recordManifest(forVersion);
        index.recordManifest(manifestOnly);
        f.store.database().write(s -> s.update("INSERT INTO versions (pair_id, path, file_hash, size, created_ms) VALUES (?, 'v', ?, ?, 0)",
                f.pairId, forVersion.fileHash(), forVersion.size()));
        PendingTransfer up = f.store.transfers().beginUpload(f.pairId, "up", forUpload);
        PendingTransfer down = f.store.transfers().beginDownload(f.pairId, "down", forDownload, null);
        f.store.transfers().markStaged(down.id(), forDownload.chunks().get(0).hash());
        assertEquals(List.of(), index.refCountMismatches());

        f.clock.advance(Duration.ofHours(1));
        GcReport r = index.collectGarbage(Duration.ofMinutes(10));

        Set<String> left = Set.copyOf(store.hashes());
        assertTrue(left.containsAll(hashes(forVersion)));
        assertTrue(left.containsAll(hashes(forUpload)), "a pending upload pins its manifest");
        assertTrue(left.containsAll(hashes(forDownload)));
        for (String h : hashes(unreferenced)) {
            assertFalse(left.contains(h));
        }
        for (String h : hashes(manifestOnly)) {
            assertFalse(left.contains(h), "an unpinned manifest does not keep chunks");
        }
        assertEquals(6, r.chunkFilesRemoved());
        assertEquals(1, r.manifestsRemoved());
        assertEquals(List.of(), index.refCountMismatches());

        // once the transfers finish and the version goes, everything is collectable
        f.store.transfers().finish(up.id());
        f.store.transfers().finish(down.id());
        f.store.database().write(s -> s.update("DELETE FROM versions"));
        assertEquals(List.of(), index.refCountMismatches());
        assertEquals(0, index.refCount(forDownload.chunks().get(0).hash()));
        index.collectGarbage(Duration.ofMinutes(10));
        assertEquals(List.of(), store.hashes());
    }

    @Test
    void garbageCollectionKeepsTheManifestsOfJournalContentOnEitherSideAndRowsWithoutHashesPinNothing() {
        FileDigest local = storeFile(11, 3_000);
        FileDigest remote = storeFile(12, 3_000);
        FileDigest orphan = storeFile(13, 3_000);
        index.recordManifest(local);
        index.recordManifest(remote);
        index.recordManifest(orphan);
        Instant mtime = Instant.ofEpochSecond(1_700_000_000L);
        f.store.journal().upsert(new JournalEntry(f.pairId, "l.bin", EntryKind.FILE, local.size(), mtime, "ino:1",
                local.fileHash(), null, null, null, null));
        f.store.journal().upsert(new JournalEntry(f.pairId, "r.bin", EntryKind.FILE, remote.size(), mtime, "ino:2",
                null, "id-r", "e", remote.fileHash(), null));
        // a folder and a file not hashed yet: NULL hashes must not make the clean-up keep everything
        f.store.journal().upsert(new JournalEntry(f.pairId, "dir", EntryKind.FOLDER, 0, mtime, "ino:3",
                null, null, null, null, null));

        assertEquals(1, index.collectGarbage(Duration.ofMinutes(10)).manifestsRemoved());
        Set<String> manifests = Set.copyOf(f.store.database().read(s -> s.query("SELECT file_hash FROM manifests",
                rs -> rs.getString(1))));
        assertEquals(Set.of(local.fileHash(), remote.fileHash()), manifests);
    }

    @Test
    void findingUnreferencedManifestsReadsEachReferenceTableOnceNotOncePerManifest() {
        List<String> plan = f.store.database().read(s -> s.query("EXPLAIN QUERY PLAN " + ChunkIndex.UNPINNED_MANIFESTS,
                rs -> rs.getString("detail")));
        assertFalse(plan.isEmpty());
        for (String step : plan) {
            assertFalse(step.contains("CORRELATED"), "a subquery run per manifest: " + plan);
        }
    }

    @Test
    void chunksYoungerThanTheGracePeriodSurviveEvenWithoutReferences() {
        FileDigest d = storeFile(6, 2_000);
        f.clock.advance(Duration.ofMinutes(5));
        assertEquals(0, index.collectGarbage(Duration.ofMinutes(10)).chunkFilesRemoved());
        assertEquals(hashes(d), Set.copyOf(store.hashes()));
        f.clock.advance(Duration.ofMinutes(6));
        assertEquals(2, index.collectGarbage(Duration.ofMinutes(10)).chunkFilesRemoved());
    }

    @Test
    void referenceCountsFollowPinsAndCountRepeatedChunksOnce() {
        byte[] block = TestData.random(7, 1000);
        byte[] twice = new byte[2000];
        System.arraycopy(block, 0, twice, 0, 1000);
        System.arraycopy(block, 0, twice, 1000, 1000);
        FileDigest d = TestData.digest(twice, 1000);
        store.put(block);
        index.recordManifest(d);
        String h = d.chunks().get(0).hash();
        assertEquals(0, index.refCount(h));
        PendingTransfer t = f.store.transfers().beginUpload(f.pairId, "twice", d);
        assertEquals(2, index.refCount(h), "one per occurrence in the pinned manifest");
        f.store.transfers().markNegotiated(t.id(), List.of(h));
        assertEquals(3, index.refCount(h));
        f.store.transfers().finish(t.id());
        assertEquals(0, index.refCount(h));
        assertEquals(List.of(), index.refCountMismatches());
    }

    @Test
    void locationsListTheStoreAStagedDownloadAndLocalFilesWhileTheirJournalEntryMatches() throws Exception {
        byte[] data = TestData.random(8, 2_500);
        FileDigest d = TestData.digest(data, 1000);
        String first = d.chunks().get(0).hash();
        Instant mtime = Instant.ofEpochSecond(1_700_000_000L, 5);
        f.store.journal().upsert(new JournalEntry(f.pairId, "docs/a.bin", EntryKind.FILE, data.length, mtime, "ino:1",
                d.fileHash(), null, null, null, null));
        index.recordLocalFile(f.pairId, "docs/a.bin", d, mtime, "ino:1");
        List<ChunkLocation> locs = index.locations(first);
        assertEquals(List.of(new ChunkLocation.LocalFile(first, 1000, f.pairId, "docs/a.bin",
                f.localRoot.resolve("docs/a.bin"), 0)), locs);

        Path staging = dir.resolve("staging.part");
        PendingTransfer t = f.store.transfers().beginDownload(f.pairId, "b.bin", d, staging);
        f.store.transfers().markStagedAt(t.id(), first, 0);
        store.put(java.util.Arrays.copyOfRange(data, 0, 1000));
        locs = index.locations(first);
        assertEquals(3, locs.size());
        assertTrue(locs.get(0) instanceof ChunkLocation.InStore);
        assertEquals(new ChunkLocation.Staged(first, 1000, t.id(), staging, 0), locs.get(1));

        // the local file changed: its offsets are no longer trusted
        f.store.journal().upsert(new JournalEntry(f.pairId, "docs/a.bin", EntryKind.FILE, data.length, mtime.plusSeconds(1),
                "ino:1", null, null, null, null, null));
        assertEquals(2, index.locations(first).size());
        assertTrue(index.locations(first).stream().noneMatch(l -> l instanceof ChunkLocation.LocalFile));
        assertEquals(3, index.collectGarbage(Duration.ofDays(1)).localLocationsRemoved());
        assertTrue(Files.exists(store.pathOf(first)));
    }

    @Test
    void aLocalFilesChunkListIsKnownWhileItsJournalEntryMatchesTheRecordedLocationsAndNotAfterItChanged() {
        byte[] data = TestData.random(9, 3_500);
        FileDigest d = TestData.digest(data, 1000);
        Instant mtime = Instant.ofEpochSecond(1_700_000_000L, 7);
        f.store.journal().upsert(new JournalEntry(f.pairId, "docs/a.bin", EntryKind.FILE, data.length, mtime, "ino:1",
                d.fileHash(), null, null, null, null));
        assertEquals(Optional.empty(), index.localFileDigest(f.pairId, "docs/a.bin"), "no locations recorded yet");
        index.recordLocalFile(f.pairId, "docs/a.bin", d, mtime, "ino:1");
        assertEquals(Optional.of(d), index.localFileDigest(f.pairId, "docs/a.bin"));
        assertEquals(Optional.empty(), index.localFileDigest(f.pairId, "docs/other.bin"));

        // another mtime in the journal: the recorded list describes an older state of the file
        f.store.journal().upsert(new JournalEntry(f.pairId, "docs/a.bin", EntryKind.FILE, data.length, mtime.plusSeconds(1),
                "ino:1", d.fileHash(), null, null, null, null));
        assertEquals(Optional.empty(), index.localFileDigest(f.pairId, "docs/a.bin"));
    }

    @Test
    void aLocalFilesChunkListWithAGapOrWithoutAContentHashIsNotKnown() {
        byte[] data = TestData.random(10, 3_000);
        FileDigest d = TestData.digest(data, 1000);
        Instant mtime = Instant.ofEpochSecond(1_700_000_000L, 9);
        FileDigest gap = new FileDigest(List.of(d.chunks().get(0), d.chunks().get(2)), d.fileHash(), d.size());
        f.store.journal().upsert(new JournalEntry(f.pairId, "gap.bin", EntryKind.FILE, data.length, mtime, "ino:7",
                d.fileHash(), null, null, null, null));
        index.recordLocalFile(f.pairId, "gap.bin", gap, mtime, "ino:7");
        assertEquals(Optional.empty(), index.localFileDigest(f.pairId, "gap.bin"), "the middle chunk is missing");

        f.store.journal().upsert(new JournalEntry(f.pairId, "nohash.bin", EntryKind.FILE, data.length, mtime, "ino:8",
                null, null, null, null, null));
        index.recordLocalFile(f.pairId, "nohash.bin", d, mtime, "ino:8");
        assertEquals(Optional.empty(), index.localFileDigest(f.pairId, "nohash.bin"), "no content hash in the journal");
    }

    @Test
    void locationsFollowAMoveOfTheFileOrOfItsFolderAndNotASiblingWithTheSamePrefix() {
        byte[] data = TestData.random(11, 2_500);
        FileDigest d = TestData.digest(data, 1000);
        String first = d.chunks().get(0).hash();
        Instant mtime = Instant.ofEpochSecond(1_700_000_000L, 5);
        for (String p : List.of("docs/a.bin", "docs%/a.bin")) {
            f.store.journal().upsert(new JournalEntry(f.pairId, p, EntryKind.FILE, data.length, mtime, "ino:" + p,
                    d.fileHash(), null, null, null, null));
            index.recordLocalFile(f.pairId, p, d, mtime, "ino:" + p);
        }
        // the folder "docs" is renamed to "Ärchiv/docs" (the journal is re-keyed the same way by the engine)
        f.store.journal().delete(f.pairId, "docs/a.bin");
        f.store.journal().upsert(new JournalEntry(f.pairId, "Ärchiv/docs/a.bin", EntryKind.FILE, data.length, mtime,
                "ino:docs/a.bin", d.fileHash(), null, null, null, null));
        index.moveLocalFiles(f.pairId, "docs", "Ärchiv/docs");

        List<String> paths = index.locations(first).stream().map(l -> ((ChunkLocation.LocalFile) l).path()).sorted().toList();
        assertEquals(List.of("docs%/a.bin", "Ärchiv/docs/a.bin"), paths, "the moved file keeps its chunks; the sibling is untouched");

        // then the file itself is renamed
        f.store.journal().delete(f.pairId, "Ärchiv/docs/a.bin");
        f.store.journal().upsert(new JournalEntry(f.pairId, "Ärchiv/docs/b.bin", EntryKind.FILE, data.length, mtime,
                "ino:docs/a.bin", d.fileHash(), null, null, null, null));
        index.moveLocalFiles(f.pairId, "Ärchiv/docs/a.bin", "Ärchiv/docs/b.bin");
        paths = index.locations(first).stream().map(l -> ((ChunkLocation.LocalFile) l).path()).sorted().toList();
        assertEquals(List.of("docs%/a.bin", "Ärchiv/docs/b.bin"), paths);
    }

    @Test
    void aFolderMoveTakesItsWholeSubtreeAndOnlyItAndReplacesWhatWasRecordedAtTheTarget() {
        byte[] data = TestData.random(12, 2_500);
        FileDigest d = TestData.digest(data, 1000);
        String first = d.chunks().get(0).hash();
        Instant mtime = Instant.ofEpochSecond(1_700_000_000L, 7);
        // siblings that sort right before ('.' < '/') and right after ('0' > '/') the folder's subtree, a deep
        // descendant, and a stale record at the target
        List<String> before = List.of("d/a.bin", "d/x/y/z.bin", "d.bak/a.bin", "d0/a.bin", "e/old.bin");
        for (String p : before) {
            index.recordLocalFile(f.pairId, p, d, mtime, "ino:" + p);
        }
        index.moveLocalFiles(f.pairId, "d", "e");
        List<String> after = List.of("e/a.bin", "e/x/y/z.bin", "d.bak/a.bin", "d0/a.bin", "e/old.bin", "d/a.bin");
        for (String p : after) { // a journal row per path, keyed as the record was, so that locations() trusts it
            String key = p.startsWith("e/") && !p.equals("e/old.bin") ? "ino:d" + p.substring(1) : "ino:" + p;
            f.store.journal().upsert(new JournalEntry(f.pairId, p, EntryKind.FILE, data.length, mtime, key,
                    d.fileHash(), null, null, null, null));
        }
        List<String> paths = index.locations(first).stream().filter(l -> l instanceof ChunkLocation.LocalFile)
                .map(l -> ((ChunkLocation.LocalFile) l).path()).sorted().toList();
        assertEquals(List.of("d.bak/a.bin", "d0/a.bin", "e/a.bin", "e/x/y/z.bin"), paths,
                "the subtree moved whole, the neighbours stayed, the old record at the target is gone");
    }

    @Test
    void aManifestReadsBackInOrder() {
        FileDigest d = TestData.digest(TestData.random(9, 4_321), 1000);
        index.recordManifest(d);
        index.recordManifest(d);
        assertEquals(d, index.manifest(d.fileHash()).orElseThrow());
        assertTrue(index.manifest("e".repeat(64)).isEmpty());
    }
}
