package org.oxisync.ui.app;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.oxisync.app.service.AccountVerbs;
import org.oxisync.app.service.ControlSocket;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The desktop app's control socket ({@code daemon.sock}), for every account it syncs: {@code oxisync status}, the
 * command line's store changes (each to its account's store, {@link AccountVerbs}), {@code accounts-changed} (a
 * {@code login} or {@code accounts remove} beside the app: the app opens or drops the account without a restart) and
 * {@code logout} (the app signs the account out itself: it holds the store). The accounts are asked at each request,
 * so an account added or removed while the app runs is served at once.
 */
final class AppControl implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(AppControl.class);

    /** What the app does for the account requests; each answers the JSON reply. */
    interface Accounts {
        /** The accounts that sync now, the first one first. */
        List<AccountSession> syncing();

        /** Read the account list again; {@code restart}: an account that signed in again (may be null). */
        void changed(String restart);

        /** Signs the named account out (null: the first); the error, if it could not. */
        Optional<String> logOut(String account);
    }

    private final ControlSocket socket;

    private AppControl(ControlSocket socket) {
        this.socket = socket;
    }

    /** Opens the socket; empty (and logged) when it cannot be opened: the app syncs all the same. */
    static Optional<AppControl> open(Path home, Accounts accounts) {
        Supplier<List<ControlSocket.Served>> served = () -> accounts.syncing().stream()
                .flatMap(s -> s.backend().filter(b -> b instanceof org.oxisync.ui.sync.ServiceBackend)
                        .map(b -> new ControlSocket.Served(s.name(), s.account().key(),
                                ((org.oxisync.ui.sync.ServiceBackend) b).service())).stream())
                .toList();
        AccountVerbs store = new AccountVerbs(() -> {
            Map<String, ControlSocket.Verbs> m = new LinkedHashMap<>();
            accounts.syncing().forEach(s -> s.verbs().ifPresent(v -> m.put(s.name(), v)));
            return m;
        });
        Function<String, String> named = args -> accountOf(args);
        ControlSocket.Verbs verbs = (verb, args) -> switch (verb) {
            case "accounts-changed" -> {
                accounts.changed(named.apply(args));
                yield Optional.of(ok());
            }
            case "logout" -> Optional.of(accounts.logOut(named.apply(args)).map(ControlSocket::error).orElse(ok()));
            default -> store.answer(verb, args);
        };
        try {
            return Optional.of(new AppControl(ControlSocket.open(home, served, "desktop app", verbs)));
        } catch (IOException | RuntimeException e) {
            LOG.warn("the command line cannot reach this app: {}", e.toString());
            return Optional.empty();
        }
    }

    private static String ok() {
        return "{\"ok\":true}";
    }

    private static String accountOf(String args) {
        if (args == null || args.isBlank()) {
            return null;
        }
        try {
            com.fasterxml.jackson.databind.JsonNode n = new com.fasterxml.jackson.databind.ObjectMapper().readTree(args);
            return n.hasNonNull("account") ? n.get("account").asText() : null;
        } catch (IOException e) {
            return null;
        }
    }

    @Override
    public void close() {
        socket.close();
    }
}
