package org.oxisync.app.control;

import java.io.IOException;
import java.util.List;
import org.oxisync.protocol.Credentials;
import org.oxisync.protocol.DriveDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.UserDto;
import org.oxisync.store.account.Account;
import org.oxisync.app.AccountList;
import org.oxisync.app.AppConfig;
import org.oxisync.app.AppContext;
import org.oxisync.app.NamedAccount;

/**
 * The last steps of every login (the CLI's `oxisync login`, the desktop wizard, the demo): learn who logged in,
 * keep the credentials under the account's final key, find the personal drive, save the configuration and the
 * account record. One place, so the CLI and the UI cannot drift apart.
 */
public final class AccountSetup {
    private AccountSetup() {}

    /**
     * @param api a client that has just logged in, with its credentials kept under {@code pendingKey}
     * @param pin the accepted certificate fingerprint of a self-signed server, or null
     */
    public static Account finishLogin(AppContext ctx, OxiCloudApi api, String server, String pendingKey, String pin)
            throws IOException {
        return finishLogin(ctx, api, server, pendingKey, pin, null);
    }

    /**
     * The login of an account: a new one is added to the home's accounts (named {@code name}, or {@code user@host});
     * logging in again to the same server as the same user refreshes that account's credentials in place and keeps
     * its name (unless {@code name} renames it), its store and its pairs.
     *
     * @param name the account's name ({@code --account NAME}), or null for the existing name or the default
     * @throws IllegalArgumentException when {@code name} is unusable or another account has it
     */
    public static Account finishLogin(AppContext ctx, OxiCloudApi api, String server, String pendingKey, String pin,
                                      String name) throws IOException {
        UserDto me = api.me();
        String userName = me.username() != null ? me.username() : me.email();
        String finalKey = AppConfig.accountKey(server, userName);
        if (!finalKey.equals(pendingKey)) {
            Credentials c = ctx.credentials().load(pendingKey).orElseThrow(
                    () -> new IllegalStateException("the login left no credentials to keep"));
            ctx.credentials().save(finalKey, c);
            ctx.credentials().delete(pendingKey);
        }
        DriveDto drive = personalDrive(api.drives(), me);
        AccountList accounts = ctx.accounts();
        String chosen = name != null ? name : accounts.byKey(finalKey).map(NamedAccount::name)
                .orElseGet(() -> accounts.freeDefaultName(server, userName));
        ctx.saveAccount(new NamedAccount(chosen, new AppConfig(server, userName, pin)));
        Account account = new Account(server, userName, drive.id(), drive.rootFolderId());
        boolean known = accounts.byKey(finalKey).isPresent();
        try {
            if (ctx.storeOpen() && ctx.account().map(a -> a.key().equals(finalKey)).orElse(false)) {
                ctx.store().accounts().saveAccount(account); // the account this context serves: its store is open
            } else {
                try (AppContext other = ctx.forAccount(chosen)) {
                    other.store().accounts().saveAccount(account);
                }
            }
        } catch (org.oxisync.store.error.StoreException e) {
            if (!known || !org.oxisync.app.control.DaemonClient.ping(ctx.home().dir())) {
                throw e;
            }
            // signing in again to an account a running daemon or desktop app syncs: its store (which has the
            // account since the first login) is held there; the new credentials are saved, and the login tells
            // that process to restart the account's sync with them
        }
        return account;
    }

    /** The drive whose {@code default_for_user} is the user (§4), else the first personal drive. */
    public static DriveDto personalDrive(List<DriveDto> drives, UserDto me) {
        return drives.stream().filter(d -> me.id().equals(d.defaultForUser())).findFirst()
                .or(() -> drives.stream().filter(d -> "personal".equals(d.kind())).findFirst())
                .orElseThrow(() -> new IllegalStateException("the server lists no personal drive for this user"));
    }
}
