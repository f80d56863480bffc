package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalTreeTest {
    @TempDir
    Path root;

    @Test
    void caseOnlyRenameRefusesToGoOverAnotherEntryAndLeavesNoTempName() throws Exception {
        Files.createDirectories(root.resolve("d"));
        Files.writeString(root.resolve("d/inside.txt"), "x");
        Files.createDirectories(root.resolve("D"));
        assumeTrue(!Files.isSameFile(root.resolve("d"), root.resolve("D")), "needs a case-sensitive volume");
        LocalTree tree = new LocalTree(root, new HashMap<>());

        assertThrows(FileAlreadyExistsException.class, () -> tree.move("d", "D"));
        try (Stream<Path> s = Files.list(root)) {
            assertEquals(List.of("D", "d"), s.map(p -> p.getFileName().toString()).sorted().toList());
        }
        assertTrue(Files.exists(root.resolve("d/inside.txt")), "the folder keeps its content and its name");
    }

    @Test
    void caseOnlyRenameOfALoneEntryWorks() throws Exception {
        Files.writeString(root.resolve("a.txt"), "x");
        new LocalTree(root, new HashMap<>()).move("a.txt", "A.txt");
        try (Stream<Path> s = Files.list(root)) {
            assertEquals(List.of("A.txt"), s.map(p -> p.getFileName().toString()).toList());
        }
    }
}
