package org.oxisync.ui.view;

import atlantafx.base.theme.Styles;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
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
import org.oxisync.core.app.Version;
import org.oxisync.store.account.FolderPair;
import org.oxisync.ui.app.Appearance;
import org.oxisync.ui.model.SettingsModel;

/** The settings window: account, folders, network, general, versions, advanced, about. Changes save at once. */
public final class SettingsView extends TabPane {
    /** Third-party components shipped with OxiSync and their licenses (shown under About). */
    public static final List<String> THIRD_PARTY = List.of(
            "OpenJFX (JavaFX) 21 — GPL 2.0 with Classpath Exception",
            "AtlantaFX 2.0 — MIT License",
            "OkHttp 5 and Okio 3 — Apache License 2.0",
            "Kotlin standard library — Apache License 2.0",
            "Jackson 2 — Apache License 2.0",
            "SQLite JDBC (xerial) — Apache License 2.0; SQLite — public domain",
            "Caffeine 3 — Apache License 2.0",
            "Apache Commons Codec — Apache License 2.0",
            "picocli 4 — Apache License 2.0",
            "SLF4J 2 — MIT License",
            "Logback 1.5 — EPL 1.0 / LGPL 2.1",
            "java-keyring — BSD 3-Clause; JNA — Apache License 2.0 / LGPL 2.1",
            "directory-watcher — Apache License 2.0");

    private final SettingsModel model;
    private final SettingsActions actions;
    private final ObservableList<FolderPair> pairs = FXCollections.observableArrayList();

    public SettingsView(SettingsModel model, SettingsActions actions) {
        this.model = model;
        this.actions = actions;
        setId("settings");
        getStyleClass().add(Styles.TABS_CLASSIC);
        setTabClosingPolicy(TabClosingPolicy.UNAVAILABLE);
        getTabs().addAll(tab("Account", account()), tab("Folders", folders()), tab("Network", network()),
                tab("General", general()), tab("Versions", versions()), tab("Advanced", advanced()),
                tab("About", about()));
        getTabs().forEach(t -> t.setId("tab-" + t.getText().toLowerCase()));
        actions.loadPairs(pairs::setAll);
    }

    private static Tab tab(String name, Node content) {
        ScrollPane sp = new ScrollPane(content);
        sp.setFitToWidth(true);
        return new Tab(name, sp);
    }

    private static VBox page(Node... nodes) {
        VBox v = new VBox(nodes);
        v.getStyleClass().add("settings-page");
        return v;
    }

    private static GridPane grid() {
        GridPane g = new GridPane();
        g.getStyleClass().add("form-grid");
        return g;
    }

    private Node account() {
        GridPane g = grid();
        g.addRow(0, Ui.label("Server", Styles.TEXT_BOLD), new Label(actions.accountServer()));
        Label who = Ui.label("", Styles.TEXT_BOLD);
        who.setId("account-state-label");
        Label user = new Label();
        user.setId("account-user");
        Runnable signedIn = () -> {
            boolean in = model.signedInProperty().get();
            who.setText(in ? "Signed in as" : "Account");
            user.setText(in ? actions.accountUser() : actions.accountUser() + " (signed out: not syncing)");
        };
        model.signedInProperty().addListener((o, a, b) -> signedIn.run());
        signedIn.run();
        g.addRow(1, who, user);
        Label status = Ui.wrapping("", "muted");
        status.setId("account-status");
        Button logout = new Button("_Log out");
        logout.setId("logout");
        logout.getStyleClass().add(Styles.BUTTON_OUTLINED);
        logout.disableProperty().bind(model.signedInProperty().not());
        logout.setOnAction(e -> actions.logOut(err -> status.setText(err == null
                ? "Logged out. Syncing stops until you sign in again; your folders are kept." : err)));
        Button again = new Button("_Sign in again…");
        again.setId("sign-in-again");
        again.getStyleClass().add(Styles.BUTTON_OUTLINED);
        again.setOnAction(e -> actions.signInAgain());
        model.signedInProperty().addListener((o, a, b) -> {
            if (b) {
                status.setText("");
            }
        });
        Button remove = new Button("_Remove account…");
        remove.getStyleClass().add(Styles.DANGER);
        remove.setOnAction(e -> actions.removeAccount());
        return page(Ui.label("Account", "page-title"), g,
                Ui.wrapping("OxiSync syncs one account at a time. To use another account, remove this one, then "
                        + "sign in with the other; no file is deleted.", "muted"),
                Ui.row(8, logout, again, remove), status);
    }

