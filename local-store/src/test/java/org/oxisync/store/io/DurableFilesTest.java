package org.oxisync.store.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DurableFilesTest {
    @TempDir
    Path dir;

    @Test
    void replacesTheContentAndLeavesNoTempFile() throws IOException {
        Path f = dir.resolve("sub/state.txt");
        DurableFiles.replace(f, out -> out.write("one".getBytes(StandardCharsets.UTF_8)));
        DurableFiles.replace(f, out -> out.write("two".getBytes(StandardCharsets.UTF_8)));
        assertEquals("two", Files.readString(f));
        try (var s = Files.list(f.getParent())) {
            assertEquals(List.of(f), s.toList());
        }
    }

    @Test
    void aWriterThatFailsLeavesTheOldContentWhole() throws IOException {
        Path f = dir.resolve("state.txt");
        DurableFiles.replace(f, out -> out.write("old".getBytes(StandardCharsets.UTF_8)));
        assertThrows(IOException.class, () -> DurableFiles.replace(f, out -> {
            out.write("half of the new".getBytes(StandardCharsets.UTF_8));
            throw new IOException("disk full");
        }));
        assertEquals("old", Files.readString(f));
        try (var s = Files.list(dir)) {
            assertEquals(List.of(f), s.toList());
        }
    }
}
