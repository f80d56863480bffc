package org.oxisync.core.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.oxisync.core.transfer.Harness.MIB;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.Limits;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.store.hash.Blake3;
import org.oxisync.store.transfers.ChunkState;
import org.oxisync.store.transfers.Direction;
import org.oxisync.store.transfers.PendingTransfer;

/** Uploads against the emulator: which path each file takes, what goes over the wire, and what never gets committed. */
class UploaderTest {
    private static final String PUT = "PUT /api/files/delta/chunks";
    private static final String COMMIT = "POST /api/files/delta/commit";
    private static final String MULTIPART = "POST /api/files/upload";
    private static final long PUT_BATCH = 2L * MIB + 64;
    private static final String NEGOTIATE = "POST /api/files/delta/negotiate";
    private static final String MANIFEST = "GET /api/files/{id}/manifest";

    @TempDir
    Path dir;
    private Harness h;

    private Harness harness() throws Exception {
        h = new Harness(dir, Limits.DEFAULT.withPutBatchBytes(PUT_BATCH));
        return h;
    }

    private TransferOptions options() {
        return TransferOptions.defaults().withPutBatchBytes(PUT_BATCH).withNegotiateEvery(16);
    }

    private Uploader uploader() {
        return new Uploader(h.api, h.store, options());
    }

    @AfterEach
    void tearDown() {
        if (h != null) {
            h.close();
        }
    }

    @Test
    void progressOfAMultipartUploadMovesWithTheBytesSent() throws Exception {
        harness();
        byte[] data = Harness.random(4 << 20, 2);
        h.write("big.bin", data);
        List<Long> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        ProgressSink sink = new ProgressSink() {
            @Override
            public void bytes(long soFar) {
                seen.add(soFar);
            }

            @Override
            public void restart() {
                seen.clear();
            }
        };
        uploader().upload(h.newFile("big.bin"), Set.of(), sink);
        assertEquals(1, h.stats(MULTIPART).requests());
        long between = seen.stream().filter(n -> n > 0 && n < data.length).distinct().count();
        assertTrue(between >= 8, "progress stayed still until the end: " + seen.size() + " updates, " + between
                + " in between");
        assertEquals(data.length, (long) seen.get(seen.size() - 1));
    }

    @Test
    void smallNewFileIsUploadedByMultipart() throws Exception {
        harness();
        byte[] data = Harness.random(100_000, 1);
        h.write("a.bin", data);
        UploadRequest req = h.newFile("a.bin");

        UploadOutcome out = uploader().upload(req, Set.of(), ProgressSink.NONE);

        assertEquals(req.digest().fileHash(), out.file().contentHash());
        assertEquals(data.length, out.bytesSent());
        assertEquals(1, h.stats(MULTIPART).requests());
        assertEquals(0, h.stats(PUT).requests());
        assertArrayEquals(data, h.remote().read("/a.bin"));
        assertTrue(h.store.chunks().manifest(req.digest().fileHash()).isPresent(), "manifest recorded");
    }

    @Test
    void contentTheServerOwnsIsCreatedByHashWithoutSendingIt() throws Exception {
        harness();
        byte[] data = Harness.random(200_000, 2);
        h.write("a.bin", data);
        Uploader up = uploader();
        up.upload(h.newFile("a.bin"), Set.of(), ProgressSink.NONE);
        h.write("copy.bin", data);
        UploadRequest copy = h.newFile("copy.bin");
        Set<String> owned = up.ownedAmong(List.of(copy.digest().fileHash(), Blake3.hashHex(new byte[] {1})));
        assertEquals(Set.of(copy.digest().fileHash()), owned);
        h.emu.resetStats();

        UploadOutcome out = up.upload(copy, owned, ProgressSink.NONE);

        assertEquals(0, out.bytesSent());
        assertEquals(data.length, out.bytesReused());
        assertEquals(1, h.stats("POST /api/files/by-hash").requests());
        assertEquals(0, h.stats(MULTIPART).requests());
        assertEquals(0, h.stats(MULTIPART).bytesReceived() + h.stats(PUT).bytesReceived());
        assertArrayEquals(data, h.remote().read("/copy.bin"));
    }

