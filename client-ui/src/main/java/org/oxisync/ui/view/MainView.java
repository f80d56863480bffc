package org.oxisync.ui.view;

import atlantafx.base.theme.Styles;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.beans.property.IntegerProperty;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.model.StatusModel;

/**
 * The main window's layout: a sidebar of sections, a header with the overall state, "Sync now" and
 * "Pause"/"Resume", and the selected section. Keyboard: Alt+mnemonics, Ctrl+1…5 for the sections,
 * Ctrl+R sync now, Ctrl+P pause or resume, Ctrl+, settings.
 */
public final class MainView extends BorderPane {
    /** The sections of the sidebar. */
    public enum Section {
        STATUS("nav.status"), ACTIVITY("nav.activity"), CONFLICTS("nav.conflicts"), ERRORS("nav.errors"),
        VERSIONS("nav.versions");

        final String key;

        Section(String key) {
            this.key = key;
        }
    }

    private final Map<Section, Node> panes = new EnumMap<>(Section.class);
    private final Map<Section, ToggleButton> buttons = new EnumMap<>(Section.class);
    private final StackPane content = new StackPane();
    private final Consumer<Section> onShow;
    private final StatusAnnouncer announcer;

    private final I18n i18n;

    /**
     * @param account the sidebar's account line, or its list of accounts ({@link AccountsPanel})
     * @param banner  above every section, which account it shows (with several accounts), else empty
     */
    public MainView(I18n i18n, StatusModel status, Actions actions, Map<Section, Node> sectionPanes, Node account,
                    String banner, Consumer<Section> onShow) {
        this.i18n = i18n;
        this.onShow = onShow;
        setId("main-view");
        panes.putAll(sectionPanes);

        VBox sidebar = new VBox();
        sidebar.getStyleClass().add("sidebar");
        Label title = Ui.label(i18n.t("app.name"), "app-title");
        sidebar.getChildren().addAll(title, account);
        ToggleGroup group = new ToggleGroup();
        for (Section s : Section.values()) {
            ToggleButton b = new ToggleButton(i18n.t(s.key));
            b.setId("nav-" + s.name().toLowerCase());
            b.getStyleClass().add("nav-button");
            b.setToggleGroup(group);
            b.setMaxWidth(Double.MAX_VALUE);
            b.setOnAction(e -> show(s));
            if (s == Section.CONFLICTS) {
                counted(b, s.key, status.conflictCountProperty());
            } else if (s == Section.ERRORS) {
                counted(b, s.key, status.errorCountProperty());
            }
            buttons.put(s, b);
            sidebar.getChildren().add(b);
        }
        group.selectedToggleProperty().addListener((o, a, b) -> {
            if (b == null && a != null) {
                a.setSelected(true); // one section is always selected
            }
        });
        Button settings = Ui.button(i18n.t("nav.settings"), "open-settings", "nav-button");
        settings.setMaxWidth(Double.MAX_VALUE);
        settings.setOnAction(e -> actions.openSettings());
        Button web = Ui.button(i18n.t("nav.openWeb"), "open-web", "nav-button");
        web.setMaxWidth(Double.MAX_VALUE);
        web.setOnAction(e -> actions.openWebUi());
        sidebar.getChildren().addAll(Ui.vgrow(), web, settings);

        Region dot = Ui.stateDot(i18n, status.overallProperty().get());
        status.overallProperty().addListener((o, a, b) -> Ui.setDotState(i18n, dot, b));
        Label headline = Ui.label("", "headline");
        headline.setId("headline");
        headline.textProperty().bind(status.headlineProperty());
        headline.setWrapText(true); // a long state wraps onto a second line; it is never cut to "…"
        headline.setMinWidth(0);
        headline.setMinHeight(Region.USE_PREF_SIZE);
        HBox.setHgrow(headline, javafx.scene.layout.Priority.ALWAYS);
        headline.setMaxWidth(Double.MAX_VALUE);
        ProgressIndicator spinner = new ProgressIndicator(-1);
        spinner.setPrefSize(18, 18);
        spinner.setAccessibleText(i18n.t("common.working"));
        spinner.setMaxSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
        spinner.visibleProperty().bind(status.busyProperty());
        spinner.managedProperty().bind(status.busyProperty());
        Button syncNow = Ui.button(i18n.t("header.syncNow"), "sync-now", Styles.ACCENT);
        syncNow.setOnAction(e -> actions.syncNow());
        Button pause = new Button();
        pause.setId("pause-resume");
        pause.getStyleClass().add(Styles.BUTTON_OUTLINED);
        pause.textProperty().bind(Bindings.when(status.pausedProperty()).then(i18n.t("header.resume")).otherwise(i18n.t("header.pause")));
        pause.setOnAction(e -> actions.togglePause());
        Button signIn = Ui.button(i18n.t("header.signIn"), "header-sign-in", Styles.ACCENT);
        signIn.setOnAction(e -> actions.signInAgain());
        // Signed out, or the server refused the sign-in: nothing to resume or sync; the one way on is to sign in.
        var noSignIn = status.signedOutProperty().or(status.signInNeededProperty());
        signIn.visibleProperty().bind(noSignIn);
        signIn.managedProperty().bind(noSignIn);
        pause.visibleProperty().bind(noSignIn.not());
        pause.managedProperty().bind(noSignIn.not());
        syncNow.visibleProperty().bind(noSignIn.not());
        syncNow.managedProperty().bind(noSignIn.not());
        for (Button b : new Button[] {pause, syncNow, signIn}) {
            b.setMinWidth(Region.USE_PREF_SIZE); // buttons keep their whole label
        }
        HBox header = new HBox(dot, headline, spinner, pause, syncNow, signIn);
        header.getStyleClass().add("header");
        header.setAlignment(Pos.CENTER_LEFT);
        Label feedback = Ui.wrapping("", "header-note");
        feedback.setId("header-feedback");
        feedback.textProperty().bind(status.feedbackProperty());
        feedback.visibleProperty().bind(status.feedbackProperty().isNotEmpty());
        feedback.managedProperty().bind(feedback.visibleProperty());
        feedback.setMaxWidth(Double.MAX_VALUE);
        VBox top = new VBox(header, feedback);
        if (!banner.isEmpty()) { // several accounts: every section says whose pairs it shows
            Label shownAccount = Ui.data(Ui.wrapping(banner, "account-banner"));
            shownAccount.setId("account-banner");
            top.getChildren().add(0, shownAccount);
        }
        announcer = new StatusAnnouncer(i18n, headline, status.headlineProperty(), status.busyProperty(),
                status.feedbackProperty());

        BorderPane right = new BorderPane();
        right.setTop(top); // before the content in the children, so Tab goes to the header's buttons first
        right.setCenter(content);
        setLeft(sidebar);
        setCenter(right);

        sceneProperty().addListener((o, a, scene) -> {
            if (scene == null) {
                return;
            }
            for (Section s : Section.values()) {
                scene.getAccelerators().put(new KeyCodeCombination(KeyCode.getKeyCode(
                        Integer.toString(s.ordinal() + 1)), KeyCombination.SHORTCUT_DOWN), () -> show(s));
            }
            scene.getAccelerators().put(new KeyCodeCombination(KeyCode.R, KeyCombination.SHORTCUT_DOWN), actions::syncNow);
            scene.getAccelerators().put(new KeyCodeCombination(KeyCode.P, KeyCombination.SHORTCUT_DOWN), actions::togglePause);
            scene.getAccelerators().put(new KeyCodeCombination(KeyCode.COMMA, KeyCombination.SHORTCUT_DOWN), actions::openSettings);
        });
        show(Section.STATUS);
    }

    /** "Conflicts (2)": the count in the button's own text, so it is read out and never clipped. */
    private void counted(ToggleButton b, String key, IntegerProperty count) {
        b.textProperty().bind(Bindings.createStringBinding(
                () -> count.get() > 0 ? i18n.t(key + ".counted", "count", count.get()) : i18n.t(key), count));
    }

    public void show(Section s) {
        buttons.get(s).setSelected(true);
        content.getChildren().setAll(panes.get(s));
        onShow.accept(s);
    }

    /** The status announcements for screen readers (tests). */
    public StatusAnnouncer announcer() {
        return announcer;
    }

    public Section shown() {
        return buttons.entrySet().stream().filter(e -> e.getValue().isSelected()).map(Map.Entry::getKey)
                .findFirst().orElse(Section.STATUS);
    }
}
