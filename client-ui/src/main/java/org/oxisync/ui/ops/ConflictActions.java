package org.oxisync.ui.ops;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import org.oxisync.app.ConflictResolution;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;
import org.oxisync.store.status.Conflict;

/**
 * The conflicts view's way to settle a conflict: the CLI's {@link ConflictResolution}, so both do the same (whatever a
 * choice removes is first saved in the version store; the next sync carries the result to the server). Blocking; run
 * it in the background.
 */
public final class ConflictActions {
    private final LocalStore store;
    private final Clock clock;

    public ConflictActions(LocalStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    public static Path original(FolderPair pair, Conflict c) {
        return ConflictResolution.original(pair, c);
    }

    public static Path copy(FolderPair pair, Conflict c) {
        return ConflictResolution.copy(pair, c);
    }

    public void resolve(FolderPair pair, Conflict c, ConflictChoice choice) throws IOException {
        ConflictResolution.resolve(store, clock, pair, c, choice.resolution());
    }
}
