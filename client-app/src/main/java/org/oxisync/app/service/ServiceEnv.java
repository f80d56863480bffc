package org.oxisync.app.service;

import java.time.Clock;
import org.oxisync.core.engine.SyncEngine;
import org.oxisync.core.engine.SyncListener;
import org.oxisync.core.engine.SyncOptions;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.store.LocalStore;

/** What a {@link PairWorker} needs from its service (package-private seam). */
interface ServiceEnv {
    Clock clock();

    ServiceOptions options();

    TaskScheduler scheduler();

    SyncEvents events();

    OxiCloudApi api();

    LocalStore store();

    SyncEngine engine(SyncListener listener);

    SyncOptions syncOptions();

    boolean globallyPaused();

    boolean busConnected();

    LocalWatch localWatch();

    /** A run of {@code worker} ended (the bus subscriptions follow the pair's remote folders). */
    void runEnded(PairWorker worker);

    /** Some pair's status changed (the daemon's status file is rewritten). */
    void statusChanged();
}
