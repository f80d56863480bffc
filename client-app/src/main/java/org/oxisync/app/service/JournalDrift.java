package org.oxisync.app.service;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Optional;
import org.oxisync.store.LocalStore;
import org.oxisync.store.journal.JournalEntry;

/**
 * Whether a local path that changed during a run still differs from what the journal recorded: the engine's own
 * writes match the journal once the run has recorded them, a user's write does not.
 */
final class JournalDrift {
    private JournalDrift() {}

    static boolean differs(LocalStore store, long pairId, Path root, String relative) {
        Optional<JournalEntry> j;
        try {
            j = store.journal().get(pairId, relative);
        } catch (RuntimeException e) {
            return true;
        }
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(root.resolve(relative), BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (java.io.IOException e) {
            return j.isPresent(); // gone locally: fine if the engine forgot it too
        }
        if (j.isEmpty()) {
            return true;
        }
        if (a.isDirectory()) {
            return false;
        }
        JournalEntry e = j.get();
        return e.size() != a.size() || e.mtime() == null
                || e.mtime().toEpochMilli() != a.lastModifiedTime().toMillis();
    }
}
