package org.oxisync.core.app;

import java.io.IOException;
import java.util.List;
import org.oxisync.protocol.Credentials;
import org.oxisync.protocol.DriveDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.UserDto;
import org.oxisync.store.account.Account;

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
        ctx.saveConfig(new AppConfig(server, userName, pin));
        Account account = new Account(server, userName, drive.id(), drive.rootFolderId());
        ctx.store().accounts().saveAccount(account);
        return account;
    }

    /** The drive whose {@code default_for_user} is the user (§4), else the first personal drive. */
    public static DriveDto personalDrive(List<DriveDto> drives, UserDto me) {
        return drives.stream().filter(d -> me.id().equals(d.defaultForUser())).findFirst()
                .or(() -> drives.stream().filter(d -> "personal".equals(d.kind())).findFirst())
                .orElseThrow(() -> new IllegalStateException("the server lists no personal drive for this user"));
    }
}
