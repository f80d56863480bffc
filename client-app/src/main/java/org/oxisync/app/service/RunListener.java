package org.oxisync.app.service;

import java.util.function.Consumer;
import java.util.function.Supplier;
import org.oxisync.core.engine.SyncListener;
import org.oxisync.core.progress.ProgressSnapshot;
import org.oxisync.core.reason.Reason;
import org.oxisync.core.reason.ReasonCode;

/** Maps one pair's engine callbacks to {@link SyncEvents}, its phases to the pair's state, and throttles progress. */
final class RunListener implements SyncListener {
    private final SyncEvents events;
    private final Supplier<String> pairName;
    private final ProgressThrottle progress;
    private final Consumer<String> phases;

    /** {@code phases} hears each phase name the engine reports ("scanning", "syncing", ...). */
    RunListener(SyncEvents events, Supplier<String> pairName, ProgressThrottle progress, Consumer<String> phases) {
        this.events = events;
        this.pairName = pairName;
        this.progress = progress;
        this.phases = phases;
    }

    @Override
    public void phase(String name, String phase) {
        phases.accept(phase);
    }

    @Override
    public void progress(String name, ProgressSnapshot snapshot) {
        progress.offer(snapshot);
    }

    @Override
    public void itemDone(String name, String description, String error) {
        if (error == null) {
            events.itemCompleted(pairName.get(), description);
        } else {
            events.error(pairName.get(), description, Reason.of(ReasonCode.UNEXPECTED, error));
        }
    }

    @Override
    public void itemFailed(String name, String description, Reason why) {
        events.error(pairName.get(), description, why);
    }

    @Override
    public void conflict(String name, String path, String conflictCopy) {
        events.conflict(pairName.get(), path, conflictCopy);
    }
}
