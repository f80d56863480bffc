package org.oxisync.core.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.oxisync.core.transfer.Harness.MIB;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.Limits;
import org.oxisync.store.hash.FileChunker;
import org.oxisync.store.hash.FileDigest;

/** A large file is sent while the scan hashes it; its upload then only commits (issue 20 item 3). */
class EarlySendingDigesterTest {
    private static final String NEGOTIATE = "POST /api/files/delta/negotiate";
    private static final String PUT = "PUT /api/files/delta/chunks";
    private static final String COMMIT = "POST /api/files/delta/commit";
    /** Delta from 1 MiB, small PUT batches and negotiate groups: a few MiB make several of each. */
    private static final TransferOptions OPTIONS = TransferOptions.defaults().withDeltaThreshold(MIB)
            .withPutBatchBytes(Limits.MAX_FRAME_BYTES + 4L);

    @TempDir
    Path dir;

    private EarlySendingDigester digester(Harness h, EarlyChunks early) {
        return new EarlySendingDigester(FileChunker::digest, h.api, OPTIONS, early, () -> false, MIB, 8, 8);
    }

    private Uploader uploader(Harness h, EarlyChunks early) {
        return new Uploader(h.api, h.store, OPTIONS, h.clock::advance, early);
    }

    @Test
    void aLargeFileIsOnTheServerWhenItsDigestReturnsAndItsUploadThenOnlyCommits() throws Exception {
        try (Harness h = new Harness(dir, Limits.DEFAULT)) {
            byte[] data = Harness.random(6 * MIB, 1);
            Path file = h.write("big.bin", data);
            EarlyChunks early = new EarlyChunks(h.clock);
            FileDigest d = digester(h, early).digest(file);

            FileDigest plain = Harness.digest(file);
            assertEquals(plain.fileHash(), d.fileHash());
            assertEquals(plain.chunks(), d.chunks());
            long distinct = d.chunks().stream().map(c -> c.hash()).distinct().count();
            assertEquals((distinct + 7) / 8, h.stats(NEGOTIATE).requests(), "one negotiate per group of 8 chunks");
            assertTrue(h.stats(PUT).requests() >= 2, "PUT in several batches while hashing");
            assertTrue(h.stats(PUT).bytesReceived() >= data.length, "every byte sent while hashing");
            assertTrue(early.holds(d.fileHash()));

            h.emu.resetStats();
            UploadOutcome out = uploader(h, early).upload(h.newFile("big.bin"), Set.of(), ProgressSink.NONE);
            assertEquals(0, h.stats(NEGOTIATE).requests());
            assertEquals(0, h.stats(PUT).requests());
            assertEquals(1, h.stats(COMMIT).requests());
            assertEquals(data.length, out.bytesSent(), "the early PUTs count as this upload's bytes");
            assertEquals(d.fileHash(), out.file().contentHash());
            assertFalse(early.holds(d.fileHash()), "taken by the upload");
        }
    }

    @Test
    void theFirstGroupsAreSmallSoSendingStartsEarlyAndGrowToTheFullSize() throws Exception {
        try (Harness h = new Harness(dir, Limits.DEFAULT)) {
            byte[] data = Harness.random(6 * MIB, 11);
            Path file = h.write("big.bin", data);
            EarlyChunks early = new EarlyChunks(h.clock);
            FileDigest d = new EarlySendingDigester(FileChunker::digest, h.api, OPTIONS, early, () -> false, MIB, 2, 8)
                    .digest(file);

            long distinct = d.chunks().stream().map(c -> c.hash()).distinct().count();
            assertTrue(distinct > 2 + 4 + 8, "the file makes more chunks than the growing groups: " + distinct);
            long groups = 3 + (distinct - 14 + 7) / 8; // groups of 2, 4, 8, then 8 each (the last may be short)
            assertEquals(groups, h.stats(NEGOTIATE).requests(), "groups of 2, 4, then 8 chunks");
            assertTrue(h.stats(PUT).bytesReceived() >= data.length, "every byte sent while hashing");
            assertEquals(Harness.digest(file).fileHash(), d.fileHash());
        }
    }

