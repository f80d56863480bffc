package org.oxisync.ui.app;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import javafx.application.Application;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.stage.DirectoryChooser;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * The one class that opens windows: the main window's content, the settings and "add folder" windows,
 * confirmations and folder choosers. It also applies the theme, so every window looks the same.
 */
public final class Windows {
    private static final String CSS = Objects.requireNonNull(Windows.class.getResource("/org/oxisync/ui/oxisync.css"))
            .toExternalForm();

    private final Stage main;
    private Stage settings;
    private Stage addPair;

    public Windows(Stage main) {
        this.main = main;
    }

    public Stage main() {
        return main;
    }

    /** Sets the light or dark AtlantaFX theme for every window. */
    public void applyTheme(Appearance appearance, boolean systemDark) {
        Application.setUserAgentStylesheet(appearance.stylesheet(systemDark));
    }

    /** Shows {@code root} in the main window (the wizard first, the status window afterwards). */
    public void showMain(Parent root, String title, double width, double height) {
        Scene scene = main.getScene();
        if (scene == null) {
            scene = new Scene(root, width, height);
            scene.getStylesheets().add(CSS);
            main.setScene(scene);
        } else {
            scene.setRoot(root);
            if (main.getWidth() < width || main.getHeight() < height) {
                main.setWidth(Math.max(main.getWidth(), width));
                main.setHeight(Math.max(main.getHeight(), height));
                main.centerOnScreen();
            }
        }
        main.setTitle(title);
        main.setMinWidth(640);
        main.setMinHeight(460);
        main.show();
    }

    public void bringToFront() {
        if (main.isIconified()) {
            main.setIconified(false);
        }
        main.show();
        main.toFront();
        main.requestFocus();
    }

    public void hideMain() {
        main.hide();
    }

    public Stage openSettings(Parent view) {
        if (settings != null && settings.isShowing()) {
            settings.toFront();
            return settings;
        }
        settings = secondary(view, "OxiSync Settings", 760, 600);
        settings.show();
        return settings;
    }

    public Stage openAddPair(Parent view) {
        if (addPair != null && addPair.isShowing()) {
            addPair.toFront();
            return addPair;
        }
        addPair = secondary(view, "Add a folder — OxiSync", 720, 560);
        addPair.initModality(Modality.WINDOW_MODAL);
        addPair.show();
        return addPair;
    }

    public void closeAddPair() {
        if (addPair != null) {
            addPair.close();
            addPair = null;
        }
    }

    public Optional<Stage> settingsWindow() {
        return Optional.ofNullable(settings).filter(Stage::isShowing);
    }

    public void closeSettings() {
        if (settings != null) {
            settings.close();
        }
    }

    private Stage secondary(Parent view, String title, double w, double h) {
        Stage s = new Stage();
        s.initOwner(main);
        Scene scene = new Scene(view, w, h);
        scene.getStylesheets().add(CSS);
        s.setScene(scene);
        s.setTitle(title);
        s.setMinWidth(560);
        s.setMinHeight(420);
        return s;
    }

    /** A folder chooser opened at {@code initial} (or its nearest existing parent). */
    public File chooseDirectory(Path initial, Window owner) {
        DirectoryChooser c = new DirectoryChooser();
        c.setTitle("Choose a folder");
        Path p = initial;
        while (p != null && !Files.isDirectory(p)) {
            p = p.getParent();
        }
        if (p != null) {
            c.setInitialDirectory(p.toFile());
        }
        return c.showDialog(owner == null ? main : owner);
    }

    /** A yes/no question; true when the user chose {@code okLabel}. */
    public boolean confirm(String title, String text, String okLabel) {
        ButtonType ok = new ButtonType(okLabel, ButtonBar.ButtonData.OK_DONE);
        Alert a = new Alert(Alert.AlertType.CONFIRMATION, text, ok, ButtonType.CANCEL);
        a.initOwner(settings != null && settings.isShowing() ? settings : main);
        a.setTitle(title);
        a.setHeaderText(title);
        a.getDialogPane().getStylesheets().add(CSS);
        return a.showAndWait().filter(ok::equals).isPresent();
    }
}
