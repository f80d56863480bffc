package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.remote.RemoteTree;

class RunScopeTest {
    @TempDir
    Path tmp;

    @Test
    void aSavedFileBringsItsFolderSiblingsAndItsAncestorsButNotTheirOtherChildren() {
        RunScope s = RunScope.around(Set.of("a/b/f.txt")).orElseThrow();
        assertTrue(s.contains("a/b/f.txt"));
        assertTrue(s.contains("a/b/sibling.txt"));
        assertTrue(s.contains("a/b"));
        assertTrue(s.contains("a"));
        assertFalse(s.contains("a/other.txt"), "an ancestor's other children are out");
        assertFalse(s.contains("a/b/c/deeper.txt"), "a sibling folder's content is out");
        assertTrue(s.holdsChildrenOf("a/b"));
        assertFalse(s.holdsChildrenOf("a"));
    }

    @Test
    void aReportedFolderBringsEverythingBelowIt() {
        RunScope s = RunScope.around(Set.of("a/gone")).orElseThrow();
        assertTrue(s.contains("a/gone/x/y/z.txt"));
        assertTrue(s.holdsChildrenOf("a/gone/x"));
        assertTrue(s.contains("a/neighbour.txt"), "its folder's children too");
    }

    @Test
    void theRootItselfOrAnEmptyPathMeansEverythingSoNoScope() {
        assertEquals(Optional.empty(), RunScope.around(Set.of("a.txt", "/")));
        assertTrue(RunScope.around(Set.of("a.txt")).orElseThrow().holdsChildrenOf(""));
    }

    @Test
    void watcherSpellingsAreNormalizedAsTheScanReadsThem() {
        RunScope s = RunScope.around(Set.of("\\a\\b\\f.txt/", "cafe\u0301/x")).orElseThrow();
        assertTrue(s.holdsChildrenOf("a/b"));
        assertTrue(s.holdsChildrenOf("caf\u00e9"));
    }

    @Test
    void coversIsFalseUntilTheScopeHoldsEveryFolderAndSubtreeNeeded() {
        RunScope s = RunScope.around(Set.of("a/b/f.txt")).orElseThrow();
        RunScope more = RunScope.around(Set.of("a/x")).orElseThrow();
        assertFalse(s.covers(more));
        assertTrue(s.plus(more).covers(more));
        assertTrue(s.plus(more).covers(s));
        RunScope big = RunScope.around(Set.of("a")).orElseThrow();
        assertTrue(big.covers(s), "a subtree holds every folder and path below it");
    }

    @Test
    void theRelistingNamesFoldersWhoseRowsChangedAndNewFoldersAndGivesUpOnARenamedOrRemovedFolder() {
        RemoteTree.File one = RemoteTree.File.of("f1", "one.txt", "e1", "h1", 1, 10);
        RemoteTree.File changed = RemoteTree.File.of("f1", "one.txt", "e2", "h2", 2, 11);
        RemoteTree before = new RemoteTree("root", Map.of(
                "root", new RemoteTree.Folder("root", "", "", List.of(), List.of("a", "b")),
                "a", new RemoteTree.Folder("a", "a", "", List.of(one), List.of()),
                "b", new RemoteTree.Folder("b", "b", "tb", List.of(), List.of())));
        RemoteTree after = new RemoteTree("root", Map.of(
                "root", new RemoteTree.Folder("root", "", "t1", List.of(), List.of("a", "b")),
                "a", new RemoteTree.Folder("a", "a", "t2", List.of(changed), List.of("n")),
                "n", new RemoteTree.Folder("n", "n", "t3", List.of(), List.of()),
                "b", new RemoteTree.Folder("b", "b", "tb", List.of(), List.of())));
        assertEquals(Optional.of(Set.of("a", "n")), ListingChanges.foldersWithNewRows(before, after),
                "the root's own rows and b are unchanged (tree ETags aside)");

        RemoteTree renamed = new RemoteTree("root", Map.of(
                "root", new RemoteTree.Folder("root", "", "t1", List.of(), List.of("a", "b")),
                "a", new RemoteTree.Folder("a", "a2", "t2", List.of(one), List.of()),
                "b", new RemoteTree.Folder("b", "b", "tb", List.of(), List.of())));
        assertEquals(Optional.empty(), ListingChanges.foldersWithNewRows(before, renamed));
        RemoteTree removed = new RemoteTree("root", Map.of(
                "root", new RemoteTree.Folder("root", "", "t1", List.of(), List.of("a")),
                "a", new RemoteTree.Folder("a", "a", "t2", List.of(one), List.of())));
        assertEquals(Optional.empty(), ListingChanges.foldersWithNewRows(before, removed));
        RemoteTree moved = new RemoteTree("root", Map.of(
                "root", new RemoteTree.Folder("root", "", "t1", List.of(), List.of("a")),
                "a", new RemoteTree.Folder("a", "a", "t2", List.of(one), List.of("b")),
                "b", new RemoteTree.Folder("b", "b", "tb", List.of(), List.of())));
        assertEquals(Optional.empty(), ListingChanges.foldersWithNewRows(before, moved));
    }

    @Test
    void pendingFoldersAreUnknownWithoutTheFileOrWithADamagedOneAndGrowByAdding() throws Exception {
        PendingFolders p = new PendingFolders(tmp.resolve("remote-tree-1.pending"));
        assertEquals(Optional.empty(), p.read(), "no file: unknown");
        p.add(Set.of("x"));
        assertEquals(Optional.empty(), p.read(), "adding to unknown stays unknown");
        p.write(Set.of());
        assertEquals(Optional.of(Set.of()), p.read());
        p.add(Set.of("x", "y"));
        p.add(Set.of("z"));
        assertEquals(Optional.of(Set.of("x", "y", "z")), p.read());
        p.forget();
        assertEquals(Optional.empty(), p.read());
        java.nio.file.Files.writeString(tmp.resolve("remote-tree-1.pending"), "garbage\nx\n");
        assertEquals(Optional.empty(), p.read(), "a damaged file reads as unknown");
        p.write(Set.of("bad\nid"));
        assertEquals(Optional.empty(), p.read(), "an id that cannot be one line is written as unknown");
    }
}
