package org.oxisync.ui.model;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.oxisync.core.reason.Reason;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;
import org.oxisync.ui.app.Background;
import org.oxisync.ui.app.ReasonText;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.sync.PairPhase;

/** What went wrong, per pair and per item, each with what the user can do about it. */
public final class ErrorsModel {
    /** One problem: where, what, what to do. {@code path} is empty for a problem of the whole pair. */
    public record Row(String pair, String path, String problem, String advice, int attempts) {}

    private final Supplier<LocalStore> store;
    private final StatusModel status;
    private final Background background;
    private final ObservableList<Row> rows = FXCollections.observableArrayList();

    private final I18n i18n;

    public ErrorsModel(I18n i18n, Supplier<LocalStore> store, StatusModel status, Background background) {
        this.i18n = i18n;
        this.store = store;
        this.status = status;
        this.background = background;
    }

    public void reload(Runnable then) {
        List<Row> pairLevel = new ArrayList<>();
        for (PairRow r : status.pairs()) {
            if (r.phaseProperty().get() == PairPhase.ERROR) {
                Reason why = r.problemProperty().get();
                String d = r.detailProperty().get();
                pairLevel.add(new Row(r.name(), "", ReasonText.message(i18n, why, d, status.server(), null),
                        ReasonText.advice(i18n, why == null ? null : why.code().name()), 0));
            }
        }
        background.run(() -> {
            List<Row> out = new ArrayList<>(pairLevel);
            for (FolderPair p : store.get().accounts().pairs()) {
                store.get().errors().list(p.id()).forEach(e -> out.add(new Row(p.name(), e.path(),
                        ReasonText.message(i18n, e.code(), e.args(), e.message(), status.server(), e.path(), null),
                        ReasonText.advice(i18n, e.code()), e.attempts())));
            }
            return out;
        }, r -> {
            rows.setAll(r);
            then.run();
        }, e -> { });
    }

    public ObservableList<Row> rows() {
        return rows;
    }
}
