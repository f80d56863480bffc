package org.oxisync.app.commands;

import java.io.PrintWriter;
import org.oxisync.app.AppContext;
import org.oxisync.store.StoreView;

/**
 * The preamble of the commands that work on the logged-in account: open the account's context (--home, --account)
 * and, when nobody is logged in, print the command's own message and return its own exit code (most say so on
 * stderr with {@link ExitCodes#CONFIG}; {@code pair list} and {@code logout} say it on stdout and succeed).
 */
final class LoggedIn {
    private LoggedIn() {}

    /** What a command does with the account's context; returns the exit code. */
    @FunctionalInterface
    interface Body {
        int run(AppContext ctx) throws Exception;
    }

    /** What a command does with the account's context and its store opened read-only; returns the exit code. */
    @FunctionalInterface
    interface ViewBody {
        int run(AppContext ctx, StoreView view) throws Exception;
    }

    /** Runs {@code body} on the account, or prints {@code notLoggedIn} to {@code to} and returns {@code exitCode}. */
    static int run(AccountHomeOption home, PrintWriter to, String notLoggedIn, int exitCode, Body body)
            throws Exception {
        try (AppContext ctx = home.open()) {
            if (!ctx.config().hasAccount()) {
                to.println(notLoggedIn);
                return exitCode;
            }
            return body.run(ctx);
        }
    }

    /**
     * As {@link #run}, with the account's store opened read-only ({@link StoreView}: works beside a running daemon
     * or desktop app, which hold the store itself).
     */
    static int view(AccountHomeOption home, PrintWriter to, String notLoggedIn, int exitCode, ViewBody body)
            throws Exception {
        return run(home, to, notLoggedIn, exitCode, ctx -> {
            try (StoreView view = StoreView.open(ctx.home().dataDir(), ctx.config().accountKey())) {
                return body.run(ctx, view);
            }
        });
    }
}
