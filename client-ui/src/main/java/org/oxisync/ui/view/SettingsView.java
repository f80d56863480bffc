package org.oxisync.ui.view;

import atlantafx.base.theme.Styles;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.property.IntegerProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.RadioButton;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Spinner;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.oxisync.store.account.FolderPair;
import org.oxisync.ui.base.Appearance;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.model.FolderSelection;
import org.oxisync.ui.model.SettingsModel;
import org.oxisync.ui.model.SpaceNote;
import org.oxisync.ui.setup.DiskSpace;
import org.oxisync.ui.setup.RemoteFolder;

/** The settings window: account, folders, network, general, versions, advanced, about. Changes save at once. */
public final class SettingsView extends TabPane {
    /** Third-party components shipped with OxiSync and their licenses (shown under About). */
    public static final List<String> THIRD_PARTY = List.of(
            "OpenJFX (JavaFX) 21 — GPL 2.0 with Classpath Exception",
            "AtlantaFX 2.1 — MIT License",
            "OkHttp 5 and Okio 3 — Apache License 2.0",
            "Kotlin standard library — Apache License 2.0",
            "Jackson 2 — Apache License 2.0; with FastDoubleParser and Schubfach inside it — MIT License",
            "SQLite JDBC (xerial) — Apache License 2.0; SQLite — public domain",
            "Caffeine 3 — Apache License 2.0",
            "Apache Commons Codec — Apache License 2.0",
            "ICU4J 76 — Unicode License v3",
            "picocli 4 — Apache License 2.0",
            "SLF4J 2 — MIT License",
            "Logback 1.5 — EPL 1.0 / LGPL 2.1",
            "java-keyring — BSD 3-Clause; JNA — Apache License 2.0 / LGPL 2.1",
            "jkeychain — BSD 2-Clause License",
            "secret-service — MIT License; dbus-java 4 — MIT License; HKDF (favre) — Apache License 2.0",
            "directory-watcher — Apache License 2.0",
            "JetBrains annotations, JSpecify, Error Prone annotations — Apache License 2.0");

    private final SettingsModel model;
    private final SettingsActions actions;
    private final ObservableList<FolderPair> pairs = FXCollections.observableArrayList();

    private final I18n i18n;

    public SettingsView(I18n i18n, SettingsModel model, SettingsActions actions) {
        this.i18n = i18n;
        this.model = model;
        this.actions = actions;
        setId("settings");
        setAccessibleText(i18n.t("window.settings"));
        getStyleClass().add(Styles.TABS_CLASSIC);
        setTabClosingPolicy(TabClosingPolicy.UNAVAILABLE);
        Tab foldersTab = tab("folders", folders());
        foldersTab.selectedProperty().addListener((o, was, now) -> {
            if (now && shownTree != null) {
                shownTree.redraw(); // rows listed while the tab was behind (see SelectiveTree)
            }
        });
        getTabs().addAll(tab("account", SettingsAccountPage.of(i18n, model, actions)), foldersTab, tab("network", network()),
                tab("general", general()), tab("versions", versions()), tab("advanced", advanced()),
                tab("about", SettingsAboutPage.of(i18n)));
        actions.loadPairs(pairs::setAll);
    }

    private Tab tab(String id, Node content) {
        ScrollPane sp = new ScrollPane(content);
        sp.setFitToWidth(true);
        Tab tab = new Tab(i18n.t("settings.tab." + id), sp);
        tab.setId("tab-" + id);
        return tab;
    }

    static VBox page(Node... nodes) {
        VBox v = new VBox(nodes);
        v.getStyleClass().add("settings-page");
        return v;
    }

    static GridPane grid() {
        GridPane g = new GridPane();
        g.getStyleClass().add("form-grid");
        return g;
    }