    @Test
    void largeNewFileGoesByDeltaInSeveralPutBatches() throws Exception {
        harness();
        byte[] data = Harness.random(20 * MIB + 12_345, 3);
        h.write("big.bin", data);
        UploadRequest req = h.newFile("big.bin");
        long[] lastProgress = {-1};

        UploadOutcome out = uploader().upload(req, Set.of(), new ProgressSink() {
            @Override
            public void bytes(long soFar) {
                assertTrue(soFar >= lastProgress[0], "progress never goes back");
                lastProgress[0] = soFar;
            }

            @Override
            public void restart() {
                throw new AssertionError("no restart expected");
            }
        });

        assertEquals(data.length, lastProgress[0]);
        assertEquals(data.length, out.bytesSent());
        assertTrue(h.stats(PUT).requests() >= 10, "PUT requests: " + h.stats(PUT).requests());
        assertTrue(h.stats("POST /api/files/delta/negotiate").requests() >= 2);
        assertEquals(1, h.stats(COMMIT).requests());
        assertEquals(0, h.stats(MULTIPART).requests());
        assertArrayEquals(data, h.remote().read("/big.bin"));
        assertTrue(h.store.transfers().find(h.pairId, "big.bin", Direction.UPLOAD).isEmpty(), "resume state cleared");
    }

    @Test
    void updatingOneMebibyteInTheMiddleSendsOnlyTheChangedChunks() throws Exception {
        harness();
        byte[] data = Harness.random(24 * MIB, 4);
        h.write("big.bin", data);
        FileDto first = uploader().upload(h.newFile("big.bin"), Set.of(), ProgressSink.NONE).file();
        byte[] edited = data.clone();
        System.arraycopy(Harness.random(MIB, 5), 0, edited, 12 * MIB, MIB);
        h.write("big.bin", edited);
        h.emu.resetStats();

        UploadOutcome out = uploader().upload(h.update("big.bin", first.id(), first.contentHash()), Set.of(),
                ProgressSink.NONE);

        assertEquals(first.id(), out.file().id(), "an update keeps the file id");
        long putBytes = h.stats(PUT).bytesReceived();
        assertTrue(putBytes <= 3L * MIB, "sent " + putBytes + " bytes for a 1 MiB change");
        assertTrue(out.bytesReused() >= edited.length - 3L * MIB);
        assertArrayEquals(edited, h.remote().read("/big.bin"));
    }

    @Test
    void deltaCreateFallsBackToMultipartWhenTheServerRefusesDelta() throws Exception {
        harness();
        byte[] data = Harness.random(9 * MIB, 6);
        h.write("big.bin", data);
        h.emu.faults().failNext(1, "POST", "/api/files/delta/negotiate", 400);
        AtomicBoolean restarted = new AtomicBoolean();

        UploadOutcome out = uploader().upload(h.newFile("big.bin"), Set.of(), new ProgressSink() {
            @Override
            public void bytes(long soFar) {
            }

            @Override
            public void restart() {
                restarted.set(true);
            }
        });

        assertTrue(restarted.get());
        assertEquals(1, h.stats(MULTIPART).requests());
        assertArrayEquals(data, h.remote().read("/big.bin"));
        assertEquals(data.length, out.bytesSent());
    }

    @Test
    void quotaExceededDoesNotFallBackToMultipart() throws Exception {
        harness();
        h.write("big.bin", Harness.random(9 * MIB, 7));
        h.emu.setQuota("alice", 4L * MIB);
        assertThrows(OxiCloudException.QuotaExceeded.class,
                () -> uploader().upload(h.newFile("big.bin"), Set.of(), ProgressSink.NONE));
        assertEquals(0, h.stats(MULTIPART).requests());
    }

