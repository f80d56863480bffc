package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.scan.LocalScanner;
import org.oxisync.core.testing.ApiSeam;
import org.oxisync.core.transfer.TransferOptions;
import org.oxisync.store.hash.Blake3;
import org.oxisync.store.hash.FileChunker;

/**
 * A folder of the sync root swapped for a link to elsewhere after the scan never makes the client write, read,
 * move or remove anything outside the root. Each test puts the swap deterministically into one window: after the
 * scan (when the run starts to act: the "syncing" phase), or inside a transfer (around the API call that moves the
 * bytes).
 */
class SyncRootBoundaryTest {
    @TempDir
    Path tmp;
    private SyncHarness h;
    private Path outside;

    @AfterEach
    void close() {
        if (h != null) {
            h.close();
        }
    }

    private void start(ApiSeam.Hook hook) throws IOException {
        outside = Files.createDirectories(tmp.resolve("outside"));
        Path client = Files.createDirectories(tmp.resolve("client"));
        h = new SyncHarness(SyncHarness.newServer(), client, true, Clock.systemUTC(), b -> b,
                api -> ApiSeam.wrap(api, hook));
    }

    /** Replaces the root's folder {@code rel} by a link to {@link #outside} (its content moved aside, inside). */
    private void swapForLink(String rel) {
        try {
            Path dir = h.local.resolve(rel);
            Files.move(dir, h.local.resolve(rel + ".moved-away"));
            Files.createSymbolicLink(dir, outside);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Moves the root's folder {@code rel} itself to {@link #outside} and puts a link to it in its place: whatever the
     * client had begun in that folder (a temp file) is still reachable through the link.
     */
    private void moveOutAndLink(String rel) {
        try {
            Path dir = h.local.resolve(rel);
            Path moved = outside.resolve(rel);
            Files.move(dir, moved);
            Files.createSymbolicLink(dir, moved);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One run whose listener swaps {@code rel} once the run starts to act. */
    private SyncReport runSwappingAtStart(String rel) {
        AtomicBoolean done = new AtomicBoolean();
        SyncListener swapper = new SyncListener() {
            @Override
            public void phase(String pair, String phase) {
                if (phase.equals("syncing") && done.compareAndSet(false, true)) {
                    swapForLink(rel);
                }
            }
        };
        SyncEngine engine = new SyncEngine(h.api, h.store, new LocalScanner(FileChunker::digest, 2),
                TransferOptions.defaults(), h.clock, swapper);
        h.server.flushTreeEtags();
        SyncReport r = engine.runOnce(h.store.accounts().pair(h.pair.id()).orElseThrow(), SyncOptions.defaults("t"));
        assertTrue(done.get(), "the run reached the window");
        return r;
    }

    private List<String> outsideNames() throws IOException {
        try (Stream<Path> s = Files.list(outside)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static String hash(String text) {
        Blake3 b = Blake3.newHasher();
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        b.update(bytes, 0, bytes.length);
        return b.hexDigest();
    }

    @Test
    void aDownloadIntoAFolderSwappedForALinkAfterTheScanWritesNothingOutside() throws Exception {
        start((m, a, after) -> { });
        h.write("docs/a.txt", "a");
        h.syncOk();
        h.remote().putFile("/docs/new.txt", "from the server".getBytes(StandardCharsets.UTF_8));

        SyncReport r = runSwappingAtStart("docs");
        assertNotEquals(SyncStatus.OK, r.status(), "the run does not report success");
        assertEquals(List.of(), outsideNames(), "nothing written outside the root");
    }

    @Test
    void aDownloadWhoseFolderIsSwappedWhileItIsReceivedWritesNothingOutside() throws Exception {
        AtomicBoolean armed = new AtomicBoolean();
        start((m, a, after) -> {
            if (after && m.startsWith("download") && armed.compareAndSet(true, false)) {
                moveOutAndLink("docs"); // the bytes are in the temp file, which moved out with its folder
            }
        });
        h.write("docs/a.txt", "a");
        h.syncOk();
        h.remote().putFile("/docs/new.txt", "from the server".getBytes(StandardCharsets.UTF_8));
        armed.set(true);

        SyncReport r = h.sync();
        assertFalse(armed.get(), "the run reached the window");
        assertNotEquals(SyncStatus.OK, r.status());
        assertFalse(Files.exists(outside.resolve("docs/new.txt")), "nothing written outside the root");
        assertEquals("a", Files.readString(outside.resolve("docs/a.txt")), "the user's file is left where it went");
    }

    @Test
    void anUploadFromAFolderSwappedForALinkAfterTheScanSendsNothingFromOutside() throws Exception {
        start((m, a, after) -> { });
        h.write("docs/a.txt", "mine");
        h.syncOk();
        Path edited = h.write("docs/new.txt", "mine, edited");
        // the outside file looks like the scanned one to a size and mtime check: only its (device, inode) differs
        Path secret = tmp.resolve("outside/new.txt");
        Files.writeString(secret, "db_pw=hunter");
        Files.setLastModifiedTime(secret, Files.getLastModifiedTime(edited));

        SyncReport r = runSwappingAtStart("docs");
        assertNotEquals(SyncStatus.OK, r.status());
        assertFalse(h.remote().exists("/docs/new.txt"), "nothing was committed");
        assertFalse(h.remote().trashedContentHashes().contains(hash("db_pw=hunter")),
                "the outside file's content is nowhere on the server");
    }

    @Test
    void anUploadWhoseFolderIsSwappedWhileItIsSentLeavesNothingOfTheOutsideFileOnTheServer() throws Exception {
        AtomicBoolean armed = new AtomicBoolean();
        start((m, a, after) -> {
            if (!after && m.equals("upload") && armed.compareAndSet(true, false)) {
                swapForLink("docs"); // checked and hashed: the client now reads the path to send it
            }
        });
        h.write("docs/keep.txt", "k");
        h.syncOk();
        String secret = "salary: 123456";
        h.write("docs/new.txt", "x".repeat(secret.length()));
        Files.writeString(tmp.resolve("outside/new.txt"), secret);
        armed.set(true);

        SyncReport r = h.sync();
        assertFalse(armed.get(), "the run reached the window");
        assertNotEquals(SyncStatus.OK, r.status());
        assertFalse(h.remote().exists("/docs/new.txt") && new String(h.remote().read("/docs/new.txt"),
                StandardCharsets.UTF_8).equals(secret), "not committed");
        assertFalse(h.remote().trashedContentHashes().contains(hash(secret)),
                "the outside file's content is not kept in the server's trash either");
    }

    @Test
    void aMoveIntoAFolderSwappedForALinkAfterTheScanMovesNothingOutside() throws Exception {
        start((m, a, after) -> { });
        h.write("docs/a.txt", "a");
        h.write("dest/b.txt", "b");
        h.syncOk();
        h.remote().move("/docs/a.txt", "/dest/a.txt");

        SyncReport r = runSwappingAtStart("dest");
        assertNotEquals(SyncStatus.OK, r.status());
        assertEquals(List.of(), outsideNames(), "nothing moved outside the root");
        assertEquals("a", h.read("docs/a.txt"), "the user's file stays where it was");
    }

    @Test
    void aDeleteInAFolderSwappedForALinkAfterTheScanRemovesNothingOutside() throws Exception {
        start((m, a, after) -> { });
        Path mine = h.write("docs/a.txt", "same");
        h.write("docs/b.txt", "b");
        h.write("c.txt", "c");
        h.syncOk();
        Path victim = tmp.resolve("outside/a.txt");
        Files.writeString(victim, "same");
        Files.setLastModifiedTime(victim, Files.getLastModifiedTime(mine)); // what the plan's check compares
        h.remote().delete("/docs/a.txt");

        SyncReport r = runSwappingAtStart("docs");
        assertNotEquals(SyncStatus.OK, r.status());
        assertTrue(Files.exists(victim), "the file outside the root is untouched");
        assertEquals("same", Files.readString(victim));
        assertEquals("same", h.read("docs.moved-away/a.txt"), "and the user's own file is kept");
    }
}
