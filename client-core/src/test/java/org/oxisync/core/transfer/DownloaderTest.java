package org.oxisync.core.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.oxisync.core.transfer.Harness.MIB;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.naming.TempNames;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.Limits;
import org.oxisync.protocol.ManifestDto;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.store.hash.Blake3;
import org.oxisync.store.transfers.ChunkState;
import org.oxisync.store.transfers.Direction;
import org.oxisync.store.transfers.PendingTransfer;

/** Downloads against the emulator: reuse of local chunks, resume, verification and the temp-file discipline. */
class DownloaderTest {
    private static final String DOWNLOAD = "POST /api/files/delta/download";
    private static final String MANIFEST = "GET /api/files/{id}/manifest";
    private static final String GET = "GET /api/files/{id}";

    @TempDir
    Path dir;
    private Harness h;

    @AfterEach
    void tearDown() {
        if (h != null) {
            h.close();
        }
    }

    private Harness harness(Limits limits) throws Exception {
        h = new Harness(dir, limits);
        return h;
    }

    private Downloader downloader() {
        return new Downloader(h.api, h.store, TransferOptions.defaults(), Harness::digest);
    }

    private DownloadRequest request(String path, String expectedHash) {
        return h.downloadRequest(path, expectedHash, false);
    }

    /** A file synced both ways: written locally, uploaded, journalled (its chunks count as held locally). */
    private FileDto syncedLocally(String path, byte[] data) throws Exception {
        h.write(path, data);
        UploadRequest up = h.newFile(path);
        FileDto f = new Uploader(h.api, h.store, TransferOptions.defaults()).upload(up, Set.of(), ProgressSink.NONE).file();
        h.journal(up, f.id());
        return f;
    }

    private long deltaRequests() {
        return h.stats(MANIFEST).requests() + h.stats(DOWNLOAD).requests();
    }

    private List<Path> temps() throws Exception {
        return h.localFiles().stream().filter(p -> TempNames.isOwnTemp(p.getFileName().toString())).toList();
    }

    @Test
    void whileTheDeltaBudgetIsPausedALargeDownloadTakesThePlainGet() throws Exception {
        harness(Limits.DEFAULT);
        byte[] data = Harness.random(10 * MIB, 22);
        FileDto v1 = syncedLocally("big.bin", data);
        byte[] theirs = data.clone();
        System.arraycopy(Harness.random(MIB, 23), 0, theirs, 4 * MIB, MIB);
        h.remote().putFile("/big.bin", theirs);
        h.api.deltaBudget().refused(h.clock); // another device's requests made the server refuse one of ours
        h.emu.resetStats();

        StagedDownload staged = downloader().stage(request("big.bin", Blake3.hashHex(theirs)), ProgressSink.NONE);

        assertEquals(0, deltaRequests(), "no delta request during the pause");
        assertEquals(1, h.stats(GET).requests());
        assertArrayEquals(theirs, Files.readAllBytes(staged.tempFile()));
        assertTrue(v1.id() != null);
    }

    @Test
    void aLargeDownloadWhoseManifestTheServerRefusesFallsBackToThePlainGet() throws Exception {
        harness(Limits.DEFAULT);
        byte[] data = Harness.random(10 * MIB, 24);
        syncedLocally("big.bin", data);
        byte[] theirs = data.clone();
        System.arraycopy(Harness.random(MIB, 25), 0, theirs, 4 * MIB, MIB);
        h.remote().putFile("/big.bin", theirs);
        h.emu.faults().failNext(1, "GET", ".*/manifest", 429,
                "{\"status\":429,\"error\":\"Too many\",\"error_type\":\"RateLimited\"}");
        h.emu.resetStats();

        StagedDownload staged = downloader().stage(request("big.bin", Blake3.hashHex(theirs)), ProgressSink.NONE);

        assertEquals(1, h.stats(MANIFEST).requests(), "the refused manifest, not repeated");
        assertEquals(0, h.stats(DOWNLOAD).requests());
        assertEquals(1, h.stats(GET).requests());
        assertArrayEquals(theirs, Files.readAllBytes(staged.tempFile()));
        assertFalse(h.api.deltaUsableNow(), "the budget is paused after the refusal");
    }