    @Test
    void interruptedUploadResumesWithoutResendingUploadedChunks() throws Exception {
        harness();
        byte[] data = Harness.random(16 * MIB, 8);
        h.write("big.bin", data);
        UploadRequest req = h.newFile("big.bin");
        AtomicBoolean armed = new AtomicBoolean();
        // after about 6 MiB went out, the next PUT fails with an error that ends the upload (no fallback)
        assertThrows(OxiCloudException.QuotaExceeded.class, () -> uploader().upload(req, Set.of(), new ProgressSink() {
            @Override
            public void bytes(long soFar) {
                if (soFar >= 6L * MIB && armed.compareAndSet(false, true)) {
                    h.emu.faults().failNext(1, "PUT", "/api/files/delta/chunks", 507);
                }
            }

            @Override
            public void restart() {
            }
        }));
        PendingTransfer pending = h.store.transfers().find(h.pairId, "big.bin", Direction.UPLOAD).orElseThrow();
        Set<String> uploaded = Set.copyOf(pending.hashesIn(ChunkState.UPLOADED));
        long uploadedBytes = req.digest().chunks().stream().filter(c -> uploaded.contains(c.hash()))
                .mapToLong(c -> c.length()).sum();
        assertTrue(uploadedBytes >= 4L * MIB, "uploaded before the failure: " + uploadedBytes);
        assertFalse(h.remote().exists("/big.bin"));

        h.restartStore();
        h.emu.resetStats();
        UploadOutcome out = uploader().upload(req, Set.of(), ProgressSink.NONE);

        long frames = 4L * req.digest().chunks().size();
        assertTrue(out.bytesSent() <= data.length - uploadedBytes, "sent " + out.bytesSent() + " after " + uploadedBytes);
        assertEquals(data.length - out.bytesReused(), out.bytesSent());
        // the server's count may still include the refused PUT's body, drained after the reset: one batch of slack
        long resent = h.stats(PUT).bytesReceived();
        assertTrue(resent <= data.length - uploadedBytes + frames + PUT_BATCH, "server received " + resent);
        assertArrayEquals(data, h.remote().read("/big.bin"));
        assertTrue(h.store.transfers().find(h.pairId, "big.bin", Direction.UPLOAD).isEmpty());
    }

    @Test
    void chunksTheServerCollectedAreSentAgainWhenTheCommitSaysStillMissing() throws Exception {
        harness();
        byte[] data = Harness.random(12 * MIB, 9);
        h.write("big.bin", data);
        UploadRequest req = h.newFile("big.bin");
        h.emu.faults().failNext(1, "POST", "/api/files/delta/commit", 507);
        assertThrows(OxiCloudException.QuotaExceeded.class, () -> uploader().upload(req, Set.of(), ProgressSink.NONE));
        // more than the server's one-hour grace later, its GC sweeps the loose chunks
        h.clock.advance(Duration.ofHours(2));
        assertTrue(h.emu.runGarbageCollection() > 0);
        h.emu.resetStats();

        UploadOutcome out = uploader().upload(req, Set.of(), ProgressSink.NONE);

        assertEquals(2, h.stats(COMMIT).requests(), "one still_missing round");
        assertEquals(0, h.stats(MULTIPART).requests());
        assertTrue(out.bytesSent() >= data.length);
        assertArrayEquals(data, h.remote().read("/big.bin"));
    }

    @Test
    void fileModifiedWhileBeingUploadedIsNotCommitted() throws Exception {
        harness();
        byte[] data = Harness.random(12 * MIB, 10);
        Path file = h.write("big.bin", data);
        UploadRequest req = h.newFile("big.bin");
        AtomicBoolean changed = new AtomicBoolean();

        assertThrows(TransferException.FileChangedWhileReading.class, () -> uploader().upload(req, Set.of(),
                new ProgressSink() {
                    @Override
                    public void bytes(long soFar) {
                        if (soFar >= 2L * MIB && changed.compareAndSet(false, true)) {
                            try {
                                byte[] other = data.clone();
                                other[data.length - 10] ^= 1;
                                Files.write(file, other);
                            } catch (java.io.IOException e) {
                                throw new java.io.UncheckedIOException(e);
                            }
                        }
                    }

                    @Override
                    public void restart() {
                    }
                }));

        assertTrue(changed.get());
        assertFalse(h.remote().exists("/big.bin"));
        assertEquals(0, h.stats(COMMIT).requests());
        assertEquals(0, h.stats(MULTIPART).requests());
        assertTrue(h.store.transfers().find(h.pairId, "big.bin", Direction.UPLOAD).isEmpty());
    }

    @Test
    void smallFileWhoseBytesDifferFromItsHashIsTrashedAndNotKept() throws Exception {
        harness();
        byte[] data = Harness.random(50_000, 11);
        Path file = h.write("a.bin", data);
        UploadRequest req = h.newFile("a.bin");
        FileTime mtime = Files.getLastModifiedTime(file);
        byte[] other = data.clone();
        other[7] ^= 1;
        Files.write(file, other); // same size, same mtime: only the content check can tell
        Files.setLastModifiedTime(file, mtime);

        assertThrows(TransferException.FileChangedWhileReading.class,
                () -> uploader().upload(req, Set.of(), ProgressSink.NONE));

        assertFalse(h.remote().exists("/a.bin"));
    }

