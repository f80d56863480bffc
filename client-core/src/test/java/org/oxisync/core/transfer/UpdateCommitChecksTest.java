package org.oxisync.core.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.testing.ApiSeam;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.Limits;
import org.oxisync.store.hash.Blake3;

/**
 * The checks right before and right after an update's commit ({@code RemoteCheck}, issue 21 point 5): another
 * device's commit put into the exact point through {@link ApiSeam}, as the emulator's own file update (same id, new
 * content, as a delta commit of another device leaves it).
 */
class UpdateCommitChecksTest {
    private static final String COMMIT = "POST /api/files/delta/commit";
    private static final String BATCH_GET = "POST /api/batch/files/get";

    @TempDir
    Path dir;

    private Harness h;
    private final byte[] base = Harness.random(200_000, 70);
    private final byte[] ours = Harness.random(200_000, 71);
    private final byte[] theirs = Harness.random(150_000, 72);
    private FileDto first;

    @BeforeEach
    void setUp() throws Exception {
        h = new Harness(dir, Limits.DEFAULT);
        h.write("f.bin", base);
        first = new Uploader(h.api, h.store, TransferOptions.defaults()).upload(h.newFile("f.bin"), Set.of(),
                ProgressSink.NONE).file();
        h.write("f.bin", ours);
        h.emu.resetStats();
    }

    @AfterEach
    void tearDown() {
        h.close();
    }

    /** An uploader whose api runs {@code action} once, right before or right after the call named {@code method}. */
    private Uploader uploaderWith(String method, boolean after, Runnable action) {
        AtomicBoolean armed = new AtomicBoolean(true);
        return new Uploader(ApiSeam.wrap(h.api, (m, args, a) -> {
            if (m.equals(method) && a == after && armed.compareAndSet(true, false)) {
                action.run();
            }
        }), h.store, TransferOptions.defaults());
    }

    @Test
    void anotherCommitBeforeTheCheckCommitsNothingAndCarriesTheServersFile() {
        Uploader u = uploaderWith("files", false, () -> h.remote().putFile("/f.bin", theirs));

        var e = assertThrows(TransferException.RemoteChanged.class, () -> u.upload(
                h.update("f.bin", first.id(), first.contentHash()), Set.of(), ProgressSink.NONE));

        assertFalse(e.afterCommit());
        assertEquals(first.id(), e.current().id());
        assertEquals(Blake3.hashHex(theirs), e.current().contentHash());
        assertEquals(theirs.length, e.current().size());
        assertEquals(0, h.stats(COMMIT).requests(), "nothing was committed over it");
        assertArrayEquals(theirs, h.remote().read("/f.bin"));
    }

    @Test
    void anotherCommitRightAfterOursIsFoundByTheCheckAfterIt() {
        Uploader u = uploaderWith("commit", true, () -> h.remote().putFile("/f.bin", theirs));

        var e = assertThrows(TransferException.RemoteChanged.class, () -> u.upload(
                h.update("f.bin", first.id(), first.contentHash()), Set.of(), ProgressSink.NONE));

        assertTrue(e.afterCommit());
        assertEquals(first.id(), e.current().id());
        assertEquals(Blake3.hashHex(theirs), e.current().contentHash());
        assertEquals(1, h.stats(COMMIT).requests());
        assertEquals(2, h.stats(BATCH_GET).requests());
        assertEquals(0, h.deltaRequests() - 2, "the checks are not delta requests: PUT + commit only");
    }

    @Test
    void aCheckAfterTheCommitThatFailsLeavesTheCommitAsItLanded() throws Exception {
        Uploader u = uploaderWith("commit", true,
                () -> h.emu.faults().failNext(20, "POST", "/api/batch/files/get", 500));

        UploadOutcome out = u.upload(h.update("f.bin", first.id(), first.contentHash()), Set.of(), ProgressSink.NONE);

        assertEquals(Blake3.hashHex(ours), out.file().contentHash());
        assertArrayEquals(ours, h.remote().read("/f.bin"));
        h.emu.faults().clear();
    }

    @Test
    void aFileTrashedRightAfterTheCommitIsNotAnErrorOfTheUpload() throws Exception {
        Uploader u = uploaderWith("commit", true, () -> h.remote().trash("/f.bin"));

        UploadOutcome out = u.upload(h.update("f.bin", first.id(), first.contentHash()), Set.of(), ProgressSink.NONE);

        assertEquals(Blake3.hashHex(ours), out.file().contentHash());
        assertTrue(h.remote().trashedContentHashes().contains(Blake3.hashHex(ours)), "what we committed is in the trash");
    }
}
