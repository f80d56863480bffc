package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.naming.TempNames;
import org.oxisync.store.StoreOptions;
import org.oxisync.store.hash.Blake3;
import org.oxisync.store.hash.FileChunker;
import org.oxisync.store.versions.VersionInfo;
import org.oxisync.testing.FullDisk;

/**
 * The local disk fills up during a run (docs/local-faults.md, "A full disk"): an injected {@link FullDisk} refuses
 * writes of downloads and of the version store after a number of bytes, as the OS does with ENOSPC. Nothing is lost,
 * nothing half-written stays, each item is reported as "disk full" (exit 1), and the run after space is back
 * finishes the work.
 */
class DiskFullEngineTest {
    @TempDir Path tmp;
    private final FullDisk disk = new FullDisk();
    private SyncHarness h;

    @BeforeEach
    void start() {
        h = new SyncHarness(SyncHarness.newServer(), tmp, true, Clock.systemUTC(), b -> b,
                StoreOptions.DEFAULT.withFileWrites(disk::open), FileChunker::digest);
    }

    @AfterEach
    void stop() {
        h.close();
    }

    private static byte[] bytes(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    private Map<String, String> errors(SyncReport r) {
        return r.errors().stream().collect(Collectors.toMap(ItemError::path, ItemError::reason));
    }

    /** Own temp and aside files left in the sync folder, and temp files of the chunk store. */
    private List<String> leftovers() throws Exception {
        List<String> out;
        try (Stream<Path> s = Files.walk(h.local)) {
            out = new java.util.ArrayList<>(s.map(p -> p.getFileName().toString()).filter(TempNames::isOwnTemp).toList());
        }
        h.store.chunkStore().tempFiles().forEach(p -> out.add("chunks/tmp/" + p.getFileName()));
        return out;
    }

    private List<String> versionHashes(String path) {
        return h.store.versions().listVersions(h.pair.id(), path).stream().map(VersionInfo::fileHash).toList();
    }

    @Test
    void downloadsThatDoNotFitAreReportedAsDiskFullTheLocalFileStaysAndTheNextRunBringsThemDown() throws Exception {
        byte[] v1 = bytes(120_000, 1);
        h.remote().putFile("/doc.bin", v1);
        h.syncOk();
        byte[] v2 = bytes(150_000, 2);
        byte[] fresh = bytes(90_000, 3);
        h.remote().putFile("/doc.bin", v2); // an update of a synced file
        h.remote().putFile("/new.bin", fresh); // a new file
        h.write("mine.txt", "uploads need no local space"); // the rest of the run goes on

        disk.fillAfter(0);
        SyncReport r = h.sync();

        assertEquals(SyncStatus.PARTIAL, r.status(), r::toString);
        assertEquals(1, r.exitCode(), "sync-once exits 1: items failed, retried next run");
        Map<String, String> errors = errors(r);
        assertEquals(java.util.Set.of("doc.bin", "new.bin"), errors.keySet(), errors::toString);
        errors.forEach((path, reason) -> assertTrue(reason.startsWith("disk full: ") && reason.contains(path), reason));
        r.errors().forEach(e -> assertEquals(org.oxisync.core.reason.ReasonCode.DISK_FULL, e.code(), e::toString));
        assertTrue(disk.refusals() >= 2);
        assertArrayEquals(v1, Files.readAllBytes(h.local.resolve("doc.bin")), "the local file keeps its content");
        assertTrue(!h.exists("new.bin"), "no half-written final file");
        assertEquals(List.of(), leftovers(), "no temp file stays");
        assertTrue(h.remote().exists("/mine.txt"), "the upload went ahead");
        assertArrayEquals(v2, h.remote().read("/doc.bin"), "the server is untouched");

        disk.makeRoom();
        SyncReport next = h.sync();
        assertEquals(SyncStatus.OK, next.status(), () -> next.message() + " " + next.errors());
        assertArrayEquals(v2, Files.readAllBytes(h.local.resolve("doc.bin")));
        assertArrayEquals(fresh, Files.readAllBytes(h.local.resolve("new.bin")));
        assertEquals(List.of(Blake3.hashHex(v1)), versionHashes("doc.bin"), "the replaced content was versioned");
        h.assertInSync();
    }

    @Test
    void aVersionThatDoesNotFitKeepsTheLocalFileAndItsEarlierVersionsAndTheNextRunReplacesIt() throws Exception {
        byte[] v1 = bytes(200_000, 4);
        byte[] v2 = bytes(210_000, 5);
        byte[] v3 = bytes(50_000, 6);
        h.remote().putFile("/doc.bin", v1);
        h.syncOk();
        h.remote().putFile("/doc.bin", v2);
        h.syncOk(); // v1 is now a version
        List<String> versionsBefore = versionHashes("doc.bin");
        assertEquals(List.of(Blake3.hashHex(v1)), versionsBefore);

        h.remote().putFile("/doc.bin", v3);
        disk.fillAfter(v3.length + 20_000); // the download fits; keeping v2 (210 kB) as a version does not
        SyncReport r = h.sync();

        assertEquals(SyncStatus.PARTIAL, r.status(), r::toString);
        String reason = errors(r).get("doc.bin");
        assertTrue(reason != null && reason.startsWith("disk full: cannot keep a version of doc.bin"), r::toString);
        assertArrayEquals(v2, Files.readAllBytes(h.local.resolve("doc.bin")), "not replaced without its version");
        assertEquals(versionsBefore, versionHashes("doc.bin"), "the earlier versions are intact");
        assertEquals(List.of(), leftovers(), "neither the download's temp file nor the aside link nor chunk temps stay");

        disk.makeRoom();
        SyncReport next = h.sync();
        assertEquals(SyncStatus.OK, next.status(), () -> next.message() + " " + next.errors());
        assertArrayEquals(v3, Files.readAllBytes(h.local.resolve("doc.bin")));
        assertEquals(List.of(Blake3.hashHex(v2), Blake3.hashHex(v1)), versionHashes("doc.bin"));
        h.assertInSync();
    }

    @Test
    void aRemoteDeleteThatCannotBeVersionedLeavesTheLocalFileAndHappensWhenSpaceIsBack() throws Exception {
        byte[] v1 = bytes(150_000, 7);
        h.remote().putFile("/gone.bin", v1);
        h.remote().putFile("/stays.txt", "x".getBytes());
        h.syncOk();
        h.remote().trash("/gone.bin");

        disk.fillAfter(10_000);
        SyncReport r = h.sync();

        assertEquals(SyncStatus.PARTIAL, r.status(), r::toString);
        assertTrue(errors(r).getOrDefault("gone.bin", "").startsWith("disk full: "), r::toString);
        assertArrayEquals(v1, Files.readAllBytes(h.local.resolve("gone.bin")), "put back where it was");
        assertEquals(List.of(), leftovers());

        disk.makeRoom();
        SyncReport next = h.sync();
        assertEquals(SyncStatus.OK, next.status(), () -> next.message() + " " + next.errors());
        assertTrue(!h.exists("gone.bin"));
        assertEquals(List.of(Blake3.hashHex(v1)), versionHashes("gone.bin"), "deleted only with its version kept");
        h.assertInSync();
    }
}
