package org.oxisync.ui.model;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;
import org.oxisync.store.status.Activity;
import org.oxisync.ui.base.Background;
import org.oxisync.ui.i18n.I18n;

/** The activity list: the newest entries of the store's activity log, filtered by kind and searched by text. */
public final class ActivityModel {
    /** How many entries are read from the log. */
    public static final int LIMIT = 1000;

    /** The filter choices; each maps to the log's kinds. */
    public enum Filter {
        ALL, UPLOADS, DOWNLOADS, DELETES, MOVES, CONFLICTS, RUNS, HELD_BACK;

        public boolean accepts(String kind) {
            String k = kind == null ? "" : kind;
            return switch (this) {
                case ALL -> true;
                case UPLOADS -> k.equals("upload");
                case DOWNLOADS -> k.equals("download");
                case DELETES -> k.startsWith("delete");
                case MOVES -> k.startsWith("move") || k.startsWith("rename");
                case CONFLICTS -> k.equals("conflict");
                case RUNS -> k.equals("run");
                case HELD_BACK -> k.equals(HELD_BACK_KIND);
            };
        }

        /** The filter's name in {@code i18n}'s language. */
        public String label(I18n i18n) {
            return this == HELD_BACK ? i18n.t("activity.filter.heldBack")
                    : i18n.t("activity.filter." + name().toLowerCase(Locale.ROOT));
        }
    }

    /** One row: the entry and its pair (null for account-wide entries). */
    public record Row(Activity activity, FolderPair pair) {}

    /** The kind of the rows made from held-back items (not in the store's log: they are the last runs' state). */
    public static final String HELD_BACK_KIND = "held-back";

    private final Supplier<LocalStore> store;
    private final Background background;
    private final Supplier<List<HeldBack>> heldBack;
    private final ObservableList<Row> all = FXCollections.observableArrayList();
    private final FilteredList<Row> shown = new FilteredList<>(all);
    private final ObjectProperty<Filter> filter = new SimpleObjectProperty<>(Filter.ALL);
    private final StringProperty search = new SimpleStringProperty("");

    public ActivityModel(Supplier<LocalStore> store, Background background) {
        this(store, background, List::of);
    }

    /**
     * @param heldBack the items the pairs' last runs held back because of their role or mode (read on the FX
     *                 thread), listed first, with their reasons, as kind {@value #HELD_BACK_KIND}
     */
    public ActivityModel(Supplier<LocalStore> store, Background background, Supplier<List<HeldBack>> heldBack) {
        this.store = store;
        this.background = background;
        this.heldBack = heldBack;
        filter.addListener((o, a, b) -> refilter());
        search.addListener((o, a, b) -> refilter());
    }

    public void reload() {
        List<Row> held = heldBack.get().stream().map(h -> new Row(new Activity(-1, h.when() == null
                ? java.time.Instant.EPOCH : h.when(), h.pair().id(), HELD_BACK_KIND, h.path(), h.reason()), h.pair()))
                .toList();
        background.run(() -> {
            LocalStore s = store.get();
            Map<Long, FolderPair> pairs = s.accounts().pairs().stream()
                    .collect(Collectors.toMap(FolderPair::id, p -> p));
            List<Activity> recent = s.activity().recent(LIMIT);
            List<Row> out = new java.util.ArrayList<>(held);
            recent.forEach(a -> out.add(new Row(a, a.pairId() == null ? null : pairs.get(a.pairId()))));
            return out;
        }, all::setAll, e -> { });
    }

    private void refilter() {
        Filter f = filter.get();
        String q = search.get() == null ? "" : search.get().trim().toLowerCase(Locale.ROOT);
        shown.setPredicate(r -> f.accepts(r.activity().kind()) && (q.isEmpty()
                || contains(r.activity().path(), q) || contains(r.activity().message(), q)));
    }

    private static boolean contains(String s, String q) {
        return s != null && s.toLowerCase(Locale.ROOT).contains(q);
    }

    public ObservableList<Row> rows() {
        return shown;
    }

    /** Every row read, whatever the filter and search (an empty list means no activity at all). */
    public ObservableList<Row> everything() {
        return FXCollections.unmodifiableObservableList(all);
    }

    public ObjectProperty<Filter> filterProperty() {
        return filter;
    }

    public StringProperty searchProperty() {
        return search;
    }
}
