package org.oxisync.ui.sync;

import java.time.Clock;
import org.oxisync.app.AppContext;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.core.progress.ProgressSnapshot;
import org.oxisync.app.state.PairState;
import org.oxisync.app.service.ServiceOptions;
import org.oxisync.app.service.SyncEvents;
import org.oxisync.app.service.SyncService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The window's controls over client-core's continuous {@link SyncService} (file watching, the server's real-time
 * bus or polling, backoff), with its events relayed 1:1 to the UI's {@link SyncFeed}. {@link #start()} runs on
 * the caller's thread but the service does its own I/O on its own threads... except reading the pair list, so
 * the shell calls it from the background executor.
 */
public final class ServiceBackend implements SyncBackend {
    private static final Logger LOG = LoggerFactory.getLogger(ServiceBackend.class);

    private final SyncService service;

    public ServiceBackend(AppContext ctx, SyncFeed feed, Clock clock) {
        this.service = new SyncService(ctx, new Relay(feed), ServiceOptions.defaults(), clock);
    }

    /** The service itself: the control socket answers the command line through it. */
    public SyncService service() {
        return service;
    }

    @Override
    public void start() {
        service.start();
    }

    @Override
    public void syncNow(String pairOrNull) {
        service.syncNow(pairOrNull);
    }

    @Override
    public void pause(String pairOrNull) {
        service.pause(pairOrNull);
    }

    @Override
    public void resume(String pairOrNull) {
        service.resume(pairOrNull);
    }

    @Override
    public void setBandwidth(long up, long down) {
        try {
            service.setBandwidth(up, down);
        } catch (IllegalStateException e) {
            // AppContext builds its API client without adjustable limits yet; the setting is saved for when it does.
            LOG.info("bandwidth limits not applied: {}", e.getMessage());
        }
    }

    @Override
    public void answerMassDelete(String pair, org.oxisync.app.service.MassDeleteChoice choice) {
        service.answerMassDelete(pair, choice);
    }

    @Override
    public java.util.concurrent.CompletableFuture<org.oxisync.core.undo.UndoRun.Result> undo(String pair,
            org.oxisync.core.undo.RunRecord run) {
        return service.undo(pair, run);
    }

    @Override
    public void pairsChanged() {
        service.pairsChanged();
    }

    @Override
    public void close() {
        service.close();
    }

    static PairPhase phase(PairState s) {
        return switch (s) {
            case IDLE -> PairPhase.IDLE;
            case SCANNING -> PairPhase.SCANNING;
            case SYNCING -> PairPhase.SYNCING;
            case PAUSED -> PairPhase.PAUSED;
            case OFFLINE -> PairPhase.OFFLINE;
            case ERROR -> PairPhase.ERROR;
        };
    }

    /** Service events → the UI's feed. */
    private record Relay(SyncFeed feed) implements SyncEvents {
        @Override
        public void stateChanged(String pair, PairState state, String detail, org.oxisync.core.reason.Reason problem) {
            feed.stateChanged(pair, phase(state), detail, problem);
        }

        @Override
        public void progress(String pair, ProgressSnapshot snapshot) {
            feed.progress(pair, snapshot);
        }

        @Override
        public void itemCompleted(String pair, String description) {
            feed.itemCompleted(pair, description);
        }

        @Override
        public void conflict(String pair, String path, String conflictCopy) {
            feed.conflict(pair, path, conflictCopy);
        }

        @Override
        public void error(String pair, String path, org.oxisync.core.reason.Reason reason) {
            feed.error(pair, path, reason);
        }

        @Override
        public void runFinished(String pair, SyncReport report) {
            feed.runFinished(pair, report);
        }
    }
}
