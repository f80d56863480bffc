package org.oxisync.store.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteJDBCLoader;
import org.sqlite.util.LibraryLoaderUtil;

class SqliteNativeLibraryTest {
    @TempDir
    Path tmp;

    @BeforeEach
    @AfterEach
    void clearProperties() { // the driver's settings are JVM-wide: another test (StoreViewTest) may have set them
        System.clearProperty(SqliteNativeLibrary.PATH_PROPERTY);
        System.clearProperty(SqliteNativeLibrary.NAME_PROPERTY);
        System.clearProperty(SqliteNativeLibrary.TMPDIR_PROPERTY);
    }

    private static long bundledSize() throws Exception {
        String name = LibraryLoaderUtil.getNativeLibName();
        return SQLiteJDBCLoader.class.getResource(LibraryLoaderUtil.getNativeLibResourcePath() + "/" + name)
                .openConnection().getContentLengthLong();
    }

    @Test
    void keepsOneWholeCopyOfTheBundledLibraryAndPointsTheDriverAtIt() throws Exception {
        SqliteNativeLibrary.useCopyIn(tmp);
        Path dir = Path.of(System.getProperty(SqliteNativeLibrary.PATH_PROPERTY));
        Path lib = dir.resolve(System.getProperty(SqliteNativeLibrary.NAME_PROPERTY));
        assertTrue(dir.startsWith(tmp), dir.toString());
        assertEquals(bundledSize(), Files.size(lib));
        long mtime = Files.getLastModifiedTime(lib).toMillis();

        clearProperties();
        SqliteNativeLibrary.useCopyIn(tmp); // a later start: the copy is reused, not written again
        assertEquals(lib, Path.of(System.getProperty(SqliteNativeLibrary.PATH_PROPERTY))
                .resolve(System.getProperty(SqliteNativeLibrary.NAME_PROPERTY)));
        assertEquals(mtime, Files.getLastModifiedTime(lib).toMillis());
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(List.of(lib), s.toList(), "no temp files left beside the copy");
        }
    }

    @Test
    void copyInterruptedBeforeItsRenameIsMadeAgain() throws Exception {
        SqliteNativeLibrary.useCopyIn(tmp);
        Path dir = Path.of(System.getProperty(SqliteNativeLibrary.PATH_PROPERTY));
        Path lib = dir.resolve(System.getProperty(SqliteNativeLibrary.NAME_PROPERTY));
        Files.delete(lib);
        Files.write(dir.resolve(lib.getFileName() + "123.tmp"), new byte[10]); // what a killed copy leaves
        clearProperties();
        SqliteNativeLibrary.useCopyIn(tmp);
        assertEquals(bundledSize(), Files.size(lib));
    }

    @Test
    void theUsersOwnSettingIsLeftAlone() throws Exception {
        System.setProperty(SqliteNativeLibrary.PATH_PROPERTY, "/opt/sqlite");
        SqliteNativeLibrary.useCopyIn(tmp);
        assertEquals("/opt/sqlite", System.getProperty(SqliteNativeLibrary.PATH_PROPERTY));
        assertNull(System.getProperty(SqliteNativeLibrary.NAME_PROPERTY));
        try (Stream<Path> s = Files.list(tmp)) {
            assertEquals(0, s.count(), "no copy made");
        }
    }

    @Test
    void aLibraryOthersCouldHaveWrittenIsNeverLoadedButMadeAgain() throws Exception {
        SqliteNativeLibrary.useCopyIn(tmp);
        Path dir = Path.of(System.getProperty(SqliteNativeLibrary.PATH_PROPERTY));
        Path lib = dir.resolve(System.getProperty(SqliteNativeLibrary.NAME_PROPERTY));
        Files.write(lib, new byte[] {1, 2, 3}); // planted through a folder the client once left writable
        Files.setPosixFilePermissions(lib, java.nio.file.attribute.PosixFilePermissions.fromString("rw-rw-rw-"));
        Files.setPosixFilePermissions(dir, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        clearProperties();
        SqliteNativeLibrary.useCopyIn(tmp);
        assertEquals(bundledSize(), Files.size(lib));
        assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(
                Files.getPosixFilePermissions(lib)));
    }

    @Test
    void theCopyAndTheDriversOwnExtractionFolderAreOwnerOnly() throws Exception {
        SqliteNativeLibrary.useCopyIn(tmp.resolve("native"));
        Path dir = Path.of(System.getProperty(SqliteNativeLibrary.PATH_PROPERTY));
        Path extracted = Path.of(System.getProperty(SqliteNativeLibrary.TMPDIR_PROPERTY));
        assertTrue(extracted.startsWith(tmp), extracted + " is not a shared temp folder");
        for (Path p : List.of(tmp.resolve("native"), dir, extracted)) {
            assertEquals("rwx------", java.nio.file.attribute.PosixFilePermissions.toString(
                    Files.getPosixFilePermissions(p)), p.toString());
        }
        assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(
                dir.resolve(System.getProperty(SqliteNativeLibrary.NAME_PROPERTY)))));
    }
}
