package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.scan.Digester;
import org.oxisync.store.StoreOptions;
import org.oxisync.store.hash.Blake3;
import org.oxisync.store.hash.FileChunker;
import org.oxisync.store.hash.FileDigest;

/**
 * A file locked, unreadable, gone or replaced while the run reads it (docs/local-faults.md, "A file that cannot be
 * read"). The faults are injected into the scan's {@link Digester} (the process runs as root here, so permissions
 * cannot make a file unreadable): one-shot per file name. That item is left out with its reason, the rest of the run
 * goes on, the server never gets content other than what was hashed, and the next run picks the item up.
 */
class LocalReadFaultsTest {
    @TempDir Path tmp;
    private SyncHarness h;
    /** One-shot faults by file name, applied instead of hashing it. */
    private final Map<String, Digester> faults = new ConcurrentHashMap<>();

    @BeforeEach
    void start() {
        Digester digester = file -> {
            Digester fault = faults.remove(file.getFileName().toString());
            return fault == null ? FileChunker.digest(file) : fault.digest(file);
        };
        h = new SyncHarness(SyncHarness.newServer(), tmp, true, Clock.systemUTC(), b -> b, StoreOptions.DEFAULT,
                digester);
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

    private static org.oxisync.core.reason.ReasonCode codeOf(java.util.List<ItemError> items, String path) {
        return items.stream().filter(e -> e.path().equals(path)).findFirst().map(ItemError::code).orElse(null);
    }

    private static Map<String, String> byPath(java.util.List<ItemError> items) {
        return items.stream().collect(Collectors.toMap(ItemError::path, ItemError::reason));
    }

    @Test
    void aFileLockedWhileItIsHashedIsSkippedWithItsReasonTheRestSyncsAndTheNextRunUploadsIt() {
        h.write("locked.doc", "held open by another program");
        h.write("other.txt", "free to read");
        faults.put("locked.doc", file -> {
            throw new FileSystemException(file.toString(), null,
                    "The process cannot access the file because it is being used by another process");
        });

        SyncReport r = h.sync();

        assertEquals(SyncStatus.OK, r.status(), r::toString);
        String reason = byPath(r.skipped()).get("locked.doc");
        assertTrue(reason != null && reason.contains("being used by another process"), r::toString);
        assertEquals(org.oxisync.core.reason.ReasonCode.LOCKED_OR_UNREADABLE, codeOf(r.skipped(), "locked.doc"));
        assertTrue(h.remote().exists("/other.txt"), "the rest of the run went on");
        assertFalse(h.remote().exists("/locked.doc"));

        SyncReport next = h.syncOk();
        assertEquals(1, next.uploaded());
        assertTrue(next.skipped().isEmpty(), next::toString);
        h.assertInSync();
    }

    @Test
    void anEditedFileThatCannotBeReadKeepsItsServerVersionAndGoesUpNextRun() {
        h.write("a.txt", "version one");
        h.syncOk();
        h.write("a.txt", "version two, unreadable for now");
        faults.put("a.txt", file -> {
            throw new IOException("Input/output error");
        });

        SyncReport r = h.sync();

        assertEquals(SyncStatus.OK, r.status(), r::toString);
        assertTrue(byPath(r.skipped()).getOrDefault("a.txt", "").contains("Input/output error"), r::toString);
        assertEquals(0, r.uploaded() + r.deletedRemote() + r.deletedLocal() + r.conflicts(), r::toString);
        assertEquals("version one", new String(h.remote().read("/a.txt")), "a read error is neither a change nor a delete");
        assertEquals("version two, unreadable for now", h.read("a.txt"));

        h.syncOk();
        assertEquals("version two, unreadable for now", new String(h.remote().read("/a.txt")));
        h.assertInSync();
    }

    @Test
    void aFileThatVanishesWhileItIsHashedIsSkippedAndOnlyTheNextRunSeesItGone() {
        h.write("v.txt", "first");
        h.write("keep.txt", "keep");
        h.syncOk();
        h.write("v.txt", "second");
        h.write("keep.txt", "keep, edited");
        faults.put("v.txt", file -> {
            Files.delete(file); // another program removes it just as the scan reads it
            return FileChunker.digest(file);
        });

        SyncReport r = h.sync();

        assertEquals(SyncStatus.OK, r.status(), r::toString);
        assertTrue(byPath(r.skipped()).getOrDefault("v.txt", "").contains("disappeared"), r::toString);
        assertEquals(org.oxisync.core.reason.ReasonCode.GONE_LOCALLY, codeOf(r.skipped(), "v.txt"));
        assertEquals("keep, edited", new String(h.remote().read("/keep.txt")));
        assertEquals("first", new String(h.remote().read("/v.txt")), "not deleted on the strength of a failed read");

        SyncReport next = h.syncOk();
        assertEquals(1, next.deletedRemote(), "the next run sees it gone: a delete, to the server's trash");
        h.assertInSync();
    }

    /** The digest of the content as it was, then the file gets other bytes of the same size and the same mtime. */
    private Digester replacedAfterHashing(byte[] replacement) {
        return file -> {
            FileDigest d = FileChunker.digest(file);
            FileTime mtime = Files.getLastModifiedTime(file);
            Files.write(file, replacement);
            Files.setLastModifiedTime(file, mtime); // size and mtime as hashed: only the content tells
            return d;
        };
    }

    @Test
    void aNewFileReplacedAfterItWasHashedNeverReachesTheServerWithOtherContentThanItsHash() {
        byte[] hashed = bytes(100_000, 1);
        byte[] replaced = bytes(100_000, 2);
        h.write("r.bin", hashed);
        h.write("fine.txt", "fine");
        faults.put("r.bin", replacedAfterHashing(replaced));

        SyncReport r = h.sync();

        assertEquals(SyncStatus.PARTIAL, r.status(), r::toString);
        assertTrue(byPath(r.errors()).getOrDefault("r.bin", "").contains("changed while it was uploaded"), r::toString);
        assertFalse(h.remote().exists("/r.bin"), "an upload whose bytes are not the hashed ones is not kept");
        assertTrue(h.remote().exists("/fine.txt"));

        h.syncOk();
        assertArrayEquals(replaced, h.remote().read("/r.bin"));
        h.assertInSync();
    }

    @Test
    void anUpdateReplacedAfterItWasHashedLeavesTheServerVersionWholeAndGoesUpNextRun() {
        byte[] v1 = bytes(120_000, 3);
        h.write("u.bin", v1);
        h.syncOk();
        byte[] hashed = bytes(120_000, 4);
        byte[] replaced = bytes(120_000, 5);
        h.write("u.bin", hashed);
        faults.put("u.bin", replacedAfterHashing(replaced));

        SyncReport r = h.sync();

        assertEquals(SyncStatus.PARTIAL, r.status(), r::toString);
        assertTrue(byPath(r.errors()).containsKey("u.bin"), r::toString);
        byte[] onServer = h.remote().read("/u.bin");
        String serverHash = Blake3.hashHex(onServer);
        assertTrue(serverHash.equals(Blake3.hashHex(v1)) || serverHash.equals(Blake3.hashHex(replaced)),
                "the server holds one whole version, never a mix or the hashed-but-gone content");

        h.syncOk();
        assertArrayEquals(replaced, h.remote().read("/u.bin"));
        h.assertInSync();
    }
}
