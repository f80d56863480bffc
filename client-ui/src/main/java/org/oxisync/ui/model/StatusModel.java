package org.oxisync.ui.model;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.core.engine.SyncStatus;
import org.oxisync.core.progress.ItemProgress;
import org.oxisync.core.progress.ItemState;
import org.oxisync.core.progress.ProgressSnapshot;
import org.oxisync.app.state.PairState;
import org.oxisync.app.state.PairStatus;
import org.oxisync.app.state.AccountView;
import org.oxisync.app.state.PairFacts;
import org.oxisync.app.state.PairView;
import org.oxisync.app.state.ServiceFacts;
import org.oxisync.app.state.Shown;
import org.oxisync.store.account.FolderPair;
import org.oxisync.ui.text.Formats;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.sync.PairPhase;

/**
 * The state of every pair and of the whole app, for the status view, the header and the tray. Mutated only on
 * the FX thread (by {@link FeedBridge}); the overall figures are recomputed from the pairs after each change.
 */
public final class StatusModel {
    /** How many finished items the "recent transfers" list keeps. */
    public static final int RECENT_ITEMS = 8;

    private final Clock clock;
    private final ObservableList<PairRow> pairs = FXCollections.observableArrayList();
    private final ObjectProperty<PairPhase> overall = new SimpleObjectProperty<>(PairPhase.IDLE);
    private final StringProperty headline;
    private final StringProperty progressText = new SimpleStringProperty("");
    private final DoubleProperty progress = new SimpleDoubleProperty(0);
    private final BooleanProperty busy = new SimpleBooleanProperty(false);
    private final BooleanProperty paused = new SimpleBooleanProperty(false);
    private final ObservableList<String> recentItems = FXCollections.observableArrayList();
    private final ObservableList<Transfer> transfers = FXCollections.observableArrayList();
    /** Per pair, files reported done in the current run: progress snapshots are throttled and may lag behind. */
    private final java.util.Map<String, java.util.Set<String>> finishedInRun = new java.util.HashMap<>();
    private final IntegerProperty conflictCount = new SimpleIntegerProperty();
    private final IntegerProperty errorCount = new SimpleIntegerProperty();
    /** The store's failing paths by pair name; with each pair's last report, its failing items. */
    private final java.util.Map<String, java.util.Set<String>> storeFailing = new java.util.HashMap<>();
    private final ObjectProperty<AccountView> view = new SimpleObjectProperty<>();
    /** No sign-in (logged out, or the server refused it): nothing syncs until the user signs in again. */
    private final BooleanProperty signedOut = new SimpleBooleanProperty(false);
    /** True when the server refused the saved sign-in (password changed): the window asks to sign in again. */
    private final BooleanProperty signInNeeded = new SimpleBooleanProperty(false);
    /** A short answer to the user's last request ("Sync now" while paused or offline); empty when none. */
    private final StringProperty feedback = new SimpleStringProperty("");

    private final I18n i18n;

    public StatusModel(I18n i18n, Clock clock) {
        this.i18n = i18n;
        this.headline = new SimpleStringProperty(i18n.t("phase.idle"));
        this.clock = clock;
    }

    public Clock clock() {
        return clock;
    }

    private volatile String server;

    /** The account's server address, for messages ("Cannot reach the server at …"). */
    public String server() {
        return server;
    }

    public void setServer(String s) {
        server = s;
    }

    /** Replaces the pair list with the store's, keeping the live state of pairs that are still there. */
    public void setPairs(List<FolderPair> list) {
        List<PairRow> rows = list.stream().map(p -> row(p.name()).map(r -> {
            r.setPair(p);
            return r;
        }).orElseGet(() -> new PairRow(p))).toList();
        pairs.setAll(rows);
        recompute();
    }

    public Optional<PairRow> row(String name) {
        return pairs.stream().filter(r -> r.name().equals(name)).findFirst();
    }

    public void stateChanged(String pair, PairPhase state, String detail) {
        stateChanged(pair, state, detail, null);
    }