    @Test
    void downloadOfARemotelyChangedLargeFileReusesTheLocalChunks() throws Exception {
        harness(Limits.DEFAULT);
        byte[][] v = h.syncedThenEditedRemotely("big.bin", 24 * MIB, 10 * MIB, 20); // 1 MiB changed in the middle
        byte[] data = v[0];
        byte[] theirs = v[1];
        h.emu.resetStats();

        StagedDownload staged = downloader().stage(request("big.bin", Blake3.hashHex(theirs)), ProgressSink.NONE);

        assertEquals(1, h.stats(MANIFEST).requests());
        assertEquals(1, h.stats(DOWNLOAD).requests(), "one batch for the changed chunks");
        assertEquals(0, h.stats(GET).requests());
        long received = h.stats(DOWNLOAD).bytesSent();
        assertTrue(received <= 3L * MIB, "received " + received + " bytes for a 1 MiB change");
        assertEquals(theirs.length, staged.bytesReceived() + staged.bytesReused());
        assertArrayEquals(theirs, Files.readAllBytes(staged.tempFile()));
        assertArrayEquals(data, Files.readAllBytes(h.local.resolve("big.bin")), "the target is left alone");
        assertTrue(TempNames.isOwnTemp(staged.tempFile().getFileName().toString()));
        assertEquals(h.local, staged.tempFile().getParent());
        assertEquals(Blake3.hashHex(theirs), staged.digest().fileHash());
        assertEquals(Harness.digest(staged.tempFile()).chunks(), staged.digest().chunks());
    }

    @Test
    void stagedFileCarriesTheServerModifiedTime() throws Exception {
        harness(Limits.DEFAULT);
        byte[] data = Harness.random(300_000, 22);
        h.remote().putFile("/s.bin", data);
        DownloadRequest req = request("s.bin", Blake3.hashHex(data));
        Instant when = Instant.parse("2024-02-03T04:05:06Z");
        DownloadRequest dated = new DownloadRequest(req.pairId(), req.path(), req.remoteFileId(), req.expectedHash(),
                req.size(), when, req.target());

        StagedDownload staged = downloader().stage(dated, ProgressSink.NONE);

        assertEquals(when, Files.getLastModifiedTime(staged.tempFile()).toInstant());
        assertArrayEquals(data, Files.readAllBytes(staged.tempFile()));
        assertEquals(data.length, staged.bytesReceived());
    }

    @Test
    void interruptedDownloadResumesFromStagedChunks() throws Exception {
        harness(new Limits(Limits.DEFAULT.putBatchBytes(), Limits.MAX_FRAME_BYTES, 64L << 20, 240));
        syncedLocally("big.bin", Harness.random(12 * MIB, 123)); // an older version is held: the delta path
        byte[] data = Harness.random(12 * MIB, 23);
        h.remote().putFile("/big.bin", data);
        DownloadRequest req = request("big.bin", Blake3.hashHex(data));
        AtomicBoolean armed = new AtomicBoolean();

        assertThrows(OxiCloudException.RequestRejected.class, () -> downloader().stage(req, new ProgressSink() {
            @Override
            public void bytes(long soFar) {
                if (soFar >= 4L * MIB && armed.compareAndSet(false, true)) {
                    h.emu.faults().failNext(1, "POST", "/api/files/delta/download", 400);
                }
            }

            @Override
            public void restart() {
            }
        }));
        assertEquals(List.of(), temps(), "no temp file is left behind");
        assertEquals(1, h.stats(MANIFEST).requests());
        PendingTransfer pending = h.store.transfers().find(h.pairId, "big.bin", Direction.DOWNLOAD).orElseThrow();
        assertFalse(pending.hashesIn(ChunkState.STAGED).isEmpty());

        h.restartStore();
        h.emu.resetStats();
        StagedDownload staged = downloader().stage(req, ProgressSink.NONE);

        assertTrue(staged.bytesReused() >= 4L * MIB, "reused " + staged.bytesReused());
        assertTrue(h.stats(DOWNLOAD).bytesSent() <= data.length - 4L * MIB + 4L * 64);
        assertArrayEquals(data, Files.readAllBytes(staged.tempFile()));
        assertTrue(h.store.transfers().find(h.pairId, "big.bin", Direction.DOWNLOAD).isEmpty());
    }

