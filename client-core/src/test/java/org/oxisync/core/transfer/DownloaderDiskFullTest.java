package org.oxisync.core.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.oxisync.core.transfer.Harness.MIB;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.naming.TempNames;
import org.oxisync.protocol.Limits;
import org.oxisync.store.LocalStore;
import org.oxisync.store.StoreOptions;
import org.oxisync.store.hash.Blake3;
import org.oxisync.testing.FullDisk;

/**
 * Both download paths on a disk that fills up (docs/local-faults.md): the plain GET and the delta download, which
 * writes the temp file and keeps received chunks in the chunk store. The temp file goes, nothing is parked for a
 * resume (its space is what the disk lacks), the target is untouched, and the same download succeeds once space is back.
 */
class DownloaderDiskFullTest {
    @TempDir Path dir;
    private Harness h;
    private final FullDisk disk = new FullDisk();

    @AfterEach
    void tearDown() {
        if (h != null) {
            h.close();
        }
    }

    private void start() throws Exception {
        h = new Harness(dir, Limits.DEFAULT);
        h.store.close(); // the same store, opened on the disk that fills up
        h.store = LocalStore.open(dir.resolve("data"), "alice", h.clock,
                StoreOptions.DEFAULT.withFileWrites(disk::open));
    }

    private Downloader downloader() {
        return new Downloader(h.api, h.store, TransferOptions.defaults(), Harness::digest);
    }

    private DownloadRequest request(String path, byte[] content) {
        String id = h.remote().fileId("/" + path);
        return new DownloadRequest(h.pairId, path, id, Blake3.hashHex(content), content.length,
                Instant.parse("2026-01-02T03:04:05Z"), h.local.resolve(path));
    }

    private DownloadRequest replacing(String path, byte[] content) {
        DownloadRequest r = request(path, content);
        return new DownloadRequest(r.pairId(), r.path(), r.remoteFileId(), r.expectedHash(), r.size(), r.serverModified(),
                r.target(), true);
    }

    private List<String> leftovers() throws Exception {
        List<String> out = new java.util.ArrayList<>(h.localFiles().stream().map(p -> p.getFileName().toString())
                .filter(TempNames::isOwnTemp).toList());
        Path parked = h.store.directory().resolve(PlainDownload.PARKED_DIR);
        if (Files.isDirectory(parked)) {
            try (Stream<Path> s = Files.list(parked)) {
                s.forEach(p -> out.add("parked/" + p.getFileName()));
            }
        }
        h.store.chunkStore().tempFiles().forEach(p -> out.add("chunks/tmp/" + p.getFileName()));
        return out;
    }

    @Test
    void aPlainDownloadOntoAFullDiskFailsWithTheOsReasonAndLeavesNoPartFile() throws Exception {
        start();
        byte[] data = Harness.random(700_000, 1);
        h.remote().putFile("/plain.bin", data);
        disk.fillAfter(200_000);

        TransferException.LocalIoFailure e = assertThrows(TransferException.LocalIoFailure.class,
                () -> downloader().stage(request("plain.bin", data), ProgressSink.NONE));

        assertTrue(e.getMessage().contains("plain.bin") && e.getMessage().contains("No space left on device"),
                e.getMessage());
        assertEquals(List.of(), leftovers(), "no part file in the folder, none parked for a resume");
        assertTrue(!Files.exists(h.local.resolve("plain.bin")));
        disk.makeRoom();
        StagedDownload staged = downloader().stage(request("plain.bin", data), ProgressSink.NONE);
        assertArrayEquals(data, Files.readAllBytes(staged.tempFile()));
    }

    @Test
    void aDeltaDownloadOntoAFullDiskLeavesTheOldFileNoTempFileAndNoChunkTempAndWorksLater() throws Exception {
        start();
        byte[][] v = h.syncedThenEditedRemotely("big.bin", 10 * MIB, 4 * MIB, 2);
        byte[] data = v[0];
        byte[] theirs = v[1];
        disk.fillAfter(9 * MIB + 100_000); // the reused chunks fit, the fetched ones do not

        TransferException.LocalIoFailure e = assertThrows(TransferException.LocalIoFailure.class,
                () -> downloader().stage(request("big.bin", theirs), ProgressSink.NONE));

        assertTrue(e.getMessage().contains("big.bin") && e.getMessage().contains("No space left on device"),
                e.getMessage());
        assertTrue(disk.refusals() > 0);
        assertArrayEquals(data, Files.readAllBytes(h.local.resolve("big.bin")), "the target is untouched");
        assertEquals(List.of(), leftovers());
        disk.makeRoom();
        StagedDownload staged = downloader().stage(request("big.bin", theirs), ProgressSink.NONE);
        assertArrayEquals(theirs, Files.readAllBytes(staged.tempFile()));
    }

    @Test
    void aDiskThatFillsWhileADeltaDownloadKeepsTheOldFilesChunksFailsTheDownloadAndLeavesNoChunkTempOrTempFile() throws Exception {
        start();
        byte[][] v = h.syncedThenEditedRemotely("big.bin", 10 * MIB, 4 * MIB, 4);
        byte[] data = v[0];
        byte[] theirs = v[1];
        disk.fillAfter(12 * MIB); // the kept chunks and the new file need about 19 MiB between them

        TransferException.LocalIoFailure e = assertThrows(TransferException.LocalIoFailure.class,
                () -> downloader().stage(replacing("big.bin", theirs), ProgressSink.NONE));

        assertTrue(e.getMessage().contains("big.bin") && e.getMessage().contains("No space left on device"),
                e.getMessage());
        assertArrayEquals(data, Files.readAllBytes(h.local.resolve("big.bin")), "the target is untouched");
        assertEquals(List.of(), leftovers(), "no temp file in the folder, no chunk temp file in the store");
        disk.makeRoom();
        StagedDownload staged = downloader().stage(replacing("big.bin", theirs), ProgressSink.NONE);
        assertArrayEquals(theirs, Files.readAllBytes(staged.tempFile()));
    }
}
