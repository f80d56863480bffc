package org.oxisync.ui;

import javafx.application.Application;

/**
 * The one class that calls {@link Application#launch}; {@link Launcher} reaches JavaFX only through here.
 * It launches the desktop shell, {@link org.oxisync.ui.app.OxiSyncApp}.
 */
public final class UiMain {

    private UiMain() {
    }

    /** Starts the JavaFX toolkit and blocks until the last window closes. */
    public static void launch(String[] args) {
        Application.launch(org.oxisync.ui.app.OxiSyncApp.class, args);
    }
}
