package org.oxisync.core.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Marking folders stale in the listing cache file without loading it reads back as the loaded listing marked. */
class StaleMarkingTest {
    @TempDir
    Path dir;

    private RemoteTreeFile cache() {
        return new RemoteTreeFile(dir.resolve("remote-tree-1.json"));
    }

    private static RemoteTree.Folder folder(String id, String name, String etag, List<String> children) {
        return new RemoteTree.Folder(id, name, etag, List.of(new RemoteTree.File("f-" + id, id + ".txt", "e-" + id,
                "h-" + id, 3, 100)), children);
    }

    /** root -> a -> b, root -> c, c -> d with an unknown tree ETag already. */
    private static RemoteTree tree() {
        return new RemoteTree("root", Map.of(
                "root", folder("root", "", "t-root", List.of("a", "c")),
                "a", folder("a", "A", "t-a", List.of("b")),
                "b", folder("b", "B", "t-b", List.of()),
                "c", folder("c", "C", "t-c", List.of("d")),
                "d", folder("d", "D", "", List.of())));
    }

    @Test
    void aFolderAndItsAncestorsAreMarkedStaleAndEverythingElseReadsBackAsSaved() throws Exception {
        cache().save(tree());
        StaleMarking.mark(cache(), "root", List.of("b"));
        RemoteTree after = cache().load("root");
        assertEquals(tree().withStale(List.of("b")), after);
        assertEquals("", after.folder("a").orElseThrow().treeEtag());
        assertEquals("", after.folder("root").orElseThrow().treeEtag());
        assertEquals("t-c", after.folder("c").orElseThrow().treeEtag(), "a folder beside the written one keeps its ETag");
    }

    @Test
    void severalFoldersUnknownIdsAndFoldersAlreadyStaleAreMarkedAsWithStaleMarksThem() throws Exception {
        cache().save(tree());
        StaleMarking.mark(cache(), "root", List.of("d", "nowhere", "a"));
        assertEquals(tree().withStale(List.of("d", "nowhere", "a")), cache().load("root"));
        StaleMarking.mark(cache(), "root", List.of("nowhere"));
        assertEquals(tree().withStale(List.of("d", "a")), cache().load("root"), "an unknown id changes nothing");
    }

    @Test
    void aLoopInADamagedListingEndsAndIsMarkedAsWithStaleMarksIt() throws Exception {
        RemoteTree looped = new RemoteTree("root", Map.of(
                "root", folder("root", "", "t-root", List.of("a")),
                "a", folder("a", "A", "t-a", List.of()),
                "x", folder("x", "X", "t-x", List.of("y")),
                "y", folder("y", "Y", "t-y", List.of("x"))));
        cache().save(looped);
        StaleMarking.mark(cache(), "root", List.of("y"));
        assertEquals(looped.withStale(List.of("y")), cache().load("root"));
        assertEquals("t-root", cache().load("root").rootEtag().orElseThrow(), "the loop is not under the root");
    }

    @Test
    void aMissingForeignOrCutShortCacheEndsAsTheLoadedListingMarkedWouldBe() throws Exception {
        StaleMarking.mark(cache(), "root", List.of("b"));
        assertFalse(Files.exists(cache().path()), "a missing cache (a full listing next run) is left missing");

        cache().save(new RemoteTree("other-root", tree().folders()));
        StaleMarking.mark(cache(), "root", List.of("b"));
        assertEquals(RemoteTree.empty("root"), cache().load("root"), "another remote folder's listing");

        Files.writeString(cache().path(), "{\"rootId\":\"root\",\"folders\":{\"root\":{\"id\":");
        StaleMarking.mark(cache(), "root", List.of("root"));
        assertEquals(RemoteTree.empty("root"), cache().load("root"), "cut short");
    }
}
