package org.oxisync.ui.view;

import atlantafx.base.theme.Styles;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.model.WizardModel;
import org.oxisync.ui.model.WizardModel.Step;
import org.oxisync.ui.setup.RemoteFolder;

/**
 * The setup wizard: server, sign-in, remote folder, local folder, selective sync, review. One step is shown
 * at a time; "Continue" is the default button (Enter) and "Back"/"Cancel" the cancel button (Esc). The server and
 * sign-in steps are built by {@link WizardSignInSteps}.
 */
public final class WizardView extends BorderPane {
    private final WizardModel model;
    private final Consumer<String> openBrowser;
    private final Function<Path, File> chooseDirectory;
    private final Runnable onFinish;
    private final Runnable onCancel;
    private final Label stepLabel = Ui.label("", "wizard-step");
    private final Label title = Ui.label("", "wizard-title");
    private final VBox body = new VBox(12);
    private final Button back;
    private final Button next;
    private final Button cancel;
    private final ProgressIndicator spinner = new ProgressIndicator(-1);
    private final I18n i18n;
    /** The server and sign-in steps' pages. */
    private final WizardSignInSteps signInSteps;

    /**
     * @param chooseDirectory opens a folder chooser at the given folder (the window opener owns choosers)
     */
    public WizardView(I18n i18n, WizardModel model, Consumer<String> openBrowser, Function<Path, File> chooseDirectory,
                      Runnable onFinish, Runnable onCancel) {
        this.i18n = i18n;
        this.back = new Button(i18n.t("wizard.back"));
        this.next = new Button(i18n.t("wizard.continue"));
        this.cancel = new Button(i18n.t("common.cancel"));
        this.model = model;
        this.openBrowser = openBrowser;
        this.chooseDirectory = chooseDirectory;
        this.onFinish = onFinish;
        this.onCancel = onCancel;
        this.signInSteps = new WizardSignInSteps(i18n, model, openBrowser, next);
        setId("wizard");
        VBox problem = Ui.notice("danger", "", "");
        problem.setId("wizard-problem");
        ((Label) problem.getChildren().get(0)).textProperty().bind(model.problemTitleProperty());
        ((Label) problem.getChildren().get(1)).textProperty().bind(model.problemTextProperty());
        problem.visibleProperty().bind(model.problemTitleProperty().isNotEmpty());
        problem.managedProperty().bind(problem.visibleProperty());

        spinner.setPrefSize(22, 22);
        spinner.setMaxSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
        spinner.visibleProperty().bind(model.busyProperty());
        spinner.setAccessibleText(i18n.t("common.working"));
        next.setId("wizard-next");
        back.setId("wizard-back");
        cancel.setId("wizard-cancel");
        next.getStyleClass().add(Styles.ACCENT);
        next.setDefaultButton(true);
        cancel.setCancelButton(true);
        back.getStyleClass().add(Styles.BUTTON_OUTLINED);
        cancel.getStyleClass().add(Styles.FLAT);
        next.disableProperty().bind(model.busyProperty());
        HBox buttons = new HBox(spinner, Ui.hgrow(), cancel, back, next);
        buttons.getStyleClass().add("wizard-buttons");

        ScrollPane scroll = new ScrollPane(body);
        scroll.setId("wizard-scroll");
        scroll.setFitToWidth(true);
        scroll.setFitToHeight(true); // lists grow with the window; content taller than the window scrolls
        scroll.getStyleClass().add(Styles.FLAT);
        scroll.setStyle("-fx-background-color: transparent; -fx-background: transparent;");
        scroll.setMinHeight(120);
        VBox.setVgrow(scroll, Priority.ALWAYS);
        // The problem sits under the step's content, above the buttons: it never pushes the field out of view.
        VBox page = new VBox(stepLabel, title, scroll, problem, buttons);
        page.getStyleClass().add("wizard");
        page.setFillWidth(true);
        setCenter(page);

        next.setOnAction(e -> onNext());
        back.setOnAction(e -> model.back());
        cancel.setOnAction(e -> {
            model.cancel();
            onCancel.run();
        });
        // While the review is prepared "Start syncing" is disabled, so the focus leaves the step's field for the
        // next button that takes it: Cancel. Enter then cancelled the wizard, removing the pair just saved for the
        // review (the newcomer path, both folders empty). Once the review is ready the focus goes to Start syncing.
        model.busyProperty().addListener((o, a, b) -> {
            if (!b && model.stepProperty().get() == Step.REVIEW) {
                next.requestFocus();
            }
        });
        model.stepProperty().addListener((o, a, b) -> show(b));
        if (model.stepProperty().get() != null) {
            show(model.stepProperty().get());
        }
    }

