package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.oxisync.core.scan.LocalHint;

/** Removing a pair removes every file the engine keeps for it beside the journal, and no other pair's. */
class PairRemovalFilesTest extends HarnessTest {
    private List<String> pairFiles() throws Exception {
        String prefix = "remote-tree-" + h.pair.id() + ".";
        try (Stream<Path> s = Files.list(h.store.directory())) {
            return s.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith(prefix) || n.startsWith("quiet-seal-" + h.pair.id() + ".")
                            || n.equals("left-out-" + h.pair.id()))
                    .sorted().toList();
        }
    }

    @Test
    void theListingCacheItsIndexStaleMarksPendingFoldersAndSealAreRemovedWithThePair() throws Exception {
        h.write("d/a.txt", "a");
        h.syncOk();
        h.syncOk(); // plans nothing: the seal
        h.write("d/b.txt", "b");
        Files.createSymbolicLink(h.local.resolve("d/link"), h.local.resolve("d/a.txt")); // left out: listed aside
        h.options(SyncOptions.defaults("testhost").withLocalHint(LocalHint.of(Set.of("d/b.txt"))));
        h.syncOk();
        new org.oxisync.core.remote.RemoteTreeFile(h.store.directory().resolve("remote-tree-" + h.pair.id()
                + ".json")).markStale(List.of("some-folder"));
        List<String> before = pairFiles();
        assertTrue(before.containsAll(List.of("remote-tree-" + h.pair.id() + ".json",
                "remote-tree-" + h.pair.id() + ".json.index", "remote-tree-" + h.pair.id() + ".json.stale",
                "remote-tree-" + h.pair.id() + ".pending", "left-out-" + h.pair.id())), before.toString());

        PairRemoval.remove(h.store, h.pair);
        assertEquals(List.of(), pairFiles());
    }
}