    private Node folders() {
        ListView<FolderPair> list = new ListView<>(pairs);
        list.setId("pairs-list");
        list.setAccessibleText(i18n.t("settings.folders.title"));
        list.setPrefHeight(150);
        list.setPlaceholder(Ui.label(i18n.t("settings.folders.none"), "muted"));
        list.setCellFactory(v -> new javafx.scene.control.ListCell<>() {
            @Override
            protected void updateItem(FolderPair p, boolean empty) {
                super.updateItem(p, empty);
                setText(empty || p == null ? null : p.name() + "   —   " + p.localRoot() + "  ⇄  " + p.remotePath()
                        + "   ·   " + org.oxisync.ui.text.RightsText.pair(i18n, p)); // drive, role and mode
            }
        });
        Button add = Ui.button(i18n.t("settings.folders.add"), "add-pair", Styles.ACCENT);
        add.setOnAction(e -> actions.addPair());
        Button remove = Ui.button(i18n.t("settings.folders.remove"), "remove-pair", Styles.BUTTON_OUTLINED);
        remove.disableProperty().bind(list.getSelectionModel().selectedItemProperty().isNull());
        Label status = Ui.label("", "muted");
        status.setWrapText(true);
        remove.setOnAction(e -> {
            FolderPair p = list.getSelectionModel().getSelectedItem();
            actions.removePair(p, err -> {
                status.setText(err == null ? i18n.t("settings.folders.removed", "pair", p.name()) : err);
                actions.loadPairs(pairs::setAll);
            });
        });

        VBox excluded = new VBox(4);
        Label space = Ui.wrapping("", "muted");
        space.setId("selective-space");
        space.visibleProperty().bind(space.textProperty().isNotEmpty());
        space.managedProperty().bind(space.visibleProperty());
        SelectiveTree[] tree = new SelectiveTree[1];
        TextArea ignores = new TextArea();
        ignores.setId("ignore-patterns");
        ignores.setPrefRowCount(5);
        ignores.setPromptText(i18n.t("settings.folders.ignore.prompt"));
        Label ignoresLabel = Ui.label(i18n.t("settings.folders.ignore"), "section-label");
        ignoresLabel.setLabelFor(ignores);
        Button save = Ui.button(i18n.t("settings.folders.save"), "save-pair", Styles.ACCENT);
        // two columns, so the folder tree, the patterns and Save fit the window without scrolling
        VBox selectiveColumn = new VBox(8, Ui.label(i18n.t("settings.folders.selective"), "section-label"),
                Ui.wrapping(i18n.t("settings.folders.selective.text"), "muted"), excluded, space);
        VBox ignoreColumn = new VBox(8, ignoresLabel,
                Ui.wrapping(i18n.t("settings.folders.ignore.text"), "muted"), ignores);
        HBox.setHgrow(selectiveColumn, Priority.ALWAYS);
        HBox.setHgrow(ignoreColumn, Priority.ALWAYS);
        selectiveColumn.setPrefWidth(0);
        ignoreColumn.setPrefWidth(0);
        ModeChooser modes = new ModeChooser(i18n); // only the modes the pair's role allows; a choice saves at once
        VBox editor = new VBox(8, new HBox(16, selectiveColumn, ignoreColumn), Ui.row(8, save), modes);
        modes.setOnChosen(() -> {
            FolderPair p = list.getSelectionModel().getSelectedItem();
            if (p != null) {
                actions.savePair(org.oxisync.ui.setup.PairModes.withMode(p, modes.modeProperty().get(),
                        modes.keepRemoteDeletesProperty().get()), err -> {
                    status.setText(err == null ? i18n.t("settings.folders.saved") : err);
                    reloadPairs();
                });
            }
        });
        editor.disableProperty().bind(list.getSelectionModel().selectedItemProperty().isNull());
        pairs.addListener((javafx.collections.ListChangeListener<FolderPair>) c -> {
            if (selectAfterReload >= 0) {
                pairs.stream().filter(p -> p.id() == selectAfterReload).findFirst()
                        .ifPresent(p -> list.getSelectionModel().select(p));
                selectAfterReload = -1;
            }
            if (list.getSelectionModel().isEmpty() && !pairs.isEmpty()) {
                list.getSelectionModel().select(0);
            }
        });
        pairsList = list;
        list.getSelectionModel().selectedItemProperty().addListener((o, a, p) -> {
            excluded.getChildren().clear();
            tree[0] = null;
            space.setText("");
            ignores.setText(p == null ? "" : String.join("\n", p.ignorePatterns()));
            if (p == null) {
                return;
            }
            var rights = org.oxisync.ui.setup.PairModes.of(p);
            modes.show(rights.role(), rights.mode(), rights.keepRemoteDeletes());
            FolderSelection selection = new FolderSelection(new RemoteFolder(p.remoteFolderId(), p.name(),
                    p.remotePath()), p.exclusions());
            java.util.OptionalLong free = DiskSpace.usable(java.nio.file.Path.of(p.localRoot()));
            Runnable showSpace = () -> {
                SpaceNote note = SpaceNote.of(i18n, selection.bytesToDownload(), free);
                space.setText(note.text());
                space.getStyleClass().remove(Styles.DANGER);
                if (note.tooLarge()) {
                    space.getStyleClass().add(Styles.DANGER);
                }
            };
            selection.changes().addListener((obs, was, now) -> showSpace.run());
            showSpace.run();
            SelectiveTree view = new SelectiveTree(i18n, selection, actions.folders());
            view.setId("selective-tree");
            view.setPrefHeight(160);
            view.setMinHeight(120);
            tree[0] = view;
            shownTree = view;
            Label state = Ui.label("", "muted");
            state.textProperty().bind(Bindings.createStringBinding(() -> !selection.root().listed()
                    ? i18n.t("settings.folders.loading") : selection.root().children().isEmpty()
                    ? i18n.t("settings.folders.noSubfolders") : "", selection.changes()));
            state.visibleProperty().bind(state.textProperty().isNotEmpty());
            state.managedProperty().bind(state.visibleProperty());
            view.visibleProperty().bind(Bindings.createBooleanBinding(() -> !selection.root().children().isEmpty(),
                    selection.changes()));
            view.managedProperty().bind(view.visibleProperty());
            excluded.getChildren().setAll(view, state);
        });
        save.setOnAction(e -> {
            FolderPair p = list.getSelectionModel().getSelectedItem();
            if (p == null) {
                return;
            }
            List<String> ex = tree[0] == null ? p.exclusions() : tree[0].selection().exclusions();
            List<String> patterns = ignores.getText().lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
            FolderPair edited = org.oxisync.ui.setup.PairModes.withMode(p, modes.modeProperty().get(),
                    modes.keepRemoteDeletesProperty().get());
            actions.savePair(edited.withExclusions(new ArrayList<>(ex)).withIgnorePatterns(patterns), err -> {
                status.setText(err == null ? i18n.t("settings.folders.saved") : err);
                reloadPairs();
            });
        });
        return page(Ui.label(i18n.t("settings.folders.title"), "page-title"), list, Ui.row(8, add, remove), status, editor);
    }

