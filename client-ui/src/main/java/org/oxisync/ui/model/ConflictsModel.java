package org.oxisync.ui.model;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;
import org.oxisync.store.status.Conflict;
import org.oxisync.ui.base.Background;
import org.oxisync.ui.ops.ConflictActions;
import org.oxisync.ui.ops.ConflictChoice;

/** The unresolved conflicts of every pair, and settling one. */
public final class ConflictsModel {
    /** One conflict with its pair. */
    public record Row(FolderPair pair, Conflict conflict) {}

    private final Supplier<LocalStore> store;
    private final Supplier<ConflictActions> actions;
    private final Background background;
    private final ObservableList<Row> rows = FXCollections.observableArrayList();

    public ConflictsModel(Supplier<LocalStore> store, Supplier<ConflictActions> actions, Background background) {
        this.store = store;
        this.actions = actions;
        this.background = background;
    }

    public void reload(Runnable then) {
        background.run(() -> {
            List<Row> out = new ArrayList<>();
            for (FolderPair p : store.get().accounts().pairs()) {
                // a conflicted copy deleted by hand settles its conflict, as every sync run does: never listed
                org.oxisync.core.engine.SettledConflicts.clear(store.get(), p);
                store.get().conflicts().unresolved(p.id()).forEach(c -> out.add(new Row(p, c)));
            }
            return out;
        }, r -> {
            rows.setAll(r);
            then.run();
        }, e -> { });
    }

    /** Settles {@code row}; {@code done} gets null on success or the failure's message. */
    public void resolve(Row row, ConflictChoice choice, Consumer<String> done) {
        background.run(() -> {
            actions.get().resolve(row.pair(), row.conflict(), choice);
            return null;
        }, r -> {
            rows.remove(row);
            done.accept(null);
        }, e -> done.accept(e.getMessage()));
    }

    public ObservableList<Row> rows() {
        return rows;
    }
}