    @Test
    void remoteChangeBeforeTheUpdateCommitIsRemoteChanged() throws Exception {
        harness();
        byte[] data = Harness.random(10 * MIB, 12);
        h.write("big.bin", data);
        FileDto first = uploader().upload(h.newFile("big.bin"), Set.of(), ProgressSink.NONE).file();
        byte[] edited = data.clone();
        edited[5] ^= 1;
        h.write("big.bin", edited);
        byte[] theirs = Harness.random(3 * MIB, 13);
        AtomicBoolean changed = new AtomicBoolean();

        var e = assertThrows(TransferException.RemoteChanged.class, () -> uploader().upload(
                h.update("big.bin", first.id(), first.contentHash()), Set.of(), new ProgressSink() {
                    @Override
                    public void bytes(long soFar) {
                        if (changed.compareAndSet(false, true)) {
                            h.remote().putFile("/big.bin", theirs); // another device, while we upload
                        }
                    }

                    @Override
                    public void restart() {
                    }
                }));

        assertEquals(Blake3.hashHex(theirs), e.actualHash());
        assertArrayEquals(theirs, h.remote().read("/big.bin"), "the other device's content stays");
    }

    @Test
    void emptyFilesAreCreatedAndAnUpdateToEmptyKeepsTheFileIdWithoutTouchingTheTrash() throws Exception {
        harness();
        h.write("empty.txt", new byte[0]);
        UploadOutcome created = uploader().upload(h.newFile("empty.txt"), Set.of(), ProgressSink.NONE);
        assertEquals(0, created.file().size());
        assertEquals(Blake3.hashHex(new byte[0]), created.file().contentHash());
        assertArrayEquals(new byte[0], h.remote().read("/empty.txt"));

        h.write("b.txt", "hello".getBytes());
        FileDto b = uploader().upload(h.newFile("b.txt"), Set.of(), ProgressSink.NONE).file();
        h.write("b.txt", new byte[0]);
        UploadOutcome emptied = uploader().upload(h.update("b.txt", b.id(), b.contentHash()), Set.of(), ProgressSink.NONE);

        assertEquals(0, emptied.file().size());
        assertEquals(b.id(), emptied.file().id(), "an empty delta commit keeps the file (audit #22)");
        assertArrayEquals(new byte[0], h.remote().read("/b.txt"));
        assertTrue(h.api.trash(50, null).items().isEmpty(), "nothing was trashed");
    }

    @Test
    void smallUpdateGoesByDeltaCommitKeepingTheId() throws Exception {
        harness();
        h.write("n.txt", "version one".getBytes());
        FileDto v1 = uploader().upload(h.newFile("n.txt"), Set.of(), ProgressSink.NONE).file();
        h.write("n.txt", "version two, longer".getBytes());

        FileDto v2 = uploader().upload(h.update("n.txt", v1.id(), v1.contentHash()), Set.of(), ProgressSink.NONE).file();

        assertEquals(v1.id(), v2.id());
        assertArrayEquals("version two, longer".getBytes(), h.remote().read("/n.txt"));
        assertEquals(1, h.stats(MULTIPART).requests(), "only the first version went by multipart");
        assertEquals(1, h.stats(COMMIT).requests());
    }

    @Test
    void whileTheDeltaBudgetIsPausedASmallUpdateIsAPlainReplaceAndTheOldVersionGoesToTheTrash() throws Exception {
        harness();
        h.write("n.txt", "version one".getBytes());
        FileDto v1 = uploader().upload(h.newFile("n.txt"), Set.of(), ProgressSink.NONE).file();
        h.write("n.txt", "version two, longer".getBytes());
        h.api.deltaBudget().refused(h.clock); // other devices of the user made the server refuse us
        h.emu.resetStats();

        UploadOutcome out = uploader().upload(h.update("n.txt", v1.id(), v1.contentHash()), Set.of(), ProgressSink.NONE);

        assertEquals(0, h.deltaRequests(), "no delta request during the pause");
        assertEquals("n.txt", out.file().name());
        assertTrue(!v1.id().equals(out.file().id()), "a new file took the old one's place");
        assertArrayEquals("version two, longer".getBytes(), h.remote().read("/n.txt"));
        assertEquals(List.of("n.txt"), h.remote().list("/"), "no temporary file left");
        assertTrue(h.remote().trashedContentHashes().contains(v1.contentHash()), "the old version is in the trash");
    }