    private ListView<FolderPair> pairsList;
    /** The Folders tab's tree of the selected pair (null when none). */
    private SelectiveTree shownTree;
    private long selectAfterReload = -1;

    /** Re-reads the pairs into this window, keeping the selected pair and the tab (never a new window). */
    public void reloadPairs() {
        FolderPair sel = pairsList == null ? null : pairsList.getSelectionModel().getSelectedItem();
        actions.loadPairs(list -> {
            selectAfterReload = sel == null ? -1 : sel.id();
            pairs.setAll(list);
            selectAfterReload = -1;
            // again once the list has taken the new items: a selection made from inside the change can be cleared
            // after it by the list's own handling of the change, which left the Folders tab without its tree
            if (sel != null && pairsList.getSelectionModel().getSelectedItem() == null) {
                list.stream().filter(p -> p.id() == sel.id()).findFirst()
                        .ifPresent(p -> pairsList.getSelectionModel().select(p));
            }
        });
    }

    private Node network() {
        GridPane g = grid();
        Spinner<Integer> up = kibSpinner(model.uploadKibProperty());
        up.setId("upload-limit");
        Spinner<Integer> down = kibSpinner(model.downloadKibProperty());
        down.setId("download-limit");
        Label ul = Ui.mnemonic(i18n.t("settings.network.upload"));
        ul.setLabelFor(up);
        Label dl = Ui.mnemonic(i18n.t("settings.network.download"));
        dl.setLabelFor(down);
        g.addRow(0, ul, up, Ui.label(i18n.t("settings.network.unit"), "muted"));
        g.addRow(1, dl, down, Ui.label(i18n.t("settings.network.unit"), "muted"));

        ToggleGroup proxyGroup = new ToggleGroup();
        RadioButton system = new RadioButton(i18n.t("settings.network.proxy.system"));
        RadioButton none = new RadioButton(i18n.t("settings.network.proxy.none"));
        RadioButton manual = new RadioButton(i18n.t("settings.network.proxy.manual"));
        system.setToggleGroup(proxyGroup);
        none.setToggleGroup(proxyGroup);
        manual.setToggleGroup(proxyGroup);
        TextField hostPort = new TextField();
        hostPort.setId("proxy-host");
        hostPort.setPromptText(i18n.t("settings.network.proxy.prompt"));
        Ui.named(hostPort, manual.getText());
        hostPort.disableProperty().bind(manual.selectedProperty().not());
        HBox.setHgrow(hostPort, Priority.ALWAYS);
        String p = model.proxyProperty().get();
        Runnable fromModel = () -> {
            String v = model.proxyProperty().get();
            if ("none".equals(v)) {
                none.setSelected(true);
            } else if (v == null || "system".equals(v)) {
                system.setSelected(true);
            } else {
                manual.setSelected(true);
                hostPort.setText(v);
            }
        };
        fromModel.run();
        model.proxyProperty().addListener((o, a, b) -> fromModel.run());
        system.setOnAction(e -> model.proxyProperty().set("system"));
        none.setOnAction(e -> model.proxyProperty().set("none"));
        Runnable commitManual = () -> {
            String t = hostPort.getText().strip();
            if (manual.isSelected() && t.matches("[A-Za-z0-9.\\-\\[\\]:]+:\\d{1,5}")) {
                model.proxyProperty().set(t);
            }
        };
        manual.setOnAction(e -> commitManual.run());
        hostPort.setOnAction(e -> commitManual.run());
        hostPort.focusedProperty().addListener((o, a, b) -> {
            if (!b) {
                commitManual.run();
            }
        });
        return page(Ui.label(i18n.t("settings.network.bandwidth"), "page-title"), g,
                Ui.label(i18n.t("settings.network.proxy"), "page-title"),
                new VBox(8, system, none, Ui.row(8, manual, hostPort)),
                Ui.wrapping(i18n.t("settings.network.applies"), "muted"));
    }

