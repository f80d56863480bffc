package org.oxisync.core.engine;

import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import org.oxisync.store.io.DiskFull;

/** Turns exceptions into one line a user can act on (no stack traces, no secrets: messages are ours). */
final class Failures {
    private Failures() {}

    static String describe(Throwable e) {
        if (e instanceof AccessDeniedException a) {
            return "permission denied: " + a.getFile();
        }
        if (e instanceof NoSuchFileException n) {
            return "no longer exists: " + n.getFile();
        }
        if (DiskFull.causedBy(e)) {
            return diskFull(e);
        }
        String m = e.getMessage();
        if (m == null || m.isBlank()) {
            return e.getClass().getSimpleName();
        }
        return m;
    }

    /**
     * "disk full: " and what could not be written (the item is the error's path): the outermost message, which names
     * the write, or the file the OS named. The messages that already start so are kept as they are.
     */
    private static String diskFull(Throwable e) {
        String m = e.getMessage();
        if (e instanceof FileSystemException f && f.getFile() != null) {
            m = "cannot write " + f.getFile() + (f.getReason() == null ? "" : ": " + f.getReason());
        }
        if (m == null || m.isBlank()) {
            m = "no space left on the device";
        }
        return m.startsWith("disk full") ? m : "disk full: " + m;
    }
}
