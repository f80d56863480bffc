package org.oxisync.app.service;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Objects;
import java.util.Optional;
import org.oxisync.app.AppContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.oxisync.app.control.StoreChanges;
import org.oxisync.app.control.StoreRequest;

/**
 * The store-changing verbs of the control socket, served by the process that holds the store (the daemon, the
 * desktop app): it runs the CLI's request through {@link StoreChanges}, as the CLI would have, and answers
 * {@code {"ok":true,"exit":N,"out":"…","err":"…"}}; then it tells its sync ({@code changed}) to re-read the pairs.
 * One change at a time.
 */
public final class StoreVerbs implements ControlSocket.Verbs {
    private static final Logger LOG = LoggerFactory.getLogger(StoreVerbs.class);

    private final StoreChanges changes;
    private final Runnable changed;
    /** The account whose store this changes; a request naming another is refused. Null: any. */
    private final String account;

    /** @param changed run after a change that succeeded (re-read the pairs, refresh what shows them) */
    public StoreVerbs(StoreChanges changes, Runnable changed) {
        this(changes, changed, null);
    }

    private StoreVerbs(StoreChanges changes, Runnable changed, String account) {
        this.changes = Objects.requireNonNull(changes, "changes");
        this.changed = Objects.requireNonNull(changed, "changed");
        this.account = account;
    }

    /**
     * The verbs of a process whose {@code service} syncs continuously: a pair's sync ends before the pair is removed,
     * and the service re-reads the pairs after each change, then {@code alsoChanged} runs (the desktop app refreshes
     * its windows).
     *
     * @param process how messages name that process ("the daemon", "the desktop app")
     */
    public static StoreVerbs forService(AppContext ctx, SyncService service, String process, Runnable alsoChanged) {
        StoreChanges changes = new StoreChanges(ctx, new StoreChanges.Hooks() {
            @Override
            public void pairStopping(String name) {
                service.stopPair(name);
            }

            @Override
            public String syncingProcess() {
                return process;
            }

            @Override
            public java.util.concurrent.CompletableFuture<org.oxisync.core.undo.UndoRun.Result> undo(
                    org.oxisync.store.account.FolderPair pair, java.util.List<org.oxisync.core.undo.RunChange> c,
                    java.util.List<org.oxisync.core.undo.RunMove> m) {
                return service.undo(pair.name(), c, m);
            }
        });
        return new StoreVerbs(changes, () -> {
            service.pairsChanged();
            alsoChanged.run();
        }, ctx.account().map(org.oxisync.app.NamedAccount::name).orElse(null));
    }

    @Override
    public Optional<String> answer(String verb, String args) {
        if (!StoreRequest.VERBS.contains(verb)) {
            return Optional.empty();
        }
        StoreRequest request;
        try {
            String named = StoreRequest.JSON.readTree(args == null || args.isBlank() ? "{}" : args)
                    .path("account").asText(null);
            if (named != null && account != null && !named.equals(account)) {
                // a change for another account's store must never land in this one's
                return Optional.of(ControlSocket.error("this process syncs account '" + account + "', not '"
                        + named + "'"));
            }
            request = StoreRequest.parse(verb, args);
        } catch (IOException e) {
            return Optional.of(ControlSocket.error(verb + ": the arguments are not JSON"));
        } catch (IllegalArgumentException e) {
            return Optional.of(ControlSocket.error(e.getMessage()));
        }
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit;
        synchronized (this) {
            try (PrintWriter o = new PrintWriter(out); PrintWriter e = new PrintWriter(err)) {
                try {
                    exit = changes.run(request, o, e);
                } catch (IOException | RuntimeException x) {
                    // what the command line prints for a command that failed (OxiSyncMain's handler)
                    e.println("oxisync: " + x.getMessage());
                    exit = 1;
                }
            }
        }
        LOG.info("{} for the command line: exit {}", request.command(), exit);
        try {
            changed.run(); // also after a failure: a pair stopped for its removal starts again if it is still there
        } catch (RuntimeException x) {
            LOG.warn("after {}: {}", request.command(), x.toString());
        }
        ObjectNode reply = StoreRequest.JSON.createObjectNode().put("ok", true).put("exit", exit)
                .put("out", out.toString()).put("err", err.toString());
        return Optional.of(reply.toString());
    }
}
