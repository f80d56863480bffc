package org.oxisync.store;

import java.nio.file.Path;
import java.time.Instant;
import org.oxisync.store.account.FolderPair;
import org.oxisync.testing.ManualClock;

/** Opens a LocalStore in a temp folder with a test clock and one folder pair. */
public final class StoreFixture implements AutoCloseable {
    public final ManualClock clock;
    public final LocalStore store;
    public final long pairId;
    public final Path localRoot;

    public StoreFixture(Path dir) {
        this(dir, StoreOptions.DEFAULT);
    }

    public StoreFixture(Path dir, StoreOptions options) {
        this.clock = new ManualClock(Instant.now());
        this.store = LocalStore.open(dir.resolve("data"), "acct-1", clock, options);
        this.localRoot = dir.resolve("sync");
        this.pairId = store.accounts().pairByName("docs").map(FolderPair::id).orElseGet(() ->
                store.accounts().savePair(FolderPair.create("docs", localRoot.toString(), "folder-1", "/Docs")).id());
    }

    @Override
    public void close() {
        store.close();
    }
}
