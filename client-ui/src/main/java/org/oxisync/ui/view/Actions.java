package org.oxisync.ui.view;

import java.nio.file.Path;
import org.oxisync.store.account.FolderPair;

/** What the views may ask of the shell; every method returns at once (work goes to the background). */
public interface Actions {
    void syncNow();

    void togglePause();

    void openSettings();

    void openWebUi();

    void openFolder(FolderPair pair);

    void openFile(Path file);

    void showInFolder(Path file);

    /**
     * Shows what undoing the run (the activity line {@code runId} of {@code pair}) would do and, when the user
     * confirms, does it (Activity's "Undo this run…").
     */
    default void undoRun(FolderPair pair, long runId) {
    }

    /** Asks for this account's password again (the server refused the saved sign-in, or after Log out). */
    void signInAgain();
}
