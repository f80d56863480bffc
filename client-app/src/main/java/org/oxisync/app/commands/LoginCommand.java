package org.oxisync.app.commands;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import org.oxisync.app.AppConfig;
import org.oxisync.app.control.AccountSetup;
import org.oxisync.app.AppContext;
import org.oxisync.app.ServerAddress;
import org.oxisync.protocol.DeviceAuthorizationDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.protocol.ServerVersion;
import org.oxisync.protocol.UserDto;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import org.oxisync.app.state.Bytes;
import org.oxisync.app.control.ExitCodes;

/** {@code oxisync login SERVER_URL}: checks the server, logs in, and records the account and its personal drive. */
@Command(name = "login", mixinStandardHelpOptions = true,
        description = {"Log in to an OxiCloud server (device flow in a browser, password, or app password).",
                "Adds an account (another server, or another user of the same server) beside the ones there are;"
                        + " logging in again as the same user of the same server signs that account in again"
                        + " and keeps its pairs. --account NAME names the account (default user@host)."})
public final class LoginCommand implements Callable<Integer> {
    @Mixin AccountHomeOption homeOption;
    @Spec CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SERVER_URL",
            description = "The server, e.g. https://cloud.example.org; without https:// or http:// both are tried,"
                    + " https first.")
    String server;

    @ArgGroup(exclusive = true)
    Method method = new Method();

    static final class Method {
        @Option(names = "--device", description = "Log in through the browser (device flow; works with SSO).")
        boolean device;
        @Option(names = "--password-stdin", description = "Read the password from standard input (needs --user).")
        boolean passwordStdin;
        @Option(names = "--app-password-stdin", description = "Read an app password from standard input (needs --user).")
        boolean appPasswordStdin;
    }

    @Option(names = "--user", paramLabel = "NAME",
            description = "User name or e-mail for a password login; without --password-stdin or"
                    + " --app-password-stdin the password is asked for on the terminal.")
    String user;

    @Option(names = "--trust-fingerprint", paramLabel = "SHA256",
            description = "Trust a self-signed server whose certificate has this SHA-256 fingerprint.")
    String fingerprint;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        boolean hasUser = user != null && !user.isBlank();
        boolean prompt = hasUser && !method.device && !method.passwordStdin && !method.appPasswordStdin;
        boolean password = method.passwordStdin || method.appPasswordStdin || prompt;
        if ((method.passwordStdin || method.appPasswordStdin) && !hasUser) {
            err.println("oxisync login: --user NAME is needed with --password-stdin or --app-password-stdin");
            return ExitCodes.CONFIG;
        }
        if (prompt && console.get() == null) {
            err.println("oxisync login: --user needs the password, and there is no terminal to ask for it: pipe it"
                    + " in with --password-stdin (or an app password with --app-password-stdin)");
            return ExitCodes.CONFIG;
        }
        String name = homeOption.account();
        if (name != null && !org.oxisync.app.NamedAccount.validName(name)) {
            err.println("oxisync login: " + org.oxisync.app.NamedAccount.problem(name));
            return ExitCodes.CONFIG;
        }
        ServerAddress.Resolved address;
        try {
            address = ServerAddress.resolve(server);
        } catch (ServerAddress.Unusable e) {
            err.println("oxisync login: " + e.getMessage());
            return ExitCodes.CONFIG;
        }
        String base = address.baseUrl();
        if (address.fellBackToHttp() && password) {
            err.println("oxisync login: " + address.note() + ", but your password would travel unencrypted there"
                    + " (someone on the way may be blocking https). If you trust the network in between, log in"
                    + " to " + base + " by typing that address, http:// included");
            return ExitCodes.CONFIG;
        }
        if (!address.note().isEmpty()) {
            out.println(address.note() + ": using " + base);
        }
        address.warning().ifPresent(w -> err.println("oxisync login: warning: " + w));
        try (AppContext ctx = homeOption.openAll()) {
            String pendingKey = AppConfig.accountKey(base, password ? user : "pending-login");
            UserDto me;
            try (OxiCloudApi api = ctx.newApi(base, pendingKey, fingerprint)) {
                ServerVersion v = api.checkServer();
                out.println("OxiCloud " + v + " at " + base);
                if (prompt) {
                    char[] typed = console.get().read("Password for " + user + " at " + base + ": ");
                    if (typed == null || typed.length == 0) {
                        err.println("oxisync login: no password typed");
                        return ExitCodes.CONFIG;
                    }
                    api.login(user, new String(typed));
                    java.util.Arrays.fill(typed, '\0');
                } else if (method.passwordStdin) {
                    api.login(user, readSecret());
                } else if (method.appPasswordStdin) {
                    api.loginWithAppPassword(user, readSecret());
                } else {
                    DeviceAuthorizationDto auth = api.startDeviceLogin("OxiSync on " + AppContext.hostName());
                    out.println("Open " + auth.verificationUriComplete());
                    out.println("and confirm the code " + auth.userCode() + " (waiting; Ctrl+C cancels)");
                    out.flush();
                    api.completeDeviceLogin(auth);
                }
                me = api.me();
                boolean known = ctx.accounts().byKey(AppConfig.accountKey(base, userOf(me))).isPresent();
                String userName;
                try {
                    userName = AccountSetup.finishLogin(ctx, api, base, pendingKey, fingerprint, name).user();
                } catch (IllegalArgumentException e) {
                    if (!known) { // a new account that was not added: its new session is not kept either
                        ctx.credentials().delete(AppConfig.accountKey(base, userOf(me)));
                    }
                    err.println("oxisync login: " + e.getMessage());
                    return ExitCodes.CONFIG;
                }
                var account = ctx.accounts().byKey(AppConfig.accountKey(base, userName)).orElseThrow();
                out.println("Logged in as " + userName + " (" + quota(me) + ")");
                out.println((known ? "Account '" + account.name() + "' signed in again; its pairs are kept"
                        : "Account '" + account.name() + "' added") + " (" + ctx.accounts().all().size()
                        + " account(s): oxisync accounts)");
                ctx.close(); // the account's store, if this login opened it: the running OxiSync opens it next
                tellRunning(ctx, account.name(), known, out, err);
                String flag = ctx.accounts().all().size() > 1 ? " --account " + account.name() : "";
                out.println("Next: oxisync pair add LOCAL_DIR [REMOTE_PATH]" + flag);
                return ExitCodes.OK;
            }
        } catch (OxiCloudException e) {
            err.println("oxisync login: " + org.oxisync.core.reason.Reasons.describe(e));
            return ExitCodes.CONFIG;
        }
    }

    /**
     * A daemon or the desktop app that syncs this home starts syncing the new account now (or the account that
     * signed in again, with its new credentials), without a restart.
     */
    private static void tellRunning(AppContext ctx, String name, boolean known, PrintWriter out, PrintWriter err) {
        try {
            var reply = RunningHolder.tell(ctx.home().dir(), "accounts-changed", known ? name : null);
            if (reply.isEmpty()) {
                return;
            }
            if (reply.get().path("ok").asBoolean(false)) {
                out.println("The running OxiSync syncs account '" + name + "' now");
            } else {
                err.println("oxisync login: " + RunningHolder.refused(reply.get()));
            }
        } catch (java.io.IOException e) {
            err.println("oxisync login: the running OxiSync did not answer (" + e.getMessage() + "); it picks up"
                    + " the account within a few seconds, or at its next start");
        }
    }

    /** Reads a password without echo. */
    @FunctionalInterface
    public interface PasswordPrompt {
        char[] read(String promptText);
    }

    /** The process's terminal: a prompt without echo, null when there is no terminal. */
    public static final java.util.function.Supplier<PasswordPrompt> SYSTEM_CONSOLE = () -> {
        java.io.Console c = System.console();
        return c == null ? null : promptText -> c.readPassword("%s", promptText);
    };

    private final java.util.function.Supplier<PasswordPrompt> console;

    public LoginCommand() {
        this(SYSTEM_CONSOLE);
    }

    /** @param console the terminal to ask for a password on (its value is null when there is none) */
    public LoginCommand(java.util.function.Supplier<PasswordPrompt> console) {
        this.console = java.util.Objects.requireNonNull(console, "console");
    }

    private static String userOf(UserDto me) {
        return me.username() != null ? me.username() : me.email();
    }

    private static String quota(UserDto me) {
        long used = me.storageUsedBytes() == null ? 0 : me.storageUsedBytes();
        Long q = me.storageQuotaBytes();
        return Bytes.human(used) + " used" + (q == null || q == 0 ? "" : " of " + Bytes.human(q));
    }

    private static String readSecret() throws java.io.IOException {
        BufferedReader r = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line = r.readLine();
        if (line == null || line.isEmpty()) {
            throw new java.io.IOException("no password on standard input");
        }
        return line;
    }
}
