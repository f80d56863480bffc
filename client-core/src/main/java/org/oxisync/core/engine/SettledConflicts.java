package org.oxisync.core.engine;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;
import org.oxisync.store.status.Conflict;

/**
 * Conflicts the user settled by deleting the conflicted copy by hand: the server's version (at the original path)
 * won, so the conflict is marked resolved. Every run does this before it syncs (and {@code oxisync conflicts
 * resolve} before it looks for the conflict), so that the desktop app's "Keep mine" and "Open mine" never point at
 * a file that is gone. A missing pair folder (an unmounted disk) settles nothing: there every copy would look gone.
 */
public final class SettledConflicts {
    private SettledConflicts() {}

    /** Marks as resolved the open conflicts of {@code pair} whose conflicted copy is gone; returns them. */
    public static List<Conflict> clear(LocalStore store, FolderPair pair) {
        Path root = Path.of(pair.localRoot());
        if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        List<Conflict> gone = store.conflicts().unresolved(pair.id()).stream()
                .filter(c -> copyGone(root, c)).toList();
        for (Conflict c : gone) {
            store.conflicts().resolve(c.id());
            store.activity().append(pair.id(), "conflict", c.path(), "resolved: conflicted copy deleted",
                    org.oxisync.core.reason.ActivityCode.RESOLVED_COPY_DELETED.stored(), java.util.Map.of());
        }
        return gone;
    }

    /** Whether the conflicted copy of {@code c} is no longer in the folder {@code root}. */
    public static boolean copyGone(Path root, Conflict c) {
        return !Files.exists(root.resolve(c.conflictCopyPath()), LinkOption.NOFOLLOW_LINKS);
    }
}
