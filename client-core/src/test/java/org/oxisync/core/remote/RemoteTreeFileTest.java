package org.oxisync.core.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The listing cache is only a cache: anything it cannot vouch for reads as an empty listing (a full relisting). */
class RemoteTreeFileTest {
    @TempDir
    Path dir;

    private RemoteTreeFile cache() {
        return new RemoteTreeFile(dir.resolve("remote-tree-1.json"));
    }

    private static RemoteTree tree(String rootId) {
        return new RemoteTree(rootId, Map.of(rootId, new RemoteTree.Folder(rootId, "", "t0",
                List.of(RemoteTree.File.of("f1", "a.txt", "e1", "h1", 3, 100)), List.of())));
    }

    @Test
    void aSavedListingReadsBackEqual() throws Exception {
        cache().save(tree("root"));
        assertEquals(tree("root"), cache().load("root"));
    }

    @Test
    void aMissingGarbledForeignOrIncompleteCacheReadsAsAnEmptyListing() throws Exception {
        assertEquals(RemoteTree.empty("root"), cache().load("root"), "missing");
        cache().save(tree("other-root"));
        assertEquals(RemoteTree.empty("root"), cache().load("root"), "another remote folder's listing");
        Files.writeString(cache().path(), "{\"rootId\":\"root\",\"folders\":{\"root\":{\"id\":");
        assertEquals(RemoteTree.empty("root"), cache().load("root"), "cut short");
        Files.writeString(cache().path(), "{\"rootId\":\"root\",\"folders\":{\"root\":{\"id\":\"root\",\"name\":\"\","
                + "\"treeEtag\":\"t0\",\"files\":[{\"name\":\"no-id.txt\",\"size\":1}],\"childFolderIds\":[]}}}");
        assertEquals(RemoteTree.empty("root"), cache().load("root"), "a file row without an id");
    }
}