    private static Spinner<Integer> kibSpinner(IntegerProperty p) {
        return intSpinner(p, 0, 1_000_000, 64, 140);
    }

    private Node general() {
        CheckBox login = new CheckBox(i18n.t("settings.general.startAtLogin"));
        login.setId("start-at-login");
        login.selectedProperty().bindBidirectional(model.startAtLoginProperty());
        login.disableProperty().bind(model.autostartAvailableProperty().not());
        Label loginNote = Ui.wrapping(i18n.t("settings.general.startAtLogin.note"), "muted");
        loginNote.visibleProperty().bind(model.autostartAvailableProperty().not());
        loginNote.managedProperty().bind(loginNote.visibleProperty());
        CheckBox notes = new CheckBox(i18n.t("settings.general.notifications"));
        notes.setId("notifications");
        notes.selectedProperty().bindBidirectional(model.notificationsProperty());
        ComboBox<Appearance> look = new ComboBox<>(FXCollections.observableArrayList(Appearance.values()));
        look.setId("appearance");
        look.setConverter(Ui.converter(a -> a == null ? "" : a.label(i18n)));
        look.valueProperty().bindBidirectional(model.appearanceProperty());
        Label ll = Ui.mnemonic(i18n.t("settings.general.appearance"));
        ll.setLabelFor(look);
        Label err = Ui.wrapping("", Styles.DANGER);
        err.textProperty().bind(model.lastSaveErrorProperty());
        VBox toggles = new VBox(10, login, loginNote, notes);
        ComboBox<String> language = new ComboBox<>(FXCollections.observableArrayList(SettingsModel.LANGUAGE_CHOICES));
        language.setId("language");
        language.setConverter(Ui.converter(tag -> SettingsModel.languageName(i18n, tag)));
        language.valueProperty().bindBidirectional(model.languageProperty());
        Label langLabel = Ui.mnemonic(i18n.t("settings.general.language"));
        langLabel.setLabelFor(language);
        Label restart = Ui.wrapping(i18n.t("settings.general.language.restart"), "muted");
        restart.setId("language-restart");
        restart.visibleProperty().bind(model.languageChangedProperty());
        restart.managedProperty().bind(restart.visibleProperty());
        return page(Ui.label(i18n.t("settings.general.title"), "page-title"), toggles, Ui.row(10, ll, look),
                Ui.row(10, langLabel, language), restart, err);
    }

