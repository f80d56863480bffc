package org.oxisync.core.commands;

import org.oxisync.core.app.AppContext;
import org.oxisync.core.app.RunningApps;
import org.oxisync.core.service.DaemonClient;
import org.oxisync.store.StoreException;

/** The message for a command that must change the store while another OxiSync process holds it. */
final class StoreBusy {
    private StoreBusy() {}

    static boolean is(RuntimeException e) {
        return e instanceof StoreException && e.getMessage() != null && e.getMessage().contains("in use by another");
    }

    /**
     * The account's store for a command that changes it; empty (after telling {@code err} which process holds it and
     * what to do) when another OxiSync process has it open.
     */
    static java.util.Optional<org.oxisync.store.LocalStore> open(AppContext ctx, java.io.PrintWriter err, String command,
                                                                 String what) {
        try {
            return java.util.Optional.of(ctx.store());
        } catch (RuntimeException e) {
            if (is(e)) {
                err.println(command + ": " + message(ctx, what));
                return java.util.Optional.empty();
            }
            throw e;
        }
    }

    static String message(AppContext ctx, String what) {
        String who = DaemonClient.ping(ctx.home().dir()) ? "the OxiSync daemon"
                : RunningApps.desktopApp(ctx.home().dir()) ? "the OxiSync desktop app" : "another OxiSync process";
        String how = who.contains("daemon") ? "stop it for a moment (systemctl --user stop oxisync, or Ctrl+C)"
                : who.contains("desktop") ? "do it in the app, or quit the app for a moment" : "wait until it ends";
        return who + " is running and holds the local store, so " + what + " cannot change it now; " + how
                + ". Reading works beside it: oxisync status, pair list, versions list, conflicts list.";
    }
}