    private void onNext() {
        switch (model.stepProperty().get()) {
            case SERVER -> {
                if (model.certificateProperty().get() != null) {
                    model.trustCertificate();
                } else {
                    model.checkServer();
                }
            }
            case SIGN_IN -> model.signIn(openBrowser);
            case REMOTE_FOLDER -> model.remoteChosen();
            case LOCAL_FOLDER -> model.localChosen();
            case SELECTIVE -> model.selectiveChosen();
            case REVIEW -> onFinish.run();
        }
    }

    private void show(Step s) {
        stepLabel.setText(i18n.t("wizard.stepOf", "step", model.stepNumber(), "count", model.stepCount()));
        title.setText(s.title(i18n));
        back.setVisible(s != Step.SERVER && !(model.addPairOnly() && s == Step.REMOTE_FOLDER));
        back.setManaged(true);
        next.textProperty().unbind();
        next.setText(s == Step.REVIEW ? i18n.t("wizard.start") : i18n.t("wizard.continue"));
        Node content = switch (s) {
            case SERVER -> signInSteps.server();
            case SIGN_IN -> signInSteps.signIn();
            case REMOTE_FOLDER -> remoteStep();
            case LOCAL_FOLDER -> localStep();
            case SELECTIVE -> selectiveStep();
            case REVIEW -> reviewStep();
        };
        VBox.setVgrow(content, Priority.ALWAYS);
        body.getChildren().setAll(content);
    }

    private Node remoteStep() {
        Label intro = Ui.wrapping(i18n.t("wizard.remote.intro"), "muted");
        if (model.place().driveProperty().get() == null) {
            model.place().driveProperty().set(org.oxisync.ui.setup.DriveChoice.personal(model.accountProperty().get()));
        }
        DrivePicker picker = new DrivePicker(i18n, new DrivePicker.Source() {
            @Override
            public void drives(Consumer<List<org.oxisync.ui.setup.DriveChoice>> then, Consumer<Throwable> failed) {
                model.drives(then, failed);
            }

            @Override
            public void children(RemoteFolder parent, Consumer<List<RemoteFolder>> then) {
                model.children(parent, then);
            }
        }, model.place().driveProperty(), model.remoteFolderProperty(), this::onNext);
        picker.modes().show(model.place().driveProperty().get().role(), model.place().modeProperty().get(),
                model.place().keepRemoteDeletesProperty().get());
        model.place().modeProperty().bind(picker.modes().modeProperty());
        model.place().keepRemoteDeletesProperty().bind(picker.modes().keepRemoteDeletesProperty());
        VBox.setVgrow(picker, Priority.ALWAYS);
        focusLater(picker.lookup("#remote-tree"));
        return new VBox(10, intro, picker);
    }

    private Node localStep() {
        TextField path = new TextField();
        path.setId("local-folder");
        path.textProperty().bindBidirectional(model.localFolderProperty());
        // While typing: the old note and problem go at once; the new path is checked when typing pauses.
        javafx.animation.PauseTransition settle = new javafx.animation.PauseTransition(javafx.util.Duration.millis(350));
        settle.setOnFinished(e -> model.checkLocal());
        path.textProperty().addListener((o, a, b) -> {
            model.localEdited();
            settle.playFromStart();
        });
        path.focusedProperty().addListener((o, a, b) -> {
            if (!b) {
                settle.stop();
                model.checkLocal();
            }
        });
        HBox.setHgrow(path, Priority.ALWAYS);
        Button browse = new Button(i18n.t("wizard.local.browse"));
        browse.setOnAction(e -> {
            File f = chooseDirectory.apply(Path.of(model.localFolderProperty().get()));
            if (f != null) {
                model.localFolderProperty().set(f.getAbsolutePath());
                model.checkLocal();
            }
        });
        Label l = Ui.mnemonic(i18n.t("wizard.local.label"));
        l.setLabelFor(path);
        Label note = Ui.wrapping("", "muted");
        note.setId("local-note");
        note.textProperty().bind(model.localNoteProperty());
        Label remote = Ui.label(i18n.t("wizard.local.syncsWith", "folder", model.remoteShown()), "muted");
        remote.setId("local-syncs-with");
        focusLater(path);
        return new VBox(8, remote, l, Ui.row(8, path, browse), note);
    }