    @Test
    void anUpdateWhoseDeltaRequestIsRefusedIsReplacedByAPlainUploadInTheSameCall() throws Exception {
        harness();
        h.write("n.txt", "version one".getBytes());
        FileDto v1 = uploader().upload(h.newFile("n.txt"), Set.of(), ProgressSink.NONE).file();
        h.write("n.txt", "version two".getBytes());
        h.emu.faults().failNext(1, "PUT", ".*/delta/chunks", 429,
                "{\"status\":429,\"error\":\"Too many\",\"error_type\":\"RateLimited\"}");
        h.emu.resetStats();

        UploadOutcome out = uploader().upload(h.update("n.txt", v1.id(), v1.contentHash()), Set.of(), ProgressSink.NONE);

        assertEquals(1, h.stats(PUT).requests(), "the refused PUT is not repeated");
        assertEquals(0, h.stats(COMMIT).requests());
        assertArrayEquals("version two".getBytes(), h.remote().read("/n.txt"));
        assertEquals(Blake3.hashHex("version two".getBytes()), out.file().contentHash());
        assertEquals(List.of("n.txt"), h.remote().list("/"));
        assertTrue(h.remote().trashedContentHashes().contains(v1.contentHash()));
    }

    @Test
    void aPlainReplaceOfAFileAnotherDeviceChangedMeanwhileChangesNothingAndLeavesNoTemporaryFile() throws Exception {
        harness();
        h.write("n.txt", "version one".getBytes());
        FileDto v1 = uploader().upload(h.newFile("n.txt"), Set.of(), ProgressSink.NONE).file();
        h.remote().putFile("/n.txt", "theirs".getBytes()); // another device's update
        h.write("n.txt", "mine".getBytes());
        h.api.deltaBudget().refused(h.clock);

        assertThrows(TransferException.RemoteChanged.class,
                () -> uploader().upload(h.update("n.txt", v1.id(), v1.contentHash()), Set.of(), ProgressSink.NONE));

        assertArrayEquals("theirs".getBytes(), h.remote().read("/n.txt"), "their version stays");
        assertEquals(List.of("n.txt"), h.remote().list("/"), "our temporary upload went to the trash");
        assertArrayEquals("mine".getBytes(), Files.readAllBytes(h.local.resolve("n.txt")), "ours stays local");
    }

    @Test
    void whileTheDeltaBudgetIsPausedALargeNewFileGoesByMultipart() throws Exception {
        harness();
        h.write("big.bin", Harness.random(9 * MIB, 61));
        h.api.deltaBudget().refused(h.clock);
        h.emu.resetStats();

        uploader().upload(h.newFile("big.bin"), Set.of(), ProgressSink.NONE);

        assertEquals(0, h.deltaRequests());
        assertEquals(1, h.stats(MULTIPART).requests());
    }

    @Test
    void ownedHashTheServerNoLongerHasFallsBackToSendingTheBytes() throws Exception {
        harness();
        byte[] data = Harness.random(30_000, 14);
        h.write("a.bin", data);
        UploadRequest req = h.newFile("a.bin");

        UploadOutcome out = uploader().upload(req, Set.of(req.digest().fileHash()), ProgressSink.NONE);

        assertEquals(1, h.stats("POST /api/files/by-hash").requests());
        assertEquals(1, h.stats(MULTIPART).requests());
        assertEquals(data.length, out.bytesSent());
        assertArrayEquals(data, h.remote().read("/a.bin"));
    }

    @Test
    void largeOwnedContentIsCreatedByHashToo() throws Exception {
        harness();
        byte[] data = Harness.random(9 * MIB, 15);
        h.write("a.bin", data);
        Uploader up = uploader();
        up.upload(h.newFile("a.bin"), Set.of(), ProgressSink.NONE);
        h.write("b.bin", data);
        UploadRequest b = h.newFile("b.bin");
        h.emu.resetStats();

        UploadOutcome out = up.upload(b, up.ownedAmong(List.of(b.digest().fileHash())), ProgressSink.NONE);

        assertEquals(0, out.bytesSent());
        assertEquals(0, h.stats("POST /api/files/delta/negotiate").requests());
        assertArrayEquals(data, h.remote().read("/b.bin"));
    }