    private Node versions() {
        GridPane g = grid();
        Spinner<Integer> days = intSpinner(model.versionDaysProperty(), 1, 3650, 1, 120);
        days.setId("version-days");
        Spinner<Integer> gib = intSpinner(model.versionGibProperty(), 1, 10_000, 1, 120);
        gib.setId("version-gib");
        Label dl = Ui.mnemonic(i18n.t("settings.versions.days"));
        dl.setLabelFor(days);
        Label gl = Ui.mnemonic(i18n.t("settings.versions.size"));
        gl.setLabelFor(gib);
        g.addRow(0, dl, days, Ui.label(i18n.t("settings.versions.days.unit"), "muted"));
        g.addRow(1, gl, gib, Ui.label(i18n.t("settings.versions.size.unit"), "muted"));
        return page(Ui.label(i18n.t("settings.versions.title"), "page-title"),
                Ui.wrapping(i18n.t("settings.versions.text"), "muted"), g);
    }

    /** An editable spinner kept in step with {@code p} both ways (a value below {@code min} shows as {@code min}). */
    private static Spinner<Integer> intSpinner(IntegerProperty p, int min, int max, int step, double width) {
        Spinner<Integer> s = new Spinner<>(min, max, Math.max(min, p.get()), step);
        s.setEditable(true);
        s.setPrefWidth(width);
        p.addListener((o, a, b) -> s.getValueFactory().setValue(b.intValue()));
        s.valueProperty().addListener((o, a, b) -> {
            if (b != null && b != p.get()) {
                p.set(b);
            }
        });
        return s;
    }

    private Node advanced() {
        ComboBox<String> level = new ComboBox<>(FXCollections.observableArrayList("error", "warn", "info", "debug"));
        level.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(String v) {
                return v == null ? "" : i18n.t("settings.advanced.level." + v);
            }

            @Override
            public String fromString(String s) {
                return null;
            }
        });
        level.setId("log-level");
        level.valueProperty().bindBidirectional(model.logLevelProperty());
        Label ll = Ui.mnemonic(i18n.t("settings.advanced.logLevel"));
        ll.setLabelFor(level);
        Button open = Ui.button(i18n.t("settings.advanced.openLog"), "open-log-folder", Styles.BUTTON_OUTLINED);
        open.setOnAction(e -> actions.openLogFolder());
        return page(Ui.label(i18n.t("settings.advanced.title"), "page-title"), Ui.row(10, ll, level),
                Ui.wrapping(i18n.t("settings.advanced.text", "folder", actions.logFolder()), "muted"), Ui.row(8, open));
    }
}