    /** {@code problem}: the kind of the state's problem (offline, error), null when it is none. */
    public void stateChanged(String pair, PairPhase state, String detail, org.oxisync.core.reason.Reason problem) {
        if (state == PairPhase.ERROR && org.oxisync.ui.text.ReasonText.needsSignIn(problem)) {
            signInNeeded.set(true);
        }
        if (state.busy()) {
            feedback.set("");
        }
        row(pair).ifPresent(r -> {
            r.phaseProperty().set(state);
            r.problemProperty().set(problem); // first: views redraw when the detail changes
            r.detailProperty().set(detail == null ? "" : detail);
            if (!state.busy()) {
                r.progressProperty().set(null);
                finishedInRun.remove(pair);
            }
        });
        recompute();
    }

    public void progress(String pair, ProgressSnapshot s) {
        row(pair).ifPresent(r -> {
            r.progressProperty().set(s);
            if (r.phaseProperty().get() == PairPhase.SCANNING) {
                r.phaseProperty().set(PairPhase.SYNCING);
            }
        });
        recompute();
    }

    public void itemCompleted(String pair, String description) {
        org.oxisync.ui.text.Describe.transferredPath(description).ifPresent(p -> {
            finishedInRun.computeIfAbsent(pair, k -> new java.util.HashSet<>()).add(p);
            recompute();
        });
        org.oxisync.ui.text.Describe.done(i18n, description).ifPresent(d -> addRecent(d, Instant.now(clock)));
    }

    /** "10:42 · Downloaded x.txt · new, 9 B": a finished change with the time it finished, newest first. */
    public void addRecent(String doneSentence, Instant when) {
        recentItems.add(0, i18n.t("status.recent.item", "time", Formats.time(i18n, when, clock.getZone()), "text", doneSentence));
        if (recentItems.size() > RECENT_ITEMS) {
            recentItems.remove(RECENT_ITEMS, recentItems.size());
        }
    }

    /** At start: the newest changes of earlier sessions (from the activity log, oldest first), if none yet. */
    public void seedRecent(List<java.util.Map.Entry<Instant, String>> oldestFirst) {
        if (!recentItems.isEmpty()) {
            return;
        }
        oldestFirst.forEach(e -> addRecent(e.getValue(), e.getKey()));
    }


    public void runFinished(String pair, SyncReport report) {
        row(pair).ifPresent(r -> {
            r.lastReportProperty().set(report);
            r.lastRunProperty().set(Instant.now(clock));
            r.progressProperty().set(null);
            finishedInRun.remove(pair);
            if (report.status() == SyncStatus.FAILED || report.status() == SyncStatus.STOPPED) {
                r.phaseProperty().set(PairPhase.ERROR);
                r.detailProperty().set(report.message());
            }
        });
        recompute();
    }

    public void setPaused(boolean v) {
        paused.set(v);
        recompute();
    }

    /** Logged out (true) or signed in again (false). */
    public void setSignedOut(boolean v) {
        signedOut.set(v);
        if (!v) {
            signInNeeded.set(false);
        }
        recompute();
    }

    /** The answer to "Sync now", shown under the headline until the next run starts. */
    public void setFeedback(String text) {
        feedback.set(text == null ? "" : text);
    }

    /** The number of unresolved conflicts (the Conflicts badge and the headline's "to review"). */
    public void setConflicts(int conflicts) {
        conflictCount.set(conflicts);
        recompute();
    }

    /** The paths the store lists as failing, by pair name (read with the Errors list after each run). */
    public void setFailing(java.util.Map<String, java.util.Set<String>> byPair) {
        storeFailing.clear();
        byPair.forEach((k, v) -> storeFailing.put(k, java.util.Set.copyOf(v)));
        recompute();
    }

    /** What the account and each pair are shown as now: the one derivation every surface shows. */
    public ObjectProperty<AccountView> viewProperty() {
        return view;
    }

