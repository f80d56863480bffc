package org.oxisync.ui.ops;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;
import org.oxisync.store.versions.VersionInfo;

/**
 * Restores an earlier version over the file at its path. The file's current content is saved as a version first
 *, so a restore can itself be undone. Blocking; run it in the background.
 */
public final class VersionActions {
    private final LocalStore store;
    private final Clock clock;

    public VersionActions(LocalStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    public Path restore(FolderPair pair, VersionInfo version) {
        Path target = Path.of(pair.localRoot()).resolve(version.path());
        if (Files.isRegularFile(target)) {
            store.versions().saveVersion(pair.id(), version.path(), target, clock.instant());
        }
        store.versions().restore(version.id(), target);
        store.activity().append(pair.id(), "restore", version.path(), "restored the version of "
                + version.time(), org.oxisync.core.reason.ActivityCode.RESTORED.stored(),
                org.oxisync.core.reason.ActivityCode.args("time", version.time()));
        return target;
    }
}