    private Node folders() {
        ListView<FolderPair> list = new ListView<>(pairs);
        list.setId("pairs-list");
        list.setPrefHeight(150);
        list.setPlaceholder(Ui.label("No folder pairs yet.", "muted"));
        list.setCellFactory(v -> new javafx.scene.control.ListCell<>() {
            @Override
            protected void updateItem(FolderPair p, boolean empty) {
                super.updateItem(p, empty);
                setText(empty || p == null ? null : p.name() + "   —   " + p.localRoot() + "  ⇄  " + p.remotePath());
            }
        });
        Button add = new Button("_Add folder…");
        add.setId("add-pair");
        add.getStyleClass().add(Styles.ACCENT);
        add.setOnAction(e -> actions.addPair());
        Button remove = new Button("Re_move");
        remove.setId("remove-pair");
        remove.getStyleClass().add(Styles.BUTTON_OUTLINED);
        remove.disableProperty().bind(list.getSelectionModel().selectedItemProperty().isNull());
        Label status = Ui.label("", "muted");
        status.setWrapText(true);
        remove.setOnAction(e -> {
            FolderPair p = list.getSelectionModel().getSelectedItem();
            actions.removePair(p, err -> {
                status.setText(err == null ? "Removed '" + p.name() + "'. No files were deleted." : err);
                actions.loadPairs(pairs::setAll);
            });
        });

        VBox excluded = new VBox(4);
        TextArea ignores = new TextArea();
        ignores.setId("ignore-patterns");
        ignores.setPrefRowCount(5);
        ignores.setPromptText("One pattern per line, e.g. *.tmp or node_modules/ (# starts a comment)");
        Button save = new Button("Sa_ve folder settings");
        save.setId("save-pair");
        save.getStyleClass().add(Styles.ACCENT);
        List<CheckBox> boxes = new ArrayList<>();
        VBox editor = new VBox(8, Ui.label("Selective sync", "section-label"),
                Ui.wrapping("Unticked folders stay on the server and are removed from this computer.", "muted"),
                excluded, Ui.label("Ignore patterns", "section-label"),
                Ui.wrapping("Files matching these patterns are never synced (gitignore syntax).", "muted"),
                ignores, Ui.row(8, save));
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
            boxes.clear();
            ignores.setText(p == null ? "" : String.join("\n", p.ignorePatterns()));
            if (p == null) {
                return;
            }
            excluded.getChildren().add(Ui.label("Loading the server's folders…", "muted"));
            actions.remoteSubFolders(p, subs -> {
                excluded.getChildren().clear();
                Set<String> ex = new TreeSet<>(p.exclusions());
                for (var f : subs) {
                    String rel = f.path().substring(p.remotePath().length()).replaceFirst("^/", "");
                    CheckBox b = new CheckBox(f.name());
                    b.setId("selective-" + rel);
                    b.setUserData(rel);
                    b.setSelected(!ex.contains(rel));
                    boxes.add(b);
                    excluded.getChildren().add(b);
                }
                if (subs.isEmpty()) {
                    excluded.getChildren().add(Ui.label("This folder has no sub-folders on the server.", "muted"));
                }
            });
        });
        save.setOnAction(e -> {
            FolderPair p = list.getSelectionModel().getSelectedItem();
            if (p == null) {
                return;
            }
            Set<String> ex = new TreeSet<>(p.exclusions());
            for (CheckBox b : boxes) {
                if (b.isSelected()) {
                    ex.remove((String) b.getUserData());
                } else {
                    ex.add((String) b.getUserData());
                }
            }
            List<String> patterns = ignores.getText().lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
            actions.savePair(p.withExclusions(new ArrayList<>(ex)).withIgnorePatterns(patterns), err -> {
                status.setText(err == null ? "Saved. Syncing the changes now." : err);
                reloadPairs();
            });
        });
        return page(Ui.label("Folders", "page-title"), list, Ui.row(8, add, remove), status, editor);
    }

    private ListView<FolderPair> pairsList;
    private long selectAfterReload = -1;

    /** Re-reads the pairs into this window, keeping the selected pair and the tab (never a new window). */
    public void reloadPairs() {
        FolderPair sel = pairsList == null ? null : pairsList.getSelectionModel().getSelectedItem();
        actions.loadPairs(list -> {
            selectAfterReload = sel == null ? -1 : sel.id();
            pairs.setAll(list);
            selectAfterReload = -1;
        });
    }

    private Node network() {
        GridPane g = grid();
        Spinner<Integer> up = kibSpinner(model.uploadKibProperty());
        up.setId("upload-limit");
        Spinner<Integer> down = kibSpinner(model.downloadKibProperty());
        down.setId("download-limit");
        Label ul = Ui.mnemonic("_Upload limit");
        ul.setLabelFor(up);
        Label dl = Ui.mnemonic("_Download limit");
        dl.setLabelFor(down);
        g.addRow(0, ul, up, Ui.label("KiB/s (0 = unlimited)", "muted"));
        g.addRow(1, dl, down, Ui.label("KiB/s (0 = unlimited)", "muted"));

        ToggleGroup proxyGroup = new ToggleGroup();
        RadioButton system = new RadioButton("Use the _system's proxy settings");
        RadioButton none = new RadioButton("_No proxy");
        RadioButton manual = new RadioButton("_Manual proxy:");
        system.setToggleGroup(proxyGroup);
        none.setToggleGroup(proxyGroup);
        manual.setToggleGroup(proxyGroup);
        TextField hostPort = new TextField();
        hostPort.setId("proxy-host");
        hostPort.setPromptText("proxy.example.org:3128");
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
        return page(Ui.label("Bandwidth", "page-title"), g, Ui.label("Proxy", "page-title"),
                new VBox(8, system, none, Ui.row(8, manual, hostPort)),
                Ui.wrapping("Changes apply to new connections.", "muted"));
    }

    private static Spinner<Integer> kibSpinner(IntegerProperty p) {
        Spinner<Integer> s = new Spinner<>(0, 1_000_000, p.get(), 64);
        s.setEditable(true);
        s.setPrefWidth(140);
        p.addListener((o, a, b) -> s.getValueFactory().setValue(b.intValue()));
        s.valueProperty().addListener((o, a, b) -> {
            if (b != null && b != p.get()) {
                p.set(b);
            }
        });
        return s;
    }

    private Node general() {
        CheckBox login = new CheckBox("_Start OxiSync when I log in");
        login.setId("start-at-login");
        login.selectedProperty().bindBidirectional(model.startAtLoginProperty());
        login.disableProperty().bind(model.autostartAvailableProperty().not());
        Label loginNote = Ui.wrapping("Available in the installed app (it registers the installed launcher).", "muted");
        loginNote.visibleProperty().bind(model.autostartAvailableProperty().not());
        loginNote.managedProperty().bind(loginNote.visibleProperty());
        CheckBox notes = new CheckBox("_Notify me about conflicts and errors");
        notes.setId("notifications");
        notes.selectedProperty().bindBidirectional(model.notificationsProperty());
        ComboBox<Appearance> look = new ComboBox<>(FXCollections.observableArrayList(Appearance.values()));
        look.setId("appearance");
        look.valueProperty().bindBidirectional(model.appearanceProperty());
        Label ll = Ui.mnemonic("_Appearance");
        ll.setLabelFor(look);
        Label err = Ui.wrapping("", Styles.DANGER);
        err.textProperty().bind(model.lastSaveErrorProperty());
        VBox toggles = new VBox(10, login, loginNote, notes);
        return page(Ui.label("General", "page-title"), toggles, Ui.row(10, ll, look), err);
    }

    private Node versions() {
        GridPane g = grid();
        Spinner<Integer> days = intSpinner(model.versionDaysProperty(), 1, 3650, 1);
        days.setId("version-days");
        Spinner<Integer> gib = intSpinner(model.versionGibProperty(), 1, 10_000, 1);
        gib.setId("version-gib");
        Label dl = Ui.mnemonic("_Keep versions for");
        dl.setLabelFor(days);
        Label gl = Ui.mnemonic("_Use at most");
        gl.setLabelFor(gib);
        g.addRow(0, dl, days, Ui.label("days", "muted"));
        g.addRow(1, gl, gib, Ui.label("GiB of disk space", "muted"));
        return page(Ui.label("Earlier versions", "page-title"),
                Ui.wrapping("Before OxiSync overwrites or deletes a file, it keeps the old content on this computer. "
                        + "Older versions are removed first when a limit is reached.", "muted"), g);
    }

    private static Spinner<Integer> intSpinner(IntegerProperty p, int min, int max, int step) {
        Spinner<Integer> s = new Spinner<>(min, max, Math.max(min, p.get()), step);
        s.setEditable(true);
        s.setPrefWidth(120);
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
        level.setId("log-level");
        level.valueProperty().bindBidirectional(model.logLevelProperty());
        Label ll = Ui.mnemonic("_Log level");
        ll.setLabelFor(level);
        Button open = new Button("_Open log folder");
        open.setId("open-log-folder");
        open.getStyleClass().add(Styles.BUTTON_OUTLINED);
        open.setOnAction(e -> actions.openLogFolder());
        return page(Ui.label("Advanced", "page-title"), Ui.row(10, ll, level),
                Ui.wrapping("A new level applies at once. The log is kept in " + actions.logFolder() + ".",
                        "muted"), Ui.row(8, open));
    }

    private Node about() {
        VBox licenses = new VBox(3);
        THIRD_PARTY.forEach(t -> licenses.getChildren().add(Ui.label(t, "muted")));
        GridPane g = grid();
        g.addRow(0, Ui.label("OxiSync", Styles.TEXT_BOLD), new Label(Version.current()));
        g.addRow(1, Ui.label("Java", Styles.TEXT_BOLD), new Label(System.getProperty("java.version", "?")
                + " (" + System.getProperty("java.vendor", "?") + ")"));
        g.addRow(2, Ui.label("JavaFX", Styles.TEXT_BOLD), new Label(System.getProperty("javafx.runtime.version", "?")));
        g.addRow(3, Ui.label("License", Styles.TEXT_BOLD), new Label("Apache License 2.0"));
        return page(Ui.label("About OxiSync", "page-title"),
                Ui.wrapping("Two-way sync of your folders with an OxiCloud server.", "muted"), g,
                Ui.label("Third-party components", "section-label"), licenses);
    }
}