    @Test
    void contentTheServerAlreadyHasIsNegotiatedWhileHashingButNeverSent() throws Exception {
        try (Harness h = new Harness(dir, Limits.DEFAULT)) {
            byte[] data = Harness.random(3 * MIB, 2);
            h.remote().putFile("/elsewhere/same.bin", data); // another device of the same user uploaded it
            Path file = h.write("big.bin", data);
            EarlyChunks early = new EarlyChunks(h.clock);
            h.emu.resetStats();
            FileDigest d = digester(h, early).digest(file);
            assertTrue(h.stats(NEGOTIATE).requests() >= 1);
            assertEquals(0, h.stats(PUT).requests());

            h.emu.resetStats();
            UploadOutcome out = uploader(h, early).upload(h.newFile("big.bin"), Set.of(), ProgressSink.NONE);
            assertEquals(0, h.stats(NEGOTIATE).requests() + h.stats(PUT).requests());
            assertEquals(0, out.bytesSent());
            assertEquals(data.length, out.bytesReused());
            assertEquals(d.fileHash(), out.file().contentHash());
        }
    }

    @Test
    void whenTheServerRefusesTheEarlyPutsTheDigestIsStillRightAndTheUploadSendsWhatIsMissing() throws Exception {
        try (Harness h = new Harness(dir, Limits.DEFAULT)) {
            byte[] data = Harness.random(4 * MIB, 3);
            Path file = h.write("big.bin", data);
            EarlyChunks early = new EarlyChunks(h.clock);
            h.emu.faults().failNext(1000, "PUT", "/api/files/delta/chunks", 400);
            FileDigest d = digester(h, early).digest(file);
            assertEquals(Harness.digest(file).fileHash(), d.fileHash());
            assertFalse(early.holds(d.fileHash()) && h.stats(PUT).bytesReceived() >= data.length);

            h.emu.faults().clear();
            h.emu.resetStats();
            UploadOutcome out = uploader(h, early).upload(h.newFile("big.bin"), Set.of(), ProgressSink.NONE);
            assertEquals(data.length, out.bytesSent());
            assertTrue(h.stats(PUT).bytesReceived() >= data.length, "the upload sent the bytes itself");
            assertEquals(d.fileHash(), out.file().contentHash());
        }
    }

    @Test
    void aFileChangedAfterItWasSentEarlyIsUploadedAsItIsNow() throws Exception {
        try (Harness h = new Harness(dir, Limits.DEFAULT)) {
            Path file = h.write("big.bin", Harness.random(3 * MIB, 4));
            EarlyChunks early = new EarlyChunks(h.clock);
            FileDigest before = digester(h, early).digest(file);
            byte[] now = Harness.random(3 * MIB, 5);
            h.write("big.bin", now);

            h.emu.resetStats();
            UploadOutcome out = uploader(h, early).upload(h.newFile("big.bin"), Set.of(), ProgressSink.NONE);
            FileDto f = out.file();
            assertEquals(Harness.digest(file).fileHash(), f.contentHash());
            assertTrue(h.stats(PUT).bytesReceived() >= now.length, "the new content is sent by the upload");
            assertTrue(early.holds(before.fileHash()), "the early send of the old content is not used for the new");
        }
    }

    @Test
    void filesBelowTheThresholdAreHashedWithoutAnyRequest() throws Exception {
        try (Harness h = new Harness(dir, Limits.DEFAULT)) {
            Path file = h.write("small.bin", Harness.random(MIB - 1, 6));
            h.emu.resetStats();
            FileDigest d = digester(h, new EarlyChunks(h.clock)).digest(file);
            assertEquals(Harness.digest(file).fileHash(), d.fileHash());
            assertEquals(0, h.deltaRequests());
            assertEquals(MIB - 1, Files.size(file));
        }
    }

    @Test
    void anEarlySendOlderThanTheServersGraceIsNotUsed() throws Exception {
        try (Harness h = new Harness(dir, Limits.DEFAULT)) {
            Path file = h.write("big.bin", Harness.random(2 * MIB, 7));
            EarlyChunks early = new EarlyChunks(h.clock);
            FileDigest d = digester(h, early).digest(file);
            assertTrue(early.holds(d.fileHash()));
            h.clock.advance(EarlyChunks.KEEP.plusSeconds(1));
            assertFalse(early.holds(d.fileHash()));
        }
    }
}
