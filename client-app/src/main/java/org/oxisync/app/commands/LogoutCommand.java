package org.oxisync.app.commands;

import java.util.concurrent.Callable;
import org.oxisync.app.AppConfig;
import org.oxisync.app.AppContext;
import org.oxisync.protocol.OxiCloudException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import org.oxisync.app.control.ExitCodes;

/** {@code oxisync logout}: ends the session on the server and forgets the stored credentials. Pairs stay. */
@Command(name = "logout", mixinStandardHelpOptions = true,
        description = {"Log out: revoke the session on the server and delete the stored credentials.",
                "With several accounts, --account NAME says which; the account stays listed (signed out)."})
public final class LogoutCommand implements Callable<Integer> {
    @Mixin AccountHomeOption homeOption;
    @Spec CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        return LoggedIn.run(homeOption, spec.commandLine().getOut(), "not logged in", ExitCodes.OK, this::logout);
    }

    private int logout(AppContext ctx) throws Exception {
        org.oxisync.app.NamedAccount account = ctx.account().orElseThrow();
        // a daemon or the desktop app holds the account's store: it signs the account out itself, after its
        // sync of that account stopped (the store cannot be opened here meanwhile)
        java.util.Optional<com.fasterxml.jackson.databind.JsonNode> held;
        try {
            held = RunningHolder.tell(ctx.home().dir(), "logout", account.name());
        } catch (java.io.IOException e) {
            spec.commandLine().getErr().println("oxisync logout: the running OxiSync did not answer ("
                    + e.getMessage() + "); the account may or may not be signed out (see oxisync accounts)");
            return ExitCodes.CONFIG;
        }
        if (held.isPresent()) {
            if (!held.get().path("ok").asBoolean(false)) {
                spec.commandLine().getErr().println("oxisync logout: " + RunningHolder.refused(held.get()));
                return ExitCodes.CONFIG;
            }
            String warning = held.get().path("warning").asText("");
            if (!warning.isEmpty()) {
                spec.commandLine().getErr().println(warning);
            }
            spec.commandLine().getOut().println("Logged out " + account.user() + " (account '" + account.name()
                    + "'); the running OxiSync stopped syncing it. Folder pairs are kept for the next login.");
            return ExitCodes.OK;
        }
        try {
            ctx.api().logout();
        } catch (OxiCloudException e) {
            spec.commandLine().getErr().println("the server could not be told (" + e.getMessage()
                    + "); the local credentials are deleted anyway");
        }
        ctx.credentials().delete(ctx.config().accountKey());
        AppConfig c = ctx.config();
        String name = ctx.account().map(org.oxisync.app.NamedAccount::name).orElse(c.user());
        spec.commandLine().getOut().println("Logged out " + c.user() + " (account '" + name + "'); folder pairs"
                + " are kept for the next login.");
        return ExitCodes.OK;
    }
}
