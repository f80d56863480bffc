package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.oxisync.core.remote.RemoteTree;
import org.oxisync.core.remote.RemoteTreeFile;
import org.oxisync.core.scan.LocalScanner;
import org.oxisync.core.transfer.TransferOptions;
import org.oxisync.store.hash.FileChunker;

/**
 * The listing cache is never reused for a folder a run writes to before the server's delayed tree-ETag flush shows
 * the write: those folders and their ancestors are stale in the cache file before the run's first write, and stay
 * so when the run ends before its relisting (a stop, a crash).
 */
class StaleListingEngineTest extends HarnessTest {
    private final AtomicBoolean stop = new AtomicBoolean();

    private RemoteTree cached() {
        return RemoteTreeFile.forPair(h.store.directory(), h.pair.id()).load(h.pair.remoteFolderId());
    }

    /** The cached tree ETag of each folder by name ("" for the root). */
    private static Map<String, String> etagsByName(RemoteTree tree) {
        Map<String, String> out = new HashMap<>();
        tree.folders().values().forEach(f -> out.put(f.name(), f.treeEtag()));
        return out;
    }

    private SyncReport run(SyncListener listener) {
        SyncEngine engine = new SyncEngine(h.api, h.store, new LocalScanner(FileChunker::digest, 2),
                TransferOptions.defaults(), h.clock, listener);
        h.server.flushTreeEtags();
        return engine.runOnce(h.store.accounts().pair(h.pair.id()).orElseThrow(),
                SyncOptions.defaults("testhost").withWorkers(1).withStop(stop::get));
    }

    private void syncedTree() {
        h.write("a/b/one.txt", "1");
        h.write("c/three.txt", "3");
        h.write("d/four.txt", "4");
        h.syncOk();
        Map<String, String> settled = etagsByName(cached());
        for (String name : new String[] {"", "a", "b", "c", "d"}) {
            assertNotEquals("", settled.get(name), () -> "the relisting left every folder known: " + settled);
        }
    }

    @Test
    void theFoldersARunWritesAreStaleInTheListingCacheWhenItsFirstUploadIsDone() {
        syncedTree();
        String untouched = etagsByName(cached()).get("c");
        h.write("a/b/two.txt", "2");
        AtomicReference<Map<String, String>> atFirstItem = new AtomicReference<>();
        SyncReport r = run(new SyncListener() {
            @Override
            public void itemDone(String pair, String description, String error) {
                atFirstItem.compareAndSet(null, etagsByName(cached()));
            }
        });
        assertEquals(SyncStatus.OK, r.status(), r.message());
        Map<String, String> seen = atFirstItem.get();
        assertEquals("", seen.get("b"), () -> "the folder written to: " + seen);
        assertEquals("", seen.get("a"), () -> "its parent: " + seen);
        assertEquals("", seen.get(""), () -> "the root: " + seen);
        assertEquals(untouched, seen.get("c"), () -> "a folder the run does not write keeps its ETag: " + seen);
    }

    @Test
    void aRunStoppedAfterItsFirstUploadLeavesEveryFolderItPlannedToWriteStaleForTheNextRun() {
        syncedTree();
        String untouched = etagsByName(cached()).get("c");
        h.write("a/b/two.txt", "2");
        h.write("d/five.txt", "5");
        SyncReport stopped = run(new SyncListener() {
            @Override
            public void itemDone(String pair, String description, String error) {
                stop.set(true);
            }
        });
        assertEquals(SyncStatus.STOPPED, stopped.status(), stopped.message());
        assertEquals(1, stopped.uploaded(), stopped::toString);
        Map<String, String> left = etagsByName(cached());
        for (String name : new String[] {"", "a", "b", "d"}) {
            assertEquals("", left.get(name), () -> "no relisting after a stop: '" + name + "' stays stale: " + left);
        }
        assertEquals(untouched, left.get("c"), () -> "a folder the run does not write keeps its ETag: " + left);

        stop.set(false);
        SyncReport next = run(SyncListener.NONE);
        assertEquals(SyncStatus.OK, next.status(), next.message());
        assertEquals(1, next.uploaded(), next::toString);
        h.assertInSync();
        Map<String, String> relisted = etagsByName(cached());
        assertNotEquals("", relisted.get("b"), () -> "relisted after the run that finished: " + relisted);
    }
}
