package org.oxisync.ui.app;

import javafx.stage.Stage;
import javafx.stage.WindowEvent;

/**
 * What closing the main window does: with a tray, the window hides and syncing goes on in the tray; without one,
 * while an account syncs, the user is asked first (closing would stop syncing without a word; "Minimize" keeps
 * syncing); otherwise, or once quitting, the app quits.
 */
final class MainWindowClose {
    private MainWindowClose() {}

    /** {@code syncing}: the main window shows an account (its sync stops when the app quits). */
    static void handle(WindowEvent e, boolean tray, boolean quitting, boolean syncing, Windows windows, Stage stage,
                       Runnable quit) {
        if (tray && !quitting) {
            e.consume();
            windows.hideMain(); // keeps syncing in the tray
        } else if (!quitting && syncing) {
            e.consume();
            switch (windows.askBeforeQuitWithoutTray()) {
                case QUIT -> quit.run();
                case MINIMIZE -> stage.setIconified(true);
                case CANCEL -> { }
            }
        } else {
            quit.run();
        }
    }
}