    /**
     * Derives the account's and every pair's state in one place ({@link org.oxisync.app.state.StateDerivation}) and
     * sets every surface from it: the pair rows' views (cards), the overall phase (dot, tray), the headline, the
     * progress and the Errors badge (the pairs that cannot sync and the failing items).
     */
    void recompute() {
        List<PairFacts> facts = new java.util.ArrayList<>();
        List<Transfer> current = new java.util.ArrayList<>();
        double rate = 0;
        for (PairRow r : pairs) {
            PairPhase p = r.phaseProperty().get();
            ProgressSnapshot s = r.progressProperty().get();
            facts.add(ServiceFacts.facts(new PairStatus(r.name(), PairState.valueOf(p.name()),
                    r.detailProperty().get(), s, r.lastReportProperty().get(), r.lastRunProperty().get(),
                    r.problemProperty().get()), storeFailing.getOrDefault(r.name(), java.util.Set.of())));
            if (s != null && p.busy()) {
                rate += s.bytesPerSecond();
                java.util.Set<String> finished = finishedInRun.getOrDefault(r.name(), java.util.Set.of());
                for (ItemProgress i : s.active()) {
                    if (current.size() < ProgressSnapshot.MAX_ACTIVE && i.state() == ItemState.ACTIVE
                            && !finished.contains(i.label())) {
                        current.add(new Transfer(r.name(), i.id(), i.label(), i.bytesDone(), i.bytesTotal(),
                                i.fraction()));
                    }
                }
            }
        }
        AccountView v = AccountView.of(facts, !(signedOut.get() || signInNeeded.get()), paused.get());
        for (PairRow r : pairs) {
            r.viewProperty().set(v.pairs().get(r.name()));
        }
        view.set(v);
        PairView a = v.account();
        overall.set(PairPhase.of(a.shown(), signInNeeded.get()));
        busy.set(a.shown().busy());
        int problems = (int) v.pairs().values().stream().filter(StatusModel::pairProblem).count();
        errorCount.set(problems + a.failing());
        if (!current.equals(transfers)) {
            transfers.setAll(current);
        }
        StatusHeadline.Text t = StatusHeadline.of(i18n, a, signInNeeded.get(), conflictCount.get(), rate);
        headline.set(t.headline());
        progress.set(t.progress());
        progressText.set(t.progressText());
    }

    /** A pair that cannot sync at all: listed in Errors as one row of the whole pair. */
    static boolean pairProblem(PairView v) {
        return v != null && (v.shown() == Shown.PROBLEM || v.shown() == Shown.SIGNED_OUT && v.problem() != null);
    }

    public ObservableList<PairRow> pairs() {
        return pairs;
    }

    public ObjectProperty<PairPhase> overallProperty() {
        return overall;
    }

    public StringProperty headlineProperty() {
        return headline;
    }

    public StringProperty progressTextProperty() {
        return progressText;
    }

    public DoubleProperty progressProperty() {
        return progress;
    }

    public BooleanProperty busyProperty() {
        return busy;
    }

    public BooleanProperty pausedProperty() {
        return paused;
    }

    public ObservableList<String> recentItems() {
        return recentItems;
    }

    /** The transfers moving bytes right now (all pairs, oldest first, at most {@link ProgressSnapshot#MAX_ACTIVE}). */
    public ObservableList<Transfer> transfers() {
        return transfers;
    }

    /** One current transfer: {@code label} is the path relative to the pair's folder. */
    public record Transfer(String pair, int id, String label, long bytesDone, long bytesTotal, double fraction) {}

    public BooleanProperty signedOutProperty() {
        return signedOut;
    }

    public BooleanProperty signInNeededProperty() {
        return signInNeeded;
    }

    public StringProperty feedbackProperty() {
        return feedback;
    }

    public IntegerProperty conflictCountProperty() {
        return conflictCount;
    }

    public IntegerProperty errorCountProperty() {
        return errorCount;
    }
}