    @Test
    void corruptedChunkFromTheServerFailsVerificationAndLeavesNoTemp() throws Exception {
        harness(Limits.DEFAULT);
        byte[] data = Harness.random(2 * MIB, 24);
        h.remote().putFile("/c.bin", data);
        ManifestDto m = h.api.manifest(h.remote().fileId("/c.bin"), null).orElseThrow();
        String victim = m.chunks().get(1).h();
        Path chunkFile = h.serverData.resolve("chunks").resolve(victim.substring(0, 2)).resolve(victim);
        byte[] bytes = Files.readAllBytes(chunkFile);
        bytes[bytes.length / 2] ^= 0x40;
        Files.write(chunkFile, bytes);

        assertThrows(TransferException.VerificationFailed.class,
                () -> downloader().stage(request("c.bin", m.fileHash()), ProgressSink.NONE));

        assertEquals(List.of(), h.localFiles());
    }

    @Test
    void remoteContentOtherThanExpectedIsRemoteChanged() throws Exception {
        harness(Limits.DEFAULT);
        h.remote().putFile("/x.bin", Harness.random(1000, 25));
        var e = assertThrows(TransferException.RemoteChanged.class,
                () -> downloader().stage(request("x.bin", Blake3.hashHex(new byte[] {1})), ProgressSink.NONE));
        assertEquals(Blake3.hashHex(h.remote().read("/x.bin")), e.actualHash());
        assertEquals(List.of(), h.localFiles());
    }

    @Test
    void fileWithoutAManifestComesByAPlainVerifiedGet() throws Exception {
        harness(Limits.DEFAULT);
        byte[] data = Harness.random(3 * MIB + 17, 26);
        h.remote().putFile("/p.bin", data);
        DownloadRequest req = request("p.bin", Blake3.hashHex(data));
        h.emu.faults().failNext(1, "GET", "/api/files/[^/]+/manifest", 404);

        StagedDownload staged = downloader().stage(req, ProgressSink.NONE);

        assertEquals(1, h.stats("GET /api/files/{id}").requests());
        assertEquals(0, h.stats(DOWNLOAD).requests());
        assertArrayEquals(data, Files.readAllBytes(staged.tempFile()));
        assertEquals(Harness.digest(staged.tempFile()), staged.digest());
    }

    @Test
    void plainGetOfOtherContentThanListedIsRemoteChangedAndRemoved() throws Exception {
        harness(Limits.DEFAULT);
        byte[] data = Harness.random(5000, 27);
        h.remote().putFile("/p.bin", data);
        DownloadRequest req = request("p.bin", null);
        DownloadRequest wrong = new DownloadRequest(req.pairId(), req.path(), req.remoteFileId(),
                Blake3.hashHex(new byte[] {9}), req.size(), null, req.target());

        var e = assertThrows(TransferException.RemoteChanged.class, () -> downloader().stage(wrong, ProgressSink.NONE));

        assertEquals(Blake3.hashHex(data), e.actualHash(), "the content matches the server's ETag: it changed remotely");
        assertEquals(List.of(), h.localFiles());
    }

