package org.oxisync.ui.ops;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;
import org.oxisync.store.status.Conflict;

/**
 * Settles a conflict with plain file operations and the store's conflicts table; the next sync carries the
 * result to the server. After a conflict the original path holds the server's version and the conflicted copy
 * holds the local one (see the engine's {@code PlanExecutor}). Whatever a choice removes is first saved in the
 * version store, so nothing is lost. Blocking; run it in the background.
 */
public final class ConflictActions {
    private final LocalStore store;
    private final Clock clock;

    public ConflictActions(LocalStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    public static Path original(FolderPair pair, Conflict c) {
        return Path.of(pair.localRoot()).resolve(c.path());
    }

    public static Path copy(FolderPair pair, Conflict c) {
        return Path.of(pair.localRoot()).resolve(c.conflictCopyPath());
    }

    public void resolve(FolderPair pair, Conflict c, ConflictChoice choice) throws IOException {
        Path original = original(pair, c);
        Path copy = copy(pair, c);
        switch (choice) {
            case KEEP_LOCAL -> {
                if (!Files.isRegularFile(copy)) {
                    throw new IOException("the conflicted copy " + copy.getFileName() + " is gone; nothing to keep");
                }
                keepVersion(pair, c.path(), original);
                move(copy, original);
            }
            case KEEP_REMOTE -> {
                keepVersion(pair, c.conflictCopyPath(), copy);
                Files.deleteIfExists(copy);
            }
            case KEEP_BOTH -> {
                // nothing to move: both files stay
            }
        }
        store.conflicts().resolve(c.id());
        store.activity().append(pair.id(), "conflict", c.path(), "resolved: " + choice.logName().toLowerCase(),
                org.oxisync.core.reason.ActivityCode.RESOLVED.stored(),
                org.oxisync.core.reason.ActivityCode.args("choice", choice.name()));
    }

    private void keepVersion(FolderPair pair, String relative, Path file) {
        if (Files.isRegularFile(file)) {
            store.versions().saveVersion(pair.id(), relative, file, clock.instant());
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
