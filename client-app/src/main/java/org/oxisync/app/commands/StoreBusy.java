package org.oxisync.app.commands;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Optional;
import org.oxisync.app.AppContext;
import org.oxisync.app.RunningApps;
import org.oxisync.app.control.StoreChanges;
import org.oxisync.app.control.StoreRequest;
import org.oxisync.app.control.DaemonClient;
import org.oxisync.store.error.StoreException;
import org.oxisync.app.control.ExitCodes;

/**
 * Runs a command that changes the store: here when this process can open the store, else through the process that
 * holds it (the daemon, the desktop app), which runs the same {@link StoreChanges} over its control socket; the
 * command prints that process's output and returns its exit code. Only when nobody answers (another {@code
 * sync-once}, an older daemon) does it say which process holds the store and what to do.
 */
final class StoreBusy {
    /** A change may ask the server (pair add) or copy a large version: more than a status request. */
    static final long CHANGE_TIMEOUT_SECONDS = 120;

    private StoreBusy() {}

    static boolean is(RuntimeException e) {
        return e instanceof StoreException && e.getMessage() != null && e.getMessage().contains("in use by another");
    }

    static int run(AppContext ctx, StoreRequest request, PrintWriter out, PrintWriter err, String what)
            throws IOException {
        try {
            ctx.store();
        } catch (RuntimeException e) {
            if (!is(e)) {
                throw e;
            }
            return viaHolder(ctx, request, out, err, what);
        }
        return new StoreChanges(ctx, StoreChanges.Hooks.NONE).run(request, out, err);
    }

    private static int viaHolder(AppContext ctx, StoreRequest request, PrintWriter out, PrintWriter err, String what) {
        Optional<JsonNode> reply;
        try {
            // the holder syncs every account of the home: the request names this one
            var args = request.args();
            ctx.account().ifPresent(a -> args.put("account", a.name()));
            reply = DaemonClient.request(ctx.home().dir(), request.verb() + " " + args, CHANGE_TIMEOUT_SECONDS);
        } catch (IOException e) {
            err.println(request.command() + ": " + e.getMessage() + "; " + what + " may or may not have been done"
                    + " (check with oxisync status)");
            return ExitCodes.ITEMS_FAILED;
        }
        if (reply.isEmpty()) {
            err.println(request.command() + ": " + message(ctx, what));
            return ExitCodes.CONFIG;
        }
        JsonNode r = reply.get();
        if (!r.path("ok").asBoolean(false)) {
            err.println(request.command() + ": the running OxiSync could not do it: " + r.path("error").asText("?")
                    + " (an older version? restart it, or stop it for a moment and try again)");
            return ExitCodes.CONFIG;
        }
        out.print(r.path("out").asText(""));
        err.print(r.path("err").asText(""));
        out.flush();
        err.flush();
        return r.path("exit").asInt(ExitCodes.ITEMS_FAILED);
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
