package org.oxisync.ui.model;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.oxisync.core.reason.Reason;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;
import org.oxisync.ui.base.Background;
import org.oxisync.ui.text.ReasonText;
import org.oxisync.ui.i18n.I18n;

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
        // the rows of the same derivation as the header and the cards: the pairs that cannot sync, then every
        // failing item (the store's, and the last run's errors that are not stored per item)
        java.util.Map<String, List<org.oxisync.core.engine.ItemError>> reported = new java.util.HashMap<>();
        for (PairRow r : status.pairs()) {
            if (StatusModel.pairProblem(r.viewProperty().get())) {
                Reason why = r.problemProperty().get();
                String d = r.detailProperty().get();
                pairLevel.add(new Row(r.name(), "", ReasonText.message(i18n, why, d, status.server(), null),
                        ReasonText.adviceFor(i18n, why), 0));
            }
            org.oxisync.core.engine.SyncReport rep = r.lastReportProperty().get();
            if (rep != null) {
                reported.put(r.name(), rep.errors());
            }
        }
        background.run(() -> {
            List<Row> out = new ArrayList<>(pairLevel);
            java.util.Map<String, java.util.Set<String>> failing = new java.util.HashMap<>();
            for (FolderPair p : store.get().accounts().pairs()) {
                java.util.Set<String> paths = failing.computeIfAbsent(p.name(), k -> new java.util.HashSet<>());
                store.get().errors().list(p.id()).forEach(e -> {
                    paths.add(e.path());
                    out.add(new Row(p.name(), e.path(),
                        ReasonText.message(i18n, e.code(), e.args(), e.message(), status.server(), e.path(), null),
                        ReasonText.advice(i18n, e.code(), e.args()), e.attempts()));
                });
                for (org.oxisync.core.engine.ItemError e : reported.getOrDefault(p.name(), List.of())) {
                    if (!e.path().isEmpty() && paths.add(e.path())) {
                        out.add(new Row(p.name(), e.path(), ReasonText.message(i18n, e.why(), e.why().detail(),
                                status.server(), e.path()), ReasonText.advice(i18n, e.why().wireCode()), 1));
                    }
                }
            }
            return new Loaded(out, failing);
        }, r -> {
            rows.setAll(r.rows());
            status.setFailing(r.failing());
            then.run();
        }, e -> { });
    }

    private record Loaded(List<Row> rows, java.util.Map<String, java.util.Set<String>> failing) {}

    public ObservableList<Row> rows() {
        return rows;
    }
}
