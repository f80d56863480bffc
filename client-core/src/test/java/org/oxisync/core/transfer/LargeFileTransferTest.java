package org.oxisync.core.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.oxisync.core.transfer.Harness.MIB;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.Limits;
import org.oxisync.store.hash.Blake3;

/**
 * The full round on a big file: first upload, a 1 MiB local edit uploaded, a 1 MiB remote edit downloaded. Heavy,
 * so only with {@code -Doxisync.bigTests=true}; the size is {@code -Doxisync.bigTests.mib} (default 256).
 */
@EnabledIfSystemProperty(named = "oxisync.bigTests", matches = "true")
class LargeFileTransferTest {
    @TempDir
    Path dir;

    @Test
    void bigFileEditsTravelAsOnlyTheirChangedChunksBothWays() throws Exception {
        int size = Integer.getInteger("oxisync.bigTests.mib", 256) * MIB;
        try (Harness h = new Harness(dir, Limits.DEFAULT)) {
            byte[] data = Harness.random(size, 40);
            h.write("big.bin", data);
            Uploader up = new Uploader(h.api, h.store, TransferOptions.defaults());
            long t0 = System.nanoTime();
            UploadRequest first = h.newFile("big.bin");
            FileDto v1 = up.upload(first, Set.of(), ProgressSink.NONE).file();
            long t1 = System.nanoTime();

            byte[] edited = data.clone();
            System.arraycopy(Harness.random(MIB, 41), 0, edited, size / 2, MIB);
            h.write("big.bin", edited);
            h.emu.resetStats();
            UploadRequest second = h.update("big.bin", v1.id(), v1.contentHash());
            FileDto v2 = up.upload(second, Set.of(), ProgressSink.NONE).file();
            long t2 = System.nanoTime();
            long sent = h.stats("PUT /api/files/delta/chunks").bytesReceived();
            assertTrue(sent <= 3L * MIB, "sent " + sent);
            h.journal(second, v2.id());

            byte[] theirs = edited.clone();
            System.arraycopy(Harness.random(MIB, 42), 0, theirs, size / 3, MIB);
            h.remote().putFile("/big.bin", theirs);
            h.emu.resetStats();
            StagedDownload staged = new Downloader(h.api, h.store, TransferOptions.defaults()).stage(
                    new DownloadRequest(h.pairId, "big.bin", v1.id(), Blake3.hashHex(theirs), size, Instant.now(),
                            h.local.resolve("big.bin")), ProgressSink.NONE);
            long t3 = System.nanoTime();
            long received = h.stats("POST /api/files/delta/download").bytesSent();
            assertTrue(received <= 3L * MIB, "received " + received);
            assertArrayEquals(theirs, Files.readAllBytes(staged.tempFile()));
            System.out.printf("%d MiB: first upload %d ms, 1 MiB edit up %d ms (%d B), 1 MiB edit down %d ms (%d B)%n",
                    size / MIB, (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000, sent, (t3 - t2) / 1_000_000, received);
        }
    }
}
