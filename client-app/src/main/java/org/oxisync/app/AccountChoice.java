package org.oxisync.app;

import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Which account a command works on: the one named by {@code --account NAME}, else the only one. In a home with
 * several accounts and no {@code --account} the choice is unclear and the command stops with a list of them
 * (exit 2) rather than guess; commands that naturally cover every account ({@code sync-once}, {@code status},
 * {@code daemon}) do not ask.
 */
public final class AccountChoice {
    private AccountChoice() {}

    /** The choice could not be made: the message says why and lists the accounts. */
    public static final class Unclear extends RuntimeException {
        public Unclear(String message) {
            super(message);
        }
    }

    /**
     * The chosen account; empty in a home without accounts and without {@code --account} (the command says
     * "not logged in" its own way).
     *
     * @param explicit the value of {@code --account}, or null
     * @throws Unclear when {@code explicit} names no account, or there are several and none was named
     */
    public static Optional<NamedAccount> choose(AccountList accounts, String explicit) {
        if (explicit != null) {
            return Optional.of(accounts.byName(explicit).orElseThrow(() -> new Unclear("no account named '"
                    + explicit + "'" + (accounts.isEmpty() ? " (no accounts yet: oxisync login SERVER_URL)"
                            : "; the accounts are: " + list(accounts)))));
        }
        if (accounts.all().size() > 1) {
            throw new Unclear("this home has " + accounts.all().size() + " accounts; choose one with --account NAME: "
                    + list(accounts));
        }
        return accounts.all().stream().findFirst();
    }

    /** {@code name (user at server), ...}. */
    public static String list(AccountList accounts) {
        return accounts.all().stream().map(a -> a.name() + " (" + a.user() + " at " + a.server() + ")")
                .collect(Collectors.joining(", "));
    }
}
