package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LineListFileTest {
    @TempDir
    Path dir;

    private LineListFile file() {
        return new LineListFile(dir.resolve("list"), "oxisync test list 1");
    }

    @Test
    void noFileReadsAsNoEntriesNotAsAnEmptyList() throws IOException {
        assertEquals(Optional.empty(), file().entries());
    }

    @Test
    void appendedEntriesFollowTheHeaderWrittenWithTheFirstAppendEmptyLinesIncluded() throws IOException {
        LineListFile f = file();
        f.append(List.of("a/b", ""));
        f.append(List.of("c"));
        assertEquals("oxisync test list 1\na/b\n\nc\n", Files.readString(f.path()));
        assertEquals(Optional.of(List.of("a/b", "", "c")), f.entries());
    }

    @Test
    void aReplacedFileHoldsExactlyTheNewEntries() throws IOException {
        LineListFile f = file();
        f.append(List.of("old"));
        f.replace(List.of("x", "y"));
        assertEquals(Optional.of(List.of("x", "y")), f.entries());
        f.replace(List.of());
        assertEquals(Optional.of(List.of()), f.entries(), "an empty list is a file with its header only");
    }

    @Test
    void anotherHeaderOrBytesThatAreNotUtf8ReadAsDamaged() throws IOException {
        LineListFile f = file();
        Files.writeString(f.path(), "oxisync other list 1\na\n");
        assertThrows(IOException.class, f::entries);
        Files.write(f.path(), new byte[] {(byte) 0xC3, (byte) 0x28, '\n'});
        assertThrows(IOException.class, f::entries);
        Files.writeString(f.path(), "", StandardCharsets.UTF_8);
        assertThrows(IOException.class, f::entries);
    }

    @Test
    void deleteRemovesTheFileAndIsQuietWhenThereIsNone() throws IOException {
        LineListFile f = file();
        f.append(List.of("a"));
        f.delete();
        assertFalse(Files.exists(f.path()));
        f.delete();
    }

    @Test
    void anEntryWithALineBreakCannotBeOneLine() {
        assertTrue(LineListFile.isOneLine("a/b c"));
        assertFalse(LineListFile.isOneLine("a\nb"));
        assertFalse(LineListFile.isOneLine("a\rb"));
    }
}
