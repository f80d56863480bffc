package org.oxisync.core.engine;

import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

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
        if (e instanceof FileSystemException f && f.getReason() != null
                && f.getReason().toLowerCase(java.util.Locale.ROOT).contains("no space")) {
            return "the disk is full: " + f.getFile();
        }
        String m = e.getMessage();
        if (m == null || m.isBlank()) {
            return e.getClass().getSimpleName();
        }
        return m;
    }
}
