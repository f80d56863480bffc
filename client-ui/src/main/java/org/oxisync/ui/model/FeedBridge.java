package org.oxisync.ui.model;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import javafx.application.Platform;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.core.engine.SyncStatus;
import org.oxisync.core.plan.MassDeleteGuard;
import org.oxisync.core.progress.ProgressSnapshot;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.sync.PairPhase;
import org.oxisync.ui.sync.SyncFeed;

/**
 * Carries sync events from the sync threads to the FX thread, throttled: events queue up and one
 * {@code Platform.runLater} drains them all; progress keeps only the newest snapshot per pair, so a burst of
 * thousands of updates costs one repaint. Conflicts and errors are also handed to {@code notices}.
 */
public final class FeedBridge implements SyncFeed {
    private final StatusModel status;
    private final Consumer<Notice> notices;
    private final Runnable afterRun;
    private final java.util.function.BiConsumer<String, MassDeleteGuard.Verdict> massDeleteStops;
    private final ConcurrentLinkedQueue<Runnable> queue = new ConcurrentLinkedQueue<>();
    private final Map<String, ProgressSnapshot> latest = new ConcurrentHashMap<>();
    private final AtomicBoolean scheduled = new AtomicBoolean();

    private final I18n i18n;

    /**
     * @param afterRun runs on the FX thread after a run finished (refreshes lists read from the store)
     * @param massDeleteStops told on the FX thread, with the pair and the counts, when the mass-delete guard stopped
     *                        a run (the app asks the user)
     */
    public FeedBridge(I18n i18n, StatusModel status, Consumer<Notice> notices, Runnable afterRun,
                      java.util.function.BiConsumer<String, MassDeleteGuard.Verdict> massDeleteStops) {
        this.i18n = i18n;
        this.status = status;
        this.notices = notices;
        this.afterRun = afterRun;
        this.massDeleteStops = massDeleteStops;
    }

    @Override
    public void stateChanged(String pair, PairPhase state, String detail, org.oxisync.core.reason.Reason problem) {
        post(() -> status.stateChanged(pair, state, detail, problem));
    }

    @Override
    public void progress(String pair, ProgressSnapshot snapshot) {
        latest.put(pair, snapshot);
        schedule();
    }

    @Override
    public void itemCompleted(String pair, String description) {
        post(() -> status.itemCompleted(pair, description));
    }

    @Override
    public void conflict(String pair, String path, String copy) {
        post(() -> notices.accept(new Notice(Notice.Kind.CONFLICT, pair, path,
                i18n.t("notify.conflict.text", "file", path, "copy", copy))));
    }

    @Override
    public void error(String pair, String path, org.oxisync.core.reason.Reason reason) {
        post(() -> notices.accept(new Notice(Notice.Kind.ERROR, pair, path, reason)));
    }

    @Override
    public void runFinished(String pair, SyncReport report) {
        latest.remove(pair);
        post(() -> {
            status.runFinished(pair, report);
            afterRun.run();
            if (report.status() == SyncStatus.STOPPED) {
                MassDeleteGuard.Verdict.fromReason(report.problem()).ifPresent(v -> massDeleteStops.accept(pair, v));
            }
        });
    }

    private void post(Runnable r) {
        queue.add(r);
        schedule();
    }

    private void schedule() {
        if (scheduled.compareAndSet(false, true)) {
            Platform.runLater(this::drain);
        }
    }

    private void drain() {
        scheduled.set(false);
        for (var e : latest.entrySet()) {
            if (latest.remove(e.getKey(), e.getValue())) {
                status.progress(e.getKey(), e.getValue());
            }
        }
        Runnable r;
        while ((r = queue.poll()) != null) {
            r.run();
        }
    }

    /** A conflict or error worth telling the user about. */
    /** {@code reason}: an error's kind and sentence (null for a conflict, whose {@code message} is translated). */
    public record Notice(Kind kind, String pair, String path, String message, org.oxisync.core.reason.Reason reason) {
        public Notice(Kind kind, String pair, String path, String message) {
            this(kind, pair, path, message, null);
        }

        public Notice(Kind kind, String pair, String path, org.oxisync.core.reason.Reason reason) {
            this(kind, pair, path, reason.detail(), reason);
        }

        public enum Kind { CONFLICT, ERROR }
    }
}
