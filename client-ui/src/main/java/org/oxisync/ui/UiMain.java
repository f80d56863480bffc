package org.oxisync.ui;

import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;

/**
 * The one class that calls {@link Application#launch}; {@link Launcher} reaches JavaFX only through here.
 * The desktop shell replaces {@link MinimalWindow} in the single line of {@link #launch(String[])}.
 */
public final class UiMain {

    private UiMain() {
    }

    /** Starts the JavaFX toolkit and blocks until the last window closes. */
    public static void launch(String[] args) {
        Application.launch(MinimalWindow.class, args);
    }

    /** A window titled "OxiSync" that stands in until the desktop shell's own Application class exists. */
    public static final class MinimalWindow extends Application {
        @Override
        public void start(Stage stage) {
            Label label = new Label("OxiSync");
            label.setStyle("-fx-font-size: 28px;");
            stage.setTitle("OxiSync");
            stage.setScene(new Scene(new StackPane(label), 480, 300));
            stage.show();
        }
    }
}