    @Test
    void fileDeletedWhileBeingUploadedIsReportedAsChangedNotAsANetworkError() throws Exception {
        harness();
        Path file = h.write("big.bin", Harness.random(12 * MIB, 16));
        UploadRequest req = h.newFile("big.bin");
        AtomicBoolean deleted = new AtomicBoolean();

        assertThrows(TransferException.FileChangedWhileReading.class, () -> uploader().upload(req, Set.of(),
                new ProgressSink() {
                    @Override
                    public void bytes(long soFar) {
                        if (soFar >= 2L * MIB && deleted.compareAndSet(false, true)) {
                            try {
                                Files.delete(file);
                            } catch (java.io.IOException e) {
                                throw new java.io.UncheckedIOException(e);
                            }
                        }
                    }

                    @Override
                    public void restart() {
                    }
                }));

        assertFalse(h.remote().exists("/big.bin"));
        assertEquals(0, h.stats(MULTIPART).requests());
    }

    // ---- delta budget (audit #1), still_missing (#12, #4), names (#5) ------------------------------------------

    /** Records the waits instead of sleeping. */
    private final List<Duration> sleeps = new ArrayList<>();

    private Uploader recordingUploader(TransferOptions options) {
        return new Uploader(h.api, h.store, options, sleeps::add);
    }

    @Test
    void defaultsSpendFewDeltaRequests() {
        TransferOptions d = TransferOptions.defaults();
        assertEquals(64L << 20, d.putBatchBytes());
        assertTrue(d.negotiateEvery() >= 2048, "negotiate groups of thousands of chunks: " + d.negotiateEvery());
        assertTrue(d.commitRetryDelay().compareTo(Duration.ofMillis(200)) >= 0
                && d.commitRetryDelay().compareTo(Duration.ofMillis(500)) <= 0);
        assertThrows(IllegalArgumentException.class, () -> d.withPutBatchBytes(Limits.SERVER_CHUNK_MAX_BYTES + 1));
    }

    @Test
    void smallUpdatePutsItsChunksWithoutNegotiating() throws Exception {
        harness();
        byte[] v1 = Harness.random(300_000, 40);
        h.write("s.bin", v1);
        FileDto first = uploader().upload(h.newFile("s.bin"), Set.of(), ProgressSink.NONE).file();
        byte[] v2 = v1.clone();
        v2[1000] ^= 1;
        h.write("s.bin", v2);
        h.emu.resetStats();

        UploadOutcome out = uploader().upload(h.update("s.bin", first.id(), first.contentHash()), Set.of(),
                ProgressSink.NONE);

        assertEquals(first.id(), out.file().id());
        assertArrayEquals(v2, h.remote().read("/s.bin"));
        assertEquals(0, h.stats(NEGOTIATE).requests());
        assertEquals(1, h.stats(PUT).requests());
        assertEquals(1, h.stats(COMMIT).requests());
        assertEquals(0, h.stats(MANIFEST).requests(), "the pre-commit check is not a delta request");
        assertEquals(2, h.stats("POST /api/batch/files/get").requests(), "the checks before and after the commit");
        assertEquals(2, h.deltaRequests(), "PUT + commit");
    }

    @Test
    void newLargeFileTakesOneNegotiateOnePutAndOneCommit() throws Exception {
        h = new Harness(dir, Limits.DEFAULT.withPutBatchBytes(64L << 20)); // the api's batch once it is 64 MiB too
        byte[] data = Harness.random(40 * MIB, 41);
        h.write("big.bin", data);
        UploadRequest req = h.newFile("big.bin");
        h.emu.resetStats();

        new Uploader(h.api, h.store, TransferOptions.defaults()).upload(req, Set.of(), ProgressSink.NONE);

        assertEquals(1, h.stats(NEGOTIATE).requests());
        assertEquals(1, h.stats(PUT).requests());
        assertEquals(1, h.stats(COMMIT).requests());
        assertEquals(3, h.deltaRequests());
        assertArrayEquals(data, h.remote().read("/big.bin"));
    }

