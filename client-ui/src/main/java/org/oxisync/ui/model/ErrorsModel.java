package org.oxisync.ui.model;

import static org.oxisync.ui.i18n.I18n.t;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.oxisync.core.remote.RemoteRoot;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;
import org.oxisync.ui.app.Background;
import org.oxisync.ui.sync.PairPhase;

/** What went wrong, per pair and per item, each with what the user can do about it. */
public final class ErrorsModel {
    /** One problem: where, what, what to do. {@code path} is empty for a problem of the whole pair. */
    public record Row(String pair, String path, String problem, String advice, int attempts) {}

    private final Supplier<LocalStore> store;
    private final StatusModel status;
    private final Background background;
    private final ObservableList<Row> rows = FXCollections.observableArrayList();

    public ErrorsModel(Supplier<LocalStore> store, StatusModel status, Background background) {
        this.store = store;
        this.status = status;
        this.background = background;
    }

    public void reload(Runnable then) {
        List<Row> pairLevel = new ArrayList<>();
        for (PairRow r : status.pairs()) {
            if (r.phaseProperty().get() == PairPhase.ERROR) {
                String d = r.detailProperty().get();
                pairLevel.add(new Row(r.name(), "", org.oxisync.ui.app.Plain.message(d, status.server(), null), advice(d), 0));
            }
        }
        background.run(() -> {
            List<Row> out = new ArrayList<>(pairLevel);
            for (FolderPair p : store.get().accounts().pairs()) {
                store.get().errors().list(p.id()).forEach(e -> out.add(new Row(p.name(), e.path(),
                        org.oxisync.ui.app.Plain.message(e.message(), status.server(), e.path()), advice(e.message()),
                        e.attempts())));
            }
            return out;
        }, r -> {
            rows.setAll(r);
            then.run();
        }, e -> { });
    }

    private static final java.util.regex.Pattern STATUS_401 = java.util.regex.Pattern.compile("(?<![\\w.-])401(?![\\w.-])");
    private static final java.util.regex.Pattern STATUS_507 = java.util.regex.Pattern.compile("(?<![\\w.-])507(?![\\w.-])");

    /** Plain advice for the usual causes; the fallback says what OxiSync does by itself. */
    public static String advice(String problem) {
        String p = problem == null ? "" : problem.toLowerCase(Locale.ROOT);
        // first: this message quotes the folder's path, which may hold any word or number (a temp folder named
        // "junit-4015..." once read as an HTTP 401)
        if (RemoteRoot.isGoneMessage(problem)) {
return t("advice.remoteGone");
        }
        if (p.contains("missing or not a folder")) {
            return t("advice.localGone");
        }
        if (p.contains("authentication") || p.contains("log in") || STATUS_401.matcher(p).find()) {
return t("advice.signIn");
        }
        if (p.contains("quota") || STATUS_507.matcher(p).find()) {
            return t("advice.quota");
        }
        if (p.contains("mass") || p.contains("stopped before deleting")) {
return t("advice.massDelete", "command", "oxisync sync-once --allow-mass-delete");
        }
        if (p.contains("permission") || p.contains("access denied") || p.contains("accessdenied")) {
            return t("advice.permissions");
        }
        if (p.contains("name") && (p.contains("invalid") || p.contains("not allowed") || p.contains("reserved"))) {
            return t("advice.name");
        }
        if (p.contains("reach") || p.contains("network") || p.contains("timeout") || p.contains("connect")) {
            return t("advice.unreachable");
        }
        if (p.contains("in use") || p.contains("locked")) {
            return t("advice.inUse");
        }
return t("advice.other");
    }

    public ObservableList<Row> rows() {
        return rows;
    }
}
