package org.oxisync.ui.view;

import atlantafx.base.theme.Styles;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.ui.text.Formats;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.model.PairRow;
import org.oxisync.ui.model.StatusModel;
import org.oxisync.app.state.PairView;
import org.oxisync.app.state.Shown;
import org.oxisync.ui.sync.PairPhase;

/** Status: one card per folder pair (state, last sync), the overall progress and the latest transfers. */
public final class StatusPane extends ScrollPane {
    private final StatusModel model;
    private final Actions actions;
    private final VBox cards = new VBox();

    private final I18n i18n;

    public StatusPane(I18n i18n, StatusModel model, Actions actions) {
        this.i18n = i18n;
        this.model = model;
        this.actions = actions;
        setId("status-pane");
        setFitToWidth(true);

        ProgressBar bar = new ProgressBar();
        bar.setId("overall-progress");
        bar.setMaxWidth(Double.MAX_VALUE);
        bar.progressProperty().bind(model.progressProperty());
        Label progressText = Ui.label("", "muted");
        progressText.setId("progress-text");
        progressText.textProperty().bind(model.progressTextProperty());
        TransfersList transfers = new TransfersList(i18n, model.transfers());
        Label transfersTitle = Ui.label(i18n.t("status.currentTransfers"), "subsection-label");
        transfersTitle.visibleProperty().bind(Bindings.isNotEmpty(model.transfers()));
        transfersTitle.managedProperty().bind(transfersTitle.visibleProperty());
        VBox progressBox = new VBox(6, Ui.label(i18n.t("status.progress"), "section-label"), bar, progressText, transfersTitle,
                transfers);
        progressBox.visibleProperty().bind(model.busyProperty());
        progressBox.managedProperty().bind(model.busyProperty());

        ListView<String> recent = new ListView<>(model.recentItems());
        recent.setCellFactory(v -> new javafx.scene.control.ListCell<>() {
            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : item);
                setTooltip(empty || item == null ? null : new javafx.scene.control.Tooltip(item));
            }
        });
        recent.setId("recent-items");
        recent.setFocusTraversable(false);
        recent.getStyleClass().add(Styles.DENSE);
        recent.setPlaceholder(Ui.label(i18n.t("status.noChanges"), "muted"));
        recent.prefHeightProperty().bind(Bindings.createDoubleBinding(
                () -> Math.max(2, Math.min(StatusModel.RECENT_ITEMS, model.recentItems().size())) * 2.1
                        * javafx.scene.text.Font.getDefault().getSize() + 6, model.recentItems()));
        recent.setMinHeight(Region.USE_PREF_SIZE);
        Label recentTitle = Ui.label(i18n.t("status.recentChanges"), "section-label");

        cards.setSpacing(10);
        Label pairsTitle = Ui.label(i18n.t("status.folders"), "page-title");
        VBox page = new VBox(pairsTitle, cards, progressBox, recentTitle, recent);
        page.getStyleClass().add("page");
        setContent(page);
        model.pairs().addListener((ListChangeListener<PairRow>) c -> rebuild());
        rebuild();
    }

    private void rebuild() {
        cards.getChildren().clear();
        if (model.pairs().isEmpty()) {
            cards.getChildren().add(Ui.emptyState(i18n.t("status.empty.title"),
                    i18n.t("status.empty.text")));
        }
        for (PairRow r : model.pairs()) {
            cards.getChildren().add(card(r));
        }
    }

    private VBox card(PairRow r) {
        Region dot = Ui.stateDot(i18n, PairPhase.of(r.viewProperty().get().shown(), false));
        Label name = Ui.data(Ui.label(r.name(), "pair-name"));
        Label state = Ui.label("", "pair-state");
        state.setId("pair-state-" + r.name());
        Label last = Ui.label("", "muted");
        last.setId("pair-last-" + r.name());
        last.setWrapText(true);
        Label badge = Ui.label("", "pair-badge");
        badge.setId("pair-badge-" + r.name());
        badge.managedProperty().bind(badge.visibleProperty());
        Label rights = Ui.label("", "muted");
        rights.setId("pair-rights-" + r.name());
        rights.setWrapText(true);
        HeldBackBox held = new HeldBackBox(i18n, r.name());
        Button signIn = new Button(i18n.t("status.card.signInAgain"));
        signIn.setId("card-sign-in-" + r.name());
        signIn.getStyleClass().addAll(Styles.SMALL, Styles.ACCENT);
        signIn.setOnAction(e -> actions.signInAgain());
        Runnable refresh = () -> {
            // the card shows the pair's derived view, the same one the header, the tray and `oxisync status` show
            PairView v = r.viewProperty().get();
            org.oxisync.core.reason.Reason problem = v.problem() != null ? v.problem() : r.problemProperty().get();
            boolean auth = v.shown() == Shown.SIGNED_OUT && org.oxisync.ui.text.ReasonText.needsSignIn(problem);
            PairPhase p = PairPhase.of(v.shown(), auth);
            Ui.setDotState(i18n, dot, p);
            String d = v.problem() != null ? v.problem().detail() : r.detailProperty().get();
            signIn.setVisible(auth);
            signIn.setManaged(auth);
            boolean showsProblem = (v.shown() == Shown.PROBLEM || auth) && d != null && !d.isBlank();
            // the engine's own words only for a problem (as said in the log); the text above is the plain one
            state.setTooltip(showsProblem ? new javafx.scene.control.Tooltip(d) : null);
            state.setText(switch (v.shown()) {
                case PROBLEM -> showsProblem ? i18n.t("status.card.problem", "state", PairPhase.ERROR.label(i18n),
                        "problem", org.oxisync.ui.text.ReasonText.message(i18n, problem, d, model.server(), null))
                        : PairPhase.ERROR.label(i18n);
                case SIGNED_OUT -> showsProblem ? i18n.t("status.card.problem", "state", PairPhase.ERROR.label(i18n),
                        "problem", org.oxisync.ui.text.ReasonText.message(i18n, problem, d, model.server(), null))
                        : i18n.t("status.card.signedOut");
                case OFFLINE -> i18n.t("status.card.offline");
                case READ_ONLY -> i18n.t("status.card.readOnly");
                case FAILING -> i18n.t("status.card.failing", "count", v.failing());
                case LEFT_OUT -> i18n.t("status.card.leftOut", "count", v.leftOut());
                case SYNCING, CHECKING, PAUSED, UP_TO_DATE -> p.label(i18n);
            });
            SyncReport rep = r.lastReportProperty().get();
            boolean failed = rep != null && rep.status() == org.oxisync.core.engine.SyncStatus.FAILED;
            String when = r.lastRunProperty().get() == null ? "" : Formats.ago(i18n, r.lastRunProperty().get(), model.clock());
            // while a run moves bytes the line says how far it is, not what the run before it did
            last.setText(v.shown() == Shown.SYNCING && v.itemsTotal() > 0 ? i18n.t("progress.text",
                    "done", Formats.bytes(i18n, v.bytesDone()), "total", Formats.bytes(i18n, v.bytesTotal()),
                    "itemsDone", v.itemsDone(), "items", v.itemsTotal())
                    : r.lastRunProperty().get() == null ? i18n.t("status.card.notSynced")
                    : rep == null ? i18n.t(failed ? "status.card.lastAttempt" : "status.card.lastSync", "when", when)
                    : failed ? i18n.t("status.card.lastAttempt.nothing", "when", when)
                    : i18n.t("status.card.lastSync.summary", "when", when, "summary", summary(i18n, rep)));
            // where and how the pair syncs, and what its last run held back because of that (never an error)
            rights.setText(org.oxisync.ui.text.RightsText.pair(i18n, r.pair()));
            String b = org.oxisync.ui.text.RightsText.badge(i18n, r.pair()).orElse("");
            badge.setText(b);
            badge.setVisible(!b.isEmpty());
            held.show(org.oxisync.ui.model.HeldBack.of(i18n, r.pair(), rep, r.lastRunProperty().get()));
        };
        r.viewProperty().addListener((o, a, b) -> refresh.run());
        r.detailProperty().addListener((o, a, b) -> refresh.run());
        r.lastRunProperty().addListener((o, a, b) -> refresh.run());
        r.lastReportProperty().addListener((o, a, b) -> refresh.run());
        r.pairProperty().addListener((o, a, b) -> refresh.run());
        model.signedOutProperty().addListener((o, a, b) -> refresh.run());
        refresh.run();
        state.setWrapText(true);

        Button open = new Button(i18n.t("status.card.openFolder"));
        open.setId("card-open-" + r.name());
        open.getStyleClass().addAll(Styles.SMALL, Styles.BUTTON_OUTLINED);
        open.setOnAction(e -> actions.openFolder(r.pair()));
        Label paths = Ui.label(i18n.t("status.card.paths", "local", r.pair().localRoot(), "remote", r.pair().remotePath()), "muted");
        paths.setWrapText(true);
        VBox card = new VBox(Ui.row(8, dot, name, badge, Ui.hgrow(), signIn, open), paths, rights, state, last, held);
        card.getStyleClass().add("pair-card");
        return card;
    }

    static String summary(I18n i18n, SyncReport r) {
        int changes = r.uploaded() + r.downloaded() + r.deletedLocal() + r.deletedRemote() + r.moved();
        return i18n.t("status.summary", "changes", changes, "conflicts", r.conflicts(), "errors", r.errors().size());
    }
}
