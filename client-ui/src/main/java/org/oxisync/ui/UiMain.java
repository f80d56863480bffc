package org.oxisync.ui;

import javafx.application.Application;

/**
 * The one class that calls {@link Application#launch}; {@link Launcher} reaches JavaFX only through here.
 * It launches the desktop shell, {@link org.oxisync.ui.app.OxiSyncApp}.
 */
public final class UiMain {

    private UiMain() {
    }

    /**
     * Starts the JavaFX toolkit, blocks until the app quits, then ends the process: non-daemon threads of
     * libraries (AWT's tray) must not keep it alive. (The app class itself never exits, so tests can start it.)
     */
    public static void launch(String[] args) {
        Application.launch(org.oxisync.ui.app.OxiSyncApp.class, args);
        System.exit(0);
    }
}
