package org.oxisync.app.commands;

import java.io.IOException;
import java.util.Optional;
import org.oxisync.app.AccountChoice;
import org.oxisync.app.AppContext;
import org.oxisync.app.NamedAccount;
import picocli.CommandLine.Option;

/**
 * {@code --home} and {@code --account NAME}, for the commands that work on one account: {@link #open()} gives a
 * context bound to the chosen account ({@link AccountChoice}); in a home with several accounts and no
 * {@code --account} it throws {@link AccountChoice.Unclear}, which the command line reports with the list of
 * accounts (exit 2).
 */
public class AccountHomeOption extends HomeOption {
    @Option(names = "--account", paramLabel = "NAME",
            description = "The account to use (see `oxisync accounts`); needed when there are several.")
    String account;

    /** The value of {@code --account}, or null. */
    public String account() {
        return account;
    }

    @Override
    public AppContext open() throws IOException {
        AppContext root = super.open();
        try {
            Optional<NamedAccount> chosen = AccountChoice.choose(root.accounts(), account);
            return chosen.isEmpty() ? root : root.forAccount(chosen.get().name());
        } catch (RuntimeException e) {
            root.close();
            throw e;
        }
    }

    /** The home's context bound to no account (for commands that cover them all). */
    public AppContext openAll() throws IOException {
        return super.open();
    }
}
