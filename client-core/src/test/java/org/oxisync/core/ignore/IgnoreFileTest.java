package org.oxisync.core.ignore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.store.account.FolderPair;

class IgnoreFileTest {
    @TempDir Path root;

    @Test
    void noFileMeansNoPatternsAndThePairUnchanged() throws Exception {
        assertEquals(List.of(), IgnoreFile.read(root));
        FolderPair p = FolderPair.create("p", root.toString(), "id", "/").withIgnorePatterns(List.of("a"));
        assertEquals(p, IgnoreFile.effective(p));
    }

    @Test
    void windowsLineEndsAndAByteOrderMarkAreRead() throws Exception {
        Files.writeString(root.resolve(".oxisyncignore"), "\uFEFF# c\r\n*.iso\r\nbuild/\r\n");
        List<String> lines = IgnoreFile.read(root);
        assertEquals(List.of("# c", "*.iso", "build/"), lines);
        PathFilter f = IgnoreFile.filter(IgnoreFile.effective(FolderPair.create("p", root.toString(), "id", "/")));
        assertTrue(f.excludes("a/b.iso", false));
        assertTrue(f.excludes("build", true));
        assertTrue(f.excludes(".DS_Store", false), "the defaults still apply");
    }

    @Test
    void theFileComesBeforeThePairsOwnPatterns() throws Exception {
        Files.writeString(root.resolve(".oxisyncignore"), "*.log\n");
        FolderPair p = FolderPair.create("p", root.toString(), "id", "/").withIgnorePatterns(List.of("!keep.log"));
        assertEquals(List.of("*.log", "!keep.log"), IgnoreFile.effective(p).ignorePatterns());
        PathFilter f = IgnoreFile.filter(IgnoreFile.effective(p));
        assertTrue(f.excludes("x.log", false));
        assertTrue(!f.excludes("keep.log", false));
    }

    @Test
    void aBadLineTextThatIsNotUtf8AndAHugeFileAreRefusedWithTheirReason() throws Exception {
        Path file = root.resolve(".oxisyncignore");
        Files.writeString(file, "ok\n[z-a]\n");
        IgnoreFile.Invalid bad = assertThrows(IgnoreFile.Invalid.class, () -> IgnoreFile.read(root));
        assertTrue(bad.getMessage().contains(".oxisyncignore, line 2: '[z-a]'"), bad.getMessage());
        Files.write(file, new byte[] {'a', (byte) 0xff, '\n'});
        assertTrue(assertThrows(IgnoreFile.Invalid.class, () -> IgnoreFile.read(root)).getMessage()
                .contains("is not UTF-8"));
        Files.write(file, new byte[(int) IgnoreFile.MAX_BYTES + 1]);
        assertTrue(assertThrows(IgnoreFile.Invalid.class, () -> IgnoreFile.read(root)).getMessage()
                .contains("larger than"));
    }

    @Test
    void aLinkOrAFolderByThatNameIsNotRead() throws Exception {
        Path folder = Files.createDirectory(root.resolve("folder"));
        Path elsewhere = Files.writeString(root.resolve("rules"), "*\n");
        Files.createSymbolicLink(folder.resolve(".oxisyncignore"), elsewhere);
        assertEquals(List.of(), IgnoreFile.read(folder));
        Files.delete(folder.resolve(".oxisyncignore"));
        Files.createDirectory(folder.resolve(".oxisyncignore"));
        assertEquals(List.of(), IgnoreFile.read(folder));
    }
}
