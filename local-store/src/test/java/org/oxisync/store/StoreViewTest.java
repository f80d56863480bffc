package org.oxisync.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.store.account.FolderPair;

/** The read-only view the CLI uses beside a running daemon: what it reads is what the store holds, and it writes nothing. */
class StoreViewTest {
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-07T10:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path data;

    @Test
    void readsPairsConflictsAndFailingItemsWhileAnotherProcessHoldsTheStore() {
        try (LocalStore store = LocalStore.open(data, "acct", CLOCK)) {
            FolderPair pair = store.accounts().savePair(FolderPair.create("docs", "/home/a/docs", "root-id", "/"));
            store.conflicts().record(pair.id(), "a.txt", "a (conflicted copy).txt");
            store.errors().recordFailure(pair.id(), "b.txt", "not uploaded: the server's storage quota is full");

            try (StoreView view = StoreView.open(data, "acct")) { // the store is still open and locked here
                assertEquals(List.of("docs"), view.pairs().stream().map(FolderPair::name).toList());
                assertEquals("/home/a/docs", view.pairByName("docs").orElseThrow().localRoot());
                assertEquals(List.of("a (conflicted copy).txt"),
                        view.unresolvedConflicts(pair.id()).stream().map(c -> c.conflictCopyPath()).toList());
                assertEquals(List.of("b.txt"), view.errors(pair.id()).stream().map(e -> e.path()).toList());
                assertTrue(view.versions(pair.id(), null).isEmpty());
            }
        }
    }

    @Test
    void aStoreThatDoesNotExistReadsAsEmptyAndIsNotCreated() {
        try (StoreView view = StoreView.open(data, "nobody")) {
            assertTrue(view.pairs().isEmpty());
            assertTrue(view.lastRun(1).isEmpty());
        }
        assertTrue(!LocalStore.directoryOf(data, "nobody").resolve("journal.db").toFile().exists());
    }
}
