package org.oxisync.store.io;

import java.nio.file.FileSystemException;
import java.util.Locale;

/**
 * Recognises "the disk is full" in an exception or any of its causes, whatever layer wrapped it: the JDK reports
 * ENOSPC as an {@code IOException} whose message is the OS text ("No space left on device" on Linux and macOS,
 * "There is not enough space on the disk" on Windows), and SQLite as {@code SQLITE_FULL} ("database or disk is
 * full").
 */
public final class DiskFull {
    private static final String[] MARKERS = {
        "no space left on device", "not enough space on the disk", "disk is full", "sqlite_full", "enospc"
    };

    private DiskFull() {}

    /** True when {@code e} or one of its causes says the disk (or the database on it) is full. */
    public static boolean causedBy(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (says(t.getMessage()) || t instanceof FileSystemException f && says(f.getReason())) {
                return true;
            }
        }
        return false;
    }

    private static boolean says(String text) {
        if (text == null) {
            return false;
        }
        String s = text.toLowerCase(Locale.ROOT);
        for (String m : MARKERS) {
            if (s.contains(m)) {
                return true;
            }
        }
        return false;
    }
}