    @Test
    void stillMissingForChunksJustSentRepeatsTheCommitAfterADelayBeforeSendingThemAgain() throws Exception {
        harness();
        byte[] v1 = Harness.random(200_000, 42);
        h.write("c.bin", v1);
        FileDto first = uploader().upload(h.newFile("c.bin"), Set.of(), ProgressSink.NONE).file();
        byte[] v2 = Harness.random(200_000, 43);
        h.write("c.bin", v2);
        UploadRequest req = h.update("c.bin", first.id(), first.contentHash());
        // a concurrent commit holds the chunk for a moment (audit #12)
        h.emu.faults().failNext(1, "POST", "/api/files/delta/commit", 409,
                "{\"still_missing\":[\"" + req.digest().chunks().get(0).hash() + "\"]}");
        h.emu.resetStats();

        UploadOutcome out = recordingUploader(options()).upload(req, Set.of(), ProgressSink.NONE);

        assertEquals(first.id(), out.file().id());
        assertArrayEquals(v2, h.remote().read("/c.bin"));
        assertEquals(2, h.stats(COMMIT).requests());
        assertEquals(1, h.stats(PUT).requests(), "the chunk was not sent again");
        assertEquals(List.of(TransferOptions.DEFAULT_COMMIT_RETRY_DELAY), sleeps);
    }

    @Test
    void updateToContentWhoseChunksAnotherUserReferencesIsClaimedThroughATemporaryUpload() throws Exception {
        h = new Harness(dir, Limits.DEFAULT.withPutBatchBytes(PUT_BATCH), "bob");
        byte[] shared = Harness.random(150_000, 44); // one chunk, referenced by bob's file
        h.emu.remote("bob").putFile("/bobs.bin", shared);
        h.write("a.bin", Harness.random(150_000, 45));
        FileDto first = uploader().upload(h.newFile("a.bin"), Set.of(), ProgressSink.NONE).file();
        h.write("a.bin", shared);
        h.emu.resetStats();

        UploadOutcome out = recordingUploader(options()).upload(h.update("a.bin", first.id(), first.contentHash()),
                Set.of(), ProgressSink.NONE);

        assertEquals(first.id(), out.file().id(), "still an update: the id is kept");
        assertEquals(Blake3.hashHex(shared), out.file().contentHash());
        assertArrayEquals(shared, h.remote().read("/a.bin"));
        assertEquals(1, h.stats(MULTIPART).requests(), "the content went once by multipart, under a temporary name");
        assertEquals(List.of("a.bin"), h.remote().list("/"), "the temporary file is gone");
        assertArrayEquals(shared, h.emu.remote("bob").read("/bobs.bin"), "bob's file is untouched");
    }

    @Test
    void newFileWhoseNameHasOuterWhitespaceGoesByMultipartWhateverItsSize() throws Exception {
        harness();
        byte[] data = Harness.random(9 * MIB, 46);
        h.write(" spaced.bin ", data);
        UploadRequest req = h.newFile(" spaced.bin ");

        UploadOutcome out = uploader().upload(req, Set.of(), ProgressSink.NONE);

        assertEquals(" spaced.bin ", out.serverName(), "delta commit would have trimmed it");
        assertFalse(out.nameDiffers());
        assertEquals(1, h.stats(MULTIPART).requests());
        assertEquals(0, h.stats(NEGOTIATE).requests() + h.stats(COMMIT).requests());
        assertArrayEquals(data, h.remote().read("/ spaced.bin "));
    }

    @Test
    void outcomeTellsWhenTheServerStoredAnotherName() throws Exception {
        harness();
        h.write("n.bin", Harness.random(1000, 47));
        UploadOutcome out = uploader().upload(h.newFile("n.bin"), Set.of(), ProgressSink.NONE);

        assertEquals("n.bin", out.serverName());
        assertEquals("n.bin", out.requestedName());
        assertFalse(out.nameDiffers());
        assertTrue(new UploadOutcome(out.file(), 0, 0, " n.bin").nameDiffers());
        assertFalse(new UploadOutcome(out.file(), 0, 0).nameDiffers(), "an update asks for no name");
    }

    @Test
    void deltaKeepsOnlyNamesWithoutOuterUnicodeWhitespace() {
        assertTrue(Uploader.deltaKeepsName("a b.txt"));
        assertFalse(Uploader.deltaKeepsName(" a.txt"));
        assertFalse(Uploader.deltaKeepsName("a.txt\t"));
        assertFalse(Uploader.deltaKeepsName("a.txt\u00a0"), "Rust trims no-break space too");
        assertFalse(Uploader.deltaKeepsName("\u3000a.txt"));
        assertTrue(Uploader.deltaKeepsName("a.txt\u200b"), "zero-width space is not White_Space");
    }
}