    @Test
    void plainGetLargerThanListedIsCutOffAndRemoved() throws Exception {
        harness(Limits.DEFAULT);
        byte[] data = Harness.random(3 * MIB, 31);
        h.remote().putFile("/p.bin", data);
        DownloadRequest req = request("p.bin", Blake3.hashHex(data));
        DownloadRequest shorter = new DownloadRequest(req.pairId(), req.path(), req.remoteFileId(), req.expectedHash(),
                MIB, null, req.target());

        assertThrows(TransferException.RemoteChanged.class, () -> downloader().stage(shorter, ProgressSink.NONE));

        assertEquals(List.of(), h.localFiles(), "nothing beyond the listed size was kept");
    }

    @Test
    void emptyRemoteFileStagesAnEmptyTemp() throws Exception {
        harness(Limits.DEFAULT);
        h.remote().putFile("/empty.txt", new byte[0]);

        DownloadRequest req = request("empty.txt", Blake3.hashHex(new byte[0]));
        h.emu.resetStats();

        StagedDownload staged = downloader().stage(req, ProgressSink.NONE);

        assertEquals(0, Files.size(staged.tempFile()));
        assertEquals(0, staged.bytesReceived());
        assertEquals(Map.of(), h.emu.stats(), "an empty file needs no request");
    }

    @Test
    void localChunksThatNoLongerMatchTheirHashAreDownloadedInstead() throws Exception {
        harness(Limits.DEFAULT);
        byte[] data = Harness.random(4 * MIB, 28);
        Path file = h.write("f.bin", data);
        UploadRequest up = h.newFile("f.bin");
        FileDto v1 = new Uploader(h.api, h.store, TransferOptions.defaults()).upload(up, Set.of(), ProgressSink.NONE).file();
        h.journal(up, v1.id());
        // the local file is edited behind the journal's back (same size, mtime put back): its locations look valid
        byte[] edited = data.clone();
        for (int i = 0; i < edited.length; i += 4096) {
            edited[i] ^= 1;
        }
        var mtime = Files.getLastModifiedTime(file);
        Files.write(file, edited);
        Files.setLastModifiedTime(file, mtime);
        byte[] theirs = data.clone();
        theirs[MIB] ^= 1;
        h.remote().putFile("/f.bin", theirs);

        StagedDownload staged = downloader().stage(request("f.bin", Blake3.hashHex(theirs)), ProgressSink.NONE);

        assertArrayEquals(theirs, Files.readAllBytes(staged.tempFile()));
        assertEquals(theirs.length, staged.bytesReceived(), "nothing was taken from the edited file");
    }

    @Test
    void plainGetResumesWithRangeAfterADroppedConnection() throws Exception {
        harness(Limits.DEFAULT);
        byte[] data = Harness.random(4 * MIB, 29);
        h.remote().putFile("/p.bin", data);
        DownloadRequest req = request("p.bin", Blake3.hashHex(data));
        h.emu.faults().failNext(1, "GET", "/api/files/[^/]+/manifest", 404);
        h.emu.faults().closeMidResponseNext(1, "GET", "/api/files/[^/]+");

        StagedDownload staged = downloader().stage(req, ProgressSink.NONE);

        assertArrayEquals(data, Files.readAllBytes(staged.tempFile()));
        assertEquals(2, h.stats("GET /api/files/{id}").requests());
        long served = h.stats("GET /api/files/{id}").bytesSent();
        assertTrue(served <= data.length + 256 * 1024, "the second request continued the first: " + served + " bytes served");
        assertEquals(data.length, staged.bytesReceived());
    }

    @Test
    void chunksThatVanishedSinceTheManifestAreRemoteChanged() throws Exception {
        harness(Limits.DEFAULT);
        syncedLocally("v.bin", Harness.random(9 * MIB, 130)); // an older version is held: the delta path
        byte[] data = Harness.random(9 * MIB, 30);
        h.remote().putFile("/v.bin", data);
        ManifestDto m = h.api.manifest(h.remote().fileId("/v.bin"), null).orElseThrow();
        h.emu.faults().failNext(1, "POST", "/api/files/delta/download", 404,
                "{\"not_available\":[\"" + m.chunks().get(0).h() + "\"]}");

        assertThrows(TransferException.RemoteChanged.class,
                () -> downloader().stage(request("v.bin", m.fileHash()), ProgressSink.NONE));
        assertEquals(List.of(h.local.resolve("v.bin")), h.localFiles(), "only the synced file");
    }