    private Node selectiveStep() {
        Label intro = Ui.wrapping(i18n.t("wizard.selective.intro"), "muted");
        SelectiveTree tree = new SelectiveTree(i18n, model.selectionProperty().get(), model.folders());
        tree.setId("selective-list");
        tree.setAccessibleText(Step.SELECTIVE.title(i18n));
        tree.setPrefHeight(260);
        tree.setMinHeight(120);
        VBox.setVgrow(tree, Priority.ALWAYS);
        tree.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == javafx.scene.input.KeyCode.ENTER) {
                e.consume();
                onNext();
            }
        });
        Button all = new Button(i18n.t("wizard.selective.all"));
        all.getStyleClass().add(Styles.FLAT);
        all.setOnAction(e -> tree.selection().set(tree.selection().root(), true));
        Button none = new Button(i18n.t("wizard.selective.none"));
        none.getStyleClass().add(Styles.FLAT);
        none.setOnAction(e -> tree.selection().set(tree.selection().root(), false));
        focusLater(tree);
        return new VBox(10, intro, tree, Ui.row(4, all, none), spaceLabel("selective-space"));
    }

    /** "2.1 GiB to download · 40.3 GiB free on this disk", in red when it does not fit. */
    private Label spaceLabel(String id) {
        Label l = Ui.wrapping("", "muted");
        l.setId(id);
        Runnable show = () -> {
            var note = model.spaceProperty().get();
            l.setText(note.text());
            l.getStyleClass().remove(Styles.DANGER);
            if (note.tooLarge()) {
                l.getStyleClass().add(Styles.DANGER);
            }
        };
        model.spaceProperty().addListener((o, a, b) -> show.run());
        show.run();
        l.visibleProperty().bind(l.textProperty().isNotEmpty());
        l.managedProperty().bind(l.visibleProperty());
        return l;
    }

    private Node reviewStep() {
        Label text = Ui.wrapping("", "");
        text.setId("review-text");
        text.textProperty().bind(model.reviewTextProperty());
        ListView<String> plan = new ListView<>(model.plan());
        plan.setId("plan-list");
        plan.setAccessibleText(Step.REVIEW.title(i18n));
        plan.getStyleClass().add(Styles.DENSE);
        plan.setPrefHeight(220);
        plan.setMinHeight(100);
        VBox.setVgrow(plan, Priority.ALWAYS); // grows with the window
        plan.setCellFactory(v -> new javafx.scene.control.ListCell<>() {
            {
                setPrefWidth(0); // wrap to the list's width instead of cutting the line
                setWrapText(true);
            }

            @Override
            protected void updateItem(String line, boolean empty) {
                super.updateItem(line, empty);
                setText(empty ? null : line);
                setTooltip(empty || line == null ? null : new javafx.scene.control.Tooltip(line));
            }
        });
        plan.visibleProperty().bind(Bindings.isNotEmpty(model.plan()));
        plan.managedProperty().bind(plan.visibleProperty());
        VBox.setMargin(plan, new Insets(4, 0, 0, 0));
        return new VBox(10, text, spaceLabel("review-space"), plan);
    }

    static GridPane grid() {
        GridPane g = new GridPane();
        g.getStyleClass().add("form-grid");
        return g;
    }

    static void focusLater(Node n) {
        javafx.application.Platform.runLater(n::requestFocus);
    }

    /** For tests and the shell: the selective sync tree's model (null before the local folder is chosen). */
    public org.oxisync.ui.model.FolderSelection selection() {
        return model.selectionProperty().get();
    }
}
