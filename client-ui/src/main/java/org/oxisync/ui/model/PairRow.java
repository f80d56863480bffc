package org.oxisync.ui.model;

import java.time.Instant;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.core.progress.ProgressSnapshot;
import org.oxisync.store.account.FolderPair;
import org.oxisync.ui.sync.PairPhase;

/** One folder pair as the status view shows it. FX thread only. */
public final class PairRow {
    private final ObjectProperty<FolderPair> pair = new SimpleObjectProperty<>();
    private final ReadOnlyStringWrapper name = new ReadOnlyStringWrapper();
    private final ObjectProperty<PairPhase> phase = new SimpleObjectProperty<>(PairPhase.IDLE);
    private final StringProperty detail = new SimpleStringProperty("");
    private final ObjectProperty<org.oxisync.core.reason.Reason> problem = new SimpleObjectProperty<>();
    private final ObjectProperty<Instant> lastRun = new SimpleObjectProperty<>();
    private final ObjectProperty<SyncReport> lastReport = new SimpleObjectProperty<>();
    private final ObjectProperty<ProgressSnapshot> progress = new SimpleObjectProperty<>();
    /** What the pair is shown as: {@link StatusModel}'s one derivation over the fields above and the account's. */
    private final ObjectProperty<org.oxisync.app.state.PairView> view = new SimpleObjectProperty<>(
            new org.oxisync.app.state.PairView(org.oxisync.app.state.Shown.UP_TO_DATE, null, 0, 0, 0, 0, 0, 0));

    public PairRow(FolderPair p) {
        setPair(p);
    }

    public void setPair(FolderPair p) {
        pair.set(p);
        name.set(p.name());
    }

    public FolderPair pair() {
        return pair.get();
    }

    public ObjectProperty<FolderPair> pairProperty() {
        return pair;
    }

    public String name() {
        return name.get();
    }

    public ObjectProperty<PairPhase> phaseProperty() {
        return phase;
    }

    public StringProperty detailProperty() {
        return detail;
    }

    /** The kind of the pair's problem while it is offline or in error (null otherwise); its sentence is the detail. */
    public ObjectProperty<org.oxisync.core.reason.Reason> problemProperty() {
        return problem;
    }

    public ObjectProperty<Instant> lastRunProperty() {
        return lastRun;
    }

    public ObjectProperty<SyncReport> lastReportProperty() {
        return lastReport;
    }

    public ObjectProperty<ProgressSnapshot> progressProperty() {
        return progress;
    }

    public ObjectProperty<org.oxisync.app.state.PairView> viewProperty() {
        return view;
    }
}
