package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.testing.ApiSeam;
import org.oxisync.store.journal.JournalEntry;

/** A run of renames: the requests go out several at a time, the journal follows in batches, and a kill loses nothing. */
class RenameRunEngineTest {
    private static final Set<String> MOVES = Set.of("renameFile", "moveFile", "renameFolder", "moveFolder");

    @TempDir
    Path tmp;

    @Test
    void renamesReachTheServerConcurrentlyButAFolderRenameStillPrecedesTheRenamesInsideIt() throws Exception {
        List<String> events = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch secondRename = new CountDownLatch(1);
        java.util.concurrent.atomic.AtomicInteger renames = new java.util.concurrent.atomic.AtomicInteger();
        AtomicBoolean firstMetASecond = new AtomicBoolean();
        AtomicBoolean armed = new AtomicBoolean();
        try (SyncHarness h = new SyncHarness(SyncHarness.newServer(), tmp, true, Clock.systemUTC(), b -> b,
                api -> ApiSeam.wrap(api, (method, args, after) -> {
                    if (!armed.get() || !MOVES.contains(method)) {
                        return;
                    }
                    events.add((after ? "end " : "start ") + method + " " + args[0]);
                    if (!after && method.equals("renameFile") && renames.getAndIncrement() == 0) {
                        // in sequence this first rename would wait here for one that cannot start before it ends
                        firstMetASecond.set(secondRename.await(30, TimeUnit.SECONDS));
                    } else if (!after && method.equals("renameFile")) {
                        secondRename.countDown();
                    }
                }))) {
            for (int i = 0; i < 12; i++) {
                h.write("flat/f" + i + ".txt", "file " + i);
            }
            h.write("E/a.txt", "inside the folder");
            h.write("E/b.txt", "inside too");
            h.syncOk();
            String folderId = remoteId(h, "E");
            List<String> childIds = List.of(remoteId(h, "E/a.txt"), remoteId(h, "E/b.txt"));
            for (int i = 0; i < 12; i++) {
                Files.move(h.local.resolve("flat/f" + i + ".txt"), h.local.resolve("flat/r" + i + ".txt"));
            }
            Files.move(h.local.resolve("E"), h.local.resolve("F"));
            Files.move(h.local.resolve("F/a.txt"), h.local.resolve("F/a2.txt"));
            Files.move(h.local.resolve("F/b.txt"), h.local.resolve("F/b2.txt"));
            armed.set(true);

            SyncReport r = h.syncOk();
            assertEquals(15, r.moved(), r.plan().toString());
            assertEquals(0, r.uploaded() + r.downloaded() + r.deletedLocal() + r.deletedRemote(), r.plan().toString());
            assertTrue(firstMetASecond.get(), "two renames were in flight at once: " + events);
            List<String> seen = List.copyOf(events);
            int folderDone = indexOf(seen, "end ", folderId);
            assertTrue(folderDone >= 0, seen.toString());
            for (String child : childIds) {
                int childStart = indexOf(seen, "start ", child);
                assertTrue(childStart > folderDone, "the move of " + child + " started after its folder's: " + seen);
            }
            h.assertInSync();
            armed.set(false);
            SyncReport again = h.syncOk();
            assertEquals(0, again.moved() + again.uploaded() + again.downloaded(), again.plan().toString());
        }
    }

    /**
     * A kill after the renames reached the server and before the journal batch holding them was written leaves the
     * journal as it was before the run. The next run finds each item at the same new path on both sides: it records
     * them there, and sends, fetches and deletes nothing.
     */
    @Test
    void renamesWhoseJournalBatchWasLostToAKillAreRecordedByTheNextRunWithoutATransfer() throws Exception {
        try (SyncHarness h = SyncHarness.start(tmp)) {
            for (int i = 0; i < 6; i++) {
                h.write("d/f" + i + ".txt", "file " + i);
            }
            h.write("E/inner/a.txt", "deep");
            h.syncOk();
            List<JournalEntry> before = h.store.journal().all(h.pair.id());
            for (int i = 0; i < 6; i++) {
                Files.move(h.local.resolve("d/f" + i + ".txt"), h.local.resolve("d/g" + i + ".txt"));
            }
            Files.move(h.local.resolve("E"), h.local.resolve("F"));
            SyncReport moved = h.syncOk();
            assertEquals(7, moved.moved(), moved.plan().toString());
            // what a kill before the batch's commit leaves: the server renamed, the journal as before the run
            h.store.inTransaction(() -> {
                h.store.journal().all(h.pair.id()).forEach(e -> h.store.journal().delete(h.pair.id(), e.path()));
                before.forEach(h.store.journal()::upsert);
            });

            SyncReport next = h.syncOk();
            assertEquals(0, next.uploaded() + next.downloaded() + next.deletedLocal() + next.deletedRemote()
                    + next.conflicts(), next.plan().toString());
            h.assertInSync();
            List<String> rows = h.store.journal().all(h.pair.id()).stream().map(JournalEntry::path).sorted().toList();
            assertEquals(List.of("F", "F/inner", "F/inner/a.txt", "d", "d/g0.txt", "d/g1.txt", "d/g2.txt", "d/g3.txt",
                    "d/g4.txt", "d/g5.txt"), rows, next.plan().toString());
            SyncReport idle = h.syncOk();
            assertEquals(0, idle.moved() + idle.uploaded() + idle.downloaded(), idle.plan().toString());
        }
    }

    /** The first event of {@code kind} ("start " or "end ") of a move call on the entry {@code id}. */
    private static int indexOf(List<String> events, String kind, String id) {
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i).startsWith(kind) && events.get(i).endsWith(" " + id)) {
                return i;
            }
        }
        return -1;
    }

    private static String remoteId(SyncHarness h, String path) {
        return h.store.journal().get(h.pair.id(), path).orElseThrow().remoteId();
    }
}
