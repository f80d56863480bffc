package org.oxisync.store.db;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import org.oxisync.store.io.DurableFiles;
import org.oxisync.store.io.OwnerOnly;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.sqlite.SQLiteJDBCLoader;
import org.sqlite.util.LibraryLoaderUtil;

/**
 * Points sqlite-jdbc at a kept copy of its native library ({@code org.sqlite.lib.path} and {@code
 * org.sqlite.lib.name}, the driver's documented way to load a library from a folder) instead of letting it extract
 * the library to a fresh temp file and compare it byte by byte at every start: in a no-change {@code sync-once} that
 * was about a fifth of the main thread's time before the sync began.
 *
 * <p>The copy is made once per driver version and platform, in a folder of the application's own data (never a
 * shared temp folder another user could write to), written to a temp name, checked for its size and renamed into
 * place, so an existing copy is a whole one. When anything
 * goes wrong, or when the user has set the properties already, nothing is set and the driver loads its library as
 * it always does. Call it from a composition root, before the first connection: it sets two system properties.
 */
public final class SqliteNativeLibrary {
    private static final Logger LOG = LoggerFactory.getLogger(SqliteNativeLibrary.class);
    static final String PATH_PROPERTY = "org.sqlite.lib.path";
    static final String NAME_PROPERTY = "org.sqlite.lib.name";
    /** Where the driver extracts its library when it does so itself (by default the shared temp folder). */
    static final String TMPDIR_PROPERTY = "org.sqlite.tmpdir";

    private SqliteNativeLibrary() {}

    /** Keeps the library for this platform under {@code folder} and tells the driver to load it from there. */
    public static void useCopyIn(Path folder) {
        if (System.getProperty(PATH_PROPERTY) != null || System.getProperty(NAME_PROPERTY) != null) {
            return; // the user's choice
        }
        try {
            // should the copy fail, the driver's own extraction goes to an owner-only folder too, never /tmp
            if (System.getProperty(TMPDIR_PROPERTY) == null) {
                Path tmp = OwnerOnly.createDirectories(folder.resolve("extracted"));
                System.setProperty(TMPDIR_PROPERTY, tmp.toString());
            }
        } catch (IOException | RuntimeException e) {
            LOG.debug("no owner-only folder for the driver's own extraction ({})", e.toString());
        }
        try {
            String name = LibraryLoaderUtil.getNativeLibName();
            // keyed without the driver's platform probe (a fifth of this call's time): a copy of another platform's
            // library (a home moved between machines) fails to load, and the driver then extracts its own
            Path dir = folder.resolve("sqlite-" + SQLiteJDBCLoader.getVersion() + "-"
                    + System.getProperty("os.name", "os").replaceAll("[^A-Za-z0-9]", "") + "-"
                    + System.getProperty("os.arch", "arch").replaceAll("[^A-Za-z0-9_]", ""));
            Path lib = dir.resolve(name);
            OwnerOnly.createDirectories(dir);
            java.nio.file.attribute.UserPrincipal me = OwnerOnly.currentUser();
            if (!OwnerOnly.ownedAndUnshared(folder, me) || !OwnerOnly.ownedAndUnshared(dir, me)) {
                throw new IOException(dir + " is not this user's alone; loading no library from it");
            }
            if (Files.exists(lib, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                    && (!Files.isRegularFile(lib, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                    || !OwnerOnly.ownedAndUnshared(lib, me))) {
                // a library someone else could have written runs as this user: never loaded, made again
                LOG.warn("replacing {}: it is not this user's own file (or others may write to it)", lib);
                Files.delete(lib);
            }
            if (!Files.isRegularFile(lib, java.nio.file.LinkOption.NOFOLLOW_LINKS)) { // only ever made whole (temp file, size check, rename)
                URL url = SQLiteJDBCLoader.class.getResource(
                        LibraryLoaderUtil.getNativeLibResourcePath() + "/" + name);
                if (url == null) {
                    return; // no bundled library for this platform: the driver searches java.library.path itself
                }
                URLConnection connection = url.openConnection();
                long size = connection.getContentLengthLong();
                if (size <= 0) {
                    return;
                }
                Path tmp = Files.createTempFile(dir, name, ".tmp"); // 0600
                try {
                    try (InputStream in = connection.getInputStream();
                         java.io.OutputStream out = java.nio.channels.Channels.newOutputStream(OwnerOnly.open(tmp,
                                 java.nio.file.StandardOpenOption.WRITE,
                                 java.nio.file.StandardOpenOption.TRUNCATE_EXISTING))) {
                        in.transferTo(out); // into the 0600 temp file itself, never a new file of the umask's mode
                    }
                    if (Files.size(tmp) != size) {
                        throw new IOException("copied " + Files.size(tmp) + " of " + size + " bytes");
                    }
                    DurableFiles.moveIntoPlace(tmp, lib); // a unique temp name: two starts may copy at once
                } finally {
                    Files.deleteIfExists(tmp);
                }
            }
            System.setProperty(PATH_PROPERTY, dir.toString());
            System.setProperty(NAME_PROPERTY, name);
        } catch (IOException | RuntimeException e) {
            LOG.debug("keeping no copy of SQLite's native library ({}); the driver extracts it", e.toString());
        }
    }
}
