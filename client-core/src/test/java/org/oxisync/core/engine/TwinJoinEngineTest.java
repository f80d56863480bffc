package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.oxisync.core.plan.EntryKind;
import org.oxisync.core.plan.JournalBase;
import org.oxisync.core.plan.JournalEntry;
import org.oxisync.core.remote.RemoteScanner;
import org.oxisync.core.remote.RemoteTreeFile;
import org.oxisync.core.remote.SharedStrings;
import org.oxisync.store.hash.Blake3;

/**
 * A join: the first sync of a tree both sides already hold. Its entries, new to the journal and alike on both sides,
 * are recorded straight into the journal (see {@link TwinRecorder}) without a transfer, exactly as the plan's records
 * would; a join stopped half-way leaves only true rows, and the next run finishes it.
 */
class TwinJoinEngineTest extends HarnessTest {
    private static final int FILES = 700; // more than two journal batches (JournalWriter.BATCH)

    private void sameTreeOnBothSides() {
        for (int i = 0; i < FILES; i++) {
            String rel = "d" + (i % 7) + "/f" + i + ".txt";
            byte[] content = ("content of file " + i).getBytes(StandardCharsets.UTF_8);
            h.write(rel, content);
            h.remote().putFile("/" + rel, content);
        }
    }

    private List<JournalEntry> journal() {
        return h.store.journal().all(h.pair.id(), JournalMapping::toPlan);
    }

    private SyncReport run(StopSignal stop) {
        h.options(SyncOptions.defaults("testhost").withStop(stop));
        return h.sync();
    }

    @Test
    void aTreeOnBothSidesIsJoinedWithoutTransfersRecordingEveryEntryAndTheNextRunPlansNothing() {
        sameTreeOnBothSides();

        SyncReport join = h.syncOk();
        assertEquals(0, join.uploaded() + join.downloaded(), join.message());
        assertEquals(FILES + 7, join.plan().size(), "one record line per entry, as the reconciler's plan had");
        assertTrue(join.plan().stream().allMatch(l -> l.startsWith("record")), join.plan().toString());
        List<JournalEntry> rows = journal();
        assertEquals(FILES + 7, rows.size());
        for (JournalEntry row : rows) {
            assertTrue(row.remoteId() != null && row.remoteEtag() != null, "a full row: " + row);
            if (row.kind() == EntryKind.FILE) {
                String hash = Blake3.hashHex(h.readBytes(row.path()));
                assertEquals(hash, row.localHash(), row.path());
                assertEquals(hash, row.remoteHash(), row.path());
            }
        }

        SyncReport next = h.syncOk();
        assertTrue(next.plan().isEmpty(), next.plan().toString());
        h.assertInSync();
    }

    @Test
    void eachRecordedEntryIsReportedToTheListenerAsTheRecordStepWas() {
        sameTreeOnBothSides();
        java.util.List<String> done = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        SyncEngine engine = new SyncEngine(h.api, h.store, new org.oxisync.core.scan.LocalScanner(
                org.oxisync.store.hash.FileChunker::digest, 2), org.oxisync.core.transfer.TransferOptions.defaults(),
                h.clock, new SyncListener() {
                    @Override
                    public void itemDone(String pair, String description, String error) {
                        done.add(description);
                    }
                });

        SyncReport join = engine.runOnce(h.store.accounts().pair(h.pair.id()).orElseThrow(),
                SyncOptions.defaults("testhost"));

        assertEquals(SyncStatus.OK, join.status(), join.message());
        assertEquals(new java.util.TreeSet<>(join.plan()), new java.util.TreeSet<>(done));
        assertEquals(FILES + 7, done.size());
    }

