package org.oxisync.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.oxisync.core.engine.SettledConflicts;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;
import org.oxisync.store.io.DurableFiles;
import org.oxisync.store.status.Conflict;

/**
 * Settling a conflict, for {@code oxisync conflicts resolve} and the desktop app's conflicts view (both do the same):
 * plain file operations and the store's conflicts table; the next sync carries the result to the
 * server. After a conflict the original path holds the server's version and the conflicted copy the local one
 * (the engine's {@code PlanExecutor}). Whatever a choice removes is first kept in the version store.
 */
public final class ConflictResolution {
    private ConflictResolution() {}

    /** The three ways to settle a conflict. */
    public enum Choice {
        /** Your version (the conflicted copy) replaces the server's version, which is kept in Versions. */
        MINE("keep mine"),
        /** The conflicted copy is removed (kept in Versions); the server's version stays. */
        THEIRS("keep theirs"),
        /** Both files stay side by side; the conflict is only marked as handled. */
        BOTH("keep both");

        private final String words;

        Choice(String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }
    }

    public static Path original(FolderPair pair, Conflict c) {
        return Path.of(pair.localRoot()).resolve(c.path());
    }

    public static Path copy(FolderPair pair, Conflict c) {
        return Path.of(pair.localRoot()).resolve(c.conflictCopyPath());
    }

    /** True when the user deleted the conflicted copy by hand: the conflict is settled (the server's version won). */
    public static boolean copyGone(FolderPair pair, Conflict c) {
        return Files.isDirectory(Path.of(pair.localRoot())) && SettledConflicts.copyGone(Path.of(pair.localRoot()), c);
    }

    public static void resolve(LocalStore store, Clock clock, FolderPair pair, Conflict c, Choice choice) throws IOException {
        Path original = original(pair, c);
        Path copy = copy(pair, c);
        switch (choice) {
            case MINE -> {
                if (!Files.isRegularFile(copy)) {
                    throw new IOException("the conflicted copy " + c.conflictCopyPath() + " is gone; nothing to keep");
                }
                keepVersion(store, clock, pair, c.path(), original);
                DurableFiles.moveIntoPlace(copy, original);
            }
            case THEIRS -> {
                keepVersion(store, clock, pair, c.conflictCopyPath(), copy);
                Files.deleteIfExists(copy);
            }
            case BOTH -> {
                // both files stay
            }
        }
        store.conflicts().resolve(c.id());
        store.activity().append(pair.id(), "conflict", c.path(), "resolved: " + choice.words(),
                org.oxisync.core.reason.ActivityCode.RESOLVED.stored(), org.oxisync.core.reason.ActivityCode.args("choice", choice.name()));
    }

    /** Marks as resolved every open conflict of {@code pair} whose conflicted copy the user deleted (as every run does). */
    public static List<Conflict> clearDeletedCopies(LocalStore store, FolderPair pair) {
        return SettledConflicts.clear(store, pair);
    }

    private static void keepVersion(LocalStore store, Clock clock, FolderPair pair, String relative, Path file) {
        if (Files.isRegularFile(file)) {
            store.versions().saveVersion(pair.id(), relative, file, clock.instant());
        }
    }
}
