package org.oxisync.ui.view;

import java.util.List;
import java.util.function.Consumer;
import org.oxisync.store.account.FolderPair;
import org.oxisync.ui.setup.RemoteFolder;

/** What the settings window asks of the shell; results come back on the FX thread. */
public interface SettingsActions {
    String accountServer();

    String accountUser();

    /** The account's name ({@code user@host}, or the one given at login). */
    String accountName();

    /** "Add account…": sign in to another server, or as another user, beside the accounts there are. */
    void addAccount();

    void logOut(Consumer<String> done);

    void removeAccount();

    void signInAgain();

    void addPair();

    void removePair(FolderPair pair, Consumer<String> done);

    /** Lists and sizes the folders of the pair's drive, for the selective sync tree. */
    org.oxisync.ui.model.FolderLoader folders();

    void savePair(FolderPair pair, Consumer<String> done);

    void loadPairs(Consumer<List<FolderPair>> then);

    void openLogFolder();

    String logFolder();
}