    @Test
    void aJoinStoppedHalfWayLeavesOnlyTrueRowsAndTheNextRunRecordsTheRestAndSyncsWhatChangedMeanwhile() {
        sameTreeOnBothSides();
        // stops once the first journal batch is committed (the recorder asks between batches)
        AtomicBoolean journalStarted = new AtomicBoolean();
        StopSignal afterFirstBatch = () -> {
            if (!journalStarted.get() && !journal().isEmpty()) {
                journalStarted.set(true);
            }
            return journalStarted.get();
        };
        SyncReport first = run(afterFirstBatch);
        assertEquals(SyncStatus.STOPPED, first.status(), first.message());
        List<JournalEntry> recorded = journal();
        assertTrue(recorded.size() > 0 && recorded.size() < FILES + 7, "part recorded: " + recorded.size());
        for (JournalEntry row : recorded) {
            if (row.kind() == EntryKind.FILE) {
                assertEquals(Blake3.hashHex(h.readBytes(row.path())), row.remoteHash(), row.path());
            }
        }
        java.util.Set<String> recordedPaths = new java.util.HashSet<>();
        recorded.forEach(r -> recordedPaths.add(r.path()));
        String recordedFile = recorded.stream().filter(r -> r.kind() == EntryKind.FILE).findFirst().orElseThrow()
                .path();
        String unrecordedFile = java.util.stream.IntStream.range(0, FILES).mapToObj(i -> "d" + (i % 7) + "/f" + i
                + ".txt").filter(p -> !recordedPaths.contains(p)).findFirst().orElseThrow();
        h.write(recordedFile, "edited locally after the stopped join");
        h.remote().putFile("/" + unrecordedFile, "edited on the server after the stopped join"
                .getBytes(StandardCharsets.UTF_8));

        SyncReport second = run(StopSignal.NEVER);
        assertEquals(SyncStatus.OK, second.status(), second.message());
        assertEquals(1, second.conflicts(), "new on both sides with different content: " + second.plan());
        assertEquals("edited locally after the stopped join",
                new String(h.remote().read("/" + recordedFile), StandardCharsets.UTF_8));
        assertEquals("edited on the server after the stopped join",
                new String(h.readBytes(unrecordedFile), StandardCharsets.UTF_8));
        assertEquals(FILES + 7 + 1, journal().size(), "every entry recorded, and the conflict copy");
        h.assertInSync();
    }
    @Test
    void aFirstSyncsListingIsSavedAndLetGoAndItsSnapshotReadBackEqualsTheOneMadeInMemory() throws Exception {
        sameTreeOnBothSides();
        h.server.flushTreeEtags(); // both listings see the same tree ETags
        String root = h.pair.remoteFolderId();
        RemoteTreeFile none = new RemoteTreeFile(tmp.resolve("never-saved.json"));
        RemoteScanner.CachedScan inMemory = new RemoteScanner(h.api, SharedStrings.none()).scanCached(none, root);
        RemoteTreeFile file = new RemoteTreeFile(tmp.resolve("first-sync.json"));

        RemoteScanner.CachedScan saved = new RemoteScanner(h.api, SharedStrings.none()).scanCachedAndSave(file, root);

        assertNull(saved.scan().tree(), "the listing is not held: the file has it");
        assertEquals(inMemory.scan().tree(), file.load(root), "the listing as listed");
        assertEquals(inMemory.scan().snapshot().entries(), saved.scan().snapshot().entries(), "same entries, same order");
        assertEquals(FILES + 7, saved.scan().snapshot().entries().size());
        assertEquals(inMemory.scan().requests(), saved.scan().requests());
        assertEquals(inMemory.rootEtag(), saved.rootEtag());
        assertEquals(false, saved.scan().unchanged());
    }

    @Test
    void aLaterRunsChangedListingIsSavedAndItsSnapshotMadeFromTheListingSharingTheJournalsForms() throws Exception {
        sameTreeOnBothSides();
        h.syncOk();
        h.remote().putFile("/d0/new.txt", "new on the server".getBytes(StandardCharsets.UTF_8));
        h.server.flushTreeEtags();
        String root = h.pair.remoteFolderId();
        SharedStrings shared = SharedStrings.of(new JournalBase(journal()));
        RemoteTreeFile none = new RemoteTreeFile(tmp.resolve("never-saved.json"));
        RemoteScanner.CachedScan inMemory = new RemoteScanner(h.api, shared).scanCached(none, root);
        RemoteTreeFile file = new RemoteTreeFile(tmp.resolve("later.json"));

        RemoteScanner.CachedScan saved = new RemoteScanner(h.api, shared).scanCachedAndSave(file, root);

        assertNull(saved.scan().tree());
        assertEquals(inMemory.scan().tree(), file.load(root));
        assertEquals(inMemory.scan().snapshot().entries(), saved.scan().snapshot().entries());
        assertEquals(FILES + 8, saved.scan().snapshot().entries().size());
    }
}
