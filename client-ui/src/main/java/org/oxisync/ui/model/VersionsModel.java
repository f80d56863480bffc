package org.oxisync.ui.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;
import org.oxisync.store.versions.VersionInfo;
import org.oxisync.ui.base.Background;
import org.oxisync.ui.ops.VersionActions;

/** Earlier versions kept in the local version store, newest first, searchable by path; restoring one. */
public final class VersionsModel {
    /** One version with its pair. */
    public record Row(FolderPair pair, VersionInfo version) {}

    private final Supplier<LocalStore> store;
    private final Supplier<VersionActions> actions;
    private final Background background;
    private final ObservableList<Row> all = FXCollections.observableArrayList();
    private final FilteredList<Row> shown = new FilteredList<>(all);
    private final StringProperty search = new SimpleStringProperty("");

    public VersionsModel(Supplier<LocalStore> store, Supplier<VersionActions> actions, Background background) {
        this.store = store;
        this.actions = actions;
        this.background = background;
        search.addListener((o, a, b) -> {
            String q = b == null ? "" : b.trim().toLowerCase(Locale.ROOT);
            shown.setPredicate(r -> q.isEmpty() || r.version().path().toLowerCase(Locale.ROOT).contains(q));
        });
    }

    public void reload() {
        background.run(() -> {
            List<Row> out = new ArrayList<>();
            for (FolderPair p : store.get().accounts().pairs()) {
                store.get().versions().listVersions(p.id()).forEach(v -> out.add(new Row(p, v)));
            }
            out.sort((a, b) -> b.version().time().compareTo(a.version().time()));
            return out;
        }, all::setAll, e -> { });
    }

    /** Restores {@code row} over its file; {@code done} gets null on success or the failure's message. */
    public void restore(Row row, Consumer<String> done) {
        background.run(() -> actions.get().restore(row.pair(), row.version()), p -> {
            reload();
            done.accept(null);
        }, e -> done.accept(e.getMessage()));
    }

    public ObservableList<Row> rows() {
        return shown;
    }

    public StringProperty searchProperty() {
        return search;
    }
}