    @Test
    void smallDownloadsSpendNoDeltaRequests() throws Exception {
        harness(Limits.DEFAULT);
        int n = 40;
        List<byte[]> contents = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            byte[] data = Harness.random(1000 + 50_000 * i, 300 + i);
            contents.add(data);
            h.remote().putFile("/s" + i + ".bin", data);
        }
        List<DownloadRequest> reqs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            reqs.add(request("s" + i + ".bin", Blake3.hashHex(contents.get(i))));
        }
        h.emu.resetStats();

        for (int i = 0; i < n; i++) {
            StagedDownload staged = downloader().stage(reqs.get(i), ProgressSink.NONE);
            assertArrayEquals(contents.get(i), Files.readAllBytes(staged.tempFile()));
            assertEquals(Harness.digest(staged.tempFile()), staged.digest());
        }

        assertEquals(0, deltaRequests(), "small files stay out of the delta budget");
        assertEquals(n, h.stats(GET).requests());
    }

    @Test
    void largeDownloadOfWhichNothingIsHeldLocallyComesByPlainGet() throws Exception {
        harness(Limits.DEFAULT);
        byte[] data = Harness.random(9 * MIB + 5, 32);
        h.remote().putFile("/new.bin", data);
        DownloadRequest req = request("new.bin", Blake3.hashHex(data));
        h.emu.resetStats();

        StagedDownload staged = downloader().stage(req, ProgressSink.NONE);

        assertEquals(0, deltaRequests());
        assertEquals(1, h.stats(GET).requests());
        assertArrayEquals(data, Files.readAllBytes(staged.tempFile()));
        assertEquals(Harness.digest(staged.tempFile()), staged.digest());
        assertTrue(h.store.chunks().manifest(staged.digest().fileHash()).isPresent(), "its chunk list is remembered");
    }

    @Test
    void contentWhoseChunksAreAllHeldLocallyNeedsNoRequest() throws Exception {
        harness(Limits.DEFAULT);
        byte[] data = Harness.random(700_000, 33);
        syncedLocally("a.bin", data);
        h.remote().putFile("/copy.bin", data); // the same content under another name
        DownloadRequest req = request("copy.bin", Blake3.hashHex(data));
        h.emu.resetStats();

        StagedDownload staged = downloader().stage(req, ProgressSink.NONE);

        assertEquals(Map.of(), h.emu.stats());
        assertEquals(data.length, staged.bytesReused());
        assertEquals(0, staged.bytesReceived());
        assertArrayEquals(data, Files.readAllBytes(staged.tempFile()));
    }

    @Test
    void stoppedLargePlainDownloadLeavesNoTempAndContinuesWithRange() throws Exception {
        harness(Limits.DEFAULT);
        byte[] data = Harness.random(12 * MIB, 34);
        h.remote().putFile("/big.bin", data);
        DownloadRequest req = request("big.bin", Blake3.hashHex(data));
        h.emu.resetStats();

        assertThrows(TransferException.Stopped.class, () -> downloader().stage(req, new ProgressSink() {
            private long seen;

            @Override
            public void bytes(long soFar) {
                seen = soFar;
            }

            @Override
            public void restart() {
            }

            @Override
            public boolean stopRequested() {
                return seen >= 4L * MIB;
            }
        }));
        assertEquals(List.of(), temps(), "no temp file is left in the sync folder; the part waits in the store");

        StagedDownload staged = downloader().stage(req, ProgressSink.NONE);

        assertArrayEquals(data, Files.readAllBytes(staged.tempFile()));
        assertTrue(staged.bytesReused() >= 4L * MIB, "continued from " + staged.bytesReused());
        assertEquals(data.length, staged.bytesReceived() + staged.bytesReused());
        assertEquals(0, deltaRequests());
    }
}
